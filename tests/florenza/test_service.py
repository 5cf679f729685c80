"""Smoke test: the table service can run Florenza (public replies, private hand, buttons)."""
from __future__ import annotations

import itertools

import pytest

from bot.i18n import I18n
from bot.service import TableService
from games.florenza.components import catalog
from tests.conftest import ctx, make_settings

I18N = I18n(["games.florenza"])
USERS = ("alice", "bob", "carol")


def text(replies, locale="en"):
    return "\n".join(I18N.lines(r.lines, locale, r.names) for r in replies)


@pytest.fixture
async def florenza_service(store):
    seeds = itertools.count(7)
    settings = make_settings(games={"enabled": ("florenza",), "extra": ("games.florenza:GAME",)})
    service = TableService(store, settings, seed_source=lambda: next(seeds), render=False)
    yield service
    await service.close()


async def test_a_florenza_table_plays_and_keeps_hands_private(florenza_service):
    service = florenza_service
    await service.join(ctx("alice"), "florenza")
    for user in USERS[1:]:
        await service.join(ctx(user))
    replies = await service.start(ctx("alice"))
    public = text(replies)
    assert "Round 1/5" in public and "hand 5" in public
    assert "My hand" in [b.label for b in replies[0].buttons]
    table = service.live_tables.in_channel(1)
    hands = [set(p.hand) for p in table.state.p]
    # the public reply names no card of anybody's hand (no card has been played yet)
    words = set(public.replace(",", " ").split())
    assert not words & set(catalog().cards)
    # the seat to act: the first seat; the others are refused privately
    at = [name.lower() for name in table.names]          # seats are shuffled at the start
    first = at[table.state.captain]
    other = at[(table.state.captain + 1) % 3]
    refused = await service.act(ctx(other), "workers")
    assert refused[0].error and refused[0].private
    moved = await service.act_verb(ctx(first), "workers", "")
    assert not moved[0].error and "workers — fl+50" in text(moved)
    # /hand: the owner's cards, privately, in Japanese too
    hand = await service.hand(ctx(other))
    assert hand[0].private and "Your hand (5 cards):" in text(hand)
    seat = at.index(other)
    assert all(card_id in text(hand) for card_id in hands[seat])
    assert "手札" in text(hand, "ja")
    # slash verbs reach the engine: /reserve monument m1 and /market buy
    moved = await service.act_verb(ctx(other), "reserve", "monument m1")
    assert not moved[0].error, text(moved)
    third = at[(table.state.captain + 2) % 3]
    moved = await service.act_verb(ctx(third), "market", "buy go")
    assert not moved[0].error, text(moved)
