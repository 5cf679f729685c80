"""Stone Age's strong player never peeks: what the deciding seat cannot see (the order of the
card deck, the tiles below the tops of the building stacks and those out of the game, the seed
of future dice and, with ``hidden_cards``, the other seats' cards) may change without changing
its choice."""
from __future__ import annotations

import dataclasses
import random

from hypothesis import HealthCheck, assume, given, settings, strategies as st

from games.core import SeededRng
from games.core.search import StrongPlayer
from games.stone_age.components import buildings
from games.stone_age.game import StoneAge
from games.stone_age.search import SETTINGS, hidden_hands
from games.stone_age.state import StoneAgeState

GAME = StoneAge()
OPTIONS = ("hunt_repeat", "tiebreak_sum", "hidden_cards")
#: the shipped settings with an iteration budget instead of a CPU one (CPU time varies)
BUDGET = dataclasses.replace(SETTINGS, iterations=60, seconds=None)


def reachable(players: int, options: frozenset[str], seed: int, moves: int) -> StoneAgeState:
    """A state after up to ``moves`` random legal actions from a new game."""
    state = GAME.setup(players, options, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if GAME.is_over(state):
            break
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


def hidden_changed(state: StoneAgeState, seat: int, rng: random.Random) -> StoneAgeState:
    """The same state with another deck order, other tiles under the stacks' tops, other hidden
    hands (as many cards each) and another dice seed."""
    other = GAME.clone(state)
    hidden = hidden_hands(state, seat)
    cards = list(state.deck) + [c for s in hidden for c in state.players[s].cards]
    rng.shuffle(cards)
    for s in hidden:
        count = len(state.players[s].cards)
        other.players[s].cards, cards = cards[:count], cards[count:]
    other.deck = cards
    seen = {stack[0] for stack in state.stacks if stack} | {b for p in state.players for b in p.buildings}
    tiles = [t for t in buildings() if t not in seen]
    rng.shuffle(tiles)
    for stack in other.stacks:
        if len(stack) > 1:
            stack[1:], tiles = tiles[:len(stack) - 1], tiles[len(stack) - 1:]
    other.rng = SeededRng(rng.getrandbits(40), rng.randrange(100))
    return other


games = st.tuples(st.integers(2, 4), st.sets(st.sampled_from(OPTIONS)).map(frozenset),
                  st.integers(0, 10**6), st.integers(0, 260))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.integers(0, 10**6))
def test_the_strong_choice_does_not_depend_on_what_the_seat_cannot_see(game, swap_seed):
    players, options, seed, moves = game
    state = reachable(players, options, seed, moves)
    assume(not GAME.is_over(state))
    seat = min(GAME.to_act(state))
    other = hidden_changed(state, seat, random.Random(swap_seed))
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
    seat = min(GAME.to_act(state))
    before = GAME.to_json(state)
    sample = GAME.determinize(state, seat, random.Random(swap_seed))
    assert GAME.to_json(state) == before                       # the real state is untouched
    for who in (seat, None):
        assert GAME.view(sample, who) == GAME.view(state, who)
    hidden = hidden_hands(state, seat)
    assert sorted(sample.deck + [c for s in hidden for c in sample.players[s].cards]) == \
        sorted(state.deck + [c for s in hidden for c in state.players[s].cards])
    assert [len(s) for s in sample.stacks] == [len(s) for s in state.stacks]
    assert sample.rng.to_json() != state.rng.to_json() and not sample.dice_queue
    same = GAME.determinize(hidden_changed(state, seat, random.Random(swap_seed + 1)), seat,
                            random.Random(swap_seed))
    assert GAME.to_json(same) == GAME.to_json(sample)
