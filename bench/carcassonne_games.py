"""Full random 4-player games: games per second (and per-game time percentiles)."""
from __future__ import annotations

import random
import time

from carcassonne_common import GAME, percentiles, quick

from games.core import RandomPlayer


def main() -> None:
    player = RandomPlayer()
    games = 20 if quick() else 200
    times, actions = [], 0
    start_all = time.perf_counter()
    for seed in range(games):
        rng = random.Random(seed)
        start = time.perf_counter()
        state = GAME.setup(4, frozenset(), seed)
        while not GAME.is_over(state):
            seat = state.current
            GAME.apply(state, seat, player.choose(GAME, state, seat, rng))
            actions += 1
        times.append((time.perf_counter() - start) * 1e3)
    total = time.perf_counter() - start_all
    med, p95 = percentiles(times)
    print(f"{games} random 4-player games: {games / total:.1f} games/s; per game median {med:.1f} ms, "
          f"p95 {p95:.1f} ms; {actions / games:.0f} actions per game")


if __name__ == "__main__":
    main()
