"""Keyflower benchmark: random games per second, computer-player games, render times and PNG sizes.

Run: python bench/keyflower_bench.py [--games N] [--renders N] [--short]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.game_bench import random_game  # noqa: E402
from games.keyflower import GAME  # noqa: E402
from renderers.keyflower import render  # noqa: E402

NAMES = ["Ann", "Bob", "Cara", "Dan", "Eve", "Finn"]


def ai_game(players: int, seed: int) -> int:
    ai = GAME.computer_player("greedy")
    rng = random.Random(seed)
    st = GAME.setup(players, frozenset(), seed)
    steps = 0
    while GAME.outcome(st) is None:
        seat = sorted(GAME.to_act(st))[0]
        GAME.apply(st, seat, ai.choose(GAME, st, seat, rng))
        steps += 1
    return steps


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--renders", type=int, default=40)
    parser.add_argument("--short", action="store_true", help="a quick run for CI")
    args = parser.parse_args()
    games = 6 if args.short else args.games
    renders = 8 if args.short else args.renders

    start = time.perf_counter()
    steps = 0
    snapshots = []
    for g in range(games):
        st, n = random_game(GAME, 2 + g % 5, frozenset(), g)
        steps += n
    elapsed = time.perf_counter() - start
    print(f"random games: {games} in {elapsed:.2f}s = {games / elapsed:.1f} games/s, "
          f"{steps / elapsed:.0f} actions/s ({steps / games:.0f} actions/game, 2-6 players)")

    start = time.perf_counter()
    ai_steps = sum(ai_game(2 + g % 5, 1000 + g) for g in range(max(2, games // 3)))
    elapsed = time.perf_counter() - start
    print(f"computer-player games: {max(2, games // 3)} in {elapsed:.2f}s = "
          f"{max(2, games // 3) / elapsed:.1f} games/s ({ai_steps / elapsed:.0f} actions/s)")

    # positions to draw: mid-game and end-game of 4- and 6-player games
    rng = random.Random(7)
    for players in (4, 6):
        st = GAME.setup(players, frozenset(), players)
        while GAME.outcome(st) is None:
            seat = rng.choice(sorted(GAME.to_act(st)))
            actions = GAME.legal_actions(st, seat)
            passes = [a for a in actions if str(a) == "pass"]
            GAME.apply(st, seat, passes[0] if passes and rng.random() < 0.1 else rng.choice(actions))
            if rng.random() < 0.05:
                snapshots.append(GAME.view(st, rng.choice([None, 0])))
        snapshots.append(GAME.view(st, None))
    for region in (None, "board", "village:0"):
        times, sizes = [], []
        for i in range(renders):
            view = snapshots[i % len(snapshots)]
            t0 = time.perf_counter()
            png = render(view, NAMES[:len(view.players)], region=region)
            times.append((time.perf_counter() - t0) * 1000)
            sizes.append(len(png) / 1024)
        print(f"render {region or 'full'}: median {statistics.median(times):.0f} ms, p95 {percentile(times, 95):.0f} ms, "
              f"PNG median {statistics.median(sizes):.0f} KB, max {max(sizes):.0f} KB ({renders} renders)")


if __name__ == "__main__":
    main()
