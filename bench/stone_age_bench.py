"""Stone Age benchmark: complete random (and greedy) games per second, and render time.

Run from the repository root: ``python bench/stone_age_bench.py [--games N] [--renders N]``.
Prints figures only; nothing here is asserted.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.stone_age import GAME  # noqa: E402
from renderers.stone_age import render  # noqa: E402

NAMES = ["Alice", "Bob", "Carol", "Dave"]


def play(players: int, seed: int, level: str, keep_every: int = 0) -> tuple[int, list]:
    """One complete game; returns the number of moves and (optionally) some states to render."""
    state = GAME.setup(players, frozenset(), seed)
    player = GAME.computer_player(level)
    rng = random.Random(seed)
    moves, kept = 0, []
    while not GAME.is_over(state):
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, player.choose(GAME, state, seat, rng))
        moves += 1
        if keep_every and moves % keep_every == 0:
            kept.append(GAME.view(state, None))
    kept.append(GAME.view(state, None))
    return moves, kept


def games_per_second(level: str, games: int) -> None:
    start = time.perf_counter()
    moves = 0
    for i in range(games):
        moves += play(2 + i % 3, i, level)[0]
    elapsed = time.perf_counter() - start
    print(f"{level:>6} games: {games / elapsed:7.1f} games/s, {moves / elapsed:8.0f} moves/s "
          f"({games} games, 2-4 players, {moves / games:.0f} moves per game)")


def render_times(count: int) -> None:
    views = []
    seed = 0
    while len(views) < count:
        views += [(v, 2 + seed % 3) for v in play(2 + seed % 3, 1000 + seed, "greedy", keep_every=17)[1]]
        seed += 1
    views = views[:count]
    times, sizes = [], []
    for view, players in views:
        start = time.perf_counter()
        data = render(view, NAMES[:players])
        times.append((time.perf_counter() - start) * 1000)
        sizes.append(len(data) / 1024)
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(f"render: median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms, "
          f"PNG median {statistics.median(sizes):.0f} KB, max {max(sizes):.0f} KB ({len(times)} images)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--renders", type=int, default=60)
    parser.add_argument("--quick", action="store_true", help="a few games and images only (CI)")
    args = parser.parse_args()
    if args.quick:
        args.games, args.renders = 3, 6
    games_per_second("random", args.games)
    games_per_second("greedy", args.games)
    render_times(args.renders)


if __name__ == "__main__":
    main()
