"""Hidden information: the deck order, the tiles under each stack's top and (with hidden_cards)
other players' civilization cards never reach a view or a public event."""
from __future__ import annotations

import dataclasses
import random

from games.stone_age import GAME

from tests.stone_age.helpers import BLUE, RED, new, start_actions


def advanced(seed: int, options=frozenset(), steps: int = 120):
    state = GAME.setup(3, frozenset(options), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if GAME.is_over(state):
            break
        seat = rng.choice(sorted(GAME.to_act(state)))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


def test_public_view_names_no_face_down_card_or_tile():
    state = advanced(4)
    text = repr(GAME.view(state, None)) + repr(GAME.view(state, 1))
    for cid in state.deck:
        assert f"'{cid}'" not in text
    for stack in state.stacks:
        for tile in stack[1:]:
            assert f"'{tile}'" not in text
    # No field carries the random state, the deck or queued dice.
    names = {f.name for f in dataclasses.fields(GAME.view(state, None))}
    assert not names & {"rng", "seed", "deck", "dice_queue"}


def test_views_do_not_depend_on_hidden_order():
    state = advanced(5)
    other = GAME.from_json(GAME.to_json(state))
    random.Random(1).shuffle(other.deck)
    for stack in other.stacks:
        rest = stack[1:]
        random.Random(2).shuffle(rest)
        stack[1:] = rest
    other.rng.seed += 12345
    for seat in (None, 0, 1, 2):
        assert GAME.view(state, seat) == GAME.view(other, seat)


def test_hidden_cards_option():
    state = advanced(6, options={"hidden_cards"}, steps=200)
    owners = [s for s, p in enumerate(state.players) if p.cards]
    assert owners, "the random game should have bought a card"
    public = GAME.view(state, None)
    assert all(p.cards is None for p in public.players)
    assert [p.card_count for p in public.players] == [len(p.cards) for p in state.players]
    seat = owners[0]
    mine = GAME.view(state, seat)
    assert mine.players[seat].cards == tuple(state.players[seat].cards)
    assert all(p.cards is None for p in mine.players if p.seat != seat)
    assert GAME.private_lines(mine)


def test_extra_card_draw_is_private_with_hidden_cards():
    deck = ["C32", "C02", "C03", "C04", "C11"] + [f"C{i:02d}" for i in range(1, 37)
                                                if f"C{i:02d}" not in {"C32", "C02", "C03", "C04", "C11"}]
    state = new(deck=deck, options=["hidden_cards"])
    state.players[RED].res = [1, 0, 0, 0]
    start_actions(state, {RED: {"card1": 1, "field": 1}, BLUE: {"hunt": 1}})
    events = GAME.apply(state, RED, GAME.parse(state, RED, "buy card 1 with w"))
    public = [e for e in events if e.visible_to(None)]
    assert not any("C11" in e.msg.english() for e in public)
    assert any("C11" in e.msg.english() for e in events if e.visible_to(RED) and not e.visible_to(BLUE))


def test_cards_are_revealed_at_the_end():
    state = advanced(6, options={"hidden_cards"}, steps=200)
    state.phase = "over"
    assert all(p.cards is not None for p in GAME.view(state, None).players)
