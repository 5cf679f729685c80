"""Who may do what at tournaments, and commands that arrive together, through the service with the
real store (SQLite and PostgreSQL): a tournament table is aborted by the organiser or a moderator,
never by the player who is its host (who is told to /resign); concurrent /tournament create and
join get clear private answers (one tournament, each player signed up once), in one process and
from two processes sharing the store."""
from __future__ import annotations

import asyncio

from bot.table.context import Ctx
from tests.plugins.test_tournaments import current, person, sign_up
from tests.helpers import confirmed, text_of


async def test_only_the_organiser_or_a_moderator_aborts_a_tournament_table(bot):
    await sign_up(bot, 4)
    assert not (await bot.plugins.tournaments.start(person(1)))[0].error
    tournament = await current(bot)
    slots = [s for s in await bot.plugins.tournaments.store.slots(tournament.id, 1) if s.status == "playing"]
    assert len(slots) == 2
    # the table the organiser does not play at: its host (its first player) may not abort it, nor may
    # the other player; each is told to resign instead
    slot = next(s for s in slots if 101 not in s.players)
    other = next(s for s in slots if s is not slot)
    table = bot.service.live_tables.in_channel(slot.channel_id)
    host = table.host_id
    for user in slot.players:
        r = await bot.service.abort(Ctx(user, f"P{user - 100:02d}", slot.channel_id, 7))
        assert r[0].error and r[0].private, text_of(r)
        assert "part of the tournament Autumn: only its organiser (P01) or a moderator" in text_of(r)
        assert "/resign" in text_of(r)
    assert host in slot.players and bot.service.live_tables.in_channel(slot.channel_id) is table
    # the organiser may, from the table's thread, without a seat there
    r = await confirmed(bot.service, Ctx(101, "P01", slot.channel_id, 7), "abort")
    assert not r[0].error and "aborts the" in text_of(r)
    assert bot.service.live_tables.in_channel(slot.channel_id) is None
    stalled = [s for s in await bot.plugins.tournaments.store.slots(tournament.id, 1) if s.number == slot.number]
    assert stalled[0].status == "stalled"
    # the other table: a moderator who plays no part in the tournament may
    r = await confirmed(bot.service, Ctx(999, "Mod", other.channel_id, 7, is_moderator=True), "abort")
    assert not r[0].error
    # an ordinary table keeps the host rule
    await bot.service.join(Ctx(201, "Host", 77, 7), "countdown")
    await bot.service.join(Ctx(202, "Guest", 77, 7))
    r = await bot.service.abort(Ctx(202, "Guest", 77, 7))
    assert r[0].error and "Only the table's host (Host) or a moderator" in text_of(r)
    assert not (await confirmed(bot.service, Ctx(201, "Host", 77, 7), "abort"))[0].error


async def test_a_cancelled_tournaments_tables_are_ordinary_games(bot):
    await sign_up(bot, 2)
    assert not (await bot.plugins.tournaments.start(person(1)))[0].error
    tournament = await current(bot)
    [slot] = await bot.plugins.tournaments.store.slots(tournament.id, 1)
    assert "is cancelled" in text_of(await bot.plugins.tournaments.cancel(person(1)))
    host = bot.service.live_tables.in_channel(slot.channel_id).host_id
    r = await confirmed(bot.service, Ctx(host, "Host", slot.channel_id, 7), "abort")
    assert not r[0].error and "aborts the" in text_of(r), text_of(r)


async def test_concurrent_creates_make_one_tournament(bot):
    t = bot.plugins.tournaments
    replies = await asyncio.gather(*(t.command(person(i), f"create Cup{i} countdown") for i in range(1, 7)))
    made = [r for r in replies if not r[0].error]
    assert len(made) == 1, [text_of(r) for r in replies]
    for r in replies:
        if r[0].error:
            assert r[0].private and "This channel already has a tournament" in text_of(r), text_of(r)
    tournament = await current(bot)
    assert [p.user_id for p in await t.store.players(tournament.id)] == [tournament.organiser_id]


async def test_concurrent_joins_sign_each_player_up_once(bot):
    t = bot.plugins.tournaments
    await sign_up(bot, 1)
    again = await asyncio.gather(*(t.join(person(2)) for _ in range(4)))
    assert sorted(bool(r[0].error) for r in again) == [False, True, True, True]
    assert all("already signed up" in text_of(r) and r[0].private for r in again if r[0].error)
    many = await asyncio.gather(*(t.join(person(i)) for i in range(3, 12)))
    assert not any(r[0].error for r in many), [text_of(r) for r in many]
    players = await t.store.players((await current(bot)).id)
    assert sorted(p.user_id for p in players) == [100 + i for i in range(1, 12)]
    assert sorted(p.entry for p in players) == list(range(1, 12))
    counts = sorted(int(text_of(r).rsplit("(", 1)[1].split()[0]) for r in many)
    assert counts == list(range(3, 12))          # each answer counted the players before it


async def test_two_processes_racing_get_clear_answers(make_bot):
    """Two bots on one store (as two processes would be): their locks do not see each other, the
    database's rules decide, and the loser is told what happened."""
    one, two = await make_bot(), await make_bot()
    replies = await asyncio.gather(one.plugins.tournaments.command(person(1), "create Cup countdown"),
                                   two.plugins.tournaments.command(person(2), "create Cup countdown"))
    assert sorted(bool(r[0].error) for r in replies) == [False, True], [text_of(r) for r in replies]
    loser = next(r for r in replies if r[0].error)
    assert loser[0].private and "This channel already has a tournament" in text_of(loser)
    replies = await asyncio.gather(one.plugins.tournaments.join(person(3)), two.plugins.tournaments.join(person(3)))
    assert sorted(bool(r[0].error) for r in replies) == [False, True], [text_of(r) for r in replies]
    loser = next(r for r in replies if r[0].error)
    assert loser[0].private and "already signed up" in text_of(loser)
