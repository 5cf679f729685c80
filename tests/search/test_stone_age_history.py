"""A Stone Age determinization keeps what the public history shows. With ``hidden_cards`` the
other seats' civilization cards are only counted in a view, but every card bought from the
face-up display was seen by everyone as it went to its buyer: it stays in that hand in every
determinization. Only a card that reached a hand unseen (the one card C32 draws face down) is
dealt again, together with the deck, from exactly what is unseen."""
from __future__ import annotations

import random
from collections import Counter
from typing import Iterator

import pytest

from games.stone_age.game import StoneAge
from games.stone_age.state import StoneAgeState
from tests.search.positions import first_seat

GAME = StoneAge()
OPTIONS = frozenset({"hidden_cards"})
#: determinizations drawn at each checked position, for each seat to act
SAMPLES = 6
#: every how many actions a position is checked
EVERY = 7


def positions(players: int, seed: int) -> Iterator[tuple[StoneAgeState, list[list[bool]]]]:
    """The positions of a seeded random game (the acting seat picked as the no-peeking tests
    do), each with, per seat and per card in its hand, whether everyone saw that card arrive:
    taken from the face-up display (True) or drawn from the face-down deck (False). What a card
    was is read from where it came from as each action is applied, not from the search module."""
    state = GAME.setup(players, OPTIONS, seed)
    rng = random.Random(seed)
    arrived_seen: list[list[bool]] = [[] for _ in range(players)]
    while not GAME.is_over(state):
        yield state, arrived_seen
        seat = first_seat(GAME, state, rng)
        display, deck = set(state.display), set(state.deck)
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        for s, p in enumerate(state.players):
            for cid in p.cards[len(arrived_seen[s]):]:
                assert (cid in display) != (cid in deck)
                arrived_seen[s].append(cid in display)


def unseen_cards(state: StoneAgeState, seat: int, arrived_seen: list[list[bool]]) -> list[str]:
    """What ``seat`` cannot place: the deck and the cards other seats got face down."""
    hidden = [cid for s, p in enumerate(state.players) if s != seat
              for cid, seen in zip(p.cards, arrived_seen[s]) if not seen]
    return state.deck + hidden


@pytest.mark.parametrize("players, seed", [(2, 4), (3, 5), (4, 2), (2, 11), (3, 12)])
def test_every_determinization_keeps_the_cards_everyone_saw_bought(players, seed):
    drawn_unseen = resampled = 0
    for n, (state, arrived_seen) in enumerate(positions(players, seed)):
        if n % EVERY:
            continue
        for seat in sorted(GAME.to_act(state)):
            unseen = unseen_cards(state, seat, arrived_seen)
            dealt: set[tuple[str, ...]] = set()
            for i in range(SAMPLES):
                sample = GAME.determinize(state, seat, random.Random(i))
                assert sample.players[seat].cards == state.players[seat].cards
                assert sample.display == state.display
                for s, (real, drawn) in enumerate(zip(state.players, sample.players)):
                    assert len(drawn.cards) == len(real.cards)
                    for cid, got, seen in zip(real.cards, drawn.cards, arrived_seen[s]):
                        if seen:
                            assert got == cid, f"seat {s}'s {cid}, bought in sight of all, became {got}"
                again = sample.deck + [got for s, p in enumerate(sample.players) if s != seat
                                       for got, seen in zip(p.cards, arrived_seen[s]) if not seen]
                assert Counter(again) == Counter(unseen)          # the unseen cards, no more, no fewer
                dealt.add(tuple(again))
            face_down = len(unseen) - len(state.deck)
            if face_down and len(set(unseen)) > 1:
                drawn_unseen += 1
                resampled += len(dealt) > 1
    assert drawn_unseen, "the game should reach a card drawn face down by another seat"
    assert resampled, "a card drawn face down should be dealt again"


def test_a_card_bought_after_c32_drew_nothing_stays_where_it_is():
    """With the deck empty C32 draws nothing, and the card after it in a hand was bought later
    from the display: the deck stays empty, so that card is dealt back to where it is."""
    state = GAME.setup(2, OPTIONS, 3)
    state.players[1].cards = ["C11", "C32", "C05", "C20"]
    state.deck = []
    for i in range(SAMPLES):
        sample = GAME.determinize(state, 0, random.Random(i))
        assert sample.players[1].cards == ["C11", "C32", "C05", "C20"] and sample.deck == []
