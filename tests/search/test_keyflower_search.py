"""Keyflower's support for the search: the clone, the evaluation, and the strong level in play."""
from __future__ import annotations

import random

import pytest

from games.core.search import SearchSettings
from games.keyflower import GAME
from tests.search.checks import check_evaluation, one_seat_to_act, random_actions, strong_plays_a_whole_game
from tests.search.copies import check_copy
from tests.search.positions import any_seat, first_seat, reachable
from tests.search.test_keyflower_no_peeking import OPTIONS

QUICK = SearchSettings(iterations=6, seconds=None, depth=3)


@pytest.mark.parametrize("players, moves", [(2, 0), (3, 40), (4, 90), (2, 80)])
def test_a_clone_is_equal_and_independent(players, moves):
    check_copy(GAME, one_seat_to_act(GAME, reachable(GAME, any_seat, players, frozenset(OPTIONS), 4, moves)), GAME.clone)


def test_the_evaluation_leaves_the_state_alone_and_is_the_result_at_the_end():
    check_evaluation(GAME, reachable(GAME, any_seat, 3, frozenset(), 8, 60), 3, first_seat, random_actions(GAME, random.Random(8)))


def test_strong_plays_a_whole_game():
    assert "strong" in GAME.computer_levels()    # at tables: it beat greedy
    phases = strong_plays_a_whole_game(GAME, frozenset(OPTIONS), QUICK, first_seat, lambda state, seat: state.phase)
    assert {"actions", "winter_select", "boats", "placement"} <= phases
