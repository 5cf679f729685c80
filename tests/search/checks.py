"""Checks of every game's support for the search beside the no-peeking tests: a clone is equal
and independent (with copies.py), the evaluation leaves the state alone and is the result at the
end, and the strong level plays whole games."""
from __future__ import annotations

import random
from typing import Any, Callable, Hashable

from games.core.search import SearchSettings, StrongPlayer
from tests.search.positions import SeatPicker

#: chooses the action of a seat in a state
Chooser = Callable[[Any, int], Any]


def one_seat_to_act(game: Any, state: Any) -> Any:
    """``state`` (not over) played on, the lowest seat's first action each time, until one seat
    alone is to act, as ``check_copy`` plays one seat's move."""
    assert not game.is_over(state)
    while len(game.to_act(state)) != 1:
        seat = min(game.to_act(state))
        game.apply(state, seat, game.legal_actions(state, seat)[0])
    return state


def random_actions(game: Any, rng: random.Random) -> Chooser:
    """Chooses a random legal action from ``rng``."""
    return lambda state, seat: rng.choice(game.legal_actions(state, seat))


def greedy_actions(game: Any) -> Chooser:
    """Chooses the greedy level's action, with an rng seeded by the seat."""
    greedy = game.computer_player("greedy")
    return lambda state, seat: greedy.choose(game, state, seat, random.Random(seat))


def check_evaluation(game: Any, state: Any, players: int, pick: SeatPicker, choose: Chooser,
                     values_hold: Callable[[tuple[float, ...]], bool] = lambda values: True) -> None:
    """The evaluation leaves ``state`` alone, values each of the ``players`` (and its values hold
    what the game asks of them); played to the end (the seat picked by ``pick``, its action by
    ``choose``), it is the final score."""
    before = game.to_json(state)
    values = game.evaluate(state)
    assert game.to_json(state) == before and len(values) == players
    assert values_hold(values)
    rng = random.Random(0)                                     # for a picker that draws a seat
    while not game.is_over(state):
        seat = pick(game, state, rng)
        game.apply(state, seat, choose(state, seat))
    outcome = game.outcome(state)
    assert outcome is not None and game.evaluate(state) == tuple(float(s) for s in outcome.scores)


def strong_plays_a_whole_game(game: Any, options: frozenset[str], quick: SearchSettings, pick: SeatPicker,
                              seen: Callable[[Any, int], Hashable] = lambda state, seat: None) -> set[Hashable]:
    """The game supports the search and its strong level is named so; with ``quick`` settings it
    plays seat 0 of a three-player game (seed 21) to the end against random legal actions (one
    rng for both), every action legal. Returns what ``seen`` noted before each action."""
    assert game.supports_search() and game.computer_player("strong").name == "strong"
    strong, state, rng = StrongPlayer(quick), game.setup(3, options, 21), random.Random(21)
    noted: set[Hashable] = set()
    while not game.is_over(state):
        seat = pick(game, state, rng)
        noted.add(seen(state, seat))
        action = strong.choose(game, state, seat, rng) if seat == 0 else rng.choice(game.legal_actions(state, seat))
        assert action in game.legal_actions(state, seat)
        game.apply(state, seat, action)
    return noted
