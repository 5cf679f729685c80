"""How fast a state can be copied for the search: ``copy.deepcopy``, the JSON round trip
(``to_json``/``from_json``; Carcassonne's rebuilds the board) and the hand-written clone (each
game's ``search.py``), for every game that supports the search. Checks each copy is equal and
independent, then prints medians.

Run by hand: ``python bench/search_clone.py [GAME] [--quick | --smoke]`` (no GAME: all of them; games
other than Carcassonne are timed on 4-player states part-way through games greedy plays).
"""
from __future__ import annotations

import copy
import random
import statistics
import sys
import time
from typing import Any, Callable

from carcassonne_common import ALL_OPTIONS, GAME, late_game, quick
from games.carcassonne.search import clone
from games.florenza import GAME as FLORENZA
from games.keyflower import GAME as KEYFLOWER
from games.quetzal import GAME as QUETZAL
from games.stone_age import GAME as STONE_AGE
from tests.search.copies import check_copy

WAYS = {
    "deepcopy": copy.deepcopy,
    "json": lambda s: GAME.from_json(GAME.to_json(s)),
    "clone": clone,
}


def greedy_state(game: Any, players: int, seed: int, moves: int) -> Any:
    """A game played by the greedy level for ``moves`` actions, moved on to where one seat acts."""
    greedy, rng = game.computer_player("greedy"), random.Random(seed)
    state = game.setup(players, frozenset(), seed)
    for done in range(10 * moves):
        if game.is_over(state) or (done >= moves and len(game.to_act(state)) == 1):
            break
        seat = min(game.to_act(state))
        game.apply(state, seat, greedy.choose(game, state, seat, rng))
    return state


def time_ways(game: Any, states: list[Any], repeats: int, ways: dict[str, Callable[[Any], Any]] | None = None) -> None:
    """Check every way on every state, then print each way's median time."""
    ways = ways or {"deepcopy": copy.deepcopy, "json": lambda s: game.from_json(game.to_json(s)), "clone": game.clone}
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


#: the other games: how many greedy moves into a 4-player game their states are taken
PART_WAY = ((KEYFLOWER, 120), (QUETZAL, 150), (STONE_AGE, 150), (FLORENZA, 60))


def main() -> None:
    repeats = 5 if "--smoke" in sys.argv else 50 if quick() else 300
    chosen = {a for a in sys.argv[1:] if not a.startswith("--")}
    if not chosen or "carcassonne" in chosen:
        for label, options, placed in (("base, 40 tiles", frozenset(), 40), ("all add-ons, 70 tiles", ALL_OPTIONS, 70)):
            states = [late_game(seed, placed, options) for seed in range(3)]
            print(f"carcassonne, {label} ({len(states)} states, {repeats} copies each):")
            time_ways(GAME, states, repeats, WAYS)
    for game, moves in PART_WAY:
        if chosen and game.name not in chosen:
            continue
        states = [greedy_state(game, 4, seed, moves) for seed in range(3)]
        print(f"{game.name}, 4 players, {moves} greedy moves ({len(states)} states, {repeats} copies each):")
        time_ways(game, states, repeats)


if __name__ == "__main__":
    main()
