"""Public surfaces are built from the public view only, proven by non-interference.

For every game with secrets (Stone Age with ``hidden_cards``): play a random number of random
moves through the real service and store, then give one seat other secrets (another hand, other
winter tiles, other keeple colours, other hidden cards; tests/secret_swaps.py) and require that
nothing anyone else is shown changes: the public turn message (text in English and Japanese,
button labels, custom_ids, select menus), the board image's bytes, /status, the public /log,
and every other seat's own panel, hand, image and autocomplete. The changed seat's own view must
differ, so each example really changed a secret.
"""
from __future__ import annotations

import asyncio
import itertools
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from bot.i18n import I18n, game_packages
from bot.table.context import Ctx
from bot.presenters.replies import Reply
from bot.service import TableService
from bot.store import SqliteStore
from games import registry
from tests.conftest import make_settings
from tests.secret_swaps import SWAPS

CASES = [("florenza", frozenset()), ("keyflower", frozenset()), ("quetzal", frozenset()),
         ("stoneage", frozenset({"hidden_cards"}))]
OBSERVER = Ctx(999, "Watcher", 0)
_channels = itertools.count(5000)


def surface(i18n: I18n, reply: Reply) -> tuple:
    """Everything a reply shows, in both languages."""
    texts = tuple(i18n.lines(reply.lines, locale, reply.names, lambda u: f"<@{u.user_id}>") for locale in ("en", "ja"))
    buttons = tuple((i18n.template(b.label, "en"), i18n.template(b.label, "ja"), b.custom_id, b.style) for b in reply.buttons)
    selects = tuple((s.custom_id, i18n.render(s.placeholder, "ja"), tuple((o.label, o.value) for o in s.options))
                    for s in reply.selects)
    return texts, buttons, selects, reply.image, reply.private, tuple(reply.mentions)


def surfaces(i18n: I18n, replies: list[Reply]) -> tuple:
    return tuple(surface(i18n, r) for r in replies)


async def seen_by_others(service: TableService, i18n: I18n, channel: int, users: list[Ctx], secret_seat: int) -> dict:
    """What the public and every seat but ``secret_seat`` are shown now."""
    table = service.live_tables.in_channel(channel)
    watcher = Ctx(OBSERVER.user_id, OBSERVER.name, channel)
    seen = {"turn": surfaces(i18n, await service.turn_message(channel)),
            "status": surfaces(i18n, await service.status(watcher)),
            "log": surfaces(i18n, await service.log_text(watcher)),
            "watcher panel": surfaces(i18n, await service.panel(watcher))}
    for user in users:
        seat = table.seat_of(user.user_id)
        if seat == secret_seat:
            continue
        seen[f"seat {seat} panel"] = surfaces(i18n, await service.panel(user))
        seen[f"seat {seat} hand"] = surfaces(i18n, await service.hand(user))
        seen[f"seat {seat} autocomplete"] = tuple(service.autocomplete.action(user, "", limit=10_000))
    return seen


async def random_table(service: TableService, name: str, options: frozenset[str], seed: int, steps: int) -> tuple[int, list[Ctx]]:
    game = registry.get(name)
    channel = next(_channels)
    users = [Ctx(100 + i, f"P{i}", channel) for i in range(min(3, game.max_players))]
    await service.join(users[0], name)
    for option in options:
        await service.option(users[0], option)
    for user in users[1:]:
        await service.join(user)
    await service.start(users[0])
    rng = random.Random(seed)
    by_id = {u.user_id: u for u in users}
    for _ in range(steps):
        table = service.live_tables.in_channel(channel)
        if table is None or table.status != "playing" or not table.game.to_act(table.state):
            break
        seat = rng.choice(sorted(table.game.to_act(table.state)))
        user = by_id[table.seats[seat].user_id]
        moves = service.autocomplete.action(user, "", limit=10_000)
        replies = await service.act(user, rng.choice(moves))
        assert not replies[0].error
    return channel, users


@pytest.mark.parametrize("name, options", CASES, ids=[c[0] for c in CASES])
def test_one_seats_secrets_never_change_what_others_see(name, options, tmp_path: Path):
    game = registry.get(name)
    i18n = I18n(game_packages([game]))

    @settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
    @given(seed=st.integers(0, 10_000), steps=st.integers(0, 70), pick=st.integers(0, 10), swap_seed=st.integers(0, 10_000))
    def check(seed: int, steps: int, pick: int, swap_seed: int) -> None:
        async def body() -> None:
            store = await SqliteStore(tmp_path / f"{name}-{seed}-{steps}-{swap_seed}.sqlite3").open()
            service = TableService(store, make_settings(games={"enabled": (name,), "extra": ()}), seed_source=lambda: seed)
            try:
                service.render_enabled = False         # random play needs no pictures
                channel, users = await random_table(service, name, options, seed, steps)
                table = service.live_tables.in_channel(channel)
                assume(table is not None and table.status == "playing")
                secret_seat = pick % len(table.seats)
                service.render_enabled = True
                before = await seen_by_others(service, i18n, channel, users, secret_seat)
                own_before = repr(game.view(table.state, secret_seat))
                original = table.state
                other = game.from_json(game.to_json(original))
                changed = SWAPS[name](other, secret_seat, random.Random(swap_seed))
                assume(changed)
                table.state = other
                try:
                    assert repr(game.view(table.state, secret_seat)) != own_before, "the swap changed no secret"
                    after = await seen_by_others(service, i18n, channel, users, secret_seat)
                finally:
                    table.state = original
                for key in before:
                    assert before[key] == after[key], f"{name}: '{key}' depends on seat {secret_seat}'s secrets"
            finally:
                await service.close()
                await store.close()

        asyncio.run(body())

    check()
