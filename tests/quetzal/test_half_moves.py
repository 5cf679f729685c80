"""A Quetzal move made in steps is one move: a placement in two steps (``team t2 1 white use``,
then the workers) and a delivery chosen one card at a time (``deliver <card> +``, then ``deliver
done`` or the last card). The table hears of it once, when it is complete, as BGA shows the
completed action. A first step answers only the mover, with the choices of the next; no public
message and no picture goes out for part of a move, and what the table can ask for meanwhile
(/board, /status, /log) shows the game as it was before the move began."""
from __future__ import annotations

import itertools
import random

import pytest

from bot.i18n import I18n
from bot.plugins import Plugins
from bot.plugins.ports import Ports
from bot.presenters.turn import HALF_MOVE
from bot.scheduler import ManualClock
from bot.service import TableService
from bot.table.context import Ctx
from games.quetzal.actions import Deliver, TeamUse
from tests.conftest import ctx, make_settings

QUETZAL = "games.quetzal:GAME"


async def stage_a_team(service: TableService):
    """Alice and Bob start a game; whoever is to act names a team to place, the first of its two
    steps: (users, table, seat, that user, the staged team, the replies to the step)."""
    users = {"alice": ctx("alice"), "bob": ctx("bob")}
    await service.join(users["alice"], "quetzal")
    await service.join(users["bob"])
    await service.start(users["alice"])
    table = service.live_tables.in_channel(1)
    seat = min(table.game.to_act(table.state))
    user = next(u for u in users.values() if table.seats[seat].user_id == u.user_id)
    staged = next(a for a in table.game.legal_actions(table.state, seat) if isinstance(a, TeamUse))
    half = await service.act_verb(user, "place", str(staged).removeprefix("team "))
    return users, table, seat, user, staged, half


async def test_choosing_the_workers_of_a_team_is_not_announced_until_the_move_is_complete(quetzal_service):
    service = quetzal_service
    users, table, seat, user, staged, half = await stage_a_team(service)
    game = table.game
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


# -- a delivery chosen one card at a time -----------------------------------------------------------
def english(replies) -> str:
    return "\n".join(QUETZAL_TEXT.lines(r.lines, "en", r.names) for r in replies)


QUETZAL_TEXT = I18n(["games.quetzal", "games.quetzal.game"])


async def play_to_a_staged_delivery(service, users: dict[str, Ctx]) -> tuple[Ctx, int, Deliver]:
    """Play the greedy computer's moves for both players, as typed lines, until the seat to act
    may choose a card for its delivery and ask again (``deliver <card> +``)."""
    table = service.live_tables.in_channel(1)
    game = table.game
    rng = random.Random(5)
    for _ in range(400):
        seat = min(game.to_act(table.state))
        user = next(u for u in users.values() if table.seats[seat].user_id == u.user_id)
        staged = [a for a in game.legal_actions(table.state, seat) if isinstance(a, Deliver) and a.more]
        if staged:
            return user, seat, staged[0]
        action = game.computer_player("greedy").choose(game, table.state, seat, rng)
        replies = await service.act_verb(user, "play", str(action))
        assert not any(r.error for r in replies), english(replies)
    raise AssertionError("no staged delivery in 400 moves")


@pytest.fixture
async def quetzal_bot(store):
    """The service with its extensions (/undo, /log), on the store of the suite."""
    seeds = itertools.count(77)
    service = TableService(store, make_settings(games={"enabled": ("quetzal",), "extra": (QUETZAL,)}),
                           seed_source=lambda: next(seeds))
    plugins = Plugins(service, store, Ports(), ManualClock())
    yield service, plugins
    await plugins.stop()
    await service.close()


async def test_a_card_chosen_for_a_delivery_is_seen_by_its_player_alone_until_the_delivery(quetzal_bot):
    service, plugins = quetzal_bot
    users = {"alice": ctx("alice"), "bob": ctx("bob")}
    await service.join(users["alice"], "quetzal")
    await service.join(users["bob"])
    await service.start(users["alice"])
    table = service.live_tables.in_channel(1)
    game = table.game
    mover, seat, staged = await play_to_a_staged_delivery(service, users)
    other = next(u for u in users.values() if u.user_id != mover.user_id)
    card = staged.cards[0]
    board_before = [r.image for r in await service.board(other)]
    status_before = english(await service.status(other))
    hand_before = game.view(table.state, None).players[seat].hand_count

    half = await service.act_verb(mover, "play", str(staged))
    assert not any(r.error for r in half), english(half)
    assert all(r.private for r in half), "a card chosen for a delivery goes to the mover only"
    assert not any(r.image for r in half)
    assert HALF_MOVE.english() in english(half) and card in english(half)
    assert game.mid_move(table.state, seat) and game.to_act(table.state) == frozenset({seat})
    # the table sees the game as it was before the step: the picture, the status, the log
    assert [r.image for r in await service.board(other)] == board_before, "the public picture shows the chosen card"
    assert english(await service.status(other)) == status_before
    public = game.view(table.state, None)
    assert public.players[seat].hand_count == hand_before and not public.prompt_for(seat).chosen
    log = english(await plugins.replays.log(other))
    assert str(staged) not in log and "(hidden)" in log
    assert str(staged) in english(await plugins.replays.log(mover))

    # the mover may take the step back: only they saw it, so only they hear of it
    undone = await plugins.undo.request(mover)
    assert undone and all(r.private for r in undone), english(undone)
    assert not game.mid_move(table.state, seat) and card in game.view(table.state, seat).me.hand
    half = await service.act_verb(mover, "play", str(staged))
    assert all(r.private for r in half)

    whole = await service.act_verb(mover, "play", "deliver done")
    public_replies = [r for r in whole if not r.private]
    assert len(public_replies) == 1 and public_replies[0].image, "the delivery is posted once, with the picture"
    text = english(public_replies)
    assert f"delivers {card}" in text and "for the delivery" not in text, text
    assert not game.mid_move(table.state, seat)


async def test_taking_back_a_staged_team_answers_the_mover_alone(quetzal_bot):
    service, plugins = quetzal_bot
    users, table, seat, user, staged, half = await stage_a_team(service)
    game = table.game
    assert all(r.private for r in half)
    other = next(u for u in users.values() if u.user_id != user.user_id)
    assert "names the workers" not in english(await service.status(other))
    assert str(staged) not in english(await plugins.replays.log(other))
    undone = await plugins.undo.request(user)
    assert undone and all(r.private for r in undone), english(undone)
    assert not game.mid_move(table.state, seat)


async def test_a_computers_staged_steps_are_not_announced_either(store):
    """A computer seat makes its moves in steps too (``deliver <card> +``, ``team ... use``):
    the table reads of each move once, complete, in the message after it."""
    seeds = itertools.count(77)
    service = TableService(store, make_settings(games={"enabled": ("quetzal",), "extra": (QUETZAL,)}),
                           seed_source=lambda: next(seeds), render=False)
    try:
        alice = ctx("alice")
        await service.join(alice, "quetzal")
        await service.addbot(alice, "greedy")
        public = [r for r in await service.start(alice) if not r.private]
        table = service.live_tables.in_channel(1)
        assert table is not None
        game = table.game
        rng = random.Random(3)
        while game.outcome(table.state) is None and len(public) < 60:
            seat = min(game.to_act(table.state))
            action = game.computer_player("greedy").choose(game, table.state, seat, rng)
            replies = await service.act_verb(alice, "play", str(action))
            assert not any(r.error for r in replies), english(replies)
            public += [r for r in replies if not r.private]
        staged = [a.text for a in await store.actions(table.id) if a.by_computer and a.text.endswith((" +", " use"))]
        assert staged, "the computer made no move in steps"
        text = english(public)
        assert "for the delivery (so far" not in text and "chooses the workers for" not in text, text
    finally:
        await service.close()
