"""Shared helpers for the Stone Age tests: fixed games, moves by text, rejection checks."""
from __future__ import annotations

from typing import Iterable

import pytest

from games.core import IllegalAction
from games.stone_age import GAME
from games.stone_age.rules import flow
from games.stone_age.state import StoneAgeState

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3


def new(players: int = 2, first: int = 0, dice: Iterable[int] = (), options: Iterable[str] = (),
        deck: list[str] | None = None, stacks: list[list[str]] | None = None, seed: int = 7) -> StoneAgeState:
    return GAME.setup_fixed(players, frozenset(options), seed=seed, deck=deck, stacks=stacks, first=first,
                            dice=list(dice))


def start_actions(state: StoneAgeState, placements: dict[int, dict[str, int]]) -> list:
    """Put people directly on locations (skipping the placement turns) and start phase 2."""
    for seat, player in enumerate(state.players):
        player.where = dict(placements.get(seat, {}))
    return flow.start_actions(state)


def act(state: StoneAgeState, seat: int, text: str) -> list[str]:
    events = GAME.apply(state, seat, GAME.parse(state, seat, text))
    return [e.msg.english(["Red", "Blue", "Green", "Yellow"]) for e in events]


def rejects(state: StoneAgeState, seat: int, text: str, fragment: str = "") -> str:
    """``text`` is refused with a message containing ``fragment`` and the state is unchanged."""
    before = GAME.to_json(state)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, seat, GAME.parse(state, seat, text))
    assert GAME.to_json(state) == before
    message = info.value.msg.english()
    assert fragment.lower() in message.lower(), message
    return message


def tools(state: StoneAgeState, seat: int) -> list[tuple[int, int]]:
    return [(v, u) for v, u in state.players[seat].tools]
