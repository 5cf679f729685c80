"""Florenza benchmark: random games per second, render median/p95 ms and PNG size.

    python bench/florenza_bench.py            # full run
    python bench/florenza_bench.py --short    # quick run (CI)
    python bench/florenza_bench.py --samples docs/images   # also write sample PNGs
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.florenza import GAME  # noqa: E402
from renderers.florenza import render  # noqa: E402

NAMES = ["Alice", "Bob", "Cara", "Dana"]


def random_game(players: int, seed: int) -> int:
    state = GAME.setup(players, frozenset(), seed)
    rng = random.Random(seed)
    steps = 0
    while not GAME.is_over(state):
        seat = rng.choice(sorted(GAME.to_act(state)))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        steps += 1
    return steps


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def bench_games(count: int) -> None:
    start = time.perf_counter()
    steps = sum(random_game(2 + i % 3, i) for i in range(count))
    elapsed = time.perf_counter() - start
    print(f"random games: {count} in {elapsed:.2f} s = {count / elapsed:.1f} games/s "
          f"({steps / elapsed:.0f} actions/s, {steps / count:.0f} actions per game)")


def greedy_states(count: int) -> list:
    """Positions from greedy 4-player games at different stages (and one finished game)."""
    states = []
    greedy = GAME.computer_player("greedy")
    for i in range(count):
        state = GAME.setup(4, frozenset(), 1000 + i)
        rng = random.Random(i)
        for _ in range(rng.randint(0, 160)):
            if GAME.is_over(state):
                break
            seat = min(GAME.to_act(state))
            GAME.apply(state, seat, greedy.choose(GAME, state, seat, rng))
        states.append(state)
    return states


def bench_render(count: int) -> None:
    states = greedy_states(count)
    for label, seat in (("public", None), ("seat 0 (with hand)", 0)):
        times, sizes = [], []
        for state in states:
            view = GAME.view(state, seat)
            start = time.perf_counter()
            data = render(view, NAMES)
            times.append((time.perf_counter() - start) * 1000)
            sizes.append(len(data) / 1024)
        print(f"render {label}: median {statistics.median(times):.0f} ms, p95 {percentile(times, 0.95):.0f} ms, "
              f"PNG median {statistics.median(sizes):.0f} KB (max {max(sizes):.0f} KB)")


def write_samples(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    greedy = GAME.computer_player("greedy")
    state = GAME.setup(4, frozenset(), 21)
    rng = random.Random(21)

    def advance(steps: int) -> None:
        for _ in range(steps):
            if GAME.is_over(state):
                return
            seat = min(GAME.to_act(state))
            GAME.apply(state, seat, greedy.choose(GAME, state, seat, rng))

    advance(62)
    actor = min(GAME.to_act(state))
    (folder / "florenza_public.png").write_bytes(render(GAME.view(state, None), NAMES))
    (folder / "florenza_seat.png").write_bytes(render(GAME.view(state, actor), NAMES))
    (folder / "florenza_hand.png").write_bytes(render(GAME.view(state, actor), NAMES, region="hand"))
    while state.phase == 3:
        advance(1)
    (folder / "florenza_phase4.png").write_bytes(render(GAME.view(state, None), NAMES, region="players"))
    advance(10_000)
    (folder / "florenza_final.png").write_bytes(render(GAME.view(state, None), NAMES, region="players"))
    print(f"samples written to {folder}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--short", action="store_true")
    parser.add_argument("--samples", type=Path)
    args = parser.parse_args()
    bench_games(6 if args.short else 60)
    bench_render(4 if args.short else 30)
    if args.samples:
        write_samples(args.samples)


if __name__ == "__main__":
    main()
