"""Building exact positions for the worked examples."""
from __future__ import annotations

import random
from typing import Iterable

from games.core import IllegalAction
from games.keyflower import GAME
from games.keyflower.components import COLOURS, RESOURCES, SKILLS
from games.keyflower.state import KeyflowerState, Placed, counts

LETTER = {"R": "red", "B": "blue", "Y": "yellow", "G": "green"}


def keeples(spec: str) -> dict[str, int]:
    """``"R3 B2 Y3"`` -> a full colour count dict."""
    out = counts(COLOURS)
    for part in spec.split():
        out[LETTER[part[0]]] += int(part[1:])
    return out


def state(players: int, season: int = 0, auction: Iterable[str] = (), supplies: Iterable[str] = (),
          start: int = 0, seed: int = 7) -> KeyflowerState:
    """A fresh game changed to the given season, auction, supplies and start player.

    Keeples moved into supplies come out of the bag so that the totals stay physical.
    """
    st = GAME.setup(players, frozenset(), seed)
    for player in st.seats:                 # put the dealt keeples back
        for c in COLOURS:
            st.bag[c] += player.keeples[c]
            player.keeples[c] = 0
    for seat, spec in enumerate(supplies):
        give(st, seat, spec)
    st.order = list(range(players))         # the examples seat Ann, Bob, Cara ... clockwise
    st.season = season
    st.auction = list(auction)
    st.activity = {}
    st.start = st.turn = st.purple = start
    st.passes = 0
    st.action_no = 0
    st.phase = "actions"
    return st


def give(st: KeyflowerState, seat: int, spec: str) -> None:
    for colour, n in keeples(spec).items():
        if colour == "green":
            st.green -= n
        else:
            st.bag[colour] -= n
        st.seats[seat].keeples[colour] += n


def put(st: KeyflowerState, seat: int, tid: str, q: int, r: int, k: int = 0, upgraded: bool = False,
        **res: int) -> Placed:
    placed = Placed(tid, q, r, k, upgraded, counts(RESOURCES, res))
    st.seats[seat].village[tid] = placed
    for name, n in res.items():
        st.stock[name] -= n
    return placed


def play(st: KeyflowerState, seat: int, text: str):
    action = GAME.parse(st, seat, text)
    assert GAME.parse(st, seat, str(action)) == action
    return GAME.apply(st, seat, action)


def rejected(st: KeyflowerState, seat: int, text: str) -> str:
    """Apply ``text`` expecting a refusal; check that nothing changed; return the message."""
    before = GAME.to_json(st)
    try:
        play(st, seat, text)
    except IllegalAction as err:
        assert GAME.to_json(st) == before
        return str(err)
    raise AssertionError(f"{text!r} was accepted")


def supply(st: KeyflowerState, seat: int) -> dict[str, int]:
    return {c: n for c, n in st.seats[seat].keeples.items() if n}


def random_game(players: int, seed: int, options: frozenset[str] = frozenset(), max_steps: int = 5000,
                on_step=None) -> KeyflowerState:
    """Play a whole game with random legal actions (passes made likelier to keep games short)."""
    rng = random.Random(seed)
    st = GAME.setup(players, options, seed)
    steps = 0
    while GAME.outcome(st) is None:
        seat = rng.choice(sorted(GAME.to_act(st)))
        actions = GAME.legal_actions(st, seat)
        assert actions, (seat, st.phase)
        passes = [a for a in actions if str(a) in ("pass", "done")]
        action = passes[0] if passes and rng.random() < 0.2 else rng.choice(actions)
        before = None
        GAME.apply(st, seat, action)
        if on_step:
            on_step(before, seat, action, st)
        steps += 1
        assert steps < max_steps
    return st


def skills(spec: str) -> dict[str, int]:
    out = counts(SKILLS)
    for name in spec.split():
        out[name] += 1
    return out
