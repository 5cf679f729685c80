"""Quetzal benchmark: random games per second, heuristic games per second, the largest legal-action
list and suggestions() time per prompt (median/p95/max, played like a person at the table), render
median/p95 ms and PNG size. Run by hand:
``python bench/quetzal_bench.py [--games N] [--renders N] [--quick]``."""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.core import RandomPlayer  # noqa: E402
from games.quetzal import GAME  # noqa: E402
from renderers.quetzal import render  # noqa: E402

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve"]


def play(players: int, seed: int, level: str) -> tuple[object, int, list[object]]:
    """One complete game; returns the final state, the number of actions and some mid-game states."""
    state = GAME.setup(players, frozenset(), seed)
    rng = random.Random(seed)
    bots = [RandomPlayer() if level == "random" else GAME.computer_player(level) for _ in range(players)]
    actions, samples = 0, []
    while not GAME.is_over(state):
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, bots[seat].choose(GAME, state, seat, rng))
        actions += 1
        if actions % 25 == 0:
            samples.append(GAME.from_json(GAME.to_json(state)))
    return state, actions, samples


def games_per_second(count: int, level: str) -> tuple[float, float, list[object]]:
    start = time.perf_counter()
    total_actions, states = 0, []
    for i in range(count):
        state, actions, samples = play(2 + i % 4, 1000 + i, level)
        total_actions += actions
        states += samples + [state]
    elapsed = time.perf_counter() - start
    return count / elapsed, total_actions / elapsed, states


def table_play(count: int) -> tuple[int, str, list[float]]:
    """Games played like a person at the table: in turn a suggested button (cycling through them)
    and an early autocomplete entry (index turn mod 25 of the first 25 legal actions), 2-5 players.
    Returns the largest legal-action list, where it was, and every suggestions() time in ms."""
    most, where, times = 0, "", []
    for i in range(count):
        players, seed = 2 + i % 4, i // 4
        state = GAME.setup(players, frozenset(), seed)
        turn = clicks = 0
        while not GAME.is_over(state):
            seat = min(GAME.to_act(state))
            legal = GAME.legal_actions(state, seat)
            if len(legal) > most:
                most, where = len(legal), f"{players} players, seed {seed}, turn {turn}: {legal[-1]}"
            start = time.perf_counter()
            suggested = GAME.suggestions(state, seat)
            times.append((time.perf_counter() - start) * 1000)
            if turn % 2 == 0:
                action = suggested[clicks % len(suggested)] if suggested else legal[0]
                clicks += 1
            else:
                action = legal[:25][turn % min(25, len(legal))]
            GAME.apply(state, seat, action)
            turn += 1
    return most, where, times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--renders", type=int, default=60)
    parser.add_argument("--quick", action="store_true", help="a few games and renders (CI smoke run)")
    args = parser.parse_args()
    if args.quick:
        args.games, args.renders = 4, 6
    rate, action_rate, states = games_per_second(args.games, "random")
    print(f"random games: {rate:.1f} games/s ({action_rate:.0f} actions/s, {args.games} games, 2-5 players)")
    greedy_rate, greedy_actions, _ = games_per_second(max(2, args.games // 4), "greedy")
    print(f"heuristic games: {greedy_rate:.1f} games/s ({greedy_actions:.0f} actions/s)")
    most, where, times = table_play(max(4, args.games // 2))
    print(f"legal actions: at most {most} in one prompt ({where})")
    print(f"suggestions: median {statistics.median(times):.2f} ms, p95 {percentile(times, 0.95):.2f} ms, "
          f"max {max(times):.1f} ms ({len(times)} prompts)")
    rng = random.Random(0)
    picks = [rng.choice(states) for _ in range(args.renders)]
    times, cpu, sizes = [], [], []
    render(GAME.view(picks[0], None), NAMES[:picks[0].players])          # warm the font and sprite caches
    for state in picks:
        seat = rng.choice([None] + list(range(state.players)))
        view = GAME.view(state, seat)
        start, start_cpu = time.perf_counter(), time.process_time()
        png = render(view, NAMES[:state.players])
        times.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
        sizes.append(len(png) / 1024)
    print(f"render: median {statistics.median(times):.1f} ms, p95 {percentile(times, 0.95):.1f} ms "
          f"({len(times)} renders; CPU time median {statistics.median(cpu):.1f} ms, p95 {percentile(cpu, 0.95):.1f} ms)")
    print(f"PNG size: median {statistics.median(sizes):.0f} KB, max {max(sizes):.0f} KB")


if __name__ == "__main__":
    main()
