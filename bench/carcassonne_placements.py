"""Legal placement generation on a late-game board, and one whole turn at the last tiles.

Prints median and p95 in microseconds. ``--quick`` for a short run.
"""
from __future__ import annotations

import copy
import time

from carcassonne_common import GAME, late_game, percentiles, quick

from games.carcassonne.tiles import tiles_of_set


def main() -> None:
    boards = [late_game(seed) for seed in range(5 if quick() else 20)]
    tile_ids = [t.id for t in tiles_of_set("base")]
    samples, counts = [], []
    for state in boards:
        board = state.board
        for tile_id in tile_ids:
            for _ in range(5):
                start = time.perf_counter()
                found = board.legal_placements(tile_id)
                samples.append((time.perf_counter() - start) * 1e6)
            counts.append(len(found))
    med, p95 = percentiles(samples)
    frontier = sum(len(s.board.frontier) for s in boards) / len(boards)
    print(f"legal placements, board of ~70 tiles (frontier ~{frontier:.0f} squares, "
          f"{sum(counts) / len(counts):.0f} placements on average): median {med:.1f} us, p95 {p95:.1f} us")

    turn = []
    for seed, state in enumerate(boards):
        for _ in range(10):
            trial = copy.deepcopy(state)
            if GAME.is_over(trial):
                continue
            start = time.perf_counter()
            seat = trial.current
            view = GAME.view(trial, None)
            GAME.status(view)
            actions = GAME.legal_actions(trial, seat)
            action = GAME.parse(trial, seat, str(actions[len(actions) // 2]))
            GAME.apply(trial, seat, action)
            if trial.phase == "deploy":
                GAME.suggestions(trial, seat)
                GAME.apply(trial, seat, GAME.legal_actions(trial, seat)[0])
            turn.append((time.perf_counter() - start) * 1e6)
    med, p95 = percentiles(turn)
    print(f"whole turn at tile ~71 (view, status, legal actions, parse, place, deploy, score, draw): "
          f"median {med:.0f} us, p95 {p95:.0f} us")


if __name__ == "__main__":
    main()
