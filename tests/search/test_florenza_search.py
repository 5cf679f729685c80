"""Florenza's support for the search: the clone, the evaluation and the strong level in play."""
from __future__ import annotations

import random

import pytest

from games.core.search import SearchSettings, StrongPlayer
from tests.search.copies import check_copy
from tests.search.test_florenza_no_peeking import GAME, reachable

QUICK = SearchSettings(iterations=6, seconds=None)


@pytest.mark.parametrize("players, moves", [(2, 30), (3, 70), (4, 60)])
def test_a_clone_is_equal_and_independent(players, moves):
    check_copy(GAME, reachable(players, 4, moves), GAME.clone)


def test_the_evaluation_leaves_the_state_alone_and_is_the_result_at_the_end():
    state = reachable(2, 8, 30)
    before = GAME.to_json(state)
    values = GAME.evaluate(state)
    assert GAME.to_json(state) == before and len(values) == 2
    greedy = GAME.computer_player("greedy")
    while not GAME.is_over(state):
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, greedy.choose(GAME, state, seat, random.Random(seat)))
    outcome = GAME.outcome(state)
    assert outcome is not None and GAME.evaluate(state) == tuple(float(s) for s in outcome.scores)


def test_strong_plays_a_whole_game():
    assert GAME.supports_search() and "strong" not in GAME.computer_levels()    # not offered: no better than greedy yet
    assert GAME.computer_player("strong").name == "strong"
    strong = StrongPlayer(QUICK)
    state = GAME.setup(3, frozenset(), 21)
    rng = random.Random(21)
    while not GAME.is_over(state):
        seat = min(GAME.to_act(state))
        if seat == 0:
            action = strong.choose(GAME, state, seat, rng)
        else:
            action = rng.choice(GAME.legal_actions(state, seat))
        assert action in GAME.legal_actions(state, seat)
        GAME.apply(state, seat, action)
