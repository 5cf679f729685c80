"""A Florenza determinization keeps what the seat can know, the public history included.

Per-type resources and exact florins are hidden in a view, but every gain and payment is
announced with its amounts, from holdings everyone knows at the start: the public events alone
give every seat's holdings, and a determinization keeps them. Nothing of a hand is ever shown
when it is discarded; but the discard pile fills only at the ends of rounds, from the hands,
so during the actions of rounds 2 and 3 it holds cards of the decks dealt before the round
only (not of deck II in round 2, nor of deck III in round 3), and a determinization deals it
from those. What it deals again is exactly what the seat cannot place."""
from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any, Iterator

import pytest

from games.core import Term
from games.florenza.game import Florenza
from games.florenza.rules.setup import build_deck
from games.florenza.state import FlorenzaState
from tests.search.positions import first_seat

GAME = Florenza()
#: determinizations drawn at each checked position, for each seat to act
SAMPLES = 4
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


def positions(players: int, seed: int) -> Iterator[tuple[FlorenzaState, list[list[int]], set[str]]]:
    """The positions of a seeded random game (the acting seat picked as the no-peeking tests
    do), each with every seat's holdings (six resources, florins) counted from the public
    events alone, and the decks dealt into the draw deck before the current round (seen
    leaving ``decks`` as the game is applied)."""
    state = GAME.setup(players, frozenset(), seed)
    rng = random.Random(seed)
    holdings = [list(p.res) + [p.florins] for p in state.p]
    assert all(h == holdings[0] for h in holdings)                   # the rules' public start
    dealt, before_round = {"I"}, set[str]()
    while not GAME.is_over(state):
        yield state, holdings, before_round
        seat = first_seat(GAME, state, rng)
        round_was = state.round
        for event in GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat))):
            change = announced(dict(event.msg.params)) if event.to is None else None
            if change is not None:
                who = event.msg.params["player"].seat
                holdings[who] = [a + b for a, b in zip(holdings[who], change)]
        if state.round != round_was:
            before_round = set(dealt)
            dealt |= {"I", "II", "III"} - set(state.decks)


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_the_public_events_give_every_seats_holdings(players, seed):
    for state, holdings, _ in positions(players, seed):
        assert holdings == [list(p.res) + [p.florins] for p in state.p]


def unseen_cards(state: FlorenzaState, seat: int) -> list[str]:
    return [c for s, p in enumerate(state.p) if s != seat for c in p.hand] + state.draw + state.discard + state.removed


@pytest.mark.parametrize("players, seed", [(2, 4), (3, 5), (4, 6)])
def test_every_determinization_keeps_what_the_seat_knows(players, seed):
    constrained = 0
    for n, (state, holdings, before_round) in enumerate(positions(players, seed)):
        if n % 3:
            continue
        may_discard = {c for name in before_round for c in build_deck(name, players)}
        for seat in sorted(GAME.to_act(state)):
            for i in range(SAMPLES):
                sample = GAME.determinize(state, seat, random.Random(i))
                assert sample.p[seat].hand == state.p[seat].hand
                assert [list(p.res) + [p.florins] for p in sample.p] == holdings      # the announced amounts
                for real, drawn in zip(state.p, sample.p):
                    assert drawn.pp == real.pp
                    assert (drawn.cards, drawn.monuments, drawn.reserved_monuments) == \
                        (real.cards, real.monuments, real.reserved_monuments)
                    assert len(drawn.hand) == len(real.hand)
                assert (sample.supply, sample.bank, sample.mon_display, sample.locations) == \
                    (state.supply, state.bank, state.mon_display, state.locations)
                assert {k: sorted(v) for k, v in sample.decks.items()} == {k: sorted(v) for k, v in state.decks.items()}
                assert [len(sample.draw), len(sample.discard), len(sample.removed)] == \
                    [len(state.draw), len(state.discard), len(state.removed)]
                assert Counter(unseen_cards(sample, seat)) == Counter(unseen_cards(state, seat))
                if state.phase == 3 and state.discard:
                    assert set(sample.discard) <= may_discard, \
                        f"round {state.round}: {set(sample.discard) - may_discard} in the discard pile though dealt this round"
            if state.phase == 3 and state.discard and set(unseen_cards(state, seat)) - may_discard:
                constrained += 1
    assert constrained, "the game should reach a discard pile that cards of a new deck cannot be in"
