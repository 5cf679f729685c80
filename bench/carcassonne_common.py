"""Shared bits of the Carcassonne benchmarks (run by hand: python bench/carcassonne_*.py)."""
from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.carcassonne import GAME  # noqa: E402


def percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


ALL_OPTIONS = frozenset({"fluss", "erweiterung", "haendler", "koenig", "drache"})


def late_game(seed: int, placed: int = 70, options: frozenset[str] = frozenset()):
    """A random game played until ``placed`` tiles lie on the board (start tile included), left
    at the start of a turn (a tile drawn, nothing placed yet)."""
    rng = random.Random(seed)
    state = GAME.setup(4, options, seed)
    while not GAME.is_over(state) and (len(state.placements) < placed or state.phase != "place"):
        (seat,) = GAME.to_act(state)
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


def quick() -> bool:
    return "--quick" in sys.argv
