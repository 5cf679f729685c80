"""Turn flow through the table service with the real store: the "skip" timeout policy plays each
game's ``skip_action`` (and keeps secret choices secret), and /undo takes back a move that
revealed nothing in every game (the mover's own at once), refusing one that did with its reason."""
from __future__ import annotations

import json

import pytest

from bot.table.context import Ctx
from tests.conftest import ctx
from tests.helpers import text_of

HOUR = 3600
GAMES = ("countdown", "carcassonne", "keyflower", "stoneage", "florenza", "quetzal")


@pytest.fixture
async def bot(make_bot):
    return await make_bot(turns={"timer": f"{HOUR}s"}, games={"enabled": GAMES})


async def start(bot, game: str, options=()):
    await bot.service.join(ctx("alice"), game)
    await bot.service.join(ctx("bob"))
    for option in options:
        r = await bot.service.option(ctx("alice"), option)
        assert not r[0].error, text_of(r)
    r = await bot.service.start(ctx("alice"))
    assert not r[0].error, text_of(r)
    return bot.service.live_tables.in_channel(1)


def player(table, seat: int) -> Ctx:
    """The context of the person in ``seat`` (the seat order may be shuffled at the start)."""
    return ctx(table.seats[seat].name.lower())


def to_act(table) -> Ctx:
    return player(table, min(table.game.to_act(table.state)))


async def consistent(bot, table) -> None:
    record = await bot.store.table(table.id)
    assert record.version == table.version
    assert json.loads(record.snapshot_text) == table.game.to_json(table.state)
    assert table.game.to_json(await bot.service.replay(table.id)) == table.game.to_json(table.state)


async def test_a_carcassonne_timeout_places_the_tile_without_a_follower(bot, clock, recorder):
    table = await start(bot, "carcassonne", options=["timeout skip"])
    game, seat = table.game, table.state.current
    supply = list(table.state.supply)
    skip = game.skip_action(table.state, seat)
    clock.advance(HOUR)
    recorder.clear()
    await bot.due()
    posted = recorder.posted(1)
    assert f"{table.names[seat]}'s turn is skipped ({skip})." in posted and str(skip).endswith(" -")
    assert "computer" not in posted
    assert table.state.figures == [] and table.state.supply == supply and table.state.current != seat
    log = await bot.store.actions(table.id)
    assert [(a.kind, a.text, a.by_computer) for a in log[-2:]] == [("timeout", "timeout", False), ("move", str(skip), False)]
    await consistent(bot, table)


async def test_a_skipped_secret_choice_is_not_named_in_public(bot, clock, recorder):
    """Florenza: both players time out on the secret keep; each keeps their first card, and the
    channel reads only that their turn was skipped."""
    table = await start(bot, "florenza", options=["timeout skip"])
    while table.state.phase == 3:
        r = await bot.service.act(to_act(table), "workers")
        assert not r[0].error, text_of(r)
    assert table.state.step == "keep" and table.game.to_act(table.state) == {0, 1}
    firsts = [table.state.p[seat].hand[0] for seat in (0, 1)]
    clock.advance(HOUR)
    recorder.clear()
    await bot.due()
    posted = recorder.posted(1)
    assert all(f"{name}'s turn is skipped." in posted for name in table.names)
    assert not any(card in posted for card in firsts)
    # the kept card leads each hand (the captain, still to act, also named the income: round 2 began)
    assert [table.state.p[seat].hand[0] for seat in (0, 1)] == firsts


FIRST_MOVE = {"keyflower": "pass", "stoneage": "place hunt 1", "florenza": "workers", "quetzal": "team camp 1"}


@pytest.mark.parametrize("name", sorted(FIRST_MOVE))
async def test_undo_takes_back_a_move_that_revealed_nothing(bot, name):
    """Nobody has moved since: the mover takes it back at once, in every game."""
    table = await start(bot, name)
    game = table.game
    mover = to_act(table)
    before, version = game.to_json(table.state), table.version
    r = await bot.service.act(mover, FIRST_MOVE[name])
    assert not r[0].error, text_of(r)
    r = await bot.plugins.undo.request(mover)
    assert not r[0].error and f"{mover.name} takes back their move {FIRST_MOVE[name]} (nobody had moved since)." \
        in text_of(r), text_of(r)
    assert game.to_json(table.state) == before and table.version == version
    await consistent(bot, table)


def buttons_of(replies) -> list[str]:
    return [b.custom_id for r in replies for b in r.buttons]


def at_turn(custom_id: str, turn: int) -> str:
    """A move component's custom_id as it is sent at another turn serial (bt:KIND:TABLE:TURN:...)."""
    parts = custom_id.split(":")
    if parts[1] in ("a", "c", "p", "s"):
        parts[3] = str(turn)
    return ":".join(parts)


@pytest.mark.parametrize(("name", "move"), [("keyflower", "pass"), ("stoneage", "place hunt 5")])
async def test_a_one_tap_pass_or_all_in_placement_is_taken_back_at_once(bot, name, move):
    """Keyflower's pass ends the player's round and Stone Age's "place hunt 5" commits every
    worker: one tap each, safe because the mover takes it back while nobody has moved since. The
    turn is then as before it, old buttons are stale, and a restart keeps the move undone."""
    table = await start(bot, name)
    game = table.game
    mover = to_act(table)
    before, version = game.to_json(table.state), table.version
    shown = await bot.service.turn_message(1)
    r = await bot.service.act(mover, move)
    assert not r[0].error and table.version == version + 1, text_of(r)
    other = ctx("bob" if mover.name == "Alice" else "alice")
    panel = await bot.service.panel(other)                 # the next player's choices after the move
    old = [c for c in buttons_of(r) + buttons_of(panel) if c.startswith(("bt:a:", "bt:c:", "bt:p:"))]
    assert old and all(f":{version + 1}:" in c for c in old), old
    r = await bot.plugins.undo.request(mover)
    assert f"{mover.name} takes back their move {move} (nobody had moved since)." in text_of(r), text_of(r)
    assert game.to_json(table.state) == before and table.version == version
    after = await bot.service.turn_message(1)
    assert text_of(after) == text_of(shown) and [b.label for x in after for b in x.buttons] == [b.label for x in shown for b in x.buttons]
    assert buttons_of(after) == [at_turn(c, table.turn_serial) for c in buttons_of(shown)]
    for custom_id in old:
        r = await bot.service.button(other, custom_id)
        assert r[0].error and "no longer open" in text_of(r), text_of(r)
    assert game.to_json(table.state) == before and table.version == version
    await bot.restart()
    table = bot.service.live_tables.in_channel(1)
    assert table.game.to_json(table.state) == before and table.version == version
    await consistent(bot, table)
    r = await bot.service.act(mover, move)                 # and the same move may be made again
    assert not r[0].error, text_of(r)
    await consistent(bot, table)


async def test_undo_after_another_player_moved_is_theirs_alone(bot):
    """Stone Age: once the next player has placed, the first cannot take their placement back;
    the second takes back their own at once."""
    table = await start(bot, "stoneage")
    first = to_act(table)
    second = ctx("bob" if first.name == "Alice" else "alice")
    await bot.service.act(first, "place hunt 5")
    await bot.service.act(second, "place forest 5")
    r = await bot.plugins.undo.request(first)
    assert r[0].error and f"Only {second.name}, who made the last move, can ask" in text_of(r)
    r = await bot.plugins.undo.request(second)
    assert f"{second.name} takes back their move place forest 5 (nobody had moved since)." in text_of(r), text_of(r)
    await consistent(bot, table)


async def test_undo_refuses_a_dice_roll_and_a_drawn_card_with_the_reason(bot):
    table = await start(bot, "stoneage")
    first = to_act(table)
    second = ctx("bob" if first.name == "Alice" else "alice")
    await bot.service.act(first, "place hunt 5")
    await bot.service.act(second, "place forest 5")
    assert table.state.phase == "act"
    r = await bot.service.act(first, "resolve hunt")
    assert not r[0].error, text_of(r)
    r = await bot.plugins.undo.request(first)
    assert r[0].error and r[0].private
    assert f"That cannot be taken back: in resolve hunt by {first.name}, dice were rolled" in text_of(r)
    assert "ダイスが振られた" in text_of(r, "ja")

    await bot.service.join(ctx("alice", 2), "florenza")
    await bot.service.join(ctx("bob", 2))
    await bot.service.start(ctx("alice", 2))
    table = bot.service.live_tables.in_channel(2)
    mover = player(table, min(table.game.to_act(table.state)))
    mover = ctx(mover.name.lower(), 2)
    await bot.service.act(mover, "inspire")
    r = await bot.plugins.undo.request(mover)
    # a move with private events is not written out (as in /log): anyone may ask and read this
    assert r[0].error and f"in a move with a hidden part by {mover.name}, something was drawn from a face-down deck" \
        in text_of(r)
