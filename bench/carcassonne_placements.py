"""Legal placement generation on a late-game board, and one whole turn at the last tiles; for the
base game (board of ~70 tiles) and with every option on (board of ~158 tiles, dragon steps and
add-on deploy choices included in the turn).

Prints median and p95 in microseconds. ``--quick`` for a short run.
"""
from __future__ import annotations

import copy
import time

from carcassonne_common import ALL_OPTIONS, GAME, late_game, percentiles, quick

from games.carcassonne.rules.placement import legal_placements
from games.carcassonne.components import all_tiles


def measure(label: str, options: frozenset[str], placed: int) -> None:
    boards = [late_game(seed, placed, options) for seed in range(5 if quick() else 20)]
    boards = [b for b in boards if not GAME.is_over(b)]
    sets = {"base"} | set(options)
    tile_ids = [t.id for t in all_tiles().values() if t.set in sets and not t.river]
    samples, counts = [], []
    for state in boards:
        board = state.board
        for tile_id in tile_ids:
            for _ in range(5):
                start = time.perf_counter()
                found = legal_placements(board, tile_id)
                samples.append((time.perf_counter() - start) * 1e6)
            counts.append(len(found))
    med, p95 = percentiles(samples)
    frontier = sum(len(s.board.frontier) for s in boards) / len(boards)
    tiles = sum(len(s.placements) for s in boards) / len(boards)
    print(f"{label}: legal placements, board of ~{tiles:.0f} tiles (frontier ~{frontier:.0f} squares, "
          f"{sum(counts) / len(counts):.0f} placements on average): median {med:.1f} us, p95 {p95:.1f} us")

    turn = []
    for state in boards:
        for _ in range(10):
            trial = copy.deepcopy(state)
            start = time.perf_counter()
            seat = trial.current
            GAME.status(GAME.view(trial, None))
            actions = GAME.legal_actions(trial, seat)
            action = GAME.parse(trial, seat, str(actions[len(actions) // 2]))
            GAME.apply(trial, seat, action)
            while not GAME.is_over(trial) and trial.phase in ("deploy", "dragon"):
                (actor,) = GAME.to_act(trial)
                GAME.suggestions(trial, actor)
                options_now = GAME.legal_actions(trial, actor)
                GAME.apply(trial, actor, options_now[len(options_now) // 2])
            turn.append((time.perf_counter() - start) * 1e6)
    med, p95 = percentiles(turn)
    print(f"{label}: whole turn at tile ~{tiles:.0f} (view, status, legal actions, parse, place, deploy, dragon, "
          f"score, draw): median {med:.0f} us, p95 {p95:.0f} us")


def main() -> None:
    measure("base game", frozenset(), 70)
    measure("every option", ALL_OPTIONS, 158)


if __name__ == "__main__":
    main()
