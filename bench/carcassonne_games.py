"""Full random 4-player games: games per second (and per-game time percentiles), for the base game
and with every option on."""
from __future__ import annotations

import random
import time

from carcassonne_common import ALL_OPTIONS, GAME, percentiles, quick

from games.core import RandomPlayer


def run(label: str, options: frozenset[str], games: int) -> None:
    player = RandomPlayer()
    times, actions = [], 0
    start_all = time.perf_counter()
    cpu_all = time.process_time()
    for seed in range(games):
        rng = random.Random(seed)
        start = time.perf_counter()
        state = GAME.setup(4, options, seed)
        while not GAME.is_over(state):
            (seat,) = GAME.to_act(state)
            GAME.apply(state, seat, player.choose(GAME, state, seat, rng))
            actions += 1
        times.append((time.perf_counter() - start) * 1e3)
    total = time.perf_counter() - start_all
    cpu = (time.process_time() - cpu_all) / games * 1e3
    med, p95 = percentiles(times)
    print(f"{label}: {games} random 4-player games: {games / total:.1f} games/s; per game median {med:.1f} ms, "
          f"p95 {p95:.1f} ms (CPU {cpu:.1f} ms a game); {actions / games:.0f} actions per game")


def main() -> None:
    run("base game", frozenset(), 20 if quick() else 200)
    run("every option", ALL_OPTIONS, 10 if quick() else 60)


if __name__ == "__main__":
    main()
