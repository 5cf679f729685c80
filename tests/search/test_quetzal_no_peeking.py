"""Quetzal's strong player never peeks: what the deciding seat cannot see (the order of the
relic deck and the upgrade stack, the other players' hidden hands, the seed of future rolls and
draws) may change without changing its choice."""
from __future__ import annotations

import dataclasses
import random

from hypothesis import HealthCheck, assume, given, settings, strategies as st

from games.core import SeededRng
from games.core.search import StrongPlayer
from games.quetzal import GAME
from games.quetzal.components import rules
from games.quetzal.rules.options import OPEN_HANDS, PUBLISHER_COINS
from games.quetzal.search import SETTINGS, hands_hidden
from games.quetzal.state import QuetzalState

OPTIONS = (OPEN_HANDS, PUBLISHER_COINS)
#: the shipped settings with an iteration budget instead of a CPU one (CPU time varies)
BUDGET = dataclasses.replace(SETTINGS, iterations=40, seconds=None, samples=6)


def reachable(players: int, options: frozenset[str], seed: int, moves: int) -> QuetzalState:
    """A state after up to ``moves`` random legal actions from a new game."""
    state = GAME.setup(players, options, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if GAME.is_over(state):
            break
        seat = rng.choice(sorted(GAME.to_act(state)))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


def hidden_changed(state: QuetzalState, seat: int, rng: random.Random) -> QuetzalState:
    """The same state as ``seat`` sees it with another deck and stack order, (hidden hands)
    cards swapped between the other hands and the deck, and another seed."""
    other = GAME.clone(state)
    if hands_hidden(state):
        for s in range(state.players):
            hand = other.seats[s].hand
            if s != seat and hand and other.deck:
                i, j = rng.randrange(len(hand)), rng.randrange(len(other.deck))
                hand[i], other.deck[j] = other.deck[j], hand[i]
                hand.sort(key=rules().card_order)
    rng.shuffle(other.deck)
    rng.shuffle(other.stack)
    other.rng = SeededRng(rng.getrandbits(40), rng.randrange(100))
    return other


games = st.tuples(st.integers(2, 5), st.sets(st.sampled_from(OPTIONS)).map(frozenset),
                  st.integers(0, 10**6), st.integers(0, 250))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.integers(0, 10**6))
def test_the_strong_choice_does_not_depend_on_what_the_seat_cannot_see(game, swap_seed):
    players, options, seed, moves = game
    state = reachable(players, options, seed, moves)
    assume(not GAME.is_over(state))
    seat = random.Random(swap_seed).choice(sorted(GAME.to_act(state)))
    other = hidden_changed(state, seat, random.Random(swap_seed))
    assert GAME.view(other, seat) == GAME.view(state, seat)
    first = StrongPlayer(BUDGET).choose(GAME, state, seat, random.Random(seed))
    second = StrongPlayer(BUDGET).choose(GAME, other, seat, random.Random(seed))
    assert first == second
    assert first in GAME.legal_actions(state, seat)


@settings(max_examples=40, deadline=None)
@given(games, st.integers(0, 10**6))
def test_a_determinization_agrees_with_the_seat_and_hides_the_rest(game, swap_seed):
    players, options, seed, moves = game
    state = reachable(players, options, seed, moves)
    assume(not GAME.is_over(state))
    seat = random.Random(swap_seed).choice(sorted(GAME.to_act(state)))
    before = GAME.to_json(state)
    sample = GAME.determinize(state, seat, random.Random(swap_seed))
    assert GAME.to_json(state) == before                       # the real state is untouched
    for who in (seat, None):
        assert GAME.view(sample, who) == GAME.view(state, who)
    assert GAME.to_act(sample) == GAME.to_act(state)
    assert sample.rng.to_json() != state.rng.to_json()
    assert sorted(sample.stack) == sorted(state.stack)
    everything = sorted(sample.deck + [c for p in sample.seats for c in p.hand])
    assert everything == sorted(state.deck + [c for p in state.seats for c in p.hand])
    if not hands_hidden(state):
        assert [p.hand for p in sample.seats] == [p.hand for p in state.seats]
    same = GAME.determinize(hidden_changed(state, seat, random.Random(swap_seed + 1)), seat, random.Random(swap_seed))
    assert GAME.to_json(same) == GAME.to_json(sample)
