"""Quetzal's support for the search: the clone, the evaluation, and the strong level in play."""
from __future__ import annotations

import random

import pytest

from games.core.search import SearchSettings, StrongPlayer
from games.quetzal import GAME
from games.quetzal.rules.flow import prompt_kind
from tests.search.copies import check_copy
from tests.search.test_quetzal_no_peeking import reachable

QUICK = SearchSettings(iterations=6, seconds=None, depth=3)


@pytest.mark.parametrize("players, moves", [(2, 0), (3, 40), (4, 90), (5, 150)])
def test_a_clone_is_equal_and_independent(players, moves):
    state = reachable(players, frozenset(), 4, moves)
    assert not GAME.is_over(state)
    while len(GAME.to_act(state)) != 1:          # check_copy plays one seat's move
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    check_copy(GAME, state, GAME.clone)


def test_the_evaluation_leaves_the_state_alone_and_is_the_result_at_the_end():
    state = reachable(3, frozenset(), 8, 60)
    before = GAME.to_json(state)
    values = GAME.evaluate(state)
    assert GAME.to_json(state) == before and len(values) == 3
    rng = random.Random(8)
    while not GAME.is_over(state):
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    outcome = GAME.outcome(state)
    assert outcome is not None and GAME.evaluate(state) == tuple(float(s) for s in outcome.scores)


def test_strong_plays_a_whole_game():
    assert GAME.supports_search() and "strong" in GAME.computer_levels()    # at tables: it beat greedy
    assert GAME.computer_player("strong").name == "strong"
    strong = StrongPlayer(QUICK)
    state = GAME.setup(3, frozenset(), 21)
    rng = random.Random(21)
    kinds = set()
    while not GAME.is_over(state):
        seat = min(GAME.to_act(state))
        kinds.add(prompt_kind(state, seat))
        action = strong.choose(GAME, state, seat, rng) if seat == 0 else rng.choice(GAME.legal_actions(state, seat))
        assert action in GAME.legal_actions(state, seat)
        GAME.apply(state, seat, action)
    assert {"place", "take", "deliver"} <= kinds
