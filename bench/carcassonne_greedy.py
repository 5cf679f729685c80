"""Greedy vs random, 2 players, seats alternating: win rate, average scores, decision times."""
from __future__ import annotations

import random
import statistics
import time

from carcassonne_common import GAME, percentiles, quick


def main() -> None:
    greedy, rand = GAME.computer_player("greedy"), GAME.computer_player("random")
    games = 20 if quick() else 200
    wins = ties = 0
    mine, theirs, decide = [], [], []
    for seed in range(games):
        seats = [greedy, rand] if seed % 2 == 0 else [rand, greedy]
        me = seats.index(greedy)
        rng = random.Random(seed)
        state = GAME.setup(2, frozenset(), seed)
        while not GAME.is_over(state):
            seat = state.current
            start = time.perf_counter()
            action = seats[seat].choose(GAME, state, seat, rng)
            if seat == me:
                decide.append((time.perf_counter() - start) * 1e3)
            GAME.apply(state, seat, action)
        mine.append(state.scores[me])
        theirs.append(state.scores[1 - me])
        wins += state.scores[me] > state.scores[1 - me]
        ties += state.scores[me] == state.scores[1 - me]
    med, p95 = percentiles(decide)
    print(f"greedy vs random, {games} games: greedy won {wins} ({100 * wins / games:.1f}%), tied {ties}; "
          f"average score {statistics.mean(mine):.1f} vs {statistics.mean(theirs):.1f}; "
          f"greedy decision median {med:.2f} ms, p95 {p95:.2f} ms")


if __name__ == "__main__":
    main()
