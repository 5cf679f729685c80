"""SQL for tournaments (tables ``tournaments``, ``tournament_players``, ``tournament_tables``,
``tournament_results`` of migration 2)."""
from __future__ import annotations

import json
import time
from dataclasses import dataclass

from bot.store import Store
from bot.tournaments.standings import Entry



@dataclass(frozen=True)
class Tournament:
    id: int
    guild_id: int | None
    channel_id: int
    name: str
    game: str
    options: tuple[str, ...]
    format: str
    table_size: int
    rounds: int                  # 0 until the start decides it (Swiss default, round robin, knockout)
    timer_seconds: int | None
    organiser_id: int
    seed: int
    status: str                  # open | running | finished | cancelled
    round: int


@dataclass(frozen=True)
class Player:
    user_id: int
    name: str
    entry: int
    dropped: bool


@dataclass(frozen=True)
class Slot:
    """One table of one round (or one bye: ``status == 'bye'``)."""

    tournament_id: int
    round: int
    number: int
    players: tuple[int, ...]
    channel_id: int | None
    table_id: int | None
    status: str                  # pending | playing | finished | stalled | bye


class TournamentStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    # -- tournaments ----------------------------------------------------------------------------
    @staticmethod
    def _tournament(r) -> Tournament:
        return Tournament(r["id"], r["guild_id"], r["channel_id"], r["name"], r["game"], tuple(json.loads(r["options"])),
                          r["format"], r["table_size"], r["rounds"], r["timer_seconds"], r["organiser_id"], r["seed"],
                          r["status"], r["round"])

    async def create(self, guild_id: int | None, channel_id: int, name: str, game: str, options: list[str], format: str,
                     table_size: int, rounds: int, timer_seconds: int | None, organiser_id: int, seed: int,
                     organiser_name: str) -> int:
        """A new open tournament with its organiser signed up, in one transaction (StoreError, and
        nothing stored, if the channel has an active tournament already)."""
        ids = await self.store.write([
            ("INSERT INTO tournaments (guild_id, channel_id, name, game, options, format, table_size, rounds, timer_seconds,"
             " organiser_id, seed, status, round, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'open', 0, ?)",
             (guild_id, channel_id, name, game, json.dumps(sorted(options)), format, table_size, rounds, timer_seconds,
              organiser_id, seed, time.time())),
            ("INSERT INTO tournament_players (tournament_id, user_id, name, entry) SELECT id, ?, ?, 1 FROM tournaments"
             " WHERE channel_id = ? AND status = 'open'", (organiser_id, organiser_name, channel_id)),
        ])
        return int(ids[0] or 0)

    async def get(self, tournament_id: int) -> Tournament | None:
        rows = await self.store.fetch("SELECT * FROM tournaments WHERE id = ?", (tournament_id,))
        return self._tournament(rows[0]) if rows else None

    async def active_in(self, channel_id: int) -> Tournament | None:
        rows = await self.store.fetch("SELECT * FROM tournaments WHERE channel_id = ? AND status IN ('open', 'running')",
                                      (channel_id,))
        return self._tournament(rows[0]) if rows else None

    async def latest_in(self, channel_id: int) -> Tournament | None:
        rows = await self.store.fetch("SELECT * FROM tournaments WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,))
        return self._tournament(rows[0]) if rows else None

    async def running(self) -> list[Tournament]:
        rows = await self.store.fetch("SELECT * FROM tournaments WHERE status = 'running' ORDER BY id")
        return [self._tournament(r) for r in rows]

    @staticmethod
    def set_sql(tournament_id: int, **values) -> tuple[str, tuple]:
        names = ", ".join(f"{key} = ?" for key in values)
        return (f"UPDATE tournaments SET {names} WHERE id = ?", (*values.values(), tournament_id))

    # -- players --------------------------------------------------------------------------------
    async def players(self, tournament_id: int) -> list[Player]:
        rows = await self.store.fetch("SELECT * FROM tournament_players WHERE tournament_id = ? ORDER BY entry", (tournament_id,))
        return [Player(r["user_id"], r["name"], r["entry"], bool(r["dropped"])) for r in rows]

    async def add_player(self, tournament_id: int, user_id: int, name: str) -> None:
        await self.store.write([(
            "INSERT INTO tournament_players (tournament_id, user_id, name, entry)"
            " VALUES (?, ?, ?, (SELECT COALESCE(MAX(entry), 0) + 1 FROM tournament_players WHERE tournament_id = ?))",
            (tournament_id, user_id, name, tournament_id))])

    async def remove_player(self, tournament_id: int, user_id: int) -> None:
        await self.store.write([("DELETE FROM tournament_players WHERE tournament_id = ? AND user_id = ?", (tournament_id, user_id))])

    async def drop_player(self, tournament_id: int, user_id: int) -> None:
        await self.store.write([("UPDATE tournament_players SET dropped = 1 WHERE tournament_id = ? AND user_id = ?",
                                 (tournament_id, user_id))])

    # -- tables of rounds -----------------------------------------------------------------------
    @staticmethod
    def _slot(r) -> Slot:
        return Slot(r["tournament_id"], r["round"], r["number"], tuple(json.loads(r["players"])), r["channel_id"],
                    r["table_id"], r["status"])

    async def slots(self, tournament_id: int, round: int | None = None) -> list[Slot]:
        if round is None:
            rows = await self.store.fetch("SELECT * FROM tournament_tables WHERE tournament_id = ? ORDER BY round, number",
                                          (tournament_id,))
        else:
            rows = await self.store.fetch("SELECT * FROM tournament_tables WHERE tournament_id = ? AND round = ?"
                                          " ORDER BY number", (tournament_id, round))
        return [self._slot(r) for r in rows]

    async def slot_of_table(self, table_id: int) -> Slot | None:
        rows = await self.store.fetch("SELECT * FROM tournament_tables WHERE table_id = ?", (table_id,))
        return self._slot(rows[0]) if rows else None

    async def slot_in_channel(self, channel_id: int) -> Slot | None:
        rows = await self.store.fetch("SELECT * FROM tournament_tables WHERE channel_id = ? ORDER BY round DESC LIMIT 1",
                                      (channel_id,))
        return self._slot(rows[0]) if rows else None

    @staticmethod
    def add_slot_sql(slot: Slot) -> tuple[str, tuple]:
        return ("INSERT INTO tournament_tables (tournament_id, round, number, players, channel_id, table_id, status)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                (slot.tournament_id, slot.round, slot.number, json.dumps(list(slot.players)), slot.channel_id,
                 slot.table_id, slot.status))

    @staticmethod
    def update_slot_sql(slot: Slot, **values) -> tuple[str, tuple]:
        names = ", ".join(f"{key} = ?" for key in values)
        return (f"UPDATE tournament_tables SET {names} WHERE tournament_id = ? AND round = ? AND number = ?",
                (*values.values(), slot.tournament_id, slot.round, slot.number))

    async def update_slot(self, slot: Slot, **values) -> None:
        await self.store.write([self.update_slot_sql(slot, **values)])

    # -- results --------------------------------------------------------------------------------
    @staticmethod
    def result_sql(slot: Slot, user_id: int, rank: int, score: int, points: float, reported: bool) -> tuple[str, tuple]:
        return ("INSERT INTO tournament_results (tournament_id, round, number, user_id, rank, score, points, reported)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (tournament_id, round, user_id) DO UPDATE SET"
                " number = excluded.number, rank = excluded.rank, score = excluded.score, points = excluded.points,"
                " reported = excluded.reported",
                (slot.tournament_id, slot.round, slot.number, user_id, rank, score, points, int(reported)))

    async def entries(self, tournament_id: int) -> list[Entry]:
        slots = {(s.round, s.number): s for s in await self.slots(tournament_id)}
        rows = await self.store.fetch("SELECT * FROM tournament_results WHERE tournament_id = ? ORDER BY round, number",
                                      (tournament_id,))
        entries = []
        for r in rows:
            slot = slots.get((r["round"], r["number"]))
            bye = slot is not None and slot.status == "bye"
            opponents = tuple(p for p in (slot.players if slot else ()) if p != r["user_id"])
            entries.append(Entry(r["round"], r["user_id"], r["rank"], r["score"], r["points"], () if bye else opponents, bye))
        return entries

    async def results_of(self, slot: Slot) -> dict[int, tuple[int, int, float]]:
        rows = await self.store.fetch("SELECT * FROM tournament_results WHERE tournament_id = ? AND round = ? AND number = ?",
                                      (slot.tournament_id, slot.round, slot.number))
        return {r["user_id"]: (r["rank"], r["score"], r["points"]) for r in rows}
