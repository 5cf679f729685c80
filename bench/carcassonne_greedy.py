"""Greedy vs random, 2 players, seats alternating: win rate, average scores, decision times; for the
base game and with every option on."""
from __future__ import annotations

import random
import statistics
import time

from carcassonne_common import ALL_OPTIONS, GAME, percentiles, quick


def run(label: str, options: frozenset[str], games: int) -> None:
    greedy, rand = GAME.computer_player("greedy"), GAME.computer_player("random")
    wins = ties = 0
    mine, theirs, decide = [], [], []
    for seed in range(games):
        seats = [greedy, rand] if seed % 2 == 0 else [rand, greedy]
        me = seats.index(greedy)
        rng = random.Random(seed)
        state = GAME.setup(2, options, seed)
        while not GAME.is_over(state):
            (seat,) = GAME.to_act(state)
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
    print(f"{label}: greedy vs random, {games} games: greedy won {wins} ({100 * wins / games:.1f}%), tied {ties}; "
          f"average score {statistics.mean(mine):.1f} vs {statistics.mean(theirs):.1f}; "
          f"greedy decision median {med:.2f} ms, p95 {p95:.2f} ms")


def main() -> None:
    run("base game", frozenset(), 20 if quick() else 200)
    run("every option", ALL_OPTIONS, 10 if quick() else 40)


if __name__ == "__main__":
    main()
