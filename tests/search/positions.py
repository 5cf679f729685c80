"""Reachable positions for the search tests: a random walk from a new game, and who acts in it.

Each game's tests name how a seat is picked where several may act (``only_seat``, ``first_seat``
or ``any_seat``); the walk and the tests' choice of the deciding seat use the same rule."""
from __future__ import annotations

import random
from typing import Any, Callable

from hypothesis import assume

#: picks the seat to act in a state, drawing from the rng where the game lets several act at once
SeatPicker = Callable[[Any, Any, random.Random], int]


def only_seat(game: Any, state: Any, rng: random.Random) -> int:
    """The one seat to act (the game never lets two act at once)."""
    (seat,) = game.to_act(state)
    return seat


def first_seat(game: Any, state: Any, rng: random.Random) -> int:
    """The lowest of the seats to act."""
    return min(game.to_act(state))


def any_seat(game: Any, state: Any, rng: random.Random) -> int:
    """One of the seats to act, drawn from ``rng``."""
    return rng.choice(sorted(game.to_act(state)))


def reachable(game: Any, pick: SeatPicker, players: int, options: frozenset[str], seed: int,
              moves: int) -> Any:
    """A state after up to ``moves`` random legal actions from a new game, the acting seat
    picked by ``pick`` and the actions drawn from the same rng."""
    state = game.setup(players, options, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over(state):
            break
        seat = pick(game, state, rng)
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    return state


def deciding(game: Any, pick: SeatPicker, players: int, options: frozenset[str], seed: int,
             moves: int, seat_seed: int) -> tuple[Any, int]:
    """A reachable state that is not over (hypothesis draws again where it is) and the seat that
    decides in it, picked with an rng seeded by ``seat_seed``."""
    state = reachable(game, pick, players, options, seed, moves)
    assume(not game.is_over(state))
    return state, pick(game, state, random.Random(seat_seed))
