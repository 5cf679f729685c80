"""Turn timers, reminders, timeout policies and the scheduler's guarantees, with a manual clock."""
from __future__ import annotations

from sqlalchemy import text as sql

from tests.conftest import ctx
from tests.helpers import confirmed, text_of

HOUR = 3600


async def start(bot, *users, game="countdown", channel=1, options=()):
    service = bot.service
    await service.join(ctx(users[0], channel), game)
    for user in users[1:]:
        await service.join(ctx(user, channel))
    for option in options:
        r = await service.option(ctx(users[0], channel), option)
        assert not r[0].error, text_of(r)
    r = await service.start(ctx(users[0], channel))
    assert not r[0].error, text_of(r)
    return service.live_tables.in_channel(channel)


async def jobs(bot, kind=None):
    pending = await bot.plugins.scheduler.pending()
    return [j for j in pending if kind is None or j.kind == kind]


async def test_timer_option_before_start_only(bot):
    await bot.service.join(ctx("alice"), "countdown")
    r = await bot.service.option(ctx("alice"), "timer 24h")
    assert not r[0].error and "Alice sets the turn timer: 1d" in text_of(r) and "Turn timer: 1 day" in text_of(r)
    r = await bot.service.option(ctx("alice"), "timeout skip")
    assert "the turn is skipped" in text_of(r)
    for bad in ("timer", "timer soon", "timer 10s", "timer 90d", "timeout never"):
        r = await bot.service.option(ctx("alice"), bad)
        assert r[0].error, bad
    r = await bot.service.option(ctx("carol"), "timer 2h")
    assert r[0].error and "Only seated players" in text_of(r)
    r = await bot.service.option(ctx("alice"))
    assert "Turn timer: 1 day; when time runs out, the turn is skipped." in text_of(r)
    await bot.service.join(ctx("bob"))
    await bot.service.start(ctx("alice"))
    r = await bot.service.option(ctx("alice"), "timer 1h")
    assert r[0].error and "only be changed before /start" in text_of(r)
    assert bot.plugins.timers.setting(bot.service.live_tables.in_channel(1).id).seconds == 86400


async def test_reminder_once_then_timeout_computer_moves(bot, clock, recorder):
    table = await start(bot, "alice", "bob")
    # the betting phase is simultaneous: both clocks run, each with a reminder and a timeout
    assert len(await jobs(bot, "reminder")) == 2 and len(await jobs(bot, "timeout")) == 2
    r = await bot.service.act(ctx("alice"), "bet odd")
    assert not r[0].error
    assert len(await jobs(bot, "timeout")) == 1          # Alice acted: her deadlines are gone
    clock.advance(HOUR / 2)
    assert await bot.due() == 1
    posted = recorder.posted(1)
    assert "Reminder: Bob, it is your turn in Countdown (test game)" in posted and "30 minutes left" in posted
    assert recorder.posts[-1][1][0].mentions == [ctx("bob").user_id]
    # the reminder says how to get to the choices, and its button opens Bob's private panel
    reminder = recorder.posts[-1][1][0]
    assert "“Your move” button" in posted and [b.label for b in reminder.buttons] == ["Your move"]
    panel = await bot.service.button(ctx("bob"), reminder.buttons[0].custom_id)
    assert panel[0].private and not panel[0].error and "Your choices, Bob" in text_of(panel)
    assert await bot.due() == 0                         # reminded once only
    clock.advance(HOUR / 2)
    recorder.clear()
    assert await bot.due() == 1
    posted = recorder.posted(1)
    assert "Bob ran out of time." in posted and "The computer moves for Bob" in posted
    assert "Your move, Alice." in posted                # all bets are in; Alice counts first
    log = await bot.store.actions(table.id)
    assert [(a.text, a.kind, a.by_computer) for a in log[-2:]] == [("timeout", "timeout", False), (log[-1].text, "move", True)]
    assert log[-1].text in ("bet odd", "bet even")
    r = await bot.service.log_text(ctx("alice"))
    assert "Bob: timeout" in text_of(r) and "Bob (computer): (hidden)" in text_of(r)     # a secret bet
    r = await bot.service.log_text(ctx("bob"))
    assert "Bob (computer): bet" in text_of(r)
    # Alice's own clock started when her turn came
    clocks = await bot.plugins.timers.store.clocks(table.id)
    assert set(clocks) == {0} and clocks[0].since_at == clock.now()


async def test_timer_expires_during_restart_fires_once(bot, clock, recorder):
    table = await start(bot, "alice", "bob")
    await bot.service.act(ctx("alice"), "bet odd")
    await bot.service.act(ctx("bob"), "bet even")
    await bot.shutdown()
    clock.advance(3 * HOUR)                             # reminder and timeout both pass while down
    bot = await bot.boot()
    recorder.clear()
    assert await bot.due() == 2
    posted = recorder.posted(1)
    assert posted.count("Reminder: Alice") == 1 and posted.count("Alice ran out of time.") == 1
    await bot.restart()
    assert await bot.due() == 0
    log = await bot.store.actions(table.id)
    assert sum(1 for a in log if a.kind == "timeout") == 1
    assert bot.service.live_tables.in_channel(1).state.total >= 1      # the computer's add survived the restart
    assert (await bot.service.replay(table.id)).total == bot.service.live_tables.in_channel(1).state.total


async def test_timeout_done_but_not_marked_is_not_done_again(bot, clock, recorder, monkeypatch):
    """A crash after a timeout's moves were saved but before its job was marked fired (and before
    the clocks were brought up to date): the job runs again after the restart and changes nothing."""
    from bot.scheduler import schedule_sql
    from bot.store.turn_timers import TurnTimers

    table = await start(bot, "alice", "bob")
    await bot.service.act(ctx("alice"), "bet odd")
    await bot.service.act(ctx("bob"), "bet even")
    clock.advance(2 * HOUR)
    timeout = next(j for j in await jobs(bot, "timeout") if j.payload["seat"] == 0)
    clock_row = (await bot.plugins.timers.store.clocks(table.id))[0]
    assert await bot.plugins.timers._timeout(timeout) is None            # the work, without the mark
    assert sum(1 for a in await bot.store.actions(table.id) if a.kind == "timeout") == 1
    version = bot.service.live_tables.in_channel(1).version
    # put back what the crash would have left: Alice's clock and the unmarked job
    await bot.store.write([TurnTimers.add_clock_sql(clock_row),
                           schedule_sql("timeout", timeout.key, timeout.due_at, timeout.payload, clock.now(), timeout.ref)])
    job = next(j for j in await jobs(bot, "timeout") if j.key == timeout.key)
    # even if the seat were still to act, the timeout already in the log stops a second one
    monkeypatch.setattr(bot.plugins.timers, "waiting_humans", lambda t: {0, 1})
    assert await bot.plugins.timers._timeout(job) is None
    monkeypatch.undo()
    assert bot.service.live_tables.in_channel(1).version == version
    await bot.restart()
    recorder.clear()
    await bot.due()
    assert bot.service.live_tables.in_channel(1).version == version and "ran out of time" not in recorder.posted()
    assert sum(1 for a in await bot.store.actions(table.id) if a.kind == "timeout") == 1


async def test_skip_policy_passes_where_the_game_can(bot, clock, recorder):
    table = await start(bot, "alice", "bob", game="passdown", options=["timeout skip"])
    await bot.service.act(ctx("alice"), "bet odd")
    await bot.service.act(ctx("bob"), "bet odd")
    clock.advance(HOUR)
    recorder.clear()
    await bot.due()
    assert "Alice's turn is skipped (pass)." in recorder.posted(1)
    log = await bot.store.actions(table.id)
    assert [(a.text, a.by_computer) for a in log[-2:]] == [("timeout", False), ("pass", False)]
    assert table.state.total == 0 and table.state.turn == 1


async def test_skip_policy_falls_back_to_computer(bot, clock, recorder):
    await start(bot, "alice", "bob", options=["timeout skip"])
    clock.advance(HOUR)
    recorder.clear()
    await bot.due()
    assert "has no way to skip this turn, so the computer moves instead" in recorder.posted(1)


async def test_remove_policy(bot, clock, recorder):
    table = await start(bot, "alice", "bob", "carol", options=["timeout remove"])
    await bot.service.act(ctx("alice"), "bet odd")
    await bot.service.act(ctx("bob"), "bet odd")
    clock.advance(HOUR)
    recorder.clear()
    await bot.due()
    assert "Carol is removed from the game; the computer plays the seat from now on." in recorder.posted(1)
    assert table.seats[2].resigned and bot.service.live_tables.in_channel(1) is table
    # the two left play on; Bob times out too: only Alice is left and the game ends
    await bot.service.act(ctx("alice"), "add 1")
    clock.advance(HOUR)
    recorder.clear()
    await bot.due()
    posted = recorder.posted(1)
    assert "Bob is removed" in posted and "Game over." in posted and bot.service.live_tables.in_channel(1) is None
    assert (await bot.store.table(table.id)).status == "finished"
    assert await jobs(bot) == []


async def test_vacation_pauses_clocks(bot, clock, recorder):
    await start(bot, "alice", "bob")
    await bot.service.act(ctx("alice"), "bet odd")
    clock.advance(HOUR / 4)                               # Bob has used 15 minutes
    r = await bot.plugins.turns.vacation(ctx("bob"), "2")
    assert not r[0].error and "paused for 2 days" in text_of(r)
    clock.advance(HOUR)                                   # past the original deadline
    recorder.clear()
    await bot.due()
    assert "ran out of time" not in recorder.posted() and "Reminder" not in recorder.posted()
    timeout = next(j for j in await jobs(bot, "timeout"))
    # vacation started after 15 minutes and lasts 2 days; 45 minutes are left after it
    assert abs(timeout.due_at - (clock.now() - HOUR + 2 * 86400 + 0.75 * HOUR)) < 1
    r = await bot.plugins.turns.vacation(ctx("bob"), "end")
    assert "vacation has ended" in text_of(r)
    clock.advance(HOUR / 4)                              # 15 + 15 minutes used: the reminder is due
    await bot.due()
    assert "Reminder: Bob" in recorder.posted() and "ran out of time" not in recorder.posted()
    clock.advance(HOUR / 2)
    await bot.due()
    assert "Bob ran out of time." in recorder.posted()


async def test_vacation_budget_per_month(bot, clock):
    r = await bot.plugins.turns.vacation(ctx("bob"), "8")
    assert r[0].error and "from 1 to 7" in text_of(r)
    r = await bot.plugins.turns.vacation(ctx("bob"), "5")
    assert not r[0].error
    r = await bot.plugins.turns.vacation(ctx("bob"), "1")
    assert r[0].error and "already on vacation" in text_of(r)
    await bot.plugins.turns.vacation(ctx("bob"), "end")
    r = await bot.plugins.turns.vacation(ctx("bob"))
    assert "used this month: 0 of 7" in text_of(r)       # ended at once: nothing used
    r = await bot.plugins.turns.vacation(ctx("bob"), "4")
    clock.advance(4 * 86400)
    r = await bot.plugins.turns.vacation(ctx("bob"), "4")
    assert r[0].error and "more than the 7 vacation days a month allows: 4 already used in 2026-01" in text_of(r)
    r = await bot.plugins.turns.vacation(ctx("bob"), "3d")
    assert not r[0].error
    r = await bot.plugins.turns.vacation(ctx("bob"))
    assert "You are on vacation until 2026-01-08 00:00 UTC" in text_of(r) and "7 of 7" in text_of(r)


async def test_no_timer_means_no_jobs_but_clocks(make_bot, clock):
    bot = await make_bot()
    table = await start(bot, "alice", "bob")
    assert await jobs(bot) == []
    assert set(await bot.plugins.timers.store.clocks(table.id)) == {0, 1}


async def test_abort_and_finish_drop_clocks_and_jobs(bot):
    table = await start(bot, "alice", "bob")
    await confirmed(bot.service, ctx("alice"), "abort")
    assert await jobs(bot) == [] and await bot.plugins.timers.store.clocks(table.id) == {}


async def test_restart_keeps_quiet_tables_unloaded_and_repairs_clocks(bot, clock):
    table = await start(bot, "alice", "bob")
    await bot.service.act(ctx("alice"), "bet odd")
    await start(bot, "carol", "dave", channel=2)
    await bot.restart()
    assert all(t._state is None for t in bot.service.live_tables.all())          # quiet tables stay unloaded
    # a crash after a move was saved but before its clocks were: the restart brings them up to date
    await bot.store.write([(sql("DELETE FROM turn_clocks WHERE table_id = :id"), {"id": table.id}),
                           (sql("DELETE FROM jobs WHERE ref = :ref"), {"ref": f"table:{table.id}"}),
                           (sql("UPDATE table_timers SET synced_version = -1 WHERE table_id = :id"), {"id": table.id})])
    await bot.restart()
    assert set(await bot.plugins.timers.store.clocks(table.id)) == {1}
    assert len(await jobs(bot, "timeout")) == 3                          # Bob's, Carol's and Dave's
    assert bot.service.live_tables.in_channel(2)._state is None


async def test_reminder_at_a_japanese_table_is_japanese(bot, clock, recorder):
    """The reminder is a public message of the table: it speaks the table's language, like the
    timeout notice that follows it."""
    await start(bot, "alice", "bob", options=("lang ja",))
    await bot.service.act(ctx("alice"), "bet odd")
    clock.advance(HOUR / 2)
    assert await bot.due() == 1
    reminder = recorder.posts[-1][1][0]
    assert reminder.locale == "ja"
    shown = text_of([reminder], "ja")
    assert shown.startswith("お知らせ：") and "Reminder" not in shown, shown
