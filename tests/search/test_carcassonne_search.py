"""Carcassonne's support for the search: the clone, the evaluation, and the strong level in play."""
from __future__ import annotations

import random

import pytest

from games.carcassonne import GAME
from games.core.search import SearchSettings, StrongPlayer
from tests.search.copies import check_copy
from tests.search.test_carcassonne_no_peeking import ADDONS, reachable

QUICK = SearchSettings(iterations=8, seconds=None)


@pytest.mark.parametrize("options", [frozenset(), frozenset(ADDONS) - {"old"}, frozenset({"old", "fluss"})])
def test_a_clone_is_equal_and_independent(options):
    check_copy(GAME, reachable(3, options, 4, 50), GAME.clone)


def test_the_evaluation_leaves_the_state_alone_and_is_the_result_at_the_end():
    state = reachable(2, frozenset({"erweiterung", "haendler", "koenig"}), 8, 60)
    before = GAME.to_json(state)
    values = GAME.evaluate(state)
    assert GAME.to_json(state) == before and len(values) == 2
    assert all(value >= score for value, score in zip(values, state.scores))
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[-1])
    outcome = GAME.outcome(state)
    assert outcome is not None and GAME.evaluate(state) == tuple(float(s) for s in outcome.scores)


def test_strong_plays_whole_games_with_every_add_on():
    assert GAME.supports_search() and "strong" in GAME.computer_levels()    # at tables: thought in worker processes
    strong = StrongPlayer(QUICK)
    assert GAME.computer_player("strong").name == "strong"
    state = GAME.setup(3, frozenset(ADDONS) - {"old"}, 21)
    rng = random.Random(21)
    phases = set()
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        phases.add(state.phase)
        if seat == 0:
            action = strong.choose(GAME, state, seat, rng)
        else:
            action = rng.choice(GAME.legal_actions(state, seat))
        assert action in GAME.legal_actions(state, seat)
        GAME.apply(state, seat, action)
    assert {"place", "deploy"} <= phases
