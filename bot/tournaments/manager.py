"""Community tournaments: sign-up, rounds played as ordinary tables in threads, results recorded
when a table finishes, pairings for the next round, standings, organiser reports, CSV export.

Everything lives in the store, so a restart in the middle of a round loses nothing: a round is
advanced by a scheduler job (armed when the last table of a round gets its result), and opening
a round's tables is resumable — each table's thread and table id are written down as soon as
they exist, so a second attempt continues where the first stopped.
"""
from __future__ import annotations

import asyncio
import logging
import math
import random
import re
import shlex
from typing import TYPE_CHECKING, AsyncContextManager

from bot.keyedlocks import KeyedLocks
from bot.plugins.ports import Ports, channel_link
from bot.i18n import I18n, UserRef, t
from bot.i18n import counts
from bot.scheduler import Job, Scheduler, rearm_sql
from bot.table.hooks import Permission, TableHooks
from bot.table.outcomes import Refused, refused
from bot.table.live import LiveTable
from bot.table.context import Ctx
from bot.presenters.replies import Reply
from bot.presenters.replies import refusal as _error   # one refusal reply for every extension
from bot.presenters.numbers import whole_number
from bot.store import Store, StoreError
from bot.store.base import Statement
from bot.store.turn_timers import TimerSetting
from bot.tournaments import export, pairing
from bot.tournaments.standings import Line, bye_points, number, table_points
from bot.tournaments.standings import standings as compute_standings
from bot.store.tournaments import Player, Slot, Tournament, Tournaments as TournamentStore
from bot.turns.durations import parse_span, span
from games import registry
from games.core import BLANK, OptionError, validate_options
from games.core.options import option_tokens
from games.core.messages import Msg
from renderers.rankings import Column, render_ranking

if TYPE_CHECKING:
    from bot.scheduler import Clock
    from bot.service.tables import TableService
    from bot.turns.timers import TurnTimers

log = logging.getLogger(__name__)

MAX_PLAYERS = 256
MAX_ROUNDS = 30
FORMAT_WORDS = {"swiss": "swiss", "roundrobin": "roundrobin", "round-robin": "roundrobin", "rr": "roundrobin",
                "elimination": "elimination", "knockout": "elimination", "single": "elimination", "ko": "elimination"}
FORMAT_NAMES = {"swiss": t("Swiss"), "roundrobin": t("round robin"), "elimination": t("single elimination")}
MENTION = re.compile(r"<@!?(\d+)>")          # a Discord user mention inside a report


def planned_rounds(format: str, players: int, size: int, smallest: int, wanted: int) -> int:
    """How many rounds a tournament of ``players`` will have."""
    if format == "roundrobin":
        return players - 1 if players % 2 == 0 else players
    if format == "elimination":
        count, rounds = players, 0
        while count > 1:
            sizes, byes = pairing.table_sizes(count, size, smallest)
            if not sizes:
                break
            count, rounds = len(sizes) + byes, rounds + 1
        return rounds
    if wanted:
        return wanted
    return max(1, math.ceil(math.log2(players))) if size == 2 else 3


class Tournaments(TableHooks):
    def __init__(self, service: "TableService", store: TournamentStore, records: Store, scheduler: Scheduler,
                 ports: Ports, clock: "Clock", timers: "TurnTimers") -> None:
        """``store``: the tournaments' repository; ``records``: the store's tables (a round's
        games and their results) and the write of the repository's statements."""
        self.service = service
        self.records = records
        self.timers = timers            # a table's turn timer is the tournament's
        self.scheduler = scheduler
        self.ports = ports
        self.clock = clock
        self.store = store
        self._lock = asyncio.Lock()
        self._signup: KeyedLocks[int] = KeyedLocks()
        self._i18n = I18n()
        scheduler.register("tournament", self._round_job)

    # -- finding the tournament a command is about ------------------------------------------------
    async def _here(self, ctx: Ctx, finished_too: bool = False) -> Tournament | None:
        found = await self.store.active_in(ctx.channel_id)
        if found is None:
            slot = await self.store.slot_in_channel(ctx.channel_id)
            if slot is not None:
                found = await self.store.get(slot.tournament_id)
        if found is None and finished_too:
            found = await self.store.latest_in(ctx.channel_id)
        return found

    def _none_here(self) -> list[Reply]:
        return _error("There is no tournament in this channel. Create one with /tournament create NAME GAME.")

    def _may_run(self, ctx: Ctx, tournament: Tournament) -> bool:
        return ctx.user_id == tournament.organiser_id or ctx.is_moderator

    # -- sign-up ----------------------------------------------------------------------------------
    def _signing_up(self, channel_id: int) -> AsyncContextManager[None]:
        """One sign-up change at a time per channel (create, join, leave, start, cancel): commands that
        arrive together are answered one after the other, each on what the one before did."""
        return self._signup(channel_id)

    async def create(self, ctx: Ctx, name: str, game_name: str, format: str | None = None, size: int | None = None,
                     rounds: int | None = None, timer: str | None = None, options: str | None = None) -> list[Reply]:
        async with self._signing_up(ctx.channel_id):
            return await self._create(ctx, name, game_name, format, size, rounds, timer, options)

    async def _create(self, ctx: Ctx, name: str, game_name: str, format: str | None, size: int | None,
                      rounds: int | None, timer: str | None, options: str | None) -> list[Reply]:
        name = " ".join((name or "").split())[:60]
        if not name:
            return _error("Give the tournament a name: /tournament create NAME GAME.")
        if await self.store.active_in(ctx.channel_id) is not None:
            return _error("This channel already has a tournament; /tournament info shows it.")
        if self.ports.open_thread is None:
            return _error("Tournaments need threads, and this place cannot open them.")
        game = self.service.game(game_name or "")
        if game is None:
            return self.service.unknown_game(game_name or "")
        kind = FORMAT_WORDS.get((format or "swiss").strip().lower())
        if kind is None:
            return _error("The format is swiss, roundrobin or elimination.")
        smallest = max(2, game.min_players)
        size = size or smallest
        if not smallest <= size <= game.max_players:
            return _error("{game} tables seat {least} to {most} players; choose a table size in that range.",
                          game=Msg(game.title), least=smallest, most=game.max_players)
        if kind == "roundrobin" and size != 2:
            return _error("A round robin pairs two players at a time: use table size 2, or swiss for larger tables.")
        if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
            return _error("Rounds: from 1 to {most}.", most=MAX_ROUNDS)
        if rounds is not None and kind != "swiss":
            return _error("Only Swiss tournaments take a number of rounds; the other formats work it out.")
        seconds = None
        if timer and timer.strip().lower() not in ("off", "none", "0"):
            seconds = parse_span(timer)
            if seconds is None or not 60 <= seconds <= 30 * 86400:
                return _error("Write the turn time limit like 24h, 90m, 3d or 1d12h (from 1m to 30d).")
        wanted = option_tokens(options or "")
        try:
            chosen = validate_options(game.options, wanted)
        except OptionError as error:
            return [Reply([Msg(error.text, error.params)], private=True, error=True)]
        seed = random.SystemRandom().randrange(2**31)
        try:
            tournament_id = await self.store.create(ctx.guild_id, ctx.channel_id, name, game.name, sorted(chosen), kind,
                                                    size, rounds or 0, seconds, ctx.user_id, seed, ctx.name[:64])
        except StoreError as error:
            if await self.store.active_in(ctx.channel_id) is not None:       # another process created one first
                return _error("This channel already has a tournament; /tournament info shows it.")
            return self._not_saved(error)
        tournament = await self.store.get(tournament_id)
        assert tournament is not None
        return [Reply([t("{player} creates the tournament {tournament}.", player=ctx.name[:64], tournament=name)]
                      + self._summary(tournament, 1)
                      + [t("Join with /tournament join; the organiser starts it with /tournament start.")])]

    def _summary(self, tournament: Tournament, players: int) -> list[Msg]:
        game = registry.get(tournament.game)
        rounds = tournament.rounds or t("decided at the start")
        return [t("{game}, {format}, tables of {size}, rounds: {rounds}, turn timer: {timer}, options: {options}. "
                  "Players: {players}.", game=Msg(game.title) if game else tournament.game, format=FORMAT_NAMES[tournament.format],
                  size=tournament.table_size, rounds=rounds,
                  timer=span(tournament.timer_seconds) if tournament.timer_seconds else t("none"),
                  options=", ".join(tournament.options) or "-", players=players)]

    def _not_saved(self, error: StoreError) -> list[Reply]:
        log.error("tournament sign-up not saved, nothing changed: %s", error)
        return _error("That could not be saved, so nothing changed. Please try again in a moment.")

    async def join(self, ctx: Ctx) -> list[Reply]:
        async with self._signing_up(ctx.channel_id):
            return await self._join(ctx)

    async def _join(self, ctx: Ctx) -> list[Reply]:
        tournament = await self._here(ctx)
        if tournament is None:
            return self._none_here()
        if tournament.status != "open":
            return _error("The tournament {tournament} has started; sign-up is closed.", tournament=tournament.name)
        players = await self.store.players(tournament.id)
        if any(p.user_id == ctx.user_id for p in players):
            return _error("You are already signed up for {tournament}.", tournament=tournament.name)
        if len(players) >= MAX_PLAYERS:
            return _error("The tournament is full ({players}).", players=counts.players(len(players)))
        try:
            await self.store.add_player(tournament.id, ctx.user_id, ctx.name[:64])
        except StoreError as error:
            if any(p.user_id == ctx.user_id for p in await self.store.players(tournament.id)):     # signed up meanwhile
                return _error("You are already signed up for {tournament}.", tournament=tournament.name)
            return self._not_saved(error)
        return [Reply([t("{player} joins the tournament {tournament} ({players}).", player=ctx.name[:64],
                         tournament=tournament.name, players=counts.players(len(players) + 1))])]

    async def leave(self, ctx: Ctx) -> list[Reply]:
        async with self._signing_up(ctx.channel_id):
            return await self._leave(ctx)

    async def _leave(self, ctx: Ctx) -> list[Reply]:
        tournament = await self._here(ctx)
        if tournament is None:
            return self._none_here()
        players = await self.store.players(tournament.id)
        if not any(p.user_id == ctx.user_id for p in players):
            return _error("You are not signed up for {tournament}.", tournament=tournament.name)
        if tournament.status == "open":
            await self.store.remove_player(tournament.id, ctx.user_id)
            return [Reply([t("{player} leaves the tournament {tournament}.", player=ctx.name[:64], tournament=tournament.name)])]
        if tournament.status != "running":
            return _error("The tournament {tournament} is over.", tournament=tournament.name)
        await self.store.drop_player(tournament.id, ctx.user_id)
        return [Reply([t("{player} withdraws from {tournament}: no more pairings for them; results so far stay. "
                         "A table they are still playing goes on.", player=ctx.name[:64], tournament=tournament.name)])]

    async def cancel(self, ctx: Ctx) -> list[Reply]:
        async with self._signing_up(ctx.channel_id):
            return await self._cancel(ctx)

    async def _cancel(self, ctx: Ctx) -> list[Reply]:
        tournament = await self._here(ctx)
        if tournament is None or tournament.status not in ("open", "running"):
            return self._none_here()
        if not self._may_run(ctx, tournament):
            return _error("Only the organiser or a moderator can do that.")
        await self.records.write([TournamentStore.set_sql(tournament.id, status="cancelled")])
        return [Reply([t("The tournament {tournament} is cancelled. Tables already playing go on as ordinary games.",
                         tournament=tournament.name)])]

    async def start(self, ctx: Ctx) -> list[Reply]:
        async with self._signing_up(ctx.channel_id):        # no one signs up while round 1 is paired
            return await self._start(ctx)

    async def _start(self, ctx: Ctx) -> list[Reply]:
        tournament = await self._here(ctx)
        if tournament is None:
            return self._none_here()
        if not self._may_run(ctx, tournament):
            return _error("Only the organiser or a moderator can do that.")
        if tournament.status != "open":
            return _error("The tournament {tournament} has already started.", tournament=tournament.name)
        game = registry.get(tournament.game)
        if game is None:
            return _error("The game {game} is not installed any more.", game=tournament.game)
        players = [p for p in await self.store.players(tournament.id) if not p.dropped]
        smallest = max(2, game.min_players)
        if len(players) < smallest:
            return _error("{count} players signed up; the tournament needs at least {least}.", count=len(players),
                          least=smallest)
        rounds = planned_rounds(tournament.format, len(players), tournament.table_size, smallest, tournament.rounds)
        async with self._lock:
            await self.records.write([TournamentStore.set_sql(tournament.id, status="running", rounds=rounds)])
            tournament = await self.store.get(tournament.id)
            assert tournament is not None
            await self._open_round(tournament, 1)
        return [Reply([t("The tournament {tournament} begins: {players}, {rounds}. Round 1 is on; "
                         "each table has its own thread.", tournament=tournament.name, players=counts.players(len(players)),
                         rounds=counts.rounds(rounds))],
                      private=True)]

    # -- rounds -------------------------------------------------------------------------------------
    def _seeded(self, tournament: Tournament, players: list[Player]) -> list[int]:
        order = [p.user_id for p in sorted(players, key=lambda p: p.entry)]
        random.Random(f"{tournament.seed}:seeding").shuffle(order)
        return order

    async def _table(self, tournament: Tournament) -> tuple[list[Player], list[Line], list[Slot]]:
        players = await self.store.players(tournament.id)
        lines = self._standings(tournament, players, await self.store.entries(tournament.id), await self.store.slots(tournament.id))
        return players, lines, await self.store.slots(tournament.id)

    def _standings(self, tournament: Tournament, players: list[Player], entries, slots: list[Slot]) -> list[Line]:
        rows = [(p.user_id, p.name, p.entry, p.dropped) for p in players]
        lines = compute_standings(rows, entries)
        if tournament.format == "elimination":
            reached = self._reached(slots, entries)
            lines.sort(key=lambda line: (-reached.get(line.user_id, 0), line.key()))
            for index, line in enumerate(lines):
                line.place = index + 1
        return lines

    @classmethod
    def _reached(cls, slots: list[Slot], entries) -> dict[int, float]:
        """Knockout progress: the last round played, plus a half for getting through it."""
        advanced = {(e.round, e.user_id) for e in entries if e.bye}
        for slot in slots:
            if slot.status == "finished":
                winner = cls._winner(slot, entries)
                if winner is not None:
                    advanced.add((slot.round, winner))
        reached: dict[int, float] = {}
        for e in entries:
            value = e.round + (0.5 if (e.round, e.user_id) in advanced else 0.0)
            reached[e.user_id] = max(reached.get(e.user_id, 0.0), value)
        return reached

    @staticmethod
    def _winner(slot: Slot, entries) -> int | None:
        """Who goes through from a knockout table: best rank, then score, then seat order."""
        mine = [e for e in entries if e.round == slot.round and e.user_id in slot.players and not e.bye]
        if not mine:
            return None
        best = min(mine, key=lambda e: (e.rank, -e.score, slot.players.index(e.user_id)))
        return best.user_id

    async def _pairings(self, tournament: Tournament, round: int) -> tuple[list[list[int]], list[int]]:
        game = registry.get(tournament.game)
        smallest = max(2, game.min_players if game else 2)
        players, lines, slots = await self._table(tournament)
        active = {p.user_id for p in players if not p.dropped}
        size = tournament.table_size
        if tournament.format == "roundrobin":
            schedule = pairing.round_robin_rounds(self._seeded(tournament, players))
            pairs, byes = schedule[round - 1]
            groups = [g for g in pairs if all(p in active for p in g)]
            byes = [p for p in byes if p in active] + [p for g in pairs if not all(q in active for q in g)
                                                       for p in g if p in active]
            return groups, byes
        if tournament.format == "elimination":
            if round == 1:
                alive = [p for p in self._seeded(tournament, players) if p in active]
            else:
                entries = await self.store.entries(tournament.id)
                previous = [s for s in slots if s.round == round - 1]
                through = {s.players[0] for s in previous if s.status == "bye"}
                through |= {w for s in previous if s.status == "finished" and (w := self._winner(s, entries)) is not None}
                alive = [p for p in self._seeded(tournament, players) if p in through and p in active]
            sizes, byes = pairing.table_sizes(len(alive), size, smallest)
            return pairing.elimination(alive, sizes, byes)
        order = [line.user_id for line in lines if line.user_id in active]
        if round == 1:
            order = [p for p in self._seeded(tournament, players) if p in active]
        met = pairing.meetings(s.players for s in slots if s.status != "bye")
        had_bye = {s.players[0] for s in slots if s.status == "bye"}
        sizes, byes = pairing.table_sizes(len(order), size, smallest)
        return pairing.swiss(order, sizes, byes, met, had_bye)

    async def _open_round(self, tournament: Tournament, round: int) -> None:
        """Pair ``round``, store its tables and byes, then open the tables (under ``self._lock``)."""
        groups, byes = await self._pairings(tournament, round)
        slots: list[Slot] = []
        for table_number, group in enumerate(groups, start=1):
            seats = list(group)
            random.Random(f"{tournament.seed}:{round}:{table_number}").shuffle(seats)   # who starts is drawn
            slots.append(Slot(tournament.id, round, table_number, tuple(seats), None, None, "pending"))
        for offset, player in enumerate(byes, start=len(groups) + 1):
            slots.append(Slot(tournament.id, round, offset, (player,), None, None, "bye"))
        statements = [TournamentStore.add_slot_sql(s) for s in slots]
        statements += [TournamentStore.result_sql(s, s.players[0], 1, 0, bye_points(tournament.table_size), False)
                       for s in slots if s.status == "bye"]
        statements.append(TournamentStore.set_sql(tournament.id, round=round))
        await self.records.write(statements)
        stored = await self.store.get(tournament.id)
        assert stored is not None
        await self._launch_round(stored, round)

    async def _launch_round(self, tournament: Tournament, round: int) -> None:
        players = {p.user_id: p for p in await self.store.players(tournament.id)}
        for slot in await self.store.slots(tournament.id, round):
            if slot.status == "pending":
                await self._launch(tournament, slot, players)
        slots = await self.store.slots(tournament.id, round)
        lines = [t("Round {round} of {rounds} of {tournament}:", round=round, rounds=tournament.rounds,
                   tournament=tournament.name)]
        mentions = []
        for slot in slots:
            names = ", ".join(players[p].name for p in slot.players if p in players)
            if slot.status == "bye":
                lines.append(t("Bye: {player} ({points}).", player=names,
                               points=counts.points(number(bye_points(tournament.table_size)))))
            else:
                lines.append(t("Table {number}: {players} — {channel}", number=slot.number, players=names,
                               channel=channel_link(slot.channel_id) if slot.channel_id else "-"))
                mentions += list(slot.players)
        await self.ports.deliver(tournament.channel_id, [Reply(lines, mentions=mentions)])
        await self._arm_if_complete(tournament, round)

    async def _launch(self, tournament: Tournament, slot: Slot, players: dict[int, Player]) -> None:
        """Open one table: its thread, the players seated in order, options and timer, the start.
        Safe to run again after an interruption."""
        service = self.service
        if slot.channel_id is None:
            name = f"{tournament.name} R{slot.round} T{slot.number}"
            channel = await self.ports.open_thread(tournament.channel_id, name)    # type: ignore[misc]
            await self.store.update_slot(slot, channel_id=channel)
        else:
            channel = slot.channel_id
        names = [players[p].name if p in players else str(p) for p in slot.players]
        try:
            table = await service.live_tables.fresh(channel)       # may be stored by another process already
            replies: list[Reply] = []
            problem: Msg | None = None
            if table is not None and table.status == "lobby" and [s.user_id for s in table.seats] != list(slot.players):
                async with service.live_tables.lock(channel):       # a launch interrupted while it opened the table
                    await service.close_table(table)
                table = None
            if table is None:
                game = service.game(tournament.game)
                language = await service.server_language(tournament.guild_id) if tournament.guild_id else None
                opened = await service.open(channel, tournament.guild_id, game, list(zip(slot.players, names)),
                                            tournament.options, language) if game is not None \
                    else service.offered.unknown(tournament.game)
                table, problem = (None, opened.reason) if isinstance(opened, Refused) else (opened, None)
            if table is not None and table.status == "lobby":
                await self.timers.set_timer(table, TimerSetting(tournament.timer_seconds or None,
                                                                self.timers.setting(table.id).on_timeout))
                replies = await service.start_table(table)
                problem = replies[0].lines[0] if replies and replies[0].error else problem
            table = service.live_tables.in_channel(channel)
            seated = [s.user_id for s in table.seats] if table is not None else []
            if table is None or table.status != "playing" or seated != list(slot.players):
                log.error("tournament %s: table %s of round %s did not start: %s", tournament.id, slot.number, slot.round,
                          problem.english() if problem is not None else "its seats are not the pairing's")
                await self.store.update_slot(slot, status="stalled", table_id=table.id if table else None)
                await self.ports.deliver(tournament.channel_id, [Reply([t(
                    "Table {number} of round {round} could not be started; the organiser can settle it with "
                    "/tournament report.", number=slot.number, round=slot.round)])])
                return
            await self.store.update_slot(slot, table_id=table.id, status="playing")
            header = Reply([t("{tournament}, round {round}, table {number}: {players}. Play here; the result counts as soon "
                              "as the game ends.", tournament=tournament.name, round=slot.round, number=slot.number,
                              players=tuple(UserRef(p, n) for p, n in zip(slot.players, names)))],
                           mentions=list(slot.players))
            await self.ports.deliver(channel, [header] + [r for r in replies if not r.private])
        finally:
            service.live_tables.release_foreign(channel)     # another shard process serves that guild

    async def _arm_if_complete(self, tournament: Tournament, round: int) -> bool:
        slots = await self.store.slots(tournament.id, round)
        if slots and all(s.status in ("finished", "bye") for s in slots):
            now = self.clock.now()
            await self.records.write([rearm_sql("tournament", f"tournament:{tournament.id}:{round}", now,
                                                      {"tournament": tournament.id, "round": round}, now,
                                                      f"tournament:{tournament.id}")])
            self.scheduler.wake()
            return True
        return False

    async def _round_job(self, job: Job) -> float | None:
        """A round may be complete: open the next one or finish the tournament (idempotent)."""
        async with self._lock:
            tournament = await self.store.get(int(job.payload["tournament"]))
            if tournament is None or tournament.status != "running":
                return None
            round = tournament.round
            slots = await self.store.slots(tournament.id, round)
            if any(s.status == "pending" for s in slots):
                await self._launch_round(tournament, round)          # an interrupted opening
                return None
            if not slots or any(s.status not in ("finished", "bye") for s in slots):
                return None
            if round >= tournament.rounds or await self._decided(tournament, round):
                await self._finish(tournament)
                return None
            await self._open_round(tournament, round + 1)
        return None

    async def _decided(self, tournament: Tournament, round: int) -> bool:
        if tournament.format != "elimination":
            return False
        groups, byes = await self._pairings(tournament, round + 1)
        return not groups

    async def _finish(self, tournament: Tournament) -> None:
        await self.records.write([TournamentStore.set_sql(tournament.id, status="finished")])
        tournament = await self.store.get(tournament.id) or tournament
        players, lines, _ = await self._table(tournament)
        winners = [line.name for line in lines if line.place == 1]
        headline = t("The tournament {tournament} is over. Winner: {winner}!", tournament=tournament.name,
                     winner=", ".join(winners))
        reply = await self._standings_reply(tournament, lines, None, headline)
        await self.ports.deliver(tournament.channel_id, [reply])

    async def recover(self) -> None:
        """After a restart: record results of tables that ended while the bot was down, and arm
        the round job of every running tournament so an interrupted round change completes."""
        for tournament in await self.store.running():
            for slot in await self.store.slots(tournament.id, tournament.round):
                if slot.status != "playing" or slot.table_id is None or self.service.live_tables.by_id(slot.table_id):
                    continue
                record = await self.records.table(slot.table_id)
                if record is not None and record.status == "finished":
                    results = await self.records.results(slot.table_id)
                    await self._record(tournament, slot, [(user, rank, score) for _, user, rank, score in results])
                elif record is not None and record.status == "aborted":
                    await self.store.update_slot(slot, status="stalled")
            now = self.clock.now()
            await self.records.write([rearm_sql("tournament", f"tournament:{tournament.id}:{tournament.round}", now,
                                                      {"tournament": tournament.id, "round": tournament.round}, now,
                                                      f"tournament:{tournament.id}")])
        self.scheduler.wake()

    # -- results ------------------------------------------------------------------------------------
    @staticmethod
    def _result_statements(tournament: Tournament, slot: Slot, results: list[tuple[int | None, int, int]],
                           reported: bool = False) -> list[Statement]:
        """One table's result: (user, rank, score) per player, in seat order."""
        points = table_points([rank for _, rank, _ in results], tournament.table_size)
        statements = [TournamentStore.result_sql(slot, user, rank, score, p, reported)
                      for (user, rank, score), p in zip(results, points) if user is not None]
        statements.append(TournamentStore.update_slot_sql(slot, status="finished"))
        return statements

    async def _record(self, tournament: Tournament, slot: Slot, results: list[tuple[int | None, int, int]],
                      reported: bool = False) -> None:
        """Store one table's result: (user, rank, score) per player, in seat order."""
        await self.records.write(self._result_statements(tournament, slot, results, reported))
        await self._arm_if_complete(tournament, slot.round)

    async def _slot_playing(self, table_id: int, status: str) -> tuple[Tournament, Slot] | None:
        """The running tournament and its slot of a table that is still being played there."""
        slot = await self.store.slot_of_table(table_id)
        if slot is None or slot.status != status:
            return None
        tournament = await self.store.get(slot.tournament_id)
        if tournament is None or tournament.status != "running":
            return None
        return tournament, slot

    async def ending(self, table: LiveTable, outcome, status: str, pending: list) -> list[Statement]:
        """The table's tournament result, committed with the game's end."""
        found = await self._slot_playing(table.id, "playing")
        if found is None:
            return []
        results = [(s.user_id, outcome.ranks[s.seat], outcome.scores[s.seat]) for s in table.seats]
        return self._result_statements(*found, results)

    async def finished(self, table: LiveTable, outcome, status: str, replies: list[Reply]) -> None:
        found = await self._slot_playing(table.id, "finished")
        if found is None:
            return
        tournament, slot = found
        await self._arm_if_complete(tournament, slot.round)
        if replies:
            replies[0].lines.append(t("Result recorded for the tournament {tournament}, round {round}.",
                                      tournament=tournament.name, round=slot.round))

    async def may_abort(self, ctx: Ctx, table: LiveTable) -> Permission | None:
        """A running tournament's table is closed by its organiser or a moderator, not by the
        player who happens to be its host: a player who wants out resigns."""
        slot = await self.store.slot_of_table(table.id)
        if slot is None or slot.status != "playing":
            return None
        tournament = await self.store.get(slot.tournament_id)
        if tournament is None or tournament.status != "running":
            return None                     # a cancelled tournament's tables are ordinary games
        if self._may_run(ctx, tournament):
            return Permission(True)
        players = {p.user_id: p.name for p in await self.store.players(tournament.id)}
        organiser = UserRef(tournament.organiser_id, players.get(tournament.organiser_id, ""))
        return Permission(False, refused(
            "This table is part of the tournament {tournament}: only its organiser ({organiser}) or a moderator can "
            "abort it. To give up your game, use /resign.", tournament=tournament.name, organiser=organiser))

    async def closed(self, table: LiveTable, status: str) -> None:
        slot = await self.store.slot_of_table(table.id)
        if slot is None or slot.status != "playing":
            return
        tournament = await self.store.get(slot.tournament_id)
        await self.store.update_slot(slot, status="stalled")
        if tournament is not None:
            await self.ports.deliver(tournament.channel_id, [Reply([t(
                "Table {number} of round {round} was closed without a result; the organiser settles it with "
                "/tournament report {number} followed by the players in finishing order.",
                number=slot.number, round=slot.round)])])

    async def report(self, ctx: Ctx, table_number: int | None, result: str) -> list[Reply]:
        """The organiser settles a table: players in finishing order, ``>`` or ``,`` between
        places, ``=`` between tied players (``alice > bob = carol``)."""
        tournament = await self._here(ctx)
        if tournament is None or tournament.status != "running":
            return self._none_here()
        if not self._may_run(ctx, tournament):
            return _error("Only the organiser or a moderator can do that.")
        slots = await self.store.slots(tournament.id, tournament.round)
        if table_number is None:
            slot = next((s for s in slots if s.channel_id == ctx.channel_id), None)
        else:
            slot = next((s for s in slots if s.number == table_number and s.status != "bye"), None)
        if slot is None:
            return _error("Name the table of the current round: /tournament report NUMBER RESULT (tables: {tables}).",
                          tables=", ".join(str(s.number) for s in slots if s.status != "bye") or "-")
        if slot.status == "finished":
            return _error("Table {number} already has its result.", number=slot.number)
        players = {p.user_id: p for p in await self.store.players(tournament.id)}
        ranks = self._parse_result(result, slot, players)
        if isinstance(ranks, Msg):
            return [Reply([ranks], private=True, error=True)]
        table = await self.service.live_tables.fresh(slot.channel_id) if slot.channel_id else None
        if table is not None and table.id != slot.table_id:
            table = None
        scores = {}
        if table is not None and table.state is not None:
            live = table.game.outcome(table.state)
            scores = {s.user_id: (live.scores[s.seat] if live else 0) for s in table.seats}
        await self._record(tournament, slot, [(p, ranks[p], scores.get(p, 0)) for p in slot.players], reported=True)
        if table is not None:
            await self._close_table(table)
        order = sorted(slot.players, key=lambda p: ranks[p])
        lines = [t("The organiser settles table {number} of round {round}:", number=slot.number, round=slot.round)]
        lines += [t("{rank}. {player}", rank=ranks[p], player=players[p].name if p in players else p) for p in order]
        if slot.channel_id and slot.channel_id != ctx.channel_id:
            await self.ports.deliver(slot.channel_id, [Reply(lines)])
        return [Reply(lines)]

    def _parse_result(self, text: str, slot: Slot, players: dict[int, Player]) -> dict[int, int] | Msg:
        example = " > ".join(players[p].name if p in players else str(p) for p in slot.players)
        text = MENTION.sub(lambda m: f"@@{m[1]}", text or "")       # mentions contain '>', the place separator
        places = [group for group in re.split(r"\s*[>,]\s*", text.strip()) if group]
        ranks: dict[int, int] = {}
        rank = 1
        for group in places:
            members = [m.strip() for m in group.split("=") if m.strip()]
            for member in members:
                found = self._player_of(member, slot, players)
                if found is None:
                    return t("'{name}' is not a player of table {number}. Write the players in finishing order, e.g. {example}.",
                             name=member[:40], number=slot.number, example=example)
                if found in ranks:
                    return t("{name} is named twice. Write each player once, e.g. {example}.", name=member[:40], example=example)
                ranks[found] = rank
            rank += len(members)
        if set(ranks) != set(slot.players):
            return t("Name every player of table {number} in finishing order, e.g. {example} (= for a tie).",
                     number=slot.number, example=example)
        return ranks

    @staticmethod
    def _player_of(text: str, slot: Slot, players: dict[int, Player]) -> int | None:
        text = text.strip()
        if text.startswith("@@") and (user := whole_number(text[2:])) is not None:
            return user if user in slot.players else None
        folded = text.lstrip("@").casefold()
        matches = [p for p in slot.players if p in players and players[p].name.casefold() == folded]
        return matches[0] if len(matches) == 1 else None

    async def _close_table(self, table: LiveTable) -> None:
        """Close a table the organiser settled, like /abort (its hooks run; it has a result now)."""
        service = self.service
        async with service.live_tables.lock(table.channel_id):
            if service.live_tables.by_id(table.id) is not table:
                return
            await service.close_table(table)

    # -- standings and export -----------------------------------------------------------------------
    async def standings(self, ctx: Ctx, scale: float = 1.0) -> list[Reply]:
        tournament = await self._here(ctx, finished_too=True)
        if tournament is None:
            return self._none_here()
        _, lines, _ = await self._table(tournament)
        return [await self._standings_reply(tournament, lines, ctx, None, scale)]

    async def _standings_reply(self, tournament: Tournament, lines: list[Line], ctx: Ctx | None, headline: Msg | None,
                               scale: float = 1.0) -> Reply:
        status = {"open": t("sign-up"), "running": t("round {round} of {rounds}", round=tournament.round,
                                                      rounds=tournament.rounds),
                  "finished": t("final"), "cancelled": t("cancelled")}[tournament.status]
        text = [headline] if headline else []
        text.append(t("Standings of {tournament} ({format}, {status}):", tournament=tournament.name,
                      format=FORMAT_NAMES[tournament.format], status=status))
        for line in lines[:40]:
            out = t(" (withdrawn)") if line.dropped else BLANK
            text.append(t("{place}. {player} — {points} (Buchholz {buchholz}, wins {wins}, score {score}){out}",
                          place=line.place, player=line.name, points=counts.points(number(line.points)), buchholz=number(line.buchholz),
                          wins=line.wins, score=line.score, out=out))
        if not lines:
            text.append(t("Nobody has signed up yet."))
        locale = ctx.locale if ctx else None
        loop = asyncio.get_running_loop()
        image = await loop.run_in_executor(None, self._image, tournament, lines, ctx.user_id if ctx else None, locale, scale)
        return Reply(text, image=image, image_name="standings.png")

    def _image(self, tournament: Tournament, lines: list[Line], user_id: int | None, locale: str | None, scale: float) -> bytes:
        tr = lambda msg: self._i18n.render(msg, locale)       # noqa: E731
        columns = [Column("#", numeric=True), Column(tr(t("Player"))), Column(tr(t("Points")), numeric=True),
                   Column(tr(t("Buchholz")), numeric=True), Column(tr(t("Wins")), numeric=True), Column(tr(t("Score")), numeric=True),
                   Column(tr(t("Games")), numeric=True)]
        rows = [(line.place, line.name + (" ✗" if line.dropped else ""), number(line.points), number(line.buchholz),
                 line.wins, line.score, line.games) for line in lines[:60]]
        game = registry.get(tournament.game)
        subtitle = f"{game.title if game else tournament.game} · {tr(FORMAT_NAMES[tournament.format])}"
        if tournament.status == "running":
            subtitle += " · " + tr(t("round {round} of {rounds}", round=tournament.round, rounds=tournament.rounds))
        mine = [i for i, line in enumerate(lines[:60]) if line.user_id == user_id]
        medals = [i for i, line in enumerate(lines[:3]) if line.place == i + 1]
        return render_ranking(tournament.name, columns, rows, subtitle=subtitle, highlight=mine, badges=medals, scale=scale)

    async def export(self, ctx: Ctx) -> list[Reply]:
        tournament = await self._here(ctx, finished_too=True)
        if tournament is None:
            return self._none_here()
        _, lines, _ = await self._table(tournament)
        data = export.standings_csv(lines, tournament.round)
        return [Reply([t("Standings of {tournament} as CSV (opens in any spreadsheet).", tournament=tournament.name)],
                      image=data, image_name=export.file_name(tournament.name))]

    async def info(self, ctx: Ctx) -> list[Reply]:
        tournament = await self._here(ctx, finished_too=True)
        if tournament is None:
            return [Reply([t("There is no tournament in this channel. Create one with /tournament create NAME GAME."),
                           t("Tournament commands: /tournament create, join, leave, start, standings, report, export, cancel.")],
                          private=True)]
        players = await self.store.players(tournament.id)
        status = {"open": t("Sign-up is open."), "running": t("Round {round} of {rounds} is being played.",
                                                                round=tournament.round, rounds=tournament.rounds),
                  "finished": t("It is over."), "cancelled": t("It was cancelled.")}[tournament.status]
        names = ", ".join(p.name for p in players) or "-"
        return [Reply([t("Tournament {tournament}:", tournament=tournament.name)] + self._summary(tournament, len(players))
                      + [status, t("Players: {names}", names=names)], private=True)]

    # -- the text form, for the console -------------------------------------------------------------
    async def command(self, ctx: Ctx, text: str) -> list[Reply]:
        """``/tournament SUB ...`` as one line (console): create NAME GAME [format] [size=N]
        [rounds=N] [timer=24h] [options=a,b]; join; leave; start; standings; report N RESULT;
        export; cancel."""
        try:
            words = shlex.split(text or "")
        except ValueError:
            words = (text or "").split()
        sub, args = (words[0].lower(), words[1:]) if words else ("", [])
        if sub == "create":
            keys = {k: v for k, _, v in (a.partition("=") for a in args if "=" in a)}
            plain = [a for a in args if "=" not in a]
            if len(plain) < 2:
                return _error("Give the tournament a name: /tournament create NAME GAME.")
            size, rounds = whole_number(keys.get("size")), whole_number(keys.get("rounds"))
            if (keys.get("size") and size is None) or (keys.get("rounds") and rounds is None):
                return _error("Table size and rounds are whole numbers, e.g. size=4 rounds=3.")
            return await self.create(ctx, plain[0], plain[1], plain[2] if len(plain) > 2 else keys.get("format"),
                                     size, rounds, keys.get("timer"), keys.get("options"))
        if sub == "report":
            if args and (number := whole_number(args[0])) is not None:
                return await self.report(ctx, number, " ".join(args[1:]))
            return await self.report(ctx, None, " ".join(args))
        simple = {"join": self.join, "leave": self.leave, "start": self.start, "standings": self.standings,
                  "export": self.export, "cancel": self.cancel}
        if sub in simple:
            return await simple[sub](ctx)
        return await self.info(ctx)
