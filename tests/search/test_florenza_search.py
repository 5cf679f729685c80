"""Florenza's support for the search: the clone, the evaluation and the strong level in play."""
from __future__ import annotations

import pytest

from games.core.search import SearchSettings
from tests.search.checks import check_evaluation, greedy_actions, strong_plays_a_whole_game
from tests.search.copies import check_copy
from tests.search.positions import first_seat, reachable
from tests.search.test_florenza_no_peeking import GAME

QUICK = SearchSettings(iterations=6, seconds=None)


@pytest.mark.parametrize("players, moves", [(2, 30), (3, 70), (4, 60)])
def test_a_clone_is_equal_and_independent(players, moves):
    check_copy(GAME, reachable(GAME, first_seat, players, frozenset(), 4, moves), GAME.clone)


def test_the_evaluation_leaves_the_state_alone_and_is_the_result_at_the_end():
    check_evaluation(GAME, reachable(GAME, first_seat, 2, frozenset(), 8, 30), 2, first_seat, greedy_actions(GAME))


def test_strong_plays_a_whole_game():
    assert "strong" not in GAME.computer_levels()    # not offered: no better than greedy yet
    strong_plays_a_whole_game(GAME, frozenset(), QUICK, first_seat)
