"""Action objects; ``str(action)`` is the canonical notation of the rules reference (section 10).

Locations are keys: ``hunt forest clay quarry river toolmaker field hut`` and ``building1``-
``building4``, ``card1``-``card4``; :func:`loc_text` writes them as ``building 2`` / ``card 3``.
"""
from __future__ import annotations

from dataclasses import dataclass

from games.stone_age.rules.payments import Payment, payment_str


def loc_text(loc: str) -> str:
    for prefix in ("building", "card"):
        if loc.startswith(prefix):
            return f"{prefix} {loc[len(prefix):]}"
    return loc


@dataclass(frozen=True)
class Place:
    loc: str
    n: int

    def __str__(self) -> str:
        if self.loc in ("hunt", "forest", "clay", "quarry", "river"):
            return f"place {self.loc} {self.n}"
        return f"place {loc_text(self.loc)}"


@dataclass(frozen=True)
class Resolve:
    loc: str        # gathering or village location

    def __str__(self) -> str:
        return f"resolve {self.loc}"


@dataclass(frozen=True)
class Tools:
    permanent: tuple[int, ...]   # values, largest first
    one_use: tuple[int, ...]     # values, largest first

    def __str__(self) -> str:
        if not self.permanent and not self.one_use:
            return "tools none"
        parts = [str(v) for v in self.permanent] + [f"u{v}" for v in self.one_use]
        return "tools " + " ".join(parts)


@dataclass(frozen=True)
class Buy:
    loc: str        # buildingK or cardK
    pay: Payment

    def __str__(self) -> str:
        return f"buy {loc_text(self.loc)} with {payment_str(self.pay)}"


@dataclass(frozen=True)
class Skip:
    loc: str

    def __str__(self) -> str:
        return f"skip {loc_text(self.loc)}"


@dataclass(frozen=True)
class Pick:
    face: int

    def __str__(self) -> str:
        return f"pick {self.face}"


@dataclass(frozen=True)
class Claim:
    pay: Payment    # the two resources taken

    def __str__(self) -> str:
        return f"claim {payment_str(self.pay)}"


@dataclass(frozen=True)
class FeedPay:
    pay: Payment

    def __str__(self) -> str:
        return f"feed pay {payment_str(self.pay)}"


@dataclass(frozen=True)
class Starve:
    def __str__(self) -> str:
        return "feed starve"


Action = Place | Resolve | Tools | Buy | Skip | Pick | Claim | FeedPay | Starve
