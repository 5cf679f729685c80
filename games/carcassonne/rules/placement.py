"""Where a tile may go (rules §5) and the tiles of a game (§1).

Land tiles go on any frontier square whose neighbours' edges they match. Tiles of an add-on with
rules of its own (the river, :mod:`games.carcassonne.addons.fluss`) go where that add-on says.
"""
from __future__ import annotations

from typing import Iterable

from games.carcassonne.addons import Capability, active, owner_of_tile_set
from games.carcassonne.components import tile, tiles_of_set
from games.carcassonne.rules.board import Board, rotations_for
from games.carcassonne.rules.geometry import OrientedTile
from games.carcassonne.state import CarcassonneState
from games.carcassonne.words import edge_word, placements_summary, terrain_word
from games.core import IllegalAction, Msg, SeededRng

START_TILE = "D"


def start_tile(options: Iterable[str]) -> str:
    """The tile at 0,0: the base start tile unless an add-on brings its own."""
    return next((t for c in active(frozenset(options)) if (t := c.start_tile()) is not None), START_TILE)


def build_pile(options: Iterable[str], rng: SeededRng) -> tuple[str, list[str]]:
    """The tile at (0,0) and the shuffled draw pile: the base tiles (without the start tile unless
    an add-on brings another) and the add-ons' land tiles shuffled together, after the tiles an
    add-on has drawn first (§18, D-4)."""
    capabilities = active(frozenset(options))
    start = start_tile(options)
    land = [t.id for t in tiles_of_set("base") for _ in range(t.count)]
    if start == START_TILE:
        land.remove(START_TILE)
    land += [t for c in capabilities for t in c.land_tiles()]
    rng.shuffle(land)
    head = [t for c in capabilities for t in c.pile_head(rng)]
    return start, head + land


def _rules(tile_id: str) -> Capability | None:
    """The add-on whose tiles ``tile_id`` is, which may have placement rules of its own."""
    return owner_of_tile_set(tile(tile_id).set)


def legal_rotations(board: Board, tile_id: str, x: int, y: int) -> tuple[int, ...]:
    rules = _rules(tile_id)
    own = None if rules is None else rules.legal_rotations(board, tile_id, x, y)
    return board.legal_rotations(tile_id, x, y) if own is None else own


def legal_placements(board: Board, tile_id: str) -> list[tuple[int, int, int]]:
    """Every (x, y, rotation) where ``tile_id`` may go, sorted by row, column, rotation."""
    rules = _rules(tile_id)
    own = None if rules is None else rules.legal_placements(board, tile_id)
    return board.legal_placements(tile_id) if own is None else own


def fits_somewhere(board: Board, tile_id: str) -> bool:
    rules = _rules(tile_id)
    own = None if rules is None else rules.fits_somewhere(board, tile_id)
    if own is not None:
        return own
    return any(rotations_for(tile_id, pattern) for pattern in board.frontier.values())


__all__ = ["START_TILE", "start_tile", "build_pile", "legal_rotations", "legal_placements", "fits_somewhere",
           "check_placement", "no_fit", "example_placement", "placement_hint"]


# -- checks and hints, with what would fit instead ----------------------------------------------
def check_placement(state: CarcassonneState, ot: OrientedTile, x: int, y: int) -> None:
    """Raise IllegalAction, saying what would fit instead, unless ``ot`` may go at x,y."""
    board = state.board
    rules = _rules(ot.id)
    refused = None if rules is None else rules.refuse_square(state, ot, x, y)
    if refused is not None:
        raise refused
    if (x, y) not in board.frontier:
        raise no_fit(state, x, y)
    clash = board.mismatch(ot, x, y)
    if clash is None:
        refused = None if rules is None else rules.refuse_fit(state, ot, x, y)
        if refused is not None:
            raise refused
        return
    d, mine, theirs = clash
    rotations = legal_rotations(board, ot.id, x, y)
    if rotations:
        hint = Msg("At {x},{y} it fits with {rotations}.", {"x": x, "y": y,
                                                            "rotations": ", ".join(f"r{r}" for r in rotations)})
    else:
        hint = Msg("It fits for example at {places}.", {"places": placement_hint(state)})
    raise IllegalAction("{x},{y} r{rotation}: the {edge} edge of {tile} is a {mine} but the neighbour's edge is "
                        "a {theirs}. {hint}", x=x, y=y, rotation=ot.rotation, edge=edge_word(d), tile=ot.id,
                        mine=terrain_word(mine), theirs=terrain_word(theirs), hint=hint)

def no_fit(state: CarcassonneState, x: int, y: int) -> IllegalAction:
    """Why the drawn tile cannot go at x,y in any rotation, with where it does fit."""
    board = state.board
    there = board.tile_at(x, y)
    if there is not None:
        return IllegalAction("{x},{y} already holds tile {other}; {tile} fits for example at {places}.",
                             x=x, y=y, other=there.id, tile=state.drawn, places=placement_hint(state))
    if (x, y) not in board.frontier:
        return IllegalAction("{x},{y} has no neighbour; place next to an existing tile, for example {example}.",
                             x=x, y=y, example=example_placement(state))
    return IllegalAction("{tile} does not fit at {x},{y} in any rotation; it fits for example at {places}.",
                         tile=state.drawn, x=x, y=y, places=placement_hint(state))


def example_placement(state: CarcassonneState) -> str:
    """One legal placement of the drawn tile, as notation, for messages."""
    if state.drawn is None:
        return "0,1 r0"
    placements = legal_placements(state.board, state.drawn)
    if not placements:
        return "0,1 r0"
    x, y, r = placements[0]
    return f"{x},{y} r{r}"

def placement_hint(state: CarcassonneState) -> str:
    """A few legal placements of the drawn tile, for messages."""
    return placements_summary(legal_placements(state.board, state.drawn), limit=6) if state.drawn else "-"
