"""What the search (games/core/search.py) needs from Carcassonne: a determinization, an
evaluation in points, a fast copy, the public outcome of chance and the greedy order of moves.

What a seat cannot know is the order of the pile (its contents are public: every tile, placed,
discarded, set aside or drawn, is shown to all) and the seed that will shuffle the set-aside dragon
tiles back in. A determinization keeps everything else and shuffles the pile from the seat's rng,
keeping its structure: with the river, the river course still to come first, then the lake,
then the land tiles. Each part is sorted before it is shuffled, so the result depends on the
pile's contents only, never its real order; the state's seed is replaced by one from the rng.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from games.carcassonne import evaluation
from games.carcassonne.addons.fluss import LAKE
from games.carcassonne.components import tile
from games.carcassonne.state import CarcassonneState, Marker
from games.core import SeededRng
from games.core.search import SearchSettings

if TYPE_CHECKING:
    from games.carcassonne.game import Carcassonne

#: the default budget: at most about a second of CPU a decision on a small server
SETTINGS = SearchSettings(iterations=None, seconds=0.9, depth=4, scale=5.0, exploration=0.3, samples=16)


def clone(state: CarcassonneState) -> CarcassonneState:
    """An independent copy: lists copied, the board copied rather than rebuilt."""
    return CarcassonneState(
        players=state.players, options=state.options, rng=SeededRng(state.rng.seed, state.rng.draws),
        first=state.first, current=state.current, pile=list(state.pile), turn=state.turn, phase=state.phase,
        drawn=state.drawn, placements=list(state.placements), figures=list(state.figures),
        supply=list(state.supply), large=list(state.large), builders=list(state.builders), pigs=list(state.pigs),
        scores=list(state.scores), goods=[list(g) for g in state.goods], discarded=list(state.discarded),
        setaside=list(state.setaside), king=_marker(state.king), robber=_marker(state.robber),
        completed_cities=state.completed_cities, completed_roads=state.completed_roads, dragon=state.dragon,
        fairy=state.fairy, second=state.second, bonus=state.bonus, code=state.code, path=list(state.path),
        steps=list(state.steps), eaten=list(state.eaten), log=list(state.log),
        final=None if state.final is None else {k: list(v) for k, v in state.final.items()},
        board=state.board.copy())


def _marker(marker: Marker | None) -> Marker | None:
    return None if marker is None else Marker(marker.seat, marker.size)


def shuffled_pile(pile: list[str], rng: random.Random) -> list[str]:
    """A draw order the seat cannot tell from the real one: the river course (lake last), then
    the land, each part shuffled from its sorted contents."""
    course = sorted(t for t in pile if tile(t).river and t != LAKE)
    lake = [t for t in pile if t == LAKE]
    land = sorted(t for t in pile if not tile(t).river)
    rng.shuffle(course)
    rng.shuffle(land)
    return course + lake + land


def determinize(state: CarcassonneState, seat: int, rng: random.Random) -> CarcassonneState:
    sample = clone(state)
    sample.pile = shuffled_pile(state.pile, rng)
    sample.rng = SeededRng(rng.getrandbits(62))
    return sample


def evaluate(state: CarcassonneState) -> tuple[float, ...]:
    """The final scores if the game ended now plus the expected worth of what is open
    (games/carcassonne/evaluation.py); the real final scores once it is over."""
    return evaluation.evaluate(state, state if state.over else clone(state))


def chance_key(state: CarcassonneState) -> Any:
    """The tile drawn for the next placement (public), with what the draw discarded or set aside."""
    return state.drawn, len(state.discarded), len(state.setaside)


def action_order(game: "Carcassonne", state: CarcassonneState, seat: int, actions: list[Any]) -> list[Any]:
    from games.carcassonne.ai import ranked_actions
    return ranked_actions(game, state, seat, actions)


__all__ = ["SETTINGS", "clone", "shuffled_pile", "determinize", "evaluate", "chance_key", "action_order"]
