"""The Keyflower game state and its exact JSON round trip.

Everything hidden (bag colours, the order of undealt tiles, supplies, winter hands, pending
simultaneous choices) lives here; ``view.py`` decides what each seat may see.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.core import SeededRng
from games.keyflower.components import COLOURS, RESOURCES, SKILLS


def counts(keys: tuple[str, ...], values: dict[str, int] | None = None) -> dict[str, int]:
    """A full count dict over ``keys`` (missing keys are 0)."""
    values = values or {}
    return {k: int(values.get(k, 0)) for k in keys}


@dataclass
class Bid:
    """One player's keeples in their bid area of one tile (always a single colour)."""

    colour: str
    count: int
    off: bool = False          # summer boat 4a: off-colour bid, drawn lying down


@dataclass
class Use:
    """One use of a tile: the keeples placed on it, by colour."""

    seat: int
    keeples: dict[str, int]

    @property
    def count(self) -> int:
        return sum(self.keeples.values())


@dataclass
class Activity:
    """Keeples on or beside one tile this season."""

    lock: str | None = None
    bids: dict[int, Bid] = field(default_factory=dict)
    uses: list[Use] = field(default_factory=list)

    def use_total(self) -> int:
        return sum(u.count for u in self.uses)

    def last_use(self) -> int:
        return self.uses[-1].count if self.uses else 0

    def has_keeples(self) -> bool:
        return bool(self.bids) or bool(self.uses)

    def leader(self) -> int | None:
        if not self.bids:
            return None
        return max(self.bids, key=lambda s: self.bids[s].count)

    def best_other(self, seat: int) -> int:
        return max((b.count for s, b in self.bids.items() if s != seat), default=0)

    def losing(self, seat: int) -> bool:
        """Whether ``seat`` has a bid here that another player beats."""
        return seat in self.bids and self.leader() != seat


@dataclass
class Placed:
    """A tile lying in a village."""

    id: str
    q: int
    r: int
    k: int = 0
    upgraded: bool = False
    res: dict[str, int] = field(default_factory=lambda: counts(RESOURCES))

    @property
    def cell(self) -> tuple[int, int]:
        return (self.q, self.r)


@dataclass
class Player:
    home: str
    keeples: dict[str, int] = field(default_factory=lambda: counts(COLOURS))
    skills: dict[str, int] = field(default_factory=lambda: counts(SKILLS))
    village: dict[str, Placed] = field(default_factory=dict)
    pending: list[str] = field(default_factory=list)        # won, waiting to be placed
    placed_now: list[Placed] = field(default_factory=list)  # placed this expansion, hidden until all finish
    winter_hand: list[str] = field(default_factory=list)
    winter_choice: list[str] | None = None
    passed: bool = False
    #: the public record of this screen (``screens.py``): the keeples and skill tiles everyone
    #: saw go behind it and has not seen leave, a lower bound of ``keeples`` and ``skills``
    seen_keeples: dict[str, int] = field(default_factory=lambda: counts(COLOURS))
    seen_skills: dict[str, int] = field(default_factory=lambda: counts(SKILLS))

    def keeple_total(self) -> int:
        return sum(self.keeples.values())

    def skill_total(self) -> int:
        return sum(self.skills.values())


@dataclass
class Transport:
    """A transport tile being used: the rest of its move points and upgrades."""

    seat: int
    tile: str
    move_left: int
    ups_left: int
    upgraded: list[str] = field(default_factory=list)
    moved: bool = False


@dataclass
class KeyflowerState:
    players: int
    options: frozenset[str]
    rng: SeededRng
    seats: list[Player]
    season: int = 0                     # 0 spring .. 3 winter
    phase: str = "actions"              # winter_select, actions, boats, placement, flip, over
    turn: int = 0
    start: int = 0
    passes: int = 0
    action_no: int = 0
    bag: dict[str, int] = field(default_factory=lambda: counts(COLOURS))
    green: int = 0
    stock: dict[str, int] = field(default_factory=lambda: counts(RESOURCES))
    pile: dict[str, int] = field(default_factory=lambda: counts(SKILLS))
    decks: dict[str, list[str]] = field(default_factory=dict)
    auction: list[str] = field(default_factory=list)
    orders: list[str] = field(default_factory=list)
    activity: dict[str, Activity] = field(default_factory=dict)
    boats: list[str] = field(default_factory=list)
    cargo: dict[str, dict[str, int]] = field(default_factory=dict)
    boat_queue: list[int] = field(default_factory=list)
    boats_left: list[str] = field(default_factory=list)     # not yet taken in this boat choice
    purple: int = 0
    purple_wild: int | None = None
    transport: Transport | None = None
    flip_seat: int | None = None
    removed: list[str] = field(default_factory=list)    # public tiles that left the game
    order: list[int] = field(default_factory=list)      # the seating, clockwise (shuffled at set-up)
    final: list[dict[str, int]] | None = None

    # -- small helpers used everywhere ---------------------------------------------------
    def next_seat(self, seat: int) -> int:
        """The seat clockwise after ``seat``."""
        order = self.order or list(range(self.players))
        return order[(order.index(seat) + 1) % len(order)]

    def clockwise(self, first: int) -> list[int]:
        """All seats clockwise starting with ``first``."""
        order = self.order or list(range(self.players))
        i = order.index(first)
        return order[i:] + order[:i]

    def act(self, tile: str) -> Activity:
        """The activity record of ``tile`` (created empty on first access)."""
        record = self.activity.get(tile)
        if record is None:
            record = self.activity[tile] = Activity()
        return record

    def peek(self, tile: str) -> Activity:
        return self.activity.get(tile) or Activity()

    def owner(self, tile: str) -> int | None:
        """Seat whose village holds ``tile`` (placed), else None."""
        for seat, player in enumerate(self.seats):
            if tile in player.village:
                return seat
        return None

    def owns(self, seat: int, tile: str) -> bool:
        """Placed or pending in ``seat``'s village (summer boat effects start on receipt)."""
        player = self.seats[seat]
        return tile in player.village or tile in player.pending or any(p.id == tile for p in player.placed_now)


# -- JSON ---------------------------------------------------------------------------------
def _placed_json(p: Placed) -> list[Any]:
    return [p.id, p.q, p.r, p.k, int(p.upgraded), [p.res[r] for r in RESOURCES]]


def _placed_from(data: list[Any]) -> Placed:
    return Placed(data[0], data[1], data[2], data[3], bool(data[4]), dict(zip(RESOURCES, data[5])))


def to_json(st: KeyflowerState) -> dict[str, Any]:
    return {
        "players": st.players, "options": sorted(st.options), "rng": st.rng.to_json(),
        "season": st.season, "phase": st.phase, "turn": st.turn, "start": st.start, "passes": st.passes,
        "action_no": st.action_no, "bag": dict(st.bag), "green": st.green, "stock": dict(st.stock),
        "pile": dict(st.pile), "decks": {k: list(v) for k, v in st.decks.items()},
        "auction": list(st.auction), "orders": list(st.orders),
        "activity": {
            tile: {"lock": a.lock,
                   "bids": [[s, b.colour, b.count, int(b.off)] for s, b in a.bids.items()],
                   "uses": [[u.seat, dict(u.keeples)] for u in a.uses]}
            for tile, a in st.activity.items()
        },
        "boats": list(st.boats), "cargo": {b: dict(c) for b, c in st.cargo.items()},
        "boat_queue": list(st.boat_queue), "boats_left": list(st.boats_left), "purple": st.purple, "purple_wild": st.purple_wild,
        "transport": None if st.transport is None else {
            "seat": st.transport.seat, "tile": st.transport.tile, "move_left": st.transport.move_left,
            "ups_left": st.transport.ups_left, "upgraded": list(st.transport.upgraded),
            "moved": st.transport.moved},
        "flip_seat": st.flip_seat, "removed": list(st.removed), "order": list(st.order),
        "final": None if st.final is None else [dict(f) for f in st.final],
        "seats": [
            {"home": p.home, "keeples": dict(p.keeples), "skills": dict(p.skills),
             "village": [_placed_json(t) for t in p.village.values()], "pending": list(p.pending),
             "placed_now": [_placed_json(t) for t in p.placed_now], "winter_hand": list(p.winter_hand),
             "winter_choice": None if p.winter_choice is None else list(p.winter_choice), "passed": p.passed,
             "seen": {"keeples": dict(p.seen_keeples), "skills": dict(p.seen_skills)}}
            for p in st.seats
        ],
    }


def from_json(data: dict[str, Any]) -> KeyflowerState:
    """The state ``to_json`` wrote. A game stored before the screens' public record was kept has
    no ``seen`` entries: its record starts empty here (``Keyflower.from_json`` then fills in what
    the current season's activity still proves, with ``screens.recall_season``)."""
    seats = []
    for raw in data["seats"]:
        seen = raw.get("seen", {})
        village = {}
        for row in raw["village"]:
            placed = _placed_from(row)
            village[placed.id] = placed
        seats.append(Player(
            home=raw["home"], keeples=counts(COLOURS, raw["keeples"]), skills=counts(SKILLS, raw["skills"]),
            village=village, pending=list(raw["pending"]),
            placed_now=[_placed_from(row) for row in raw["placed_now"]],
            winter_hand=list(raw["winter_hand"]),
            winter_choice=None if raw["winter_choice"] is None else list(raw["winter_choice"]),
            passed=bool(raw["passed"]),
            seen_keeples=counts(COLOURS, seen.get("keeples")), seen_skills=counts(SKILLS, seen.get("skills")),
        ))
    activity = {}
    for tile, raw in data["activity"].items():
        activity[tile] = Activity(
            lock=raw["lock"],
            bids={int(s): Bid(c, n, bool(off)) for s, c, n, off in raw["bids"]},
            uses=[Use(int(s), counts(COLOURS, k)) for s, k in raw["uses"]],
        )
    t = data["transport"]
    return KeyflowerState(
        players=data["players"], options=frozenset(data["options"]), rng=SeededRng.from_json(data["rng"]),
        seats=seats, season=data["season"], phase=data["phase"], turn=data["turn"], start=data["start"],
        passes=data["passes"], action_no=data["action_no"], bag=counts(COLOURS, data["bag"]),
        green=data["green"], stock=counts(RESOURCES, data["stock"]), pile=counts(SKILLS, data["pile"]),
        decks={k: list(v) for k, v in data["decks"].items()}, auction=list(data["auction"]),
        orders=list(data["orders"]), activity=activity, boats=list(data["boats"]),
        cargo={b: dict(c) for b, c in data["cargo"].items()}, boat_queue=list(data["boat_queue"]), boats_left=list(data["boats_left"]),
        purple=data["purple"], purple_wild=data["purple_wild"],
        transport=None if t is None else Transport(t["seat"], t["tile"], t["move_left"], t["ups_left"],
                                                   list(t["upgraded"]), bool(t["moved"])),
        flip_seat=data["flip_seat"], removed=list(data["removed"]), order=list(data["order"]),
        final=None if data["final"] is None else [dict(f) for f in data["final"]],
    )


def stored_without_record(data: dict[str, Any]) -> bool:
    """Whether ``data`` was stored before the screens' public record (``Player.seen_*``) was kept."""
    return any("seen" not in raw for raw in data["seats"])
