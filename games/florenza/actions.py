"""Action objects. ``str(action)`` is the canonical notation of the reference (§9.1)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

DISPLAY, RESERVE, ANON = "display", "reserve", "anon"


@dataclass(frozen=True)
class ArtistRef:
    """An artist to hire: its ID and where it comes from (display, own reserve, anonymous).

    Copies with one ID are interchangeable to the player (their values are hidden), so the copy
    is chosen when the action is applied: the leftmost on display, the first in the reserve.
    ``label`` is only for printing (``a3`` when the bare ID would mean the reserved copy).
    """

    id: str
    source: str
    label: str = field(default="", compare=False)

    def __str__(self) -> str:
        return self.label or self.id


@dataclass(frozen=True)
class Play:
    card: str
    artist: ArtistRef | None = None

    def __str__(self) -> str:
        return f"play {self.card}" + (f" with {self.artist}" if self.artist else "")


@dataclass(frozen=True)
class Build:
    monument: str
    artist: ArtistRef

    def __str__(self) -> str:
        return f"build {self.monument} with {self.artist}"


@dataclass(frozen=True)
class ReserveMonument:
    monument: str

    def __str__(self) -> str:
        return f"reserve monument {self.monument}"


@dataclass(frozen=True)
class ReserveArtist:
    artist: str

    def __str__(self) -> str:
        return f"reserve artist {self.artist}"


@dataclass(frozen=True)
class Use:
    location: str
    give: str | None = None
    get: str | None = None

    def __str__(self) -> str:
        return f"use {self.location}" + (f" {self.give}>{self.get}" if self.give else "")


@dataclass(frozen=True)
class Workers:
    def __str__(self) -> str:
        return "workers"


@dataclass(frozen=True)
class MarketSell:
    res: str

    def __str__(self) -> str:
        return f"market sell {self.res}"


@dataclass(frozen=True)
class MarketBuy:
    res: str

    def __str__(self) -> str:
        return f"market buy {self.res}"


@dataclass(frozen=True)
class MarketTrade:
    give: tuple[str, str]           # in resource order (ma before wo ...)
    get: str

    def __str__(self) -> str:
        return f"market trade {self.give[0]}+{self.give[1]}>{self.get}"


@dataclass(frozen=True)
class Inspire:
    def __str__(self) -> str:
        return "inspire"


@dataclass(frozen=True)
class Keep:
    card: str

    def __str__(self) -> str:
        return f"keep {self.card}"


@dataclass(frozen=True)
class CaptainChoice:
    res: str

    def __str__(self) -> str:
        return f"captain {self.res}"


@dataclass(frozen=True)
class MerchantChoice:
    res: str

    def __str__(self) -> str:
        return f"merchant {self.res}"


PhaseThreeAction = Union[Play, Build, ReserveMonument, ReserveArtist, Use, Workers, MarketSell, MarketBuy,
                         MarketTrade, Inspire]
Action = Union[PhaseThreeAction, Keep, CaptainChoice, MerchantChoice]
PHASE_THREE = (Play, Build, ReserveMonument, ReserveArtist, Use, Workers, MarketSell, MarketBuy, MarketTrade, Inspire)
