"""Tournaments through the table service with the real store: a 12-player Swiss of 4 rounds
played out (with a restart in the middle of a round and a turn timer that runs out while the bot
is down), round robin, knockout, organiser reports, standings image and CSV export."""
from __future__ import annotations

import csv
import io
import itertools
import random

from PIL import Image

from bot.table.context import Ctx
from tests.plugins.helpers import play_turns
from tests.helpers import confirmed, text_of

HALL = 500          # the tournament channel


def person(i: int, channel: int = HALL, **kw) -> Ctx:
    return Ctx(user_id=100 + i, name=f"P{i:02d}", channel_id=channel, guild_id=7, **kw)


async def sign_up(bot, count: int, *options: str) -> None:
    line = "create Autumn countdown " + " ".join(options)
    r = await bot.plugins.tournaments.command(person(1), line)
    assert not r[0].error, text_of(r)
    for i in range(2, count + 1):
        r = await bot.plugins.tournaments.join(person(i))
        assert not r[0].error, text_of(r)


async def current(bot):
    return await bot.plugins.tournaments.store.active_in(HALL) or await bot.plugins.tournaments.store.latest_in(HALL)


async def play_round(bot, tables: int | None = None, rng: random.Random | None = None) -> int:
    """Play out the current round's running tables (or the first ``tables`` of them)."""
    tournament = await current(bot)
    slots = [s for s in await bot.plugins.tournaments.store.slots(tournament.id, tournament.round) if s.status == "playing"]
    for slot in slots[:tables]:
        await play_turns(bot.service, slot.channel_id, rng=rng)
    return len(slots[:tables])


async def test_signup_rules(bot, recorder):
    t = bot.plugins.tournaments
    r = await t.command(person(1), "create")
    assert r[0].error
    for bad, message in [("create X chess", "There is no game 'chess'"), ("create X countdown bogus", "swiss, roundrobin or elimination"),
                         ("create X countdown size=9", "seat 2 to 4"), ("create X countdown roundrobin size=3", "round robin pairs two"),
                         ("create X countdown rounds=99", "from 1 to 30"), ("create X countdown timer=soon", "24h"),
                         ("create X countdown options=mirror", "not available yet"), ("create X countdown size=four", "whole numbers")]:
        r = await t.command(person(1), bad)
        assert r[0].error and message in text_of(r), bad
    r = await t.command(person(1), "create 'Winter Cup' countdown swiss size=3 rounds=2 timer=1d options=long")
    assert not r[0].error and "P01 creates the tournament Winter Cup." in text_of(r)
    assert "Countdown (test game), Swiss, tables of 3, rounds: 2, turn timer: 1 day, options: long." in text_of(r)
    assert (await t.command(person(2), "create Other countdown"))[0].error
    assert "joins the tournament Winter Cup (2 players)" in text_of(await t.join(person(2)))
    assert (await t.join(person(2)))[0].error
    assert "leaves the tournament" in text_of(await t.leave(person(2)))
    assert (await t.leave(person(2)))[0].error
    r = await t.start(person(3))
    assert r[0].error and "Only the organiser" in text_of(r)
    r = await t.start(person(1))
    assert r[0].error and "1 players signed up; the tournament needs at least 2" in text_of(r)
    r = await t.info(person(5))
    assert "Tournament Winter Cup:" in text_of(r) and "Sign-up is open." in text_of(r) and "Players: P01" in text_of(r)
    r = await t.cancel(person(1))
    assert "is cancelled" in text_of(r) and await t.store.active_in(HALL) is None


async def test_twelve_player_swiss_with_restart_and_expired_timer(make_bot, clock, recorder):
    bot = await make_bot()
    rng = random.Random(5)
    await sign_up(bot, 12, "swiss", "size=3", "rounds=4", "timer=1h")
    r = await bot.plugins.tournaments.start(person(1))
    assert not r[0].error and "12 players, 4 rounds" in text_of(r)
    tournament = await current(bot)
    slots = await bot.plugins.tournaments.store.slots(tournament.id, 1)
    assert len(slots) == 4 and all(s.status == "playing" and len(s.players) == 3 for s in slots)
    assert len(recorder.threads) == 4 and all(parent == HALL for parent, _, _ in recorder.threads)
    assert recorder.threads[0][1] == "Autumn R1 T1"
    # each thread got the seated players' table, started, with the tournament header
    for slot in slots:
        table = bot.service.live_tables.in_channel(slot.channel_id)
        assert table.status == "playing" and [s.user_id for s in table.seats] == list(slot.players)
        assert bot.plugins.timers.setting(table.id).seconds == 3600
        assert "Autumn, round 1, table " in recorder.posted(slot.channel_id)
    assert "Round 1 of 4 of Autumn:" in recorder.posted(HALL)

    await play_round(bot, rng=rng)
    assert await bot.due() >= 1                       # the round job opens round 2
    assert (await current(bot)).round == 2
    # round 2: half the tables finish, the others are part-way when the bot stops
    await play_round(bot, tables=2, rng=rng)
    tournament = await current(bot)
    waiting = [s for s in await bot.plugins.tournaments.store.slots(tournament.id, 2) if s.status == "playing"]
    assert len(waiting) == 2
    for slot in waiting:
        await play_turns(bot.service, slot.channel_id, turns=3, rng=rng)
    await bot.shutdown()
    clock.advance(2 * 3600)                           # every waiting turn's timer runs out while down
    bot = await bot.boot()
    recorder.clear()
    assert await bot.due() >= 2
    assert recorder.posted().count("ran out of time") >= 2
    for slot in waiting:                              # the computer moved for the absent players
        actions = await bot.store.actions(slot.table_id)
        assert sum(1 for a in actions if a.kind == "timeout") >= 1
    assert await bot.due() == 0                        # nothing fires twice
    await play_round(bot, rng=rng)
    await bot.due()
    for round in (3, 4):
        assert (await current(bot)).round == round
        await play_round(bot, rng=rng)
        await bot.due()
    tournament = await current(bot)
    assert tournament.status == "finished"
    final = recorder.posted(HALL)
    assert "The tournament Autumn is over. Winner:" in final and "Standings of Autumn (Swiss, final):" in final

    slots = await bot.plugins.tournaments.store.slots(tournament.id)
    assert len(slots) == 16 and all(s.status == "finished" for s in slots)
    # no one met anyone twice in rounds 1-3 (12 players at tables of 3 allow it)
    met = pairing_counts([s.players for s in slots if s.round <= 3])
    assert max(met.values()) == 1
    _, lines, _ = await bot.plugins.tournaments._table(tournament)
    assert len(lines) == 12 and all(line.games == 4 for line in lines)
    assert abs(sum(line.points for line in lines) - 16 * 3) < 1e-6          # 2 + 1 + 0 per table
    assert [line.place for line in lines] == sorted(line.place for line in lines)
    # the standings reply: text and an image
    r = await bot.plugins.tournaments.standings(person(4))
    assert Image.open(io.BytesIO(r[0].image)).format == "PNG"
    assert text_of(r).splitlines()[1].startswith("1. ")
    r = await bot.plugins.tournaments.export(person(4))
    assert r[0].image_name == "autumn-standings.csv"
    rows = list(csv.reader(io.StringIO(r[0].image.decode("utf-8-sig"))))
    assert rows[0][:4] == ["place", "player", "user_id", "points"] and rows[0][-1] == "round_4" and len(rows) == 13
    assert rows[1][1] == lines[0].name and float(rows[1][3]) == lines[0].points


def pairing_counts(groups):
    from bot.tournaments.pairing import meetings
    return meetings(groups)


async def test_round_robin_and_byes(bot, recorder):
    await sign_up(bot, 5, "roundrobin")
    await bot.plugins.tournaments.start(person(1))
    for _ in range(5):
        await play_round(bot)
        await bot.due()
    tournament = await current(bot)
    assert tournament.status == "finished" and tournament.rounds == 5
    slots = await bot.plugins.tournaments.store.slots(tournament.id)
    games = [s.players for s in slots if s.status != "bye"]
    assert len(games) == 10 and set(pairing_counts(games).values()) == {1}
    assert sorted(s.players[0] for s in slots if s.status == "bye") == [101, 102, 103, 104, 105]
    assert "Bye: " in recorder.posted(HALL)


async def test_knockout_to_a_champion(bot, recorder):
    await sign_up(bot, 6, "elimination")
    await bot.plugins.tournaments.start(person(1))
    rounds = 0
    while (await current(bot)).status == "running":
        rounds += 1
        await play_round(bot)
        await bot.due()
        assert rounds < 10
    tournament = await current(bot)
    assert rounds == tournament.rounds == 3
    slots = await bot.plugins.tournaments.store.slots(tournament.id)
    final = [s for s in slots if s.round == 3 and s.status != "bye"]
    assert len(final) == 1
    _, lines, _ = await bot.plugins.tournaments._table(tournament)
    entries = await bot.plugins.tournaments.store.entries(tournament.id)
    champion = next(e.user_id for e in entries if e.round == 3 and e.rank == 1 and not e.bye)
    assert lines[0].user_id == champion and lines[0].place == 1
    assert f"Winner: {lines[0].name}!" in recorder.posted(HALL)


async def test_organiser_settles_stalled_and_running_tables(bot, recorder):
    await sign_up(bot, 4, "size=2", "rounds=1")
    await bot.plugins.tournaments.start(person(1))
    tournament = await current(bot)
    first, second = await bot.plugins.tournaments.store.slots(tournament.id, 1)
    # a player may not abort table 1 (/resign is theirs); a moderator does: it is stalled and the
    # organiser is told how to settle it
    player = next(p for p in first.players if p != 101)        # not the organiser (P01)
    assert (await bot.service.abort(Ctx(player, "player", first.channel_id, 7)))[0].error
    r = await confirmed(bot.service, Ctx(900, "mod", first.channel_id, 7, is_moderator=True), "abort")
    assert not r[0].error
    assert "Table 1 of round 1 was closed without a result" in recorder.posted(HALL)
    assert (await bot.plugins.tournaments.store.slots(tournament.id, 1))[0].status == "stalled"
    a, b = first.players
    r = await bot.plugins.tournaments.report(person(2), 1, "x")
    assert r[0].error and "Only the organiser" in text_of(r)
    r = await bot.plugins.tournaments.report(person(1), 1, "nobody > P01")
    assert r[0].error and "'nobody' is not a player of table 1" in text_of(r)
    r = await bot.plugins.tournaments.report(person(1), 1, f"<@{a}>")
    assert r[0].error and "Name every player of table 1" in text_of(r)
    r = await bot.plugins.tournaments.report(person(1), 9, "x")
    assert r[0].error and "tables: 1, 2" in text_of(r)
    r = await bot.plugins.tournaments.command(person(1), f"report 1 <@{a}> = P{b - 100:02d}")
    assert not r[0].error and "The organiser settles table 1 of round 1:" in text_of(r)
    assert (await bot.plugins.tournaments.store.results_of(first))[a][:2] == (1, 0)
    assert (await bot.plugins.tournaments.report(person(1), 1, "x"))[0].error
    # table 2 is still running: reporting from inside its thread closes it
    c, d = second.players
    r = await bot.plugins.tournaments.report(person(1, channel=second.channel_id), None, f"P{d - 100:02d} > P{c - 100:02d}")
    assert not r[0].error and bot.service.live_tables.in_channel(second.channel_id) is None
    assert (await bot.store.table(second.table_id)).status == "aborted"
    await bot.due()
    tournament = await current(bot)
    assert tournament.status == "finished"
    _, lines, _ = await bot.plugins.tournaments._table(tournament)
    assert lines[0].user_id == d and {line.user_id: line.points for line in lines}[a] == 0.5


async def test_restart_while_a_round_is_being_opened(bot, recorder):
    await sign_up(bot, 6, "size=2", "rounds=2")
    await bot.plugins.tournaments.start(person(1))
    await play_round(bot)
    real = recorder.open_thread
    calls = itertools.count()

    async def flaky(parent, name):
        if next(calls) == 1:
            raise ConnectionError("the thread could not be opened")
        return await real(parent, name)

    bot.plugins.ports.open_thread = flaky
    await bot.due()                                   # round 2: table 1 opens, table 2 fails
    tournament = await current(bot)
    statuses = [s.status for s in await bot.plugins.tournaments.store.slots(tournament.id, 2)]
    assert statuses[0] == "playing" and "pending" in statuses
    bot.plugins.ports.open_thread = real
    await bot.restart()
    await bot.due()                                   # the round job finishes opening the round
    slots = await bot.plugins.tournaments.store.slots(tournament.id, 2)
    assert [s.status for s in slots] == ["playing"] * 3
    assert len({s.channel_id for s in slots}) == 3
    await play_round(bot)
    await bot.due()
    assert (await current(bot)).status == "finished"


async def test_a_tournament_opened_after_a_restart_speaks_its_servers_language(bot, recorder):
    """The tables a tournament opens have no interaction of their own: they speak the server's
    language as its latest interaction said, which the store keeps over a restart."""
    bot.service.note_server_language(7, "ja")         # an interaction in the server said so
    await sign_up(bot, 4, "size=2", "rounds=1")
    await bot.restart()                               # nobody in the server has interacted since
    await bot.plugins.tournaments.start(person(1))
    tournament = await current(bot)
    slots = await bot.plugins.tournaments.store.slots(tournament.id, 1)
    assert len(slots) == 2 and all(s.status == "playing" for s in slots)
    assert [bot.service.live_tables.in_channel(s.channel_id).public_language for s in slots] == ["ja", "ja"]
