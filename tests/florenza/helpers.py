"""Test helpers: build Florenza positions directly in the state (a test harness, not game code)."""
from __future__ import annotations

import random
from typing import Any

from games.core import Event, IllegalAction
from games.florenza import GAME
from games.florenza.components import RES, catalog
from games.florenza.state import FlorenzaState

NAMES = ["Alice", "Bob", "Cara", "Dana"]
A, B, C, D = 0, 1, 2, 3


def new(players: int = 3, seed: int = 1) -> FlorenzaState:
    return GAME.setup(players, frozenset(), seed)


def set_holdings(state: FlorenzaState, seat: int, florins: int | None = None, **res: int) -> None:
    """Give ``seat`` exactly these holdings, moving the difference from/to supply and bank."""
    player = state.p[seat]
    for i, code in enumerate(RES):
        want = res.get(code, 0)
        state.supply[i] -= want - player.res[i]
        player.res[i] = want
    if florins is not None:
        state.bank -= florins - player.florins
        player.florins = florins


def set_hand(state: FlorenzaState, seat: int, cards: list[str]) -> None:
    state.p[seat].hand = list(cards)


def artist_card_index(state: FlorenzaState, artist_id: str, value: int) -> int:
    """A named artist card with this value that is not already on display or owned."""
    used = set(state.art_display) | {i for p in state.p for i in p.reserved_artists}
    used |= {h for p in state.p for _, h in p.cards + p.monuments if isinstance(h, int)}
    for index, (aid, v) in enumerate(catalog().artist_cards):
        if aid == artist_id and v == value and index not in used:
            return index
    raise AssertionError(f"no free card {artist_id} {value}")


def show_artists(state: FlorenzaState, *cards: tuple[str, int]) -> None:
    """Put these artist cards on display (left to right), returning the old display to the deck."""
    state.art_deck.extend(state.art_display)
    state.art_display = []
    for artist_id, value in cards:
        index = artist_card_index(state, artist_id, value)
        if index in state.art_deck:
            state.art_deck.remove(index)
        if index in state.art_removed:
            state.art_removed.remove(index)
        state.art_display.append(index)


def show_monuments(state: FlorenzaState, *ids: str) -> None:
    number = {m.id: m.number for m in catalog().monuments.values()}
    state.mon_deck.extend(state.mon_display)
    state.mon_display = []
    for monument_id in ids:
        if monument_id in state.mon_deck:
            state.mon_deck.remove(monument_id)
        state.mon_display.append(monument_id)
    state.mon_display.sort(key=number.get)


def turn_of(state: FlorenzaState, seat: int, turn: int = 1) -> None:
    """Make it ``seat``'s action in Phase 3 (turn ``turn``) without changing the captain."""
    state.phase, state.step, state.turn = 3, "", turn
    state.pos = state.order().index(seat)


def act(state: FlorenzaState, seat: int, text: str) -> list[Event]:
    return GAME.apply(state, seat, GAME.parse(state, seat, text))


def public_lines(events: list[Event]) -> list[str]:
    return [e.msg.english(NAMES) for e in events if e.to is None]


def rejected(state: FlorenzaState, seat: int, text: str) -> str:
    """Parse and apply ``text``; it must be refused without any change. Returns the message."""
    before = GAME.to_json(state)
    try:
        GAME.apply(state, seat, GAME.parse(state, seat, text))
    except IllegalAction as error:
        assert GAME.to_json(state) == before, f"{text!r} changed the state"
        return error.msg.english(NAMES)
    raise AssertionError(f"{text!r} was accepted")


def play_random(state: FlorenzaState, rng: random.Random, stop: Any = None) -> None:
    """Random legal play until the game ends (or ``stop(state)`` is true)."""
    while not GAME.is_over(state) and not (stop and stop(state)):
        seat = rng.choice(sorted(GAME.to_act(state)))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
