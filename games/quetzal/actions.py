"""Quetzal actions. ``str(action)`` is the canonical notation of the rules reference (section 9)."""
from __future__ import annotations

from dataclasses import dataclass

from games.quetzal.components import BIG

COLOUR_WORD = {"w": "white", "k": "black"}


def worker_key(wid: str) -> tuple[int, int]:
    """Normal workers by number, then the big worker."""
    return (1, 0) if wid == BIG else (0, int(wid))


@dataclass(frozen=True)
class Place:
    """``team <space> <count> [colour] [use <ids>]``: place a team from the pool.

    ``colour`` is None on the mixed spaces (Camp, Harbour). ``workers`` are the workers used, in
    ID order: the ones the player named (section 9.2), or the default order's. ``short`` is True
    when they are exactly the ones the reference's default order picks, so ``use`` is left out.
    """

    space: str
    colour: str | None
    workers: tuple[str, ...]
    short: bool = True

    @property
    def count(self) -> int:
        return len(self.workers)

    def __str__(self) -> str:
        text = f"team {self.space} {len(self.workers)}"
        if self.colour:
            text += " " + COLOUR_WORD[self.colour]
        if not self.short:
            text += " use " + ",".join(self.workers)
        return text


@dataclass(frozen=True)
class TeamUse:
    """``team <space> <count> [colour] use``: the staged form of a placement with named workers.

    The team's space, size and colour are fixed first; the next prompt lists only the ways to
    make that team from the pool (``team <space> <count> [colour] use <ids>``), so the
    placement prompt need not list every mix of fixed, wild and big workers for every team.
    """

    space: str
    colour: str | None
    count: int

    def team_text(self) -> str:
        """``team 3a 2 black``: the team without its workers."""
        text = f"team {self.space} {self.count}"
        return text + " " + COLOUR_WORD[self.colour] if self.colour else text

    def __str__(self) -> str:
        return self.team_text() + " use"


@dataclass(frozen=True)
class Reroll:
    """``reroll <ids>`` / ``reroll all`` / ``reroll none`` (Camp, or a reroll tile)."""

    workers: tuple[str, ...] = ()
    everything: bool = False

    def __str__(self) -> str:
        if self.everything:
            return "reroll all"
        return "reroll " + (" ".join(self.workers) if self.workers else "none")


@dataclass(frozen=True)
class Keep:
    """``keep``: decline the reroll tiles after the Phase 1 roll."""

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True)
class Take:
    """``take <slot> [<slot>]``: Temple row choice from display slots A-H."""

    slots: tuple[str, ...]

    def __str__(self) -> str:
        return "take " + " ".join(self.slots)


@dataclass(frozen=True)
class Sell:
    """``sell <card>`` / ``sell none`` at the Black Market."""

    card: str | None

    def __str__(self) -> str:
        return f"sell {self.card or 'none'}"


@dataclass(frozen=True)
class Upgrade:
    """``upgrade <slot>``: take the tile in Village display slot 1-3."""

    slot: int

    def __str__(self) -> str:
        return f"upgrade {self.slot}"


@dataclass(frozen=True)
class Store:
    """``store <tile>``: move one of three face-up permanent tiles to the personal discard pile."""

    tile: str

    def __str__(self) -> str:
        return f"store {self.tile}"


@dataclass(frozen=True)
class Deliver:
    """``deliver <cards>`` / ``deliver none``: one Harbour worker's or the Ship's delivery, exactly
    these cards (added to any cards already chosen with ``+``).

    ``deliver <cards> +`` (``more``) is the staged form: the cards go into the delivery being
    built and the same player is asked again, so a prompt lists one card at a time instead of
    every subset of the hand. Without ``+`` the line finishes the delivery, as in the reference.
    """

    cards: tuple[str, ...]
    more: bool = False

    def __str__(self) -> str:
        text = "deliver " + (" ".join(self.cards) if self.cards else "none")
        return text + " +" if self.more else text


@dataclass(frozen=True)
class Done:
    """``deliver done``: finish a delivery built with ``deliver <card> +`` (only its chosen cards)."""

    def __str__(self) -> str:
        return "deliver done"


Action = Place | TeamUse | Reroll | Keep | Take | Sell | Upgrade | Store | Deliver | Done

__all__ = ["Action", "COLOUR_WORD", "Deliver", "Done", "Keep", "Place", "Reroll", "Sell", "Store", "Take", "TeamUse",
           "Upgrade",
           "worker_key"]
