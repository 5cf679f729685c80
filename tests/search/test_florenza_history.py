"""Florenza's public history gives what its views hide of holdings: per-type resources and exact
florins are hidden in a view, but every gain and payment is announced with its amounts, from
holdings everyone knows at the start, so the public events alone give every seat's holdings
(which a determinization therefore keeps: games/florenza/search.py)."""
from __future__ import annotations

import random
import re
from typing import Any, Iterator

import pytest

from games.core import Term
from games.florenza.game import Florenza
from games.florenza.state import FlorenzaState
from tests.search.positions import first_seat

GAME = Florenza()
#: an amount in an event: a holding's code, an optional sign and a number (``ma1``, ``fl+200``, ``wo−1``)
AMOUNT = re.compile(r"(ma|wo|me|fa|go|sp|fl)([+\u2212-]?)(\d+)")
CODES = ("ma", "wo", "me", "fa", "go", "sp", "fl")


def announced(params: dict[str, Any]) -> list[int] | None:
    """The change of the acting seat's holdings an event announces (six resources, florins):
    ``paid`` is taken away, ``delta`` changes by its signs, ``income`` is received."""
    for key, sign in (("paid", -1), ("delta", 1), ("income", 1)):
        value = params.get(key)
        if value is None:
            continue
        change = [0] * len(CODES)
        for code, mark, n in AMOUNT.findall(value.en if isinstance(value, Term) else str(value)):
            change[CODES.index(code)] += sign * (-int(n) if mark in ("\u2212", "-") else int(n))
        return change
    return None


def positions(players: int, seed: int) -> Iterator[tuple[FlorenzaState, list[list[int]]]]:
    """The positions of a seeded random game (the acting seat picked as the no-peeking tests
    do), each with every seat's holdings (six resources, florins) counted from the public
    events alone."""
    state = GAME.setup(players, frozenset(), seed)
    rng = random.Random(seed)
    holdings = [list(p.res) + [p.florins] for p in state.p]
    assert all(h == holdings[0] for h in holdings)                   # the rules' public start
    while not GAME.is_over(state):
        yield state, holdings
        seat = first_seat(GAME, state, rng)
        for event in GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat))):
            change = announced(dict(event.msg.params)) if event.to is None else None
            if change is not None:
                who = event.msg.params["player"].seat
                holdings[who] = [a + b for a, b in zip(holdings[who], change)]


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_the_public_events_give_every_seats_holdings(players, seed):
    for state, holdings in positions(players, seed):
        assert holdings == [list(p.res) + [p.florins] for p in state.p]

