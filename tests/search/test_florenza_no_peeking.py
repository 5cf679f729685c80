"""Florenza's strong player never peeks: what the deciding seat cannot see (the other hands,
the draw deck, the discards, the order of the hidden decks, which copy each unhired artist is,
the seed of future shuffles) may change without changing its choice."""
from __future__ import annotations

import dataclasses
import random

from games.florenza.components import artist_card
from games.florenza.game import Florenza
from games.florenza.search import SETTINGS
from games.florenza.state import FlorenzaState
from tests.search.no_peeking import NoPeeking, drawn_games, with_another_seed
from tests.search.positions import first_seat

GAME = Florenza()
#: the shipped settings with an iteration budget instead of a CPU one (CPU time varies)
BUDGET = dataclasses.replace(SETTINGS, iterations=30, seconds=None)


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
    return with_another_seed(other, rng)


NO_PEEKING = NoPeeking(GAME, first_seat, hidden_changed, BUDGET, drawn_games(4, (), 120))
test_the_strong_choice_does_not_depend_on_what_the_seat_cannot_see = NO_PEEKING.strong_choice_test(max_examples=15)


@NO_PEEKING.determinization_test(max_examples=30)
def test_a_determinization_agrees_with_the_seat_and_hides_the_rest(state, seat, sample):
    assert sorted(sample.draw + sample.discard + sample.removed + [c for p in sample.p for c in p.hand]) == \
        sorted(state.draw + state.discard + state.removed + [c for p in state.p for c in p.hand])
    assert sample.p[seat].hand == state.p[seat].hand
