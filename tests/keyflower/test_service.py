"""Smoke test: the table service runs Keyflower (public replies, private supply, slash verbs,
simultaneous winter choice, restart from the stored action log)."""
from __future__ import annotations

import itertools

import pytest

from bot.i18n import I18n
from bot.service import TableService
from tests.conftest import ctx, make_settings

I18N = I18n(["games.keyflower"])
USERS = ("alice", "bob", "carol")


def text(replies, locale="en"):
    return "\n".join(I18N.lines(r.lines, locale, r.names) for r in replies)


@pytest.fixture
async def keyflower_service(store):
    seeds = itertools.count(11)
    settings = make_settings(games={"enabled": ("keyflower",), "extra": ("games.keyflower:GAME",)})
    service = TableService(store, settings, seed_source=lambda: next(seeds), render=False)
    yield service
    await service.close()


async def test_a_keyflower_table_plays_with_slash_verbs(keyflower_service):
    service = keyflower_service
    await service.join(ctx("alice"), "keyflower")
    for user in USERS[1:]:
        await service.join(ctx(user))
    replies = await service.start(ctx("alice"))
    assert "Keyflower" in text(replies)
    table = service.live_tables.in_channel(1)
    state = table.state
    first = USERS[state.turn]
    other = USERS[state.next_seat(state.turn)]
    refused = await service.act_verb(ctx(other), "pass", "")
    assert refused[0].error and refused[0].private
    # a bid through /bid on the first auction tile with a colour the player holds
    seat = state.turn
    colour = next(c for c, n in state.seats[seat].keeples.items() if n)
    moved = await service.act_verb(ctx(first), "bid", f"{state.auction[0]} 1 {colour}")
    assert not moved[0].error, text(moved)
    assert f"leads {state.auction[0]} with 1 {colour}" in text(moved)
    # /hand shows the private supply, in Japanese too
    hand = await service.hand(ctx(first))
    assert hand[0].private and "Your supply:" in text(hand) and "手元" in text(hand, "ja")
    # everyone passes through /pass until the boat choice
    for _ in range(3):
        now = USERS[table.state.turn]
        reply = await service.act_verb(ctx(now), "pass", "")
        assert not reply[0].error, text(reply)
    assert table.state.phase in ("boats", "placement", "actions")
