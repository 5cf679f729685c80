"""Carcassonne's strong player never peeks: what the deciding seat cannot see (the order of the
pile, the seed of future draws) may change without changing its choice."""
from __future__ import annotations

import dataclasses
import random

from games.carcassonne import GAME
from games.carcassonne.components import tile
from games.carcassonne.search import SETTINGS, shuffled_pile
from games.carcassonne.state import CarcassonneState
from tests.search.no_peeking import NoPeeking, drawn_games, with_another_seed
from tests.search.positions import only_seat

ADDONS = ("fluss", "erweiterung", "haendler", "koenig", "drache", "old")
#: the shipped settings with an iteration budget instead of a CPU one (CPU time varies)
BUDGET = dataclasses.replace(SETTINGS, iterations=150, seconds=None)


def hidden_changed(state: CarcassonneState, seat: int, rng: random.Random) -> CarcassonneState:
    """The same state with another draw order (river tiles among river tiles, land among land,
    as a real shuffle leaves them) and another seed (every seat sees the same of the pile)."""
    other = GAME.clone(state)
    river = [i for i, t in enumerate(state.pile) if tile(t).river]
    land = [i for i, t in enumerate(state.pile) if not tile(t).river]
    for slots in (river, land):
        values = [state.pile[i] for i in slots]
        rng.shuffle(values)
        for i, value in zip(slots, values):
            other.pile[i] = value
    return with_another_seed(other, rng)


NO_PEEKING = NoPeeking(GAME, only_seat, hidden_changed, BUDGET, drawn_games(4, ADDONS, 70))
test_the_strong_choice_does_not_depend_on_what_the_seat_cannot_see = NO_PEEKING.strong_choice_test(max_examples=20)


@NO_PEEKING.determinization_test(max_examples=30)
def test_a_determinization_agrees_with_the_seat_and_hides_the_rest(state, seat, sample):
    assert sorted(sample.pile) == sorted(state.pile)


def test_the_river_stays_first_and_the_lake_last_of_it():
    state = GAME.setup(2, frozenset({"fluss"}), 5)
    pile = shuffled_pile(state.pile, random.Random(1))
    rivers = [bool(tile(t).river) for t in pile]
    assert rivers == sorted(rivers, reverse=True)
    assert pile[sum(rivers) - 1] == state.pile[sum(rivers) - 1] == "R10"
