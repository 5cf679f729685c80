"""A Florenza determinization keeps what the seat can know, the public history included.

Per-type resources and exact florins are hidden in a view, but every gain and payment is
announced with its amounts, from holdings everyone knows at the start: the public events alone
give every seat's holdings, and a determinization keeps them. Nothing of a hand is ever shown
when it is discarded, but the seat knows what it discarded itself: its own discards stay where
they are, in the discard pile or the removed pile. The piles fill only at the ends of rounds,
from the hands, a seat at a time in an order everyone sees, so each seat's part of a pile holds
cards of the decks dealt by the round that made it: during the actions of rounds 2 and 3 the
pile holds no card of the deck dealt that round, and during the end-of-round choices of
rounds 2 and 3 the parts of earlier rounds hold none of the decks dealt later. What a
determinization deals again is exactly what the seat cannot place."""
from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterator

import pytest

from games.core import Term
from games.florenza import actions as A
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


@dataclass(frozen=True)
class Part:
    """The cards one seat discarded at the end of a round, as a part of a pile, and the decks
    dealt into the draw deck by then (where they came from)."""
    round: int
    seat: int
    cards: tuple[str, ...]
    dealt: frozenset[str]


#: each pile's parts in the order they were put there, the earliest first
Piles = dict[str, list[Part]]


def positions(players: int, seed: int) -> Iterator[tuple[FlorenzaState, list[list[int]], Piles]]:
    """The positions of a seeded random game (the acting seat picked as the no-peeking tests
    do), each with every seat's holdings (six resources, florins) counted from the public
    events alone, and the parts of the discard and removed piles (each seat's discards, seen
    leaving its hand, and the decks seen leaving ``decks`` by then)."""
    state = GAME.setup(players, frozenset(), seed)
    rng = random.Random(seed)
    holdings = [list(p.res) + [p.florins] for p in state.p]
    assert all(h == holdings[0] for h in holdings)                   # the rules' public start
    dealt = {"I"}
    piles: Piles = {"discard": [], "removed": []}
    while not GAME.is_over(state):
        yield state, holdings, {name: list(parts) for name, parts in piles.items()}
        seat = first_seat(GAME, state, rng)
        action = rng.choice(GAME.legal_actions(state, seat))
        hand, round_was = list(state.p[seat].hand), state.round
        for event in GAME.apply(state, seat, action):
            change = announced(dict(event.msg.params)) if event.to is None else None
            if change is not None:
                who = event.msg.params["player"].seat
                holdings[who] = [a + b for a, b in zip(holdings[who], change)]
        if isinstance(action, A.Keep):                  # the rest of the hand goes to a pile
            hand.remove(action.card)
            piles["discard" if round_was < 4 else "removed"].append(Part(round_was, seat, tuple(hand), frozenset(dealt)))
        if state.round != round_was:
            dealt |= {"I", "II", "III"} - set(state.decks)
            if state.round == 4:
                piles["discard"] = []                      # shuffled into round 4's draw deck


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_the_public_events_give_every_seats_holdings(players, seed):
    for state, holdings, _ in positions(players, seed):
        assert holdings == [list(p.res) + [p.florins] for p in state.p]


def unseen_cards(state: FlorenzaState, seat: int) -> list[str]:
    return [c for s, p in enumerate(state.p) if s != seat for c in p.hand] + state.draw + state.discard + state.removed


def may_hold(part: Part, players: int) -> set[str]:
    return {c for name in part.dealt for c in build_deck(name, players)}


@pytest.mark.parametrize("players, seed", [(2, 4), (3, 5), (4, 6)])
def test_every_determinization_keeps_what_the_seat_knows(players, seed):
    constrained: Counter[str] = Counter()
    for n, (state, holdings, piles) in enumerate(positions(players, seed)):
        if n % 3 and state.phase == 3:
            continue
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
                for name, parts in piles.items():
                    pile, start = getattr(sample, name), 0
                    assert sum(len(part.cards) for part in parts) == len(pile)
                    for part in parts:
                        held = pile[start:start + len(part.cards)]
                        start += len(part.cards)
                        if part.seat == seat:
                            assert tuple(held) == part.cards, f"{name}: the seat's own discards of round {part.round} dealt again"
                        assert set(held) <= may_hold(part, players), \
                            f"{name}: {set(held) - may_hold(part, players)} in a part of round {part.round}, dealt after it"
            unseen = set(unseen_cards(state, seat))
            if any(part.seat != seat and unseen - may_hold(part, players) for part in piles["discard"]):
                constrained[f"phase {state.phase}"] += 1
            if any(part.seat == seat for parts in piles.values() for part in parts):
                constrained["own discards"] += 1
    assert constrained["phase 3"], "the game should reach a discard pile that cards of a new deck cannot be in"
    assert constrained["phase 4"], "the game should reach end-of-round choices with parts of earlier rounds in the pile"
    assert constrained["own discards"], "the game should reach a seat deciding with its own discards in a pile"
