"""Stone Age's support for the search: the clone, the evaluation, the fast placement check and
the strong level in play."""
from __future__ import annotations

import random

import pytest

from games.core.search import SearchSettings
from games.stone_age.actions import Place
from games.stone_age.rules.checks import all_locations, placement_error, placement_open
from tests.search.checks import check_evaluation, greedy_actions, strong_plays_a_whole_game
from tests.search.copies import check_copy
from tests.search.positions import first_seat, reachable
from tests.search.test_stone_age_no_peeking import GAME, OPTIONS

QUICK = SearchSettings(iterations=8, seconds=None)


@pytest.mark.parametrize("players, moves", [(2, 40), (3, 95), (4, 150)])
def test_a_clone_is_equal_and_independent(players, moves):
    check_copy(GAME, reachable(GAME, first_seat, players, frozenset(OPTIONS), 4, moves), GAME.clone)


def test_the_evaluation_leaves_the_state_alone_and_is_the_result_at_the_end():
    check_evaluation(GAME, reachable(GAME, first_seat, 2, frozenset(), 8, 60), 2, first_seat, greedy_actions(GAME))


@pytest.mark.parametrize("players, options", [(2, frozenset()), (3, frozenset({"hunt_repeat"})), (4, frozenset())])
def test_the_quick_placement_check_agrees_with_the_refusals(players, options):
    state = GAME.setup(players, options, players)
    rng = random.Random(players)
    while not GAME.is_over(state):
        for seat in range(players):
            for loc in all_locations(state):
                smallest = Place(loc, 2 if loc == "hut" else 1)
                assert placement_open(state, seat, loc) == (placement_error(state, seat, smallest) is None)
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))


def test_strong_plays_a_whole_game_with_hidden_cards():
    assert "strong" not in GAME.computer_levels()    # not offered: no better than greedy yet
    phases = strong_plays_a_whole_game(GAME, frozenset({"hidden_cards"}), QUICK, first_seat, lambda state, seat: state.phase)
    assert {"place", "act"} <= phases
