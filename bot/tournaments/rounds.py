"""A tournament's rounds: pairing a round, storing its tables and byes, opening the tables, recording
their results, and the scheduler job that moves on to the next round or finishes the tournament.

A round is advanced by a scheduler job (armed when the last table of a round gets its result), so
a restart in the middle of a round change completes it."""
from __future__ import annotations

import asyncio
import random
from typing import TYPE_CHECKING

from bot.i18n import counts, t
from bot.plugins.ports import Ports, channel_link
from bot.presenters.replies import Reply
from bot.scheduler import Job, Scheduler, rearm_sql
from bot.store import Store
from bot.store.base import Statement
from bot.store.tournaments import Slot, Tournament, Tournaments as TournamentStore
from bot.tournaments import pairing
from bot.tournaments.formats import seeded
from bot.tournaments.launch import TableLaunch
from bot.tournaments.lookup import knockout_winner, standings_table
from bot.tournaments.pictures import StandingsPictures
from bot.tournaments.standings import bye_points, number, table_points
from games import registry

if TYPE_CHECKING:
    from bot.scheduler import Clock
    from bot.service.tables import TableService


class Rounds:
    def __init__(self, service: "TableService", store: TournamentStore, records: Store, scheduler: Scheduler,
                 ports: Ports, clock: "Clock", launch: TableLaunch, pictures: StandingsPictures) -> None:
        self.service = service
        self.store = store
        self.records = records
        self.scheduler = scheduler
        self.ports = ports
        self.clock = clock
        self.launch = launch
        self.pictures = pictures
        self.lock = asyncio.Lock()          # one round change at a time
        scheduler.register("tournament", self._round_job)

    async def _pairings(self, tournament: Tournament, round: int) -> tuple[list[list[int]], list[int]]:
        game = registry.get(tournament.game)
        smallest = max(2, game.min_players if game else 2)
        players, lines, slots = await standings_table(self.store, tournament)
        active = {p.user_id for p in players if not p.dropped}
        size = tournament.table_size
        if tournament.format == "roundrobin":
            schedule = pairing.round_robin_rounds(seeded(tournament, players))
            pairs, byes = schedule[round - 1]
            groups = [g for g in pairs if all(p in active for p in g)]
            byes = [p for p in byes if p in active] + [p for g in pairs if not all(q in active for q in g)
                                                       for p in g if p in active]
            return groups, byes
        if tournament.format == "elimination":
            if round == 1:
                alive = [p for p in seeded(tournament, players) if p in active]
            else:
                entries = await self.store.entries(tournament.id)
                previous = [s for s in slots if s.round == round - 1]
                through = {s.players[0] for s in previous if s.status == "bye"}
                through |= {w for s in previous if s.status == "finished" and (w := knockout_winner(s, entries)) is not None}
                alive = [p for p in seeded(tournament, players) if p in through and p in active]
            sizes, byes = pairing.table_sizes(len(alive), size, smallest)
            return pairing.elimination(alive, sizes, byes)
        order = [line.user_id for line in lines if line.user_id in active]
        if round == 1:
            order = [p for p in seeded(tournament, players) if p in active]
        met = pairing.meetings(s.players for s in slots if s.status != "bye")
        had_bye = {s.players[0] for s in slots if s.status == "bye"}
        sizes, byes = pairing.table_sizes(len(order), size, smallest)
        return pairing.swiss(order, sizes, byes, met, had_bye)

    async def open_round(self, tournament: Tournament, round: int) -> None:
        """Pair ``round``, store its tables and byes, then open the tables (under ``self.lock``)."""
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
                await self.launch.launch(tournament, slot, players)
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
        await self.arm_if_complete(tournament, round)

    async def arm_if_complete(self, tournament: Tournament, round: int) -> bool:
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
        async with self.lock:
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
            await self.open_round(tournament, round + 1)
        return None

    async def _decided(self, tournament: Tournament, round: int) -> bool:
        if tournament.format != "elimination":
            return False
        groups, byes = await self._pairings(tournament, round + 1)
        return not groups

    async def _finish(self, tournament: Tournament) -> None:
        await self.records.write([TournamentStore.set_sql(tournament.id, status="finished")])
        tournament = await self.store.get(tournament.id) or tournament
        players, lines, _ = await standings_table(self.store, tournament)
        winners = [line.name for line in lines if line.place == 1]
        headline = t("The tournament {tournament} is over. Winner: {winner}!", tournament=tournament.name,
                     winner=", ".join(winners))
        reply = await self.pictures.reply(tournament, lines, None, headline)
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
                    await self.record_result(tournament, slot, [(user, rank, score) for _, user, rank, score in results])
                elif record is not None and record.status == "aborted":
                    await self.store.update_slot(slot, status="stalled")
            now = self.clock.now()
            await self.records.write([rearm_sql("tournament", f"tournament:{tournament.id}:{tournament.round}", now,
                                                      {"tournament": tournament.id, "round": tournament.round}, now,
                                                      f"tournament:{tournament.id}")])
        self.scheduler.wake()

    @staticmethod
    def result_statements(tournament: Tournament, slot: Slot, results: list[tuple[int | None, int, int]],
                           reported: bool = False) -> list[Statement]:
        """One table's result: (user, rank, score) per player, in seat order."""
        points = table_points([rank for _, rank, _ in results], tournament.table_size)
        statements = [TournamentStore.result_sql(slot, user, rank, score, p, reported)
                      for (user, rank, score), p in zip(results, points) if user is not None]
        statements.append(TournamentStore.update_slot_sql(slot, status="finished"))
        return statements

    async def record_result(self, tournament: Tournament, slot: Slot, results: list[tuple[int | None, int, int]],
                      reported: bool = False) -> None:
        """Store one table's result: (user, rank, score) per player, in seat order."""
        await self.records.write(self.result_statements(tournament, slot, results, reported))
        await self.arm_if_complete(tournament, slot.round)

