"""The search core (games/core/search.py) on the test game Countdown, given what the search needs."""
from __future__ import annotations

import dataclasses
import random
import time
import pytest

from games.core import SeededRng
from games.core.search import SearchSettings, StrongPlayer, rewards
from tests.toygame.actions import Add, Bet
from tests.toygame.game import Countdown
from tests.toygame.state import CountdownState


class SearchableCountdown(Countdown):
    """Countdown with a determinization (other seats' bonus cards and bets are hidden) and an
    evaluation (the scores as they stand; exact at the end)."""

    def determinize(self, state: CountdownState, seat: int, rng: random.Random) -> CountdownState:
        copy = self.clone(state)
        for other in range(state.players):
            if other != seat:
                copy.bonus[other] = rng.randint(1, 5)
                if state.bets[other] is not None:
                    copy.bets[other] = rng.choice(("odd", "even"))
        copy.rng = SeededRng(rng.getrandbits(32))
        return copy

    def evaluate(self, state: CountdownState) -> tuple[float, ...]:
        outcome = self.outcome(state)
        if outcome is not None:
            return tuple(float(s) for s in outcome.scores)
        return tuple(float(b) for b in state.bonus)


GAME = SearchableCountdown()
SETTINGS = SearchSettings(iterations=400, seconds=None, depth=8, scale=3.0)


def counting(total: int, turn: int = 0, bets: tuple[str, str] = ("odd", "odd")) -> CountdownState:
    state = GAME.setup(2, frozenset(), 7)
    state.bets = list(bets)
    state.total, state.turn = total, turn
    return state


def test_a_game_that_offers_nothing_for_the_search_says_so():
    assert not Countdown().supports_search()
    assert GAME.supports_search()
    with pytest.raises(NotImplementedError):
        Countdown().determinize(counting(3), 0, random.Random(1))


@pytest.mark.parametrize("samples", [0, 6])
@pytest.mark.parametrize("total,winning", [(14, 3), (15, 2), (16, 1), (18, 3), (19, 2)])
def test_the_search_finds_the_move_that_forces_the_win(total: int, winning: int, samples: int):
    settings = dataclasses.replace(SETTINGS, samples=samples)
    choice = StrongPlayer(settings).choose(GAME, counting(total), 0, random.Random(5))
    assert choice == Add(winning)


def test_the_opponent_seat_is_searched_from_its_own_side():
    # seat 1 to move at 14: the search, deciding for seat 1, also finds the winning move
    assert StrongPlayer(SETTINGS).choose(GAME, counting(14, turn=1), 1, random.Random(2)) == Add(3)


def test_several_seats_to_act_at_once_work():
    state = GAME.setup(3, frozenset(), 11)
    assert GAME.to_act(state) == {0, 1, 2}
    for seat in (2, 0):
        choice = StrongPlayer(SETTINGS).choose(GAME, state, seat, random.Random(seat))
        assert choice in (Bet("odd"), Bet("even"))
        GAME.apply(state, seat, choice)
    assert StrongPlayer(SETTINGS).choose(GAME, state, 1, random.Random(1)) in (Bet("odd"), Bet("even"))


def test_hidden_cards_of_others_do_not_change_the_choice():
    state = counting(9, bets=("odd", "even"))
    other = GAME.clone(state)
    other.bonus[1], other.bets[1], other.rng = 5 if state.bonus[1] != 5 else 1, "odd", SeededRng(99, 4)
    first = StrongPlayer(SETTINGS).choose(GAME, state, 0, random.Random(3))
    second = StrongPlayer(SETTINGS).choose(GAME, other, 0, random.Random(3))
    assert first == second


def test_the_iteration_budget_is_kept():
    player = StrongPlayer(SearchSettings(iterations=57, seconds=None))
    player.choose(GAME, counting(3), 0, random.Random(1))
    assert player.last is not None and player.last.iterations == 57


def test_the_cpu_budget_is_kept():
    player = StrongPlayer(SearchSettings(iterations=None, seconds=0.05))
    start = time.process_time()
    player.choose(GAME, counting(3), 0, random.Random(1))
    assert time.process_time() - start < 0.5
    assert player.last is not None and player.last.iterations > 1


def test_rewards_are_the_chance_of_beating_the_best_rival():
    low, high, third = rewards([10.0, 20.0, 0.0], 10.0)
    assert high > 0.5 > low > third
    assert rewards([5.0, 5.0], 1.0) == [0.5, 0.5]
