"""The game state and its JSON form. The board (feature graph, frontier) is derived from the
placements and rebuilt on load; everything else is stored as is."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.carcassonne.board import Board
from games.core import SeededRng

FOLLOWERS = 7
JSON_VERSION = 1


@dataclass(frozen=True)
class Figure:
    """A piece on the board. ``feature``/``segment`` name the segment in tile-data terms
    (``segment`` is the index into the tile's list for that kind, -1 for the monastery)."""

    seat: int
    x: int
    y: int
    feature: str
    segment: int
    kind: str = "follower"

    @property
    def strength(self) -> int:
        return 2 if self.kind == "large" else 1


@dataclass
class CarcState:
    players: int
    options: frozenset[str]
    rng: SeededRng
    first: int                                   # starting seat
    current: int
    pile: list[str]                              # draw order, next tile first
    turn: int = 1
    phase: str = "place"                         # place / deploy / over
    drawn: str | None = None
    placements: list[tuple[str, int, int, int]] = field(default_factory=list)   # (tile, x, y, rotation)
    figures: list[Figure] = field(default_factory=list)
    supply: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    discarded: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)  # §15.3 lines
    final: dict[str, list[int]] | None = None    # final-scoring breakdown per seat
    board: Board = field(default_factory=Board, compare=False, repr=False)

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def tiles_left(self) -> int:
        """Tiles not yet placed, including the drawn one (what BSW showed)."""
        return len(self.pile) + (1 if self.drawn else 0)


def state_to_json(state: CarcState) -> dict[str, Any]:
    return {
        "v": JSON_VERSION, "players": state.players, "options": sorted(state.options),
        "rng": state.rng.to_json(), "first": state.first, "current": state.current,
        "pile": list(state.pile), "turn": state.turn, "phase": state.phase, "drawn": state.drawn,
        "placements": [list(p) for p in state.placements],
        "figures": [[f.seat, f.x, f.y, f.feature, f.segment, f.kind] for f in state.figures],
        "supply": list(state.supply), "scores": list(state.scores), "discarded": list(state.discarded),
        "log": list(state.log),
        "final": None if state.final is None else {k: list(v) for k, v in state.final.items()},
    }


def state_from_json(data: dict[str, Any]) -> CarcState:
    placements = [(str(t), int(x), int(y), int(r)) for t, x, y, r in data["placements"]]
    return CarcState(
        players=data["players"], options=frozenset(data["options"]), rng=SeededRng.from_json(data["rng"]),
        first=data["first"], current=data["current"], pile=list(data["pile"]), turn=data["turn"],
        phase=data["phase"], drawn=data["drawn"], placements=placements,
        figures=[Figure(s, x, y, feat, seg, kind) for s, x, y, feat, seg, kind in data["figures"]],
        supply=list(data["supply"]), scores=list(data["scores"]), discarded=list(data["discarded"]),
        log=list(data["log"]),
        final=None if data.get("final") is None else {k: list(v) for k, v in data["final"].items()},
        board=Board.from_placements(placements),
    )
