"""The mutable state of a Quetzal game and its exact JSON form."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from games.core import SeededRng
from games.quetzal.components import BIG, WILD

POOL = "pool"


@dataclass
class Worker:
    wid: str                 # "1".."6" or "big"
    face: str                # pool: "w"/"k" fixed or "*" wild; board: the face placed with ("*" undeclared)
    roll: str = "w"          # last roll: w, k, s, u
    where: str = POOL        # "pool" or a space code

    @property
    def big(self) -> bool:
        return self.wid == BIG

    @property
    def wild(self) -> bool:
        return self.where == POOL and (self.big or self.face == WILD)


@dataclass
class Player:
    coins: int
    workers: list[Worker]
    vp: int = 0
    discovery: int = 0
    hand: list[str] = field(default_factory=list)
    tiles: list[str] = field(default_factory=list)     # permanent tiles face up
    stored: list[str] = field(default_factory=list)    # personal discard pile
    reroll_window: list[str] = field(default_factory=list)   # reroll tile ids still usable now

    def worker(self, wid: str) -> Worker | None:
        for w in self.workers:
            if w.wid == wid:
                return w
        return None

    def pool(self) -> list[Worker]:
        return [w for w in self.workers if w.where == POOL]


@dataclass
class Team:
    seq: int                 # placement order
    seat: int
    space: str
    colour: str | None       # None on mixed spaces (Camp, Harbour)
    workers: list[str]
    paid: int = 0


@dataclass
class Step:
    """One pending Phase 3 step: a space (and Harbour worker) whose owner may have to choose."""

    space: str
    seat: int
    index: int = 0           # Harbour: which worker of the team (0-based)
    of: int = 1              # Harbour: team size
    cards: list[str] = field(default_factory=list)   # a delivery being built (``deliver <card> +``)


@dataclass
class QuetzalState:
    players: int
    options: list[str]
    rng: SeededRng
    round: int = 1
    phase: str = "place"     # reroll, place, resolve, over
    marker: int = 0          # seat holding the start player marker
    turn: int = 0            # Phase 2: the seat placing now
    camp_rerolls: int = 0    # Phase 2: Camp rerolls the current player still has
    team_space: str = ""     # Phase 2, staged ``team <space> <count> [colour] use``: the team chosen,
    team_colour: str | None = None   # whose workers the current player names next
    team_count: int = 0
    deck: list[str] = field(default_factory=list)          # deck[0] is the top
    discard: list[str] = field(default_factory=list)
    display: list[str | None] = field(default_factory=list)   # Temple slots A-H
    surroundings: dict[str, list[str]] = field(default_factory=dict)   # 3a, 3b, 3c
    stack: list[str] = field(default_factory=list)         # upgrade stack, [0] is the top
    village: list[str | None] = field(default_factory=list)   # Village display slots 1-3
    seats: list[Player] = field(default_factory=list)
    teams: list[Team] = field(default_factory=list)
    seq: int = 0
    steps: list[Step] = field(default_factory=list)

    def player(self, seat: int) -> Player:
        return self.seats[seat]

    def teams_on(self, space: str) -> list[Team]:
        return [t for t in self.teams if t.space == space]

    def order_from(self, first: int) -> list[int]:
        return [(first + i) % self.players for i in range(self.players)]


def to_json(state: QuetzalState) -> dict[str, Any]:
    data = asdict(state)
    data["rng"] = state.rng.to_json()
    return data


def from_json(data: dict[str, Any]) -> QuetzalState:
    seats = [Player(**{**p, "workers": [Worker(**w) for w in p["workers"]]}) for p in data["seats"]]
    return QuetzalState(**{
        **data,
        "rng": SeededRng.from_json(data["rng"]),
        "seats": seats,
        "teams": [Team(**t) for t in data["teams"]],
        "steps": [Step(**s) for s in data["steps"]],
        "surroundings": {k: list(v) for k, v in data["surroundings"].items()},
    })
