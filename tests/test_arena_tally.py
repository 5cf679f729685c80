"""bench/arena.py's tally of stopped runs: each game counted once, ties as halves, Wilson's
interval as the whole run would print it."""
from __future__ import annotations

from bench.arena import read_games, summary, wilson


def test_runs_taken_up_again_are_tallied_once(tmp_path):
    first = tmp_path / "first.txt"
    first.write_text("game   1 seed 1000: strong in seat 1, scores 46 38\n"
                     "game   2 seed 1001: strong in seat 2, scores 37 40\n"
                     "game   3 seed 1002: strong in seat 1, scores 30 30\n")
    second = tmp_path / "second.txt"
    second.write_text("quetzal, 2 players\n"
                      "game   3 seed 1002: strong in seat 1, scores 30 30\n"
                      "game   4 seed 1003: strong in seat 2, scores 61 18\n")
    games = read_games([str(first), str(second)])
    assert sorted(games) == [1, 2, 3, 4]
    assert games[4] == ("strong", 1, [61.0, 18.0])
    wins, low, high, margin = summary([(seat, scores) for _, seat, scores in games.values()])
    assert wins == 2.5                          # 46>38, 40>37, a tie, 18<61
    assert (low, high) == wilson(2.5, 4)
    assert margin == (8 + 3 + 0 - 43) / 4
