"""Florenza's strong player never peeks: what the deciding seat cannot see (the other hands,
the draw deck, the discards, the order of the hidden decks, which copy each unhired artist is,
the seed of future shuffles) may change without changing its choice."""
from __future__ import annotations

import dataclasses
import random

from hypothesis import HealthCheck, assume, given, settings, strategies as st

from games.core import SeededRng
from games.core.search import StrongPlayer
from games.florenza.components import artist_card
from games.florenza.game import Florenza
from games.florenza.search import SETTINGS
from games.florenza.state import FlorenzaState

GAME = Florenza()
#: the shipped settings with an iteration budget instead of a CPU one (CPU time varies)
BUDGET = dataclasses.replace(SETTINGS, iterations=30, seconds=None)


def reachable(players: int, seed: int, moves: int) -> FlorenzaState:
    """A state after up to ``moves`` random legal actions from a new game."""
    state = GAME.setup(players, frozenset(), seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if GAME.is_over(state):
            break
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


def hidden_changed(state: FlorenzaState, seat: int, rng: random.Random) -> FlorenzaState:
    """The same state with the other hands, draw deck, discards and removed cards dealt anew from
    their union, the hidden decks reordered, unhired artists swapped for other copies of the same
    artist, and another seed."""
    other = GAME.clone(state)
    others = [s for s in range(state.players) if s != seat]
    cards = [c for s in others for c in state.p[s].hand] + state.draw + state.discard + state.removed
    rng.shuffle(cards)
    for s in others:
        n = len(state.p[s].hand)
        other.p[s].hand, cards = cards[:n], cards[n:]
    other.discard, cards = cards[:len(state.discard)], cards[len(state.discard):]
    other.removed, other.draw = cards[:len(state.removed)], cards[len(state.removed):]
    for deck in [*other.decks.values(), other.mon_deck]:
        rng.shuffle(deck)
    places = [other.art_display, other.art_removed, other.art_deck] + [p.reserved_artists for p in other.p]
    slots = [(place, n) for place in places for n in range(len(place))]
    rng.shuffle(slots)
    for (a, i), (b, j) in zip(slots[::2], slots[1::2]):
        if artist_card(a[i])[0] == artist_card(b[j])[0] or (a is other.art_deck and b is other.art_deck):
            a[i], b[j] = b[j], a[i]
    other.rng = SeededRng(rng.getrandbits(40), rng.randrange(100))
    return other


games = st.tuples(st.integers(2, 4), st.integers(0, 10**6), st.integers(0, 120))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games, st.integers(0, 10**6))
def test_the_strong_choice_does_not_depend_on_what_the_seat_cannot_see(game, swap_seed):
    players, seed, moves = game
    state = reachable(players, seed, moves)
    assume(not GAME.is_over(state))
    seat = min(GAME.to_act(state))
    other = hidden_changed(state, seat, random.Random(swap_seed))
    first = StrongPlayer(BUDGET).choose(GAME, state, seat, random.Random(seed))
    second = StrongPlayer(BUDGET).choose(GAME, other, seat, random.Random(seed))
    assert first == second
    assert first in GAME.legal_actions(state, seat)


@settings(max_examples=30, deadline=None)
@given(games, st.integers(0, 10**6))
def test_a_determinization_agrees_with_the_seat_and_hides_the_rest(game, swap_seed):
    players, seed, moves = game
    state = reachable(players, seed, moves)
    assume(not GAME.is_over(state))
    seat = min(GAME.to_act(state))
    before = GAME.to_json(state)
    sample = GAME.determinize(state, seat, random.Random(swap_seed))
    assert GAME.to_json(state) == before                       # the real state is untouched
    for who in (seat, None):
        assert GAME.view(sample, who) == GAME.view(state, who)
    assert sorted(sample.draw + sample.discard + sample.removed + [c for p in sample.p for c in p.hand]) == \
        sorted(state.draw + state.discard + state.removed + [c for p in state.p for c in p.hand])
    assert sample.p[seat].hand == state.p[seat].hand
    assert sample.rng.to_json() != state.rng.to_json()
    same = GAME.determinize(hidden_changed(state, seat, random.Random(swap_seed + 1)), seat,
                            random.Random(swap_seed))
    assert GAME.to_json(same) == GAME.to_json(sample)
