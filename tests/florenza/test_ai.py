"""The heuristic computer player plays legal, complete games and beats random play."""
from __future__ import annotations

import random

from games.florenza import GAME


def play(players, seed, seats_greedy):
    state = GAME.setup(players, frozenset(), seed)
    rng = random.Random(seed)
    bots = [GAME.computer_player("greedy" if s in seats_greedy else "random") for s in range(players)]
    while not GAME.is_over(state):
        seat = min(GAME.to_act(state))
        action = bots[seat].choose(GAME, state, seat, rng)
        assert action in GAME.legal_actions(state, seat)
        GAME.apply(state, seat, action)
    return GAME.outcome(state)


def test_heuristic_beats_random():
    wins, margins = 0, []
    for game in range(6):
        players = 2 + game % 3
        seat = game % players
        outcome = play(players, 500 + game, {seat})
        wins += outcome.ranks[seat] == 1
        margins.append(outcome.scores[seat] - max(s for i, s in enumerate(outcome.scores) if i != seat))
    assert wins >= 5, margins
    assert sum(margins) / len(margins) > 20


def test_heuristic_self_play_scores_are_plausible():
    outcome = play(4, 42, {0, 1, 2, 3})
    assert all(30 <= s <= 150 for s in outcome.scores), outcome.scores


def test_levels_and_suggestions():
    assert list(GAME.computer_levels()) == ["random", "greedy"]
    state = GAME.setup(3, frozenset(), 1)
    suggestions = GAME.suggestions(state, 0)
    legal = GAME.legal_actions(state, 0)
    assert 0 < len(suggestions) <= GAME.max_buttons and all(a in legal for a in suggestions)
    assert {"workers", "inspire"} <= {str(a) for a in suggestions}
    assert GAME.suggestions(state, 1) == []
