"""How fast a Carcassonne state can be copied for the search: ``copy.deepcopy``, the JSON round
trip (``to_json``/``from_json``, which rebuilds the board) and the hand-written clone
(games/carcassonne/search.py). Checks each copy is equal and independent, then prints medians.

Run by hand: ``python bench/search_clone.py [--quick]``.
"""
from __future__ import annotations

import copy
import statistics
import time

from carcassonne_common import ALL_OPTIONS, GAME, late_game, quick
from games.carcassonne.search import clone
from tests.search.copies import check_copy

WAYS = {
    "deepcopy": copy.deepcopy,
    "json": lambda s: GAME.from_json(GAME.to_json(s)),
    "clone": clone,
}


def check(state, way) -> None:
    check_copy(GAME, state, way)


def main() -> None:
    repeats = 50 if quick() else 300
    for label, options, placed in (("base, 40 tiles", frozenset(), 40), ("all add-ons, 70 tiles", ALL_OPTIONS, 70)):
        states = [late_game(seed, placed, options) for seed in range(3)]
        print(f"{label} ({len(states)} states, {repeats} copies each):")
        for name, way in WAYS.items():
            for state in states:
                check(state, way)
            samples = []
            for state in states:
                for _ in range(repeats):
                    start = time.perf_counter()
                    way(state)
                    samples.append(time.perf_counter() - start)
            print(f"  {name:9s} median {statistics.median(samples) * 1e6:8.1f} µs")


if __name__ == "__main__":
    main()
