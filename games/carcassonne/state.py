"""The game state and its JSON form. The board (feature graph, frontier, river end) is derived
from the placements and rebuilt on load; everything else is stored as is."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.carcassonne.rules.board import Board
from games.core import SeededRng

FOLLOWERS = 7
JSON_VERSION = 2
GOODS = ("wine", "grain", "cloth")

#: figure kinds a player owns; only followers (normal and large) count for majorities (§7.5)
FOLLOWER, LARGE, BUILDER, PIG = "follower", "large", "builder", "pig"
STRENGTH = {FOLLOWER: 1, LARGE: 2, BUILDER: 0, PIG: 0}
#: letter of a kind in the notation (deploy prefixes §15.1, the dragon's log)
PREFIX = {FOLLOWER: "", LARGE: "L", BUILDER: "B", PIG: "P"}


@dataclass(frozen=True)
class Figure:
    """A piece on the board. ``feature``/``segment`` name the segment in tile-data terms
    (``segment`` is the index into the tile's list for that kind, -1 for the monastery)."""

    seat: int
    x: int
    y: int
    feature: str
    segment: int
    kind: str = FOLLOWER

    @property
    def strength(self) -> int:
        return STRENGTH[self.kind]

    @property
    def is_follower(self) -> bool:
        return self.kind in (FOLLOWER, LARGE)


@dataclass
class Marker:
    """King or Robber Baron (§13.2): the holder and the size that earned it."""

    seat: int
    size: int


@dataclass
class CarcassonneState:
    players: int
    options: frozenset[str]
    rng: SeededRng
    first: int                                   # starting seat
    current: int                                 # whose turn it is
    pile: list[str]                              # draw order, next tile first
    turn: int = 1
    phase: str = "place"                         # place / deploy / dragon / over
    drawn: str | None = None
    placements: list[tuple[str, int, int, int]] = field(default_factory=list)   # (tile, x, y, rotation)
    figures: list[Figure] = field(default_factory=list)
    supply: list[int] = field(default_factory=list)      # normal followers in supply
    large: list[int] = field(default_factory=list)       # large follower in supply (erweiterung)
    builders: list[int] = field(default_factory=list)    # builder in supply (haendler)
    pigs: list[int] = field(default_factory=list)        # pig in supply (haendler)
    scores: list[int] = field(default_factory=list)
    goods: list[list[int]] = field(default_factory=list)  # per seat: wine, grain, cloth
    discarded: list[str] = field(default_factory=list)
    setaside: list[str] = field(default_factory=list)    # dragon tiles waiting for a volcano (§14.2)
    king: Marker | None = None
    robber: Marker | None = None
    completed_cities: int = 0
    completed_roads: int = 0
    dragon: tuple[int, int] | None = None
    fairy: tuple[int, int] | None = None
    second: bool = False                         # this is the builder's second turn (§12.3)
    bonus: bool = False                          # this turn's tile earned the builder's second turn
    code: str = ""                               # deploy code of the tile being played (for the log)
    path: list[tuple[int, int]] = field(default_factory=list)   # dragon movement so far, start first
    steps: list[str] = field(default_factory=list)              # dragon steps so far ("n", "e", ...)
    eaten: list[str] = field(default_factory=list)              # the dragon's victims, e.g. "R(3,1)"
    log: list[str] = field(default_factory=list)  # §15.3 lines
    final: dict[str, list[int]] | None = None    # final-scoring breakdown per seat
    board: Board = field(default_factory=Board, compare=False, repr=False)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def mover(self) -> int:
        """The seat whose dragon step it is (§14.2: current player first, then in seat order)."""
        return (self.current + len(self.steps)) % self.players

    def tiles_left(self) -> int:
        """Tiles not yet placed, including the drawn one and set-aside dragon tiles (what BSW showed)."""
        if self.over:
            return 0
        return len(self.pile) + (1 if self.drawn else 0) + len(self.setaside)

    def supply_of(self, kind: str) -> list[int]:
        return {FOLLOWER: self.supply, LARGE: self.large, BUILDER: self.builders, PIG: self.pigs}[kind]


def _marker(value: Any) -> Marker | None:
    return None if value is None else Marker(int(value[0]), int(value[1]))


def state_to_json(state: CarcassonneState) -> dict[str, Any]:
    return {
        "v": JSON_VERSION, "players": state.players, "options": sorted(state.options),
        "rng": state.rng.to_json(), "first": state.first, "current": state.current,
        "pile": list(state.pile), "turn": state.turn, "phase": state.phase, "drawn": state.drawn,
        "placements": [list(p) for p in state.placements],
        "figures": [[f.seat, f.x, f.y, f.feature, f.segment, f.kind] for f in state.figures],
        "supply": list(state.supply), "large": list(state.large), "builders": list(state.builders),
        "pigs": list(state.pigs), "scores": list(state.scores), "goods": [list(g) for g in state.goods],
        "discarded": list(state.discarded), "setaside": list(state.setaside),
        "king": None if state.king is None else [state.king.seat, state.king.size],
        "robber": None if state.robber is None else [state.robber.seat, state.robber.size],
        "completed": [state.completed_cities, state.completed_roads],
        "dragon": None if state.dragon is None else list(state.dragon),
        "fairy": None if state.fairy is None else list(state.fairy),
        "second": state.second, "bonus": state.bonus, "code": state.code,
        "path": [list(p) for p in state.path], "steps": list(state.steps), "eaten": list(state.eaten),
        "log": list(state.log),
        "final": None if state.final is None else {k: list(v) for k, v in state.final.items()},
    }


def state_from_json(data: dict[str, Any]) -> CarcassonneState:
    """Rebuild a state (version 1 files, from before the add-ons, load with empty add-on fields)."""
    placements = [(str(t), int(x), int(y), int(r)) for t, x, y, r in data["placements"]]
    players = data["players"]
    zeros = [0] * players

    def point(value: Any) -> tuple[int, int] | None:
        return None if value is None else (int(value[0]), int(value[1]))

    board = Board.from_placements(placements)
    # the counts of completed cities and roads (King and Robber Baron) are kept from scoring to
    # scoring; files from before the add-ons count them on the board
    completed = data.get("completed") or board.completed_counts()
    return CarcassonneState(
        players=players, options=frozenset(data["options"]), rng=SeededRng.from_json(data["rng"]),
        first=data["first"], current=data["current"], pile=list(data["pile"]), turn=data["turn"],
        phase=data["phase"], drawn=data["drawn"], placements=placements,
        figures=[Figure(s, x, y, feat, seg, kind) for s, x, y, feat, seg, kind in data["figures"]],
        supply=list(data["supply"]), large=list(data.get("large", zeros)),
        builders=list(data.get("builders", zeros)), pigs=list(data.get("pigs", zeros)),
        scores=list(data["scores"]), goods=[list(g) for g in data.get("goods", [[0, 0, 0]] * players)],
        discarded=list(data["discarded"]), setaside=list(data.get("setaside", [])),
        king=_marker(data.get("king")), robber=_marker(data.get("robber")),
        completed_cities=int(completed[0]), completed_roads=int(completed[1]),
        dragon=point(data.get("dragon")), fairy=point(data.get("fairy")),
        second=bool(data.get("second", False)), bonus=bool(data.get("bonus", False)), code=data.get("code", ""),
        path=[(int(x), int(y)) for x, y in data.get("path", [])], steps=list(data.get("steps", [])),
        eaten=list(data.get("eaten", [])), log=list(data["log"]),
        final=None if data.get("final") is None else {k: list(v) for k, v in data["final"].items()},
        board=board,
    )
