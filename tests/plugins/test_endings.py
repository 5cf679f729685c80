"""Nothing half-done at a game's end, on SQLite and PostgreSQL.

* The last move, the table's end, its results, the rating changes and the tournament result are
  one transaction: when the database refuses any part of it (a trigger refusing one insert),
  nothing of it is stored, the table plays on from before that move, and the same move ends the
  game once the database accepts it again.
* A game stored as ended but still open (what earlier versions left after a stop between the last
  move and the end) is closed by the next start, once: results and ratings are written once, and
  its end is announced once.
* A turn or an end that was stored but never announced is announced after a restart, once.
"""
from __future__ import annotations

import json

from sqlalchemy import text as sql

from bot.store import ActionRecord
from tests.plugins.helpers import seat_ctx
from tests.conftest import ctx
from tests.helpers import confirmed, text_of

RESTARTED = "The bot restarted after saving the last move and before announcing it"
TARGET = 21


async def game(bot, *users: str, channel: int = 1):
    await bot.service.join(ctx(users[0], channel), "countdown")
    for user in users[1:]:
        await bot.service.join(ctx(user, channel))
    await bot.service.start(ctx(users[0], channel))
    return bot.service.live_tables.in_channel(channel)


async def to_the_brink(bot, channel: int = 1):
    """Everyone bets, then the players add until one more 'add 3' ends the game. Returns the
    context of the player whose 'add 3' ends it."""
    while True:
        table = bot.service.live_tables.in_channel(channel)
        seat = min(table.game.to_act(table.state))
        if table.state.bets[seat] is None:
            text = "bet odd"
        elif table.state.total + 3 >= TARGET:
            return seat_ctx(table, seat)
        else:
            text = "add 3" if table.state.total + 6 < TARGET else "add 1"
        replies = await bot.service.act(seat_ctx(table, seat), text)
        assert not replies[0].error, text_of(replies)
        await bot.service.announced(replies)          # the test is the adapter: it has shown the answer


async def refuse_inserts(bot, table: str) -> None:
    """The database itself refuses every insert into ``table`` (a trigger)."""
    if bot.stores.backend == "sqlite":
        await bot.store.write([(sql(f"CREATE TRIGGER refuse_{table} BEFORE INSERT ON {table}"
                                    " BEGIN SELECT RAISE(ABORT, 'refused by the test'); END"), {})])
    else:
        await bot.store.write([(sql("CREATE OR REPLACE FUNCTION refuse_insert() RETURNS trigger LANGUAGE plpgsql AS"
                                    " $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$"), {}),
                               (sql(f"CREATE TRIGGER refuse_{table} BEFORE INSERT ON {table} FOR EACH ROW"
                                    " EXECUTE FUNCTION refuse_insert()"), {})])


async def allow_inserts(bot, table: str) -> None:
    if bot.stores.backend == "sqlite":
        await bot.store.write([(sql(f"DROP TRIGGER refuse_{table}"), {})])
    else:
        await bot.store.write([(sql(f"DROP TRIGGER refuse_{table} ON {table}"), {}),
                               (sql("DROP FUNCTION refuse_insert()"), {})])


async def stored(bot, table_id: int) -> dict:
    """What the store holds of a table's end."""
    record = await bot.store.table(table_id)
    users = [s.user_id for s in record.seats]
    ratings = await bot.plugins.ratings.store.get(7, "countdown", users)
    rated = await bot.plugins.ratings.store.status(table_id)
    clocks = await bot.plugins.timers.store.clocks(table_id)
    return {"status": record.status, "version": record.version, "actions": len(await bot.store.actions(table_id)),
            "results": len(await bot.store.results(table_id)), "rated": rated[0] if rated else None,
            "games": sorted(r.games for r in ratings.values()), "clocks": len(clocks),
            "total": json.loads(record.snapshot_text)["total"], "announced": record.announced_version}


async def test_a_refused_end_stores_nothing_and_the_same_move_ends_the_game_later(bot):
    table = await game(bot, "alice", "bob")
    last = await to_the_brink(bot)
    before = await stored(bot, table.id)
    assert before["status"] == "playing" and before["clocks"] == 1 and before["games"] == []

    await refuse_inserts(bot, "rated_tables")           # the last statement of the end's transaction
    try:
        replies = await bot.service.act(last, "add 3")
        assert replies[0].error and "nothing changed" in text_of(replies)
        assert await stored(bot, table.id) == before     # not the move, not the end, not the clocks
        live = bot.service.live_tables.in_channel(1)
        assert live is table and live.status == "playing" and live.state.total == before["total"]
        assert live.version == before["version"]
    finally:
        await allow_inserts(bot, "rated_tables")

    replies = await bot.service.act(last, "add 3")
    text = text_of(replies)
    assert "Game over." in text and "Ratings for Countdown (test game):" in text
    assert replies[0].announces == before["version"] + 1
    after = await stored(bot, table.id)
    assert after == {**before, "status": "finished", "version": before["version"] + 1, "actions": before["actions"] + 1,
                     "results": 2, "rated": "rated", "games": [1, 1], "clocks": 0, "total": before["total"] + 3}
    assert bot.service.live_tables.in_channel(1) is None


async def test_a_resignation_that_ends_the_game_is_one_transaction(bot):
    table = await game(bot, "alice", "bob")
    await refuse_inserts(bot, "results")
    try:
        replies = await confirmed(bot.service, ctx("bob"), "resign")
        assert replies[0].error
        record = await bot.store.table(table.id)
        assert record.status == "playing" and await bot.store.actions(table.id) == []
        assert not any(s.resigned for s in record.seats) and not any(s.resigned for s in table.seats)
    finally:
        await allow_inserts(bot, "results")
    replies = await confirmed(bot.service, ctx("bob"), "resign")
    assert "Game over." in text_of(replies)
    record = await bot.store.table(table.id)
    assert record.status == "finished" and record.version == 1
    assert [a.kind for a in await bot.store.actions(table.id)] == ["resign"]
    assert [s.resigned for s in record.seats] == [False, True]
    assert [rank for _, _, rank, _ in await bot.store.results(table.id)] == [1, 2]


async def test_the_tournament_result_is_part_of_the_end(bot, recorder):
    from tests.plugins.test_tournaments import current, person, sign_up

    await sign_up(bot, 2, "size=2", "rounds=1")
    await bot.plugins.tournaments.start(person(1))
    tournament = await current(bot)
    [slot] = await bot.plugins.tournaments.store.slots(tournament.id, 1)
    last = await to_the_brink(bot, slot.channel_id)
    await refuse_inserts(bot, "tournament_results")
    try:
        replies = await bot.service.act(last, "add 3")
        assert replies[0].error
        record = await bot.store.table(slot.table_id)
        assert record.status == "playing" and await bot.store.results(slot.table_id) == []
        assert await bot.plugins.ratings.store.status(slot.table_id) is None          # the ratings waited too
        assert (await bot.plugins.tournaments.store.slots(tournament.id, 1))[0].status == "playing"
    finally:
        await allow_inserts(bot, "tournament_results")
    replies = await bot.service.act(last, "add 3")
    assert "Result recorded for the tournament Autumn, round 1." in text_of(replies)
    assert (await bot.plugins.tournaments.store.slots(tournament.id, 1))[0].status == "finished"
    assert len(await bot.plugins.tournaments.store.results_of(slot)) == 2
    assert (await bot.plugins.ratings.store.status(slot.table_id))[0] == "rated"
    await bot.due()
    assert (await current(bot)).status == "finished"


async def leave_ended_but_open(bot, table, last, announced: int | None) -> int:
    """What a stop between the last move and the end left before both were one transaction: the
    last move stored (log row and snapshot), the table still 'playing'. Returns the version."""
    state = table.game.from_json(json.loads(table.snapshot))
    seat = table.seat_of(last.user_id)
    table.game.apply(state, seat, table.game.parse(state, seat, "add 3"))
    assert table.game.outcome(state) is not None
    version = table.version + 1
    await bot.store.append_actions(table.id, [ActionRecord(version, seat, "add 3")],
                                   json.dumps(table.game.to_json(state)), table.seats)
    await bot.store.write([(sql("UPDATE game_tables SET announced_version = :v WHERE id = :id"),
                            {"v": announced, "id": table.id})])
    return version


async def test_a_game_left_ended_but_open_is_closed_and_announced_once(make_bot, recorder):
    bot = await make_bot()
    first = await game(bot, "alice", "bob")
    last = await to_the_brink(bot)
    await leave_ended_but_open(bot, first, last, announced=first.version)           # its answer never went out
    second = await game(bot, "carol", "dave", channel=2)
    last = await to_the_brink(bot, 2)
    await leave_ended_but_open(bot, second, last, announced=None)                   # from before migration 4

    recorder.clear()
    await bot.restart(delivered=False)
    for table in (first, second):
        assert bot.service.live_tables.in_channel(table.channel_id) is None
        after = await stored(bot, table.id)
        assert (after["status"], after["results"], after["rated"], after["games"]) == ("finished", 2, "rated", [1, 1])
        assert after["announced"] == after["version"]
        posted = recorder.posted(table.channel_id)
        assert posted.count("Game over.") == 1 and posted.count("Ratings for Countdown (test game):") == 1
    assert RESTARTED in recorder.posted(1)

    recorder.clear()
    await bot.restart(delivered=False)
    assert recorder.posts == []
    for table in (first, second):
        assert (await stored(bot, table.id))["games"] == [1, 1]


async def test_a_turn_stored_but_never_announced_is_announced_once(make_bot, recorder):
    bot = await make_bot()
    table = await game(bot, "alice", "bob")
    for who in ("alice", "bob"):
        await bot.service.announced(await bot.service.act(ctx(who), "bet odd"))
    replies = await bot.service.act(ctx("alice"), "add 2")      # stored; its answer never goes out
    assert not replies[0].error and replies[0].announces == 3
    assert (await stored(bot, table.id))["announced"] == 2

    recorder.clear()
    await bot.restart(delivered=False)
    [(channel, [announcement])] = recorder.posts
    assert channel == 1 and announcement.announces == 3 and announcement.table_id == table.id
    assert RESTARTED in text_of([announcement]) and "total 2 of 21" in text_of([announcement])
    assert announcement.mentions == [ctx("bob").user_id]
    assert (await stored(bot, table.id))["announced"] == 3

    recorder.clear()
    await bot.restart(delivered=False)
    assert recorder.posts == []
    replies = await bot.service.act(ctx("bob"), "add 1")
    assert not replies[0].error and "the total is 3" in text_of(replies)


async def test_an_end_stored_but_never_announced_is_announced_once(make_bot, recorder):
    bot = await make_bot()
    table = await game(bot, "alice", "bob")
    last = await to_the_brink(bot)
    replies = await bot.service.act(last, "add 3")               # stored; its answer never goes out
    assert "Game over." in text_of(replies)
    version = replies[0].announces

    recorder.clear()
    await bot.restart(delivered=False)
    [(channel, [announcement])] = recorder.posts
    text = text_of([announcement])
    assert channel == 1 and announcement.announces == version
    assert RESTARTED in text and "Game over." in text and "Ratings for Countdown (test game):" in text
    assert text_of(replies).split("Game over.")[1] in text       # the same ranks, scores and rating changes
    assert (await stored(bot, table.id))["games"] == [1, 1]

    recorder.clear()
    await bot.restart(delivered=False)
    assert recorder.posts == []
    assert (await stored(bot, table.id))["games"] == [1, 1]


async def test_a_mark_for_a_version_the_table_moved_past_changes_nothing(bot):
    table = await game(bot, "alice", "bob")
    await bot.service.act(ctx("alice"), "bet odd")
    await bot.service.act(ctx("bob"), "bet odd")
    await bot.store.mark_announced([(table.id, 1)])
    assert (await bot.store.table(table.id)).announced_version == -1
    await bot.store.mark_announced([(table.id, 2)])
    assert (await bot.store.table(table.id)).announced_version == 2
