"""Quetzal through the real table service (the real store, SQLite and PostgreSQL; i18n, rendering): a smoke test of the
wiring others will finish; the Discord end-to-end test is not part of this package."""
from __future__ import annotations

from bot.i18n import I18n
from tests.conftest import ctx


async def test_quetzal_plays_through_the_service(quetzal_service) -> None:
    service = quetzal_service
    users = {"alice": ctx("alice"), "bob": ctx("bob")}
    await service.join(users["alice"], "quetzal")
    await service.join(users["bob"])
    replies = await service.start(users["alice"])
    assert not any(r.error for r in replies)
    assert any(r.image and r.image[:8] == b"\x89PNG\r\n\x1a\n" for r in replies)
    table = service.live_tables.in_channel(1)
    game, i18n = table.game, I18n(["games.quetzal", "games.quetzal.game"])
    ja_seen = False
    for _ in range(40):
        seat = min(game.to_act(table.state))
        user = users["alice"] if table.seats[seat].user_id == users["alice"].user_id else users["bob"]
        action = str(game.legal_actions(table.state, seat)[0])
        verb, _, rest = action.partition(" ")
        if verb == "team":
            replies = await service.act_verb(user, "place", rest)      # /place 3a 2 black
        else:
            replies = await service.act_verb(user, "use", action)      # /use take B H
        assert not any(r.error for r in replies), [m.english(r.names) for r in replies for m in r.lines]
        for reply in replies:
            for line in reply.lines:
                text = i18n.render(line, "ja", reply.names)
                ja_seen = ja_seen or any("\u3040" <= ch <= "\u30ff" for ch in text)
    assert ja_seen
    hand = await service.hand(users["alice"])
    assert hand[0].private and not hand[0].error
