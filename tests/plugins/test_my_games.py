"""/games across channels of one server, and the opt-in direct message when a turn starts."""
from __future__ import annotations

from dataclasses import replace

from tests.conftest import ctx
from tests.helpers import text_of


async def test_games_lists_tables_turns_and_waiting(make_bot, clock):
    bot = await make_bot(turns={"timer": "24h"})
    service = bot.service
    await service.join(ctx("alice", 1), "countdown")
    await service.join(ctx("bob", 1))
    await service.start(ctx("alice", 1))                 # channel 1: betting, both to act
    await service.join(ctx("carol", 2), "countdown")
    await service.join(ctx("alice", 2))
    await service.start(ctx("carol", 2))
    await service.act(ctx("alice", 2), "bet odd")        # channel 2: only Carol is waited for
    await service.join(ctx("alice", 3), "countdown")     # channel 3: a lobby
    await service.join(replace(ctx("alice", 4), guild_id=99), "countdown")   # another server
    clock.advance(2 * 3600 + 5 * 60)
    r = await bot.plugins.turns.my_games(ctx("alice"))
    text = text_of(r)
    assert r[0].private and "Your tables (3):" in text
    lines = text.splitlines()
    assert lines[1] == "Countdown (test game) in <#1>: your turn, waiting 2 hours 5 minutes (21 hours 55 minutes left)."
    assert lines[2] == "Countdown (test game) in <#2>: Carol to move, waiting 2 hours 5 minutes."
    assert lines[3] == "Countdown (test game) in <#3>: waiting to start (1 seated)."
    r = await bot.plugins.turns.my_games(ctx("dave"))
    assert "You are not seated at any table here" in text_of(r)
    r = await bot.plugins.turns.my_games(replace(ctx("alice"), guild_id=None))     # in a DM: every server
    assert "Your tables (4):" in text_of(r)


async def test_direct_message_when_turn_starts_if_opted_in(bot, recorder):
    service = bot.service
    r = await bot.plugins.turns.notify(ctx("bob"))
    assert "Direct messages when it becomes your turn: off" in text_of(r)
    r = await bot.plugins.turns.notify(ctx("bob"), "on")
    assert "From now on you get a direct message" in text_of(r)
    assert (await bot.plugins.turns.notify(ctx("bob"), "maybe"))[0].error
    await service.join(ctx("alice"), "countdown")
    await service.join(ctx("bob"))
    await service.start(ctx("alice"))
    assert [user for user, _ in recorder.dms] == [ctx("bob").user_id]
    assert "It is your turn in Countdown (test game): <#1>" in text_of(recorder.dms[0][1])
    await service.act(ctx("alice"), "bet odd")
    await service.act(ctx("bob"), "bet odd")            # Alice's turn: no DM for her
    await service.act(ctx("alice"), "add 1")            # Bob's turn again: a second DM
    assert [user for user, _ in recorder.dms] == [ctx("bob").user_id] * 2
    await bot.plugins.turns.notify(ctx("bob"), "off")
    await service.act(ctx("bob"), "add 1")
    await service.act(ctx("alice"), "add 1")
    assert len(recorder.dms) == 2


async def test_console_shows_channel_names_and_extra_commands(bot, tmp_path):
    import io

    from bot.plugins.console import console_ports
    from bot.console import Console
    from tests.helpers import i18n

    out = io.StringIO()
    console = Console(bot.service, i18n(), str(tmp_path / "img"), out=out)
    bot.plugins.ports.update(console_ports(console))
    console.extra = bot.plugins.dispatch
    for line in ("#lounge alice> /join countdown", "#lounge bob> /join", "#lounge alice> /start",
                 "alice> /games", "bob> /vacation 2", "bob> /notify on"):
        await console.handle(line)
    text = out.getvalue()
    assert "(only alice) Your tables (1):" in text
    assert "Countdown (test game) in #lounge: your turn" in text
    assert "(only bob) Your clocks are paused for 2 days" in text
    assert "(only bob) From now on you get a direct message" in text


async def test_help_lists_the_new_commands(bot):
    text = text_of(await bot.service.help(ctx("alice")))
    for command in ("/option timer 24h", "/games", "/vacation", "/undo", "/leaderboard", "/replay", "/tournament create"):
        assert command in text
    assert "/vacation 日数" in text_of(await bot.service.help(ctx("alice")), "ja")
