"""The bot is SIGKILLed again and again at random moments while many tables play (all five games
and the short test game, whose games end every few moves; buttons and slash verbs), and
restarted each time; on SQLite and on PostgreSQL. After every kill the database proves:

* the log of every table is exactly what its players saw: every move a player saw accepted (a
  public answer with the board) is in it, in order; no move a player saw refused, and nothing
  never sent, is in it; a button's move is at the version its button was made for. The only
  freedom is a move whose answer the kill cut off: it may be in the log or not;
* no table is corrupted: the stored state equals a replay of the log from the table's seed;
* a game that ended is ended: a log whose replay is over belongs to a finished table with its
  results and its rating changes, and a running table's replay is not over; every player's
  rating counts each rated game once.

After every restart, every table whose stored version was never announced (the kill cut its
answer off) has its turn or its end posted in its channel, once, before anything else moves; then
each table continues: the player /status names makes a move and it is accepted; a table whose game
ended opens the next game.

``SOAK_KILLS=120`` (``make soak``) runs it with that many kills per database and prints the
figures; mismatches are then counted to the end instead of stopping at the first.
"""
from __future__ import annotations

import asyncio
import math
import os
import random
from dataclasses import dataclass, field

import pytest
from sqlalchemy import text as sql

from bot.store import Store
from games import registry
from tests.conftest import StoreMaker
from tests.e2e.conftest import TOYGAME, log_problems, posted_after_restore, start_board_bot, traceback_texts, write_config
from tests.e2e.loadgen import GAMES, LoadPlan, SentMove, Table, moves_by_channel, open_and_start, play_table, resume_move
from tests.fakediscord import FakeDiscord
from tests.stored_tables import StoredTable, corruption, read_tables, replay

pytestmark = pytest.mark.asyncio(loop_scope="session")

SOAK = int(os.environ.get("SOAK_KILLS", "0"))
KILLS = SOAK or 6
PLAN = LoadPlan(channels=30, guilds=3)
SHORT = "countdown"                 # the test game: a game ends after a dozen moves
SHORT_TABLES = 12                   # of PLAN.channels; each seats 2 players, the others 4
RESTARTED = "The bot restarted after saving the last move and before announcing it"


# -- the world -------------------------------------------------------------------------------------
def build_tables(fake: FakeDiscord) -> list[Table]:
    registry.load(TOYGAME)              # the checks replay its logs too
    guilds = [fake.guild(f"kill-guild-{g}") for g in range(PLAN.guilds)]
    tables = []
    for n in range(PLAN.channels):
        short = n < SHORT_TABLES
        channel = guilds[n % len(guilds)].channel(f"kill-table-{n}")
        users = [fake.user(f"kill-{n}-{k}", global_name=f"K{n}x{k}") for k in range(2 if short else 4)]
        games = [SHORT] if short else [GAMES[n % len(GAMES)]]
        tables.append(Table(channel, users, games, random.Random(f"kill:{n}"), first_by_button=n % 2 == 0))
    return tables


def config_for(tmp_path, stores: StoreMaker):
    overrides: dict = {"rendering": {"threads": 2}, "games": {"default_options": {SHORT: ["wide"]}}}
    if stores.backend == "postgres":
        overrides["database"] = {"backend": "postgres"}
    return write_config(tmp_path, overrides=overrides)


# -- checking the store against what the players saw -----------------------------------------------
def same(stored: StoredTable, action, move: SentMove) -> bool:
    """A logged action is this sent move: the same seat, the same text (a slash verb that is only
    a label, like /place, is logged with the verb in front)."""
    texts = (move.text, f"{move.verb} {move.text}") if move.verb else (move.text,)
    return action.kind == "move" and action.seat == stored.seat_of(move.user_id) and action.text in texts


def log_problems_of(stored: StoredTable, moves: list[SentMove]) -> list[str]:
    """Whether the log is exactly the moves sent at this table, with every accepted move, no
    refused one, and a move cut off by a kill either in or out (all ways are tried)."""
    name = f"table {stored.record.id} ({stored.record.game})"
    log = stored.actions
    reachable = {0}                 # how many log rows the moves so far can account for
    for move in moves:
        following = set()
        for j in reachable:
            if not move.accepted:
                following.add(j)
            if not move.refused and j < len(log) and same(stored, log[j], move) \
                    and (move.version is None or move.version == j):
                following.add(j + 1)
        if not following:
            at = min(reachable)
            found = f"action {at + 1} is {log[at].text!r}" if at < len(log) else f"the log ends at action {len(log)}"
            return [f"{name}: acknowledged move {move.text!r} (sent for version {move.version}) is not next in the log:"
                    f" {found}"]
        reachable = following
    if len(log) not in reachable:
        extra = log[max(reachable)]
        return [f"{name}: logged action {extra.n} {extra.text!r} was never sent, or refused, or is there twice"]
    return []


def end_problems(stored: StoredTable, results: list, rated: str | None) -> list[str]:
    """A game over in its log is a finished table with its results and rating; one not over is open."""
    record = stored.record
    name = f"table {record.id} ({record.game})"
    outcome = registry.get(record.game).outcome(replay(stored))
    if outcome is None:
        return [] if record.status == "playing" else [f"{name}: {record.status}, but its game is not over"]
    expected = [(s.seat, s.user_id, outcome.ranks[s.seat], outcome.scores[s.seat]) for s in record.seats]
    problems = []
    if record.status != "finished":
        problems.append(f"{name}: its game is over but the table is {record.status}")
    if results != expected:
        problems.append(f"{name}: results {results} instead of {expected}")
    if rated != "rated":
        problems.append(f"{name}: rating {rated!r} instead of 'rated'")
    return problems


async def rating_problems(store: Store) -> list[str]:
    """Every player's rating counts each of their rated games exactly once."""
    counted = {(r.guild_id, r.game, r.user_id): r.games
               for r in await store.fetch(sql("SELECT guild_id, game, user_id, games FROM ratings"))}
    rated: dict[tuple, int] = {}
    for r in await store.fetch(sql("SELECT t.guild_id, t.game, s.user_id FROM rated_tables r JOIN game_tables t"
                                   " ON t.id = r.table_id JOIN seats s ON s.table_id = t.id WHERE r.status = 'rated'")):
        key = (r.guild_id, r.game, r.user_id)
        rated[key] = rated.get(key, 0) + 1
    return [f"rating of user {key[2]} in {key[1]}: {counted.get(key)} games counted, {games} rated"
            for key, games in sorted(set(rated.items()) ^ set(counted.items()))]


@dataclass
class Figures:
    kills: int = 0
    acknowledged: int = 0
    logged: int = 0
    finished: int = 0
    cut_off: int = 0                # moves whose answer a kill cut off
    ends_cut_off: int = 0           # of them, moves that ended their game: stored, end and all, never answered
    announced: int = 0              # turns and ends posted after a restart (stored, never announced)
    mismatches: list[str] = field(default_factory=list)

    def line(self) -> str:
        return (f"kills {self.kills}, moves acknowledged {self.acknowledged}, moves logged {self.logged},"
                f" answers cut off {self.cut_off} (of moves that ended a game: {self.ends_cut_off}),"
                f" games finished {self.finished}, announced after a restart {self.announced},"
                f" mismatches {len(self.mismatches)}")


async def check_database(fake: FakeDiscord, stores: StoreMaker, tables: list[Table], figures: Figures,
                         killed: bool = True) -> None:
    """Every table in the store against what its players sent and saw (after a kill, or at the end)."""
    store = await stores.open()
    try:
        stored: dict[int, list[StoredTable]] = {}
        for table in await read_tables(store, status=("playing", "finished")):
            stored.setdefault(table.record.channel_id, []).append(table)
        moves = moves_by_channel(fake)
        starts = _starts(fake)
        problems: list[str] = []
        acknowledged = logged = finished = cut_off = ends_cut_off = 0
        for table in tables:
            here = stored.get(table.channel.id, [])
            games = _by_game(moves.get(table.channel.id, []), starts.get(table.channel.id, []))
            if len(here) != len(games):
                problems.append(f"#{table.channel.name}: {len(games)} games started, {len(here)} tables stored")
                continue
            for game, sent in zip(here, games):
                acknowledged += sum(m.accepted for m in sent)
                cut_off += sum(m.unknown for m in sent)
                logged += len(game.actions)
                finished += game.record.status == "finished"
                # after a game's last move nobody moves there again: if that move is unanswered, it was the end
                ends_cut_off += game.record.status == "finished" and bool(sent) and sent[-1].unknown
                problems += [why] if (why := corruption(game)) else []
                problems += log_problems_of(game, sent)
                rated = await store.fetch(sql("SELECT status FROM rated_tables WHERE table_id = :t"), {"t": game.record.id})
                problems += end_problems(game, await store.results(game.record.id), rated[0][0] if rated else None)
        problems += await rating_problems(store)
    finally:
        await store.close()
    figures.kills += killed
    figures.acknowledged, figures.logged, figures.finished = acknowledged, logged, finished
    figures.cut_off, figures.ends_cut_off = cut_off, ends_cut_off
    figures.mismatches += problems
    print(figures.line(), flush=True)
    if not SOAK:
        assert problems == []


def _starts(fake: FakeDiscord) -> dict[int, list[int]]:
    """Where each game began: the positions of the /start commands that were answered publicly."""
    starts: dict[int, list[int]] = {}
    for position, interaction in enumerate(fake.interactions):
        if interaction.type == 2 and interaction.command_name == "start" and interaction.original is not None \
                and not interaction.original.ephemeral:
            starts.setdefault(interaction.channel.id, []).append(position)
    return starts


def _by_game(moves: list[SentMove], starts: list[int]) -> list[list[SentMove]]:
    """The moves of a channel split by the game they were sent to (games start only while the
    bot is not being killed, so each /start opened exactly one table)."""
    games: list[list[SentMove]] = [[] for _ in starts]
    for move in moves:
        index = sum(1 for s in starts if s < move.position) - 1
        if index >= 0:
            games[index].append(move)
    return games


async def unannounced(stores: StoreMaker) -> list[int]:
    """Tables whose stored version was never announced in their channel."""
    store = await stores.open()
    try:
        rows = await store.fetch(sql("SELECT id FROM game_tables WHERE status IN ('playing', 'finished')"
                                     " AND announced_version < version ORDER BY id"))
        return [r.id for r in rows]
    finally:
        await store.close()


async def restart(fake: FakeDiscord, config, env: dict, stores: StoreMaker, figures: Figures):
    """Start the bot again: what the kill left unannounced is posted, once each, and recorded."""
    waiting = await unannounced(stores)
    since = max((m.seq for m in fake.all_messages), default=0)
    bot = await start_board_bot(fake, config, env=env)
    posted = await posted_after_restore(bot)             # logged once the posts are sent and recorded
    shown = [m for m in fake.messages() if m.seq > since and m.kind == "channel" and RESTARTED in m.content]
    problems = []
    if not posted == len(shown) == len(waiting):
        problems.append(f"after the restart: {len(waiting)} tables unannounced, {posted} posted, {len(shown)} shown")
    if still := await unannounced(stores):
        problems.append(f"after the restart: tables {still} still unannounced")
    figures.announced += posted
    figures.mismatches += problems
    if not SOAK:
        assert problems == []
    return bot


# -- the test ----------------------------------------------------------------------------------------
async def go_on(fake: FakeDiscord, table: Table) -> None:
    """After a restart: the player /status names moves; a table whose game is over opens the next."""
    if table.turn is None or not await resume_move(fake, table):
        await open_and_start(table)


async def test_sigkill_under_load_loses_nothing_acknowledged(fake, tmp_path, store_maker):
    config = config_for(tmp_path, store_maker)
    env = store_maker.environ()
    tables = build_tables(fake)
    bot = await start_board_bot(fake, config, env=env)
    bots = [bot]
    await asyncio.gather(*(open_and_start(table) for table in tables))
    rng = random.Random(2024)
    figures = Figures()
    acknowledged = []
    ready = 0
    for _ in range(KILLS):
        playing = [t for t in tables if t.turn is not None]          # a game that ended waits for the restart
        load = asyncio.gather(*(play_table(fake, t, PLAN, math.inf, reopen=False) for t in playing))
        await asyncio.sleep(rng.uniform(0.3, 3.0))          # mid-move, mid-render, mid-end, mid-send: anywhere
        await bot.kill()
        load.cancel()
        await asyncio.gather(load, return_exceptions=True)

        await check_database(fake, store_maker, tables, figures)
        acknowledged.append(figures.acknowledged)

        bot = await restart(fake, config, env, store_maker, figures)
        bots.append(bot)
        ready = len(fake.interactions)
        await asyncio.gather(*(go_on(fake, t) for t in tables))      # every table goes on
        assert [f for t in tables for f in t.failures] == []

    await check_database(fake, store_maker, tables, figures, killed=False)
    print(f"{store_maker.backend}: {figures.line()}")
    assert figures.mismatches == []
    assert acknowledged == sorted(acknowledged) and figures.acknowledged > acknowledged[0]
    assert figures.finished > 0                                         # games did end while it killed
    assert {t.game for t in tables} == set(GAMES) | {SHORT}
    # Health: every interaction after the last restart was answered in time; the only unanswered
    # ones went to a bot that was being killed. No violation, traceback or error line anywhere.
    assert [i.describe() for i in fake.interactions[ready:] if not i.acked or i.expired] == []
    assert fake.violations == [] and fake.unknown_routes == []
    statuses = [i for i in fake.interactions if i.command_name == "status" and i.acked]
    assert statuses and all(m.ephemeral for i in statuses for m in [i.original, *i.followups])   # even when deferred
    assert traceback_texts(fake) == []
    for each in bots:
        assert log_problems(each) == [], each.diagnostics()
