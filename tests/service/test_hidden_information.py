"""Public replies never carry a seat's private lines, for every game with secrets, through the
service with the real store: each seat's /hand text is compared with every public message."""
import random

import pytest

from bot.i18n import I18n, game_packages
from bot.table.context import Ctx
from bot.service import TableService
from games import registry
from tests.conftest import settings_for

SECRET_GAMES = [name for name in registry.names() if registry.get(name).private_info]

# What reaches a channel does not depend on the database, and these are long games: SQLite only.
pytestmark = pytest.mark.parametrize("store_backend", ["sqlite"])


def lines_of(i18n: I18n, reply) -> list[str]:
    return [i18n.render(m, "en", reply.names) for m in reply.lines]


@pytest.mark.parametrize("name", SECRET_GAMES)
async def test_public_messages_hold_no_private_lines(name, store):
    game = registry.get(name)
    i18n = I18n(game_packages([game]))
    service = TableService(store, settings_for(games={"enabled": (name,)}, rendering={"threads": 1}), seed_source=lambda: 99)
    users = [Ctx(200 + i, f"P{i}", 9) for i in range(game.min_players + 1 if game.max_players > game.min_players else game.min_players)]
    await service.join(users[0], name)
    for user in users[1:]:
        await service.join(user)
    public = [line for r in await service.start(users[0]) if not r.private for line in lines_of(i18n, r)]
    rng = random.Random(5)
    checked = 0
    for _ in range(40):
        table = service.live_tables.in_channel(9)
        if table is None:
            break
        private = set()
        for seat, user in enumerate(users):
            hand = await service.hand(user)
            private |= {line for line in lines_of(i18n, hand[0]) if len(line) > 12}
            # the same seat's private lines must not be in any public message so far
        leaked = private & set(public)
        assert not leaked, leaked
        checked += len(private)
        seat = sorted(table.game.to_act(table.state))[0]
        user = next(u for u in users if u.user_id == table.seats[seat].user_id)   # seats may be shuffled
        action = rng.choice(service.autocomplete.action(user, "", limit=10_000))
        replies = await service.act(user, action)
        assert not replies[0].error, lines_of(i18n, replies[0])
        public += [line for r in replies if not r.private for line in lines_of(i18n, r)]
    assert checked > 0
    await service.close()
