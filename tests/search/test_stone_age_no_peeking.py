"""Stone Age's strong player never peeks: what the deciding seat cannot see (the order of the
card deck, the tiles below the tops of the building stacks and those out of the game, the seed
of future dice and, with ``hidden_cards``, the cards the other seats drew face down with C32)
may change without changing its choice. The cards they bought from the display were seen by
everyone (tests/search/test_stone_age_history.py) and are not changed."""
from __future__ import annotations

import dataclasses
import random

from games.stone_age.components import buildings
from games.stone_age.game import StoneAge
from games.stone_age.search import SETTINGS, drawn_face_down
from games.stone_age.state import StoneAgeState
from tests.search.no_peeking import NoPeeking, drawn_games, with_another_seed
from tests.search.positions import first_seat

GAME = StoneAge()
OPTIONS = ("hunt_repeat", "tiebreak_sum", "hidden_cards")
#: the shipped settings with an iteration budget instead of a CPU one (CPU time varies)
BUDGET = dataclasses.replace(SETTINGS, iterations=60, seconds=None)


def hidden_changed(state: StoneAgeState, seat: int, rng: random.Random) -> StoneAgeState:
    """The same state with another deck order, other tiles under the stacks' tops, other cards
    drawn face down by the other seats (dealt from them and the deck) and another dice seed."""
    other = GAME.clone(state)
    places = drawn_face_down(state, seat)
    cards = list(state.deck) + [state.players[s].cards[i] for s, i in places]
    rng.shuffle(cards)
    for s, i in places:
        other.players[s].cards[i] = cards.pop()
    other.deck = cards
    seen = {stack[0] for stack in state.stacks if stack} | {b for p in state.players for b in p.buildings}
    tiles = [t for t in buildings() if t not in seen]
    rng.shuffle(tiles)
    for stack in other.stacks:
        if len(stack) > 1:
            stack[1:], tiles = tiles[:len(stack) - 1], tiles[len(stack) - 1:]
    return with_another_seed(other, rng)


NO_PEEKING = NoPeeking(GAME, first_seat, hidden_changed, BUDGET, drawn_games(4, OPTIONS, 260))
test_the_strong_choice_does_not_depend_on_what_the_seat_cannot_see = NO_PEEKING.strong_choice_test(max_examples=20)


@NO_PEEKING.determinization_test(max_examples=40)
def test_a_determinization_agrees_with_the_seat_and_hides_the_rest(state, seat, sample):
    places = drawn_face_down(state, seat)
    assert sorted(sample.deck + [sample.players[s].cards[i] for s, i in places]) == \
        sorted(state.deck + [state.players[s].cards[i] for s, i in places])
    bought = [(s, i) for s, p in enumerate(state.players) for i in range(len(p.cards)) if (s, i) not in places]
    assert [sample.players[s].cards[i] for s, i in bought] == [state.players[s].cards[i] for s, i in bought]
    assert [len(s) for s in sample.stacks] == [len(s) for s in state.stacks]
    assert not sample.dice_queue
