"""How fast a state can be copied for the search: ``copy.deepcopy``, the JSON round trip
(``to_json``/``from_json``) and the game's own clone (Carcassonne: games/carcassonne/search.py,
which copies the board rather than rebuilding it; other games: ``Game.clone``). Checks each copy
is equal and independent, then prints medians.

Run by hand: ``python bench/search_clone.py [GAME] [--quick]`` (default: carcassonne; other
games are timed on states half-way through random games with 2 and 4 players).
"""
from __future__ import annotations

import copy
import random
import statistics
import sys
import time

from carcassonne_common import ALL_OPTIONS, GAME, late_game, quick
from games import registry
from games.carcassonne.search import clone
from tests.search.copies import check_copy

WAYS = {
    "deepcopy": copy.deepcopy,
    "json": lambda s: GAME.from_json(GAME.to_json(s)),
    "clone": clone,
}


def check(state, way) -> None:
    check_copy(GAME, state, way)


def time_ways(game, label: str, states: list, ways: dict, repeats: int) -> None:
    print(f"{label} ({len(states)} states, {repeats} copies each):")
    for name, way in ways.items():
        for state in states:
            check_copy(game, state, way)
        samples = []
        for state in states:
            for _ in range(repeats):
                start = time.perf_counter()
                way(state)
                samples.append(time.perf_counter() - start)
        print(f"  {name:9s} median {statistics.median(samples) * 1e6:8.1f} µs")


def half_played(game, players: int, seed: int):
    """A state about half-way through a random game (the first seat to act is asked)."""
    lengths = []
    for attempt in range(2):
        rng = random.Random(seed)
        state = game.setup(players, frozenset(), seed)
        moves = 0
        while not game.is_over(state) and (attempt == 0 or moves < lengths[0] // 2):
            seat = min(game.to_act(state))
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            moves += 1
        lengths.append(moves)
    return state


def main() -> None:
    repeats = 50 if quick() else 300
    names = [a for a in sys.argv[1:] if not a.startswith("--")]
    name = names[0] if names else "carcassonne"
    if name != "carcassonne":
        game = registry.get(name)
        ways = {"deepcopy": copy.deepcopy, "json": lambda s: game.from_json(game.to_json(s)), "clone": game.clone}
        for players in (2, 4):
            time_ways(game, f"{name}, {players} players, half-way", [half_played(game, players, s) for s in range(3)],
                      ways, repeats)
        return
    for label, options, placed in (("base, 40 tiles", frozenset(), 40), ("all add-ons, 70 tiles", ALL_OPTIONS, 70)):
        states = [late_game(seed, placed, options) for seed in range(3)]
        time_ways(GAME, label, states, WAYS, repeats)


if __name__ == "__main__":
    main()
