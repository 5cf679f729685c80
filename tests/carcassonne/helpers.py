"""Test helpers: build games with a fixed pile and replay §15.3 log lines."""
from __future__ import annotations

import re
from dataclasses import dataclass

from games.carcassonne import GAME
from games.carcassonne.state import CarcassonneState

LINE = re.compile(r"(\d+)\.\s+([RYGBK])\s+(.*)")


@dataclass
class Entry:
    turn: int
    letter: str
    tile: str
    action: str | None      # None for a discard


def parse_log(text: str) -> list[Entry]:
    entries = []
    for raw in text.strip().splitlines():
        main = raw.split("|")[0].strip()
        if not main:
            continue
        match = LINE.fullmatch(main)
        assert match, raw
        words = match.group(3).split()
        if words[0] == "discard":
            entries.append(Entry(int(match.group(1)), match.group(2), words[1], None))
        else:
            entries.append(Entry(int(match.group(1)), match.group(2), words[0], " ".join(words[1:])))
    return entries


def replay(text: str, players: str, options: tuple[str, ...] = (), extra_pile: tuple[str, ...] = ()) -> CarcassonneState:
    """Play the log lines of a §17 example. ``players`` lists the example's colour letters in seat
    order ("R,Y,B": seat 0 is R, seat 1 is Y, seat 2 is B). The pile is exactly the tiles of the
    lines (plus ``extra_pile``), so the game ends after the last line unless extra tiles follow."""
    letters = players.split(",")
    entries = parse_log(text)
    pile = [e.tile for e in entries] + list(extra_pile)
    state = GAME.new_state(len(letters), options, seed=1, pile=pile, first=letters.index(entries[0].letter))
    discards = 0
    for entry in entries:
        seat = letters.index(entry.letter)
        if entry.action is None:
            discards += 1
            assert state.discarded[:discards][-1] == entry.tile, (entry, state.discarded)
            continue
        assert state.current == seat, (entry, state.current)
        assert state.drawn == entry.tile, (entry, state.drawn)
        assert state.turn == entry.turn, (entry, state.turn)
        action = GAME.parse(state, seat, entry.action)
        GAME.apply(state, seat, action)
    assert len(state.discarded) == discards
    return state


def fresh(pile: list[str], players: int = 2, options: tuple[str, ...] = (), first: int = 0) -> CarcassonneState:
    return GAME.new_state(players, options, seed=1, pile=pile, first=first)


def play(state: CarcassonneState, *lines: str) -> list:
    """Apply action lines for whoever is to act; returns all events."""
    events = []
    for line in lines:
        seat = state.current
        events += GAME.apply(state, seat, GAME.parse(state, seat, line))
    return events
