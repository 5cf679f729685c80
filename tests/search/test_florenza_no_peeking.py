"""Florenza's strong player never peeks: what the deciding seat cannot see (the other hands,
the draw deck, the other seats' discards, the order of the hidden decks, which copy each
unhired artist is, the seed of future shuffles) may change without changing its choice."""
from __future__ import annotations

import dataclasses
import random

from games.florenza.components import artist_card, catalog
from games.florenza.game import Florenza
from games.florenza.search import SETTINGS, own_cards, part_sources, pile_parts
from games.florenza.state import FlorenzaState
from tests.search.no_peeking import NoPeeking, drawn_games, with_another_seed
from tests.search.positions import first_seat

GAME = Florenza()
#: the shipped settings with an iteration budget instead of a CPU one (CPU time varies)
BUDGET = dataclasses.replace(SETTINGS, iterations=30, seconds=None)


def hidden_changed(state: FlorenzaState, seat: int, rng: random.Random) -> FlorenzaState:
    """The same state with the other hands, draw deck and the other seats' discards exchanged
    among their places where both cards can be there (the seat's own discards stay, and a part
    of the discard pile keeps to the decks dealt by the round that made it), the other seats'
    records of their discards rewritten to match, the hidden decks reordered, unhired artists
    swapped for other copies of the same artist, and another seed."""
    other = GAME.clone(state)
    #: a place for a card, and the cards that can be there (``None``: any)
    slots: list[tuple[list[str], int, frozenset[str] | None]] = [
        (place, n, None) for place in [other.p[s].hand for s in range(state.players) if s != seat] + [other.draw]
        for n in range(len(place))]
    parts = pile_parts(other)
    for part in parts:
        if own_cards(other, seat, part) is None:
            pile = getattr(other, part.pile)
            sources = part_sources(part.round, state.players)
            slots += [(pile, n, sources) for n in range(part.start, part.start + part.count)]
    for _ in range(3):
        rng.shuffle(slots)
        for (a, i, a_holds), (b, j, b_holds) in zip(slots[::2], slots[1::2]):
            if (a_holds is None or b[j] in a_holds) and (b_holds is None or a[i] in b_holds):
                a[i], b[j] = b[j], a[i]
    cards = sorted(catalog().cards)
    for s in range(state.players):
        if s != seat:                       # what they discarded earlier went into round 4's draw deck
            piled = {part.round: getattr(other, part.pile)[part.start:part.start + part.count]
                     for part in parts if part.seat == s}
            other.p[s].discarded = [[made, rng.choice(cards)] for made, _ in other.p[s].discarded if made not in piled] \
                + [[made, c] for made, held in piled.items() for c in held]
    for deck in [*other.decks.values(), other.mon_deck]:
        rng.shuffle(deck)
    places = [other.art_display, other.art_removed, other.art_deck] + [p.reserved_artists for p in other.p]
    artist_slots = [(place, n) for place in places for n in range(len(place))]
    rng.shuffle(artist_slots)
    for (a, i), (b, j) in zip(artist_slots[::2], artist_slots[1::2]):
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
    for part in pile_parts(state):
        if part.seat == seat:
            held = slice(part.start, part.start + part.count)
            assert getattr(sample, part.pile)[held] == getattr(state, part.pile)[held]
