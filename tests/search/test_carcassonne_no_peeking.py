"""Carcassonne's strong player never peeks: what the deciding seat cannot see (the order of the
pile, the seed of future draws) may change without changing its choice."""
from __future__ import annotations

import dataclasses
import random

from hypothesis import HealthCheck, assume, given, settings, strategies as st

from games.carcassonne import GAME
from games.carcassonne.components import tile
from games.carcassonne.search import SETTINGS, shuffled_pile
from games.carcassonne.state import CarcassonneState
from games.core import SeededRng
from games.core.search import StrongPlayer

ADDONS = ("fluss", "erweiterung", "haendler", "koenig", "drache", "old")
#: the shipped settings with an iteration budget instead of a CPU one (CPU time varies)
BUDGET = dataclasses.replace(SETTINGS, iterations=150, seconds=None)


def reachable(players: int, options: frozenset[str], seed: int, moves: int) -> CarcassonneState:
    """A state after up to ``moves`` random legal actions from a new game (staged placements
    stop at the deploy step, so every phase turns up)."""
    state = GAME.setup(players, options, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if GAME.is_over(state):
            break
        (seat,) = GAME.to_act(state)
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


def hidden_changed(state: CarcassonneState, rng: random.Random) -> CarcassonneState:
    """The same state with another draw order (river tiles among river tiles, land among land,
    as a real shuffle leaves them) and another seed."""
    other = GAME.clone(state)
    river = [i for i, t in enumerate(state.pile) if tile(t).river]
    land = [i for i, t in enumerate(state.pile) if not tile(t).river]
    for slots in (river, land):
        values = [state.pile[i] for i in slots]
        rng.shuffle(values)
        for i, value in zip(slots, values):
            other.pile[i] = value
    other.rng = SeededRng(rng.getrandbits(40), rng.randrange(100))
    return other


games = st.tuples(st.integers(2, 4), st.sets(st.sampled_from(ADDONS)).map(frozenset),
                  st.integers(0, 10**6), st.integers(0, 70))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.integers(0, 10**6))
def test_the_strong_choice_does_not_depend_on_what_the_seat_cannot_see(game, swap_seed):
    players, options, seed, moves = game
    state = reachable(players, options, seed, moves)
    assume(not GAME.is_over(state))
    (seat,) = GAME.to_act(state)
    other = hidden_changed(state, random.Random(swap_seed))
    first = StrongPlayer(BUDGET).choose(GAME, state, seat, random.Random(seed))
    second = StrongPlayer(BUDGET).choose(GAME, other, seat, random.Random(seed))
    assert first == second
    assert first in GAME.legal_actions(state, seat)


@settings(max_examples=30, deadline=None)
@given(games, st.integers(0, 10**6))
def test_a_determinization_agrees_with_the_seat_and_hides_the_rest(game, swap_seed):
    players, options, seed, moves = game
    state = reachable(players, options, seed, moves)
    assume(not GAME.is_over(state))
    (seat,) = GAME.to_act(state)
    before = GAME.to_json(state)
    sample = GAME.determinize(state, seat, random.Random(swap_seed))
    assert GAME.to_json(state) == before                       # the real state is untouched
    for who in (seat, None):
        assert GAME.view(sample, who) == GAME.view(state, who)
    assert sorted(sample.pile) == sorted(state.pile)
    assert sample.rng.to_json() != state.rng.to_json()
    same = GAME.determinize(hidden_changed(state, random.Random(swap_seed + 1)), seat, random.Random(swap_seed))
    assert GAME.to_json(same) == GAME.to_json(sample)


def test_the_river_stays_first_and_the_lake_last_of_it():
    state = GAME.setup(2, frozenset({"fluss"}), 5)
    pile = shuffled_pile(state.pile, random.Random(1))
    rivers = [bool(tile(t).river) for t in pile]
    assert rivers == sorted(rivers, reverse=True)
    assert pile[sum(rivers) - 1] == state.pile[sum(rivers) - 1] == "R10"
