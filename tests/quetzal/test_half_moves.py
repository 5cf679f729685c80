"""A Quetzal placement made in two steps (``team t2 1 white use``, then the workers) is one
move: the table hears of it once, when it is complete, as BGA shows the completed action. The
first step answers only the mover, with the choices of the second; no public message and no
picture goes out for half a move."""
from __future__ import annotations

import itertools

import pytest

from bot.i18n import I18n
from bot.service import TableService
from games.quetzal.actions import TeamUse
from tests.conftest import ctx, make_settings

QUETZAL = "games.quetzal:GAME"


@pytest.fixture
async def quetzal_service(store):
    seeds = itertools.count(77)
    service = TableService(store, make_settings(games={"enabled": ("quetzal",), "extra": (QUETZAL,)}),
                           seed_source=lambda: next(seeds))
    yield service
    await service.close()


async def test_choosing_the_workers_of_a_team_is_not_announced_until_the_move_is_complete(quetzal_service):
    service = quetzal_service
    users = {"alice": ctx("alice"), "bob": ctx("bob")}
    await service.join(users["alice"], "quetzal")
    await service.join(users["bob"])
    await service.start(users["alice"])
    table = service.live_tables.in_channel(1)
    game = table.game
    seat = min(game.to_act(table.state))
    user = next(u for u in users.values() if table.seats[seat].user_id == u.user_id)
    staged = next(a for a in game.legal_actions(table.state, seat) if isinstance(a, TeamUse))
    half = await service.act_verb(user, "place", str(staged).removeprefix("team "))
    assert not any(r.error for r in half)
    assert all(r.private for r in half), "half a move goes to the mover only"
    assert not any(r.image for r in half)
    assert any(r.buttons or r.lines for r in half)
    assert game.to_act(table.state) == frozenset({seat})
    rest = str(game.legal_actions(table.state, seat)[0])
    whole = await service.act_verb(user, "place", rest.removeprefix("team "))
    public = [r for r in whole if not r.private]
    assert len(public) == 1 and public[0].image, "the completed move is posted once, with the picture"
    text = I18n(["games.quetzal", "games.quetzal.game"]).lines(public[0].lines, "en", public[0].names)
    assert "chooses the workers" not in text


async def test_the_public_turn_message_points_to_the_legend(quetzal_service):
    """The turn image's icons and abbreviations are explained in the /help picture: the turn
    message says where."""
    service = quetzal_service
    await service.join(ctx("alice"), "quetzal")
    await service.join(ctx("bob"))
    replies = await service.start(ctx("alice"))
    public = [r for r in replies if not r.private and r.image]
    assert public
    text = I18n(["games.quetzal", "games.quetzal.game"]).lines(public[0].lines, "en", public[0].names)
    assert "/help quetzal" in text
