"""Carcassonne's support for the search: the clone, the evaluation, and the strong level in play."""
from __future__ import annotations

import pytest

from games.carcassonne import GAME
from games.core.search import SearchSettings
from tests.search.checks import check_evaluation, strong_plays_a_whole_game
from tests.search.copies import check_copy
from tests.search.positions import only_seat, reachable
from tests.search.test_carcassonne_no_peeking import ADDONS

QUICK = SearchSettings(iterations=8, seconds=None)


@pytest.mark.parametrize("options", [frozenset(), frozenset(ADDONS) - {"old"}, frozenset({"old", "fluss"})])
def test_a_clone_is_equal_and_independent(options):
    check_copy(GAME, reachable(GAME, only_seat, 3, options, 4, 50), GAME.clone)


def test_the_evaluation_leaves_the_state_alone_and_is_the_result_at_the_end():
    state = reachable(GAME, only_seat, 2, frozenset({"erweiterung", "haendler", "koenig"}), 8, 60)
    check_evaluation(GAME, state, 2, only_seat, lambda state, seat: GAME.legal_actions(state, seat)[-1],
                     lambda values: all(value >= score for value, score in zip(values, state.scores)))


def test_strong_plays_whole_games_with_every_add_on():
    assert "strong" in GAME.computer_levels()    # at tables: thought in worker processes
    phases = strong_plays_a_whole_game(GAME, frozenset(ADDONS) - {"old"}, QUICK, only_seat, lambda state, seat: state.phase)
    assert {"place", "deploy"} <= phases
