"""Stone Age's support for the search: the clone, the evaluation, the fast placement check and
the strong level in play."""
from __future__ import annotations

import random

import pytest

from games.core.search import SearchSettings, StrongPlayer
from games.stone_age.actions import Place
from games.stone_age.rules.checks import all_locations, placement_error, placement_open
from tests.search.copies import check_copy
from tests.search.test_stone_age_no_peeking import GAME, OPTIONS, reachable

QUICK = SearchSettings(iterations=8, seconds=None)


@pytest.mark.parametrize("players, moves", [(2, 40), (3, 95), (4, 150)])
def test_a_clone_is_equal_and_independent(players, moves):
    check_copy(GAME, reachable(players, frozenset(OPTIONS), 4, moves), GAME.clone)


def test_the_evaluation_leaves_the_state_alone_and_is_the_result_at_the_end():
    state = reachable(2, frozenset(), 8, 60)
    before = GAME.to_json(state)
    values = GAME.evaluate(state)
    assert GAME.to_json(state) == before and len(values) == 2
    greedy = GAME.computer_player("greedy")
    while not GAME.is_over(state):
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, greedy.choose(GAME, state, seat, random.Random(seat)))
    outcome = GAME.outcome(state)
    assert outcome is not None and GAME.evaluate(state) == tuple(float(s) for s in outcome.scores)


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
    assert GAME.supports_search() and "strong" not in GAME.computer_levels()    # not offered: no better than greedy yet
    assert GAME.computer_player("strong").name == "strong"
    strong = StrongPlayer(QUICK)
    state = GAME.setup(3, frozenset({"hidden_cards"}), 21)
    rng = random.Random(21)
    phases = set()
    while not GAME.is_over(state):
        seat = min(GAME.to_act(state))
        phases.add(state.phase)
        if seat == 0:
            action = strong.choose(GAME, state, seat, rng)
        else:
            action = rng.choice(GAME.legal_actions(state, seat))
        assert action in GAME.legal_actions(state, seat)
        GAME.apply(state, seat, action)
    assert {"place", "act"} <= phases
