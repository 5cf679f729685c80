"""Quetzal's strong player never peeks: what the deciding seat cannot see (the order of the
relic deck and the upgrade stack, the other players' hidden hands, the seed of future rolls and
draws) may change without changing its choice."""
from __future__ import annotations

import dataclasses
import random

from games.quetzal import GAME
from games.quetzal.components import rules
from games.quetzal.rules.options import OPEN_HANDS, PUBLISHER_COINS
from games.quetzal.search import SETTINGS, hands_hidden
from games.quetzal.state import QuetzalState
from tests.search.no_peeking import NoPeeking, drawn_games, with_another_seed
from tests.search.positions import any_seat

OPTIONS = (OPEN_HANDS, PUBLISHER_COINS)
#: the shipped settings with an iteration budget instead of a CPU one (CPU time varies)
BUDGET = dataclasses.replace(SETTINGS, iterations=40, seconds=None, samples=6)


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
    return with_another_seed(other, rng)


NO_PEEKING = NoPeeking(GAME, any_seat, hidden_changed, BUDGET, drawn_games(5, OPTIONS, 250), same_view=True)
test_the_strong_choice_does_not_depend_on_what_the_seat_cannot_see = NO_PEEKING.strong_choice_test(max_examples=15)


@NO_PEEKING.determinization_test(max_examples=40)
def test_a_determinization_agrees_with_the_seat_and_hides_the_rest(state, seat, sample):
    assert GAME.to_act(sample) == GAME.to_act(state)
    assert sorted(sample.stack) == sorted(state.stack)
    everything = sorted(sample.deck + [c for p in sample.seats for c in p.hand])
    assert everything == sorted(state.deck + [c for p in state.seats for c in p.hand])
    if not hands_hidden(state):
        assert [p.hand for p in sample.seats] == [p.hand for p in state.seats]
