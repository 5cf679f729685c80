"""Shard processes sharing one store: each keeps only its shards' tables, a stale copy is never
acted on (a write that finds the table moved on reloads and runs again; refusals and reads check
the stored version), and the scheduler leader acts on tables of every shard."""
from __future__ import annotations

from tests.plugins.helpers import finish_countdown
from tests.helpers import confirmed, text_of
from tests.sharding.conftest import GUILD_A, GUILD_B, player

HOUR = 3600


async def open_game(bot, channel: int, guild: int | None, *names: str, options=()):
    service = bot.service
    r = await service.join(player(names[0], channel, guild), "countdown")
    assert not r[0].error, text_of(r)
    for name in names[1:]:
        await service.join(player(name, channel, guild))
    for option in options:
        assert not (await service.option(player(names[0], channel, guild), option))[0].error
    r = await service.start(player(names[0], channel, guild))
    assert not r[0].error, text_of(r)
    return service.live_tables.in_channel(channel)


async def test_each_process_restores_only_the_tables_of_its_shards(make_shard):
    first = await make_shard(0, 1)                  # both shards in one process: every table
    assert not first.service.shared
    a = await open_game(first, 1, GUILD_A, "alice", "bob")
    b = await open_game(first, 2, GUILD_B, "alice", "bob")
    dm = await open_game(first, 3, None, "alice", "bob")       # a DM channel's table: shard 0
    await first.shutdown()
    zero, one = await make_shard(0), await make_shard(1)
    assert zero.service.shared and one.service.shared
    assert {t.id for t in zero.service.live_tables.all()} == {a.id, dm.id}
    assert {t.id for t in one.service.live_tables.all()} == {b.id}


async def test_a_move_on_a_stale_copy_is_stored_after_the_others(make_shard):
    """Two processes hold the same table (shard 0 restarted while the old one still runs): a move
    accepted by the stale copy finds the stored version taken, reloads and is stored after it."""
    old = await make_shard(0)
    table = await open_game(old, 1, GUILD_A, "alice", "bob")
    new = await make_shard(0)
    r = await new.service.act(player("alice", 1, GUILD_A), "bet odd")
    assert not r[0].error
    r = await old.service.act(player("bob", 1, GUILD_A), "bet even")     # legal on the stale copy too
    assert not r[0].error, text_of(r)
    assert "Your move, Alice." in text_of(r)                        # both bets are in: the fresh state
    log = await old.store.actions(table.id)
    assert [(a.n, a.seat, a.text) for a in log] == [(1, 0, "bet odd"), (2, 1, "bet even")]
    live = old.service.live_tables.in_channel(1)
    assert live.version == 2 and live.state.bets == (await old.service.replay(table.id)).bets


async def test_a_refusal_by_a_stale_copy_is_checked_and_the_command_runs_again(make_shard):
    old = await make_shard(0)
    await open_game(old, 1, GUILD_A, "alice", "bob")
    new = await make_shard(0)
    for name, move in (("alice", "bet odd"), ("bob", "bet even"), ("alice", "add 3")):
        assert not (await new.service.act(player(name, 1, GUILD_A), move))[0].error
    r = await old.service.act(player("bob", 1, GUILD_A), "add 2")   # the old copy thinks bets are still open
    assert not r[0].error, text_of(r)
    assert old.service.live_tables.in_channel(1).state.total == 5
    r = await old.service.act(player("bob", 1, GUILD_A), "add 1")   # a real refusal stays one
    assert r[0].error and "It is not your turn: waiting for Alice." in text_of(r)


async def test_reads_and_buttons_see_the_stored_state(make_shard):
    old = await make_shard(0)
    table = await open_game(old, 1, GUILD_A, "alice", "bob")
    new = await make_shard(0)
    for name, move in (("alice", "bet odd"), ("bob", "bet even")):
        await new.service.act(player(name, 1, GUILD_A), move)
    status = text_of(await old.service.status(player("bob", 1, GUILD_A)))
    assert "Waiting for: Alice" in status and "total 0" in status.lower()
    assert old.service.live_tables.in_channel(1).version == 2
    # a button of the latest turn (posted by the other process) is accepted
    r = await new.service.act(player("alice", 1, GUILD_A), "add 1")
    button = next(b for b in r[0].buttons if b.label.startswith("add"))
    r = await old.service.button(player("bob", 1, GUILD_A), button.custom_id)
    assert not r[0].error, text_of(r)
    assert [a.text for a in await old.store.actions(table.id)][-2:] == ["add 1", button.label]
    # a table closed by another process is gone for the others
    await confirmed(new.service, player("alice", 1, GUILD_A), "abort")
    assert (await old.service.board(player("bob", 1, GUILD_A)))[0].error
    assert old.service.live_tables.in_channel(1) is None


async def test_the_leader_times_out_a_table_of_another_shard(make_shard, clock):
    zero, one = await make_shard(0), await make_shard(1)
    table = await open_game(one, 2, GUILD_B, "alice", "bob")
    for name, move in (("alice", "bet odd"), ("bob", "bet even")):
        await one.service.act(player(name, 2, GUILD_B), move)
    assert await zero.plugins.leadership.step() and not await one.plugins.leadership.step()
    clock.advance(2 * HOUR)
    assert await zero.plugins.leadership.step()        # renewed (it renews every third of its lease)
    assert await one.due() == 0                     # not the leader: fires nothing
    assert await zero.due() == 2                    # Alice's reminder and timeout
    posted = zero.recorder.posted(2)
    assert "Reminder: Alice" in posted and "Alice ran out of time." in posted
    assert zero.service.live_tables.by_id(table.id) is None        # used for the job, not kept
    log = await one.store.actions(table.id)
    assert [a.kind for a in log].count("timeout") == 1 and log[-1].by_computer
    # the owner's copy is behind the store: its next command sees the timeout's move
    status = text_of(await one.service.status(player("bob", 2, GUILD_B)))
    assert "Waiting for: Bob" in status
    r = await one.service.act(player("bob", 2, GUILD_B), "add 1")
    assert not r[0].error, text_of(r)
    assert one.service.live_tables.in_channel(2).version == log[-1].n + 1


async def test_a_table_opened_by_the_leader_is_served_by_its_shard(make_shard):
    """Round 2 of a tournament in a guild of shard 1 is opened by the scheduler leader (shard 0):
    the tables are stored, and the players' moves reach shard 1, which takes them from the store."""
    zero, one = await make_shard(0), await make_shard(1)
    hall = 500
    organiser = player("alice", hall, GUILD_B)
    assert not (await one.plugins.tournaments.command(organiser, "create Cup countdown size=2 rounds=2 timer=2h"))[0].error
    for name in ("bob", "carol", "dave"):
        assert not (await one.plugins.tournaments.join(player(name, hall, GUILD_B)))[0].error
    assert not (await one.plugins.tournaments.start(organiser))[0].error
    tournaments = one.plugins.tournaments.store
    tournament = await tournaments.active_in(hall)
    for slot in await tournaments.slots(tournament.id, 1):
        await finish_countdown(one.service, slot.channel_id)
    assert await zero.plugins.leadership.step()
    assert await one.due() == 0                     # not the leader
    assert await zero.due() >= 1                    # the round job: round 2 opens in the leader
    second = await tournaments.slots(tournament.id, 2)
    assert len(second) == 2 and all(s.status == "playing" for s in second)
    assert all(zero.service.live_tables.in_channel(s.channel_id) is None for s in second)     # not kept by the leader
    slot = second[0]
    record = await one.store.table(slot.table_id)
    first_seat = record.seats[0]
    name = {11: "alice", 12: "bob", 13: "carol", 14: "dave"}[first_seat.user_id]
    r = await one.service.act(player(name, slot.channel_id, GUILD_B), "bet odd")
    assert not r[0].error, text_of(r)
    assert one.service.live_tables.in_channel(slot.channel_id).id == slot.table_id
    assert one.plugins.timers.setting(slot.table_id).seconds == 2 * HOUR       # its stored timer, not the default


async def test_games_lists_tables_of_every_shard_in_a_direct_message(make_shard):
    zero, one = await make_shard(0), await make_shard(1)
    await open_game(zero, 1, GUILD_A, "alice", "bob")
    await open_game(one, 2, GUILD_B, "alice", "carol")
    r = await zero.plugins.turns.my_games(player("alice", 99, None))
    assert "Your tables (2):" in text_of(r)
    r = await one.plugins.turns.my_games(player("alice", 2, GUILD_B))
    assert "Your tables (1):" in text_of(r)


async def test_a_reminder_of_another_shards_table_speaks_its_language(make_shard, clock):
    """The leader reminds a player at a Japanese table it does not keep: the reminder carries the
    table's language, as the timeout notice after it does (the adapter falls back to the
    server's default only for a reply without one)."""
    zero, one = await make_shard(0), await make_shard(1)
    await open_game(one, 2, GUILD_B, "alice", "bob", options=("lang ja",))
    for name, move in (("alice", "bet odd"), ("bob", "bet even")):
        await one.service.act(player(name, 2, GUILD_B), move)
    assert await zero.plugins.leadership.step()
    clock.advance(2 * HOUR)
    assert await zero.plugins.leadership.step()
    assert await zero.due() == 2                    # Alice's reminder and timeout
    posts = [zero.service.in_public_language(2, replies) for channel, replies in zero.recorder.posts if channel == 2]
    reminder, timeout = posts[0][0], posts[1][0]
    assert reminder.locale == timeout.locale == "ja"
    shown = text_of([reminder], reminder.locale)
    assert "お知らせ：Alice さん" in shown or "お知らせ：Aliceさん" in shown, shown
    assert "Reminder" not in shown
