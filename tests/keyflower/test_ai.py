"""The computer player finishes legal games and beats random play."""
from __future__ import annotations

import random

from games.core import RandomPlayer
from games.keyflower import GAME


def _play(players: int, seed: int, pilots) -> tuple[int, ...]:
    st = GAME.setup(players, frozenset(), seed)
    rng = random.Random(seed)
    steps = 0
    while GAME.outcome(st) is None:
        seat = sorted(GAME.to_act(st))[0]
        action = pilots[seat].choose(GAME, st, seat, rng)
        assert action in GAME.legal_actions(st, seat)
        GAME.apply(st, seat, action)
        steps += 1
        assert steps < 3000
    return GAME.outcome(st).scores


def test_computer_players_finish_games():
    ai = GAME.computer_player("greedy")
    for players in (2, 5):
        scores = _play(players, 40 + players, [ai] * players)
        assert len(scores) == players and max(scores) > 0
    assert GAME.computer_levels() == ("random", "greedy", "strong")
    assert isinstance(GAME.computer_player("random"), RandomPlayer)


def test_greedy_beats_random():
    ai, rnd = GAME.computer_player("greedy"), RandomPlayer()
    margin = 0
    for seed in range(3):
        scores = _play(3, seed, [ai, rnd, rnd])
        margin += scores[0] - max(scores[1:])
    assert margin > 0
