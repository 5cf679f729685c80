"""Tournaments (tables ``tournaments``, ``tournament_players``, ``tournament_tables``,
``tournament_results``). The ``*_sql`` methods give statements for a caller's transaction."""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Row, bindparam, delete, func, insert, literal, select, update

from bot.store.base import Store
from bot.store.records import Entry
from bot.store.schema import tournament_players, tournament_results, tournament_tables, tournaments
from bot.store.statements import ByDialect, Spelling, Statement


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


def _put_result(spelling: Spelling) -> Any:
    stmt = spelling.insert(tournament_results)
    return stmt.on_conflict_do_update(index_elements=["tournament_id", "round", "user_id"], set_={
        "number": stmt.excluded.number, "rank": stmt.excluded.rank, "score": stmt.excluded.score,
        "points": stmt.excluded.points, "reported": stmt.excluded.reported})


_ACTIVE = ("open", "running")
NEW = insert(tournaments).returning(tournaments.c.id)
#: the organiser signs up in the same transaction, into the channel's open tournament
ORGANISER = insert(tournament_players).from_select(
    ["tournament_id", "user_id", "name", "entry"],
    select(tournaments.c.id, bindparam("organiser", type_=tournament_players.c.user_id.type),
           bindparam("organiser_name", type_=tournament_players.c.name.type), literal(1))
    .where(tournaments.c.channel_id == bindparam("in_channel"), tournaments.c.status == "open"))
BY_ID = select(tournaments).where(tournaments.c.id == bindparam("tournament"))
ACTIVE_IN = select(tournaments).where(tournaments.c.channel_id == bindparam("in_channel"), tournaments.c.status.in_(_ACTIVE))
LATEST_IN = (select(tournaments).where(tournaments.c.channel_id == bindparam("in_channel"))
             .order_by(tournaments.c.id.desc()).limit(1))
RUNNING = select(tournaments).where(tournaments.c.status == "running").order_by(tournaments.c.id)
_PLAYER_OF = tournament_players.c.tournament_id == bindparam("tournament")
PLAYERS = select(tournament_players).where(_PLAYER_OF).order_by(tournament_players.c.entry)
_NEXT_ENTRY = (select(func.coalesce(func.max(tournament_players.c.entry), 0) + 1).where(_PLAYER_OF)
               .scalar_subquery())
ADD_PLAYER = insert(tournament_players).values(tournament_id=bindparam("tournament"), user_id=bindparam("player"),
                                               name=bindparam("player_name"), entry=_NEXT_ENTRY)
REMOVE_PLAYER = delete(tournament_players).where(_PLAYER_OF, tournament_players.c.user_id == bindparam("player"))
DROP_PLAYER = (update(tournament_players).where(_PLAYER_OF, tournament_players.c.user_id == bindparam("player"))
               .values(dropped=1))
_SLOT_OF = tournament_tables.c.tournament_id == bindparam("tournament")
SLOTS = select(tournament_tables).where(_SLOT_OF).order_by(tournament_tables.c.round, tournament_tables.c.number)
SLOTS_OF_ROUND = (select(tournament_tables).where(_SLOT_OF, tournament_tables.c.round == bindparam("of_round"))
                  .order_by(tournament_tables.c.number))
SLOT_OF_TABLE = select(tournament_tables).where(tournament_tables.c.table_id == bindparam("of_table"))
SLOT_IN_CHANNEL = (select(tournament_tables).where(tournament_tables.c.channel_id == bindparam("in_channel"))
                   .order_by(tournament_tables.c.round.desc()).limit(1))
ADD_SLOT = insert(tournament_tables)
PUT_RESULT = ByDialect(_put_result)
_RESULT_OF = tournament_results.c.tournament_id == bindparam("tournament")
RESULTS = select(tournament_results).where(_RESULT_OF).order_by(tournament_results.c.round, tournament_results.c.number)
RESULTS_OF_SLOT = select(tournament_results).where(_RESULT_OF, tournament_results.c.round == bindparam("of_round"),
                                                   tournament_results.c.number == bindparam("of_number"))


class Tournaments:
    def __init__(self, store: Store) -> None:
        self.store = store

    # -- tournaments ----------------------------------------------------------------------------
    @staticmethod
    def _tournament(r: Row) -> Tournament:
        return Tournament(r.id, r.guild_id, r.channel_id, r.name, r.game, tuple(json.loads(r.options)), r.format,
                          r.table_size, r.rounds, r.timer_seconds, r.organiser_id, r.seed, r.status, r.round)

    async def create(self, guild_id: int | None, channel_id: int, name: str, game: str, options: list[str], format: str,
                     table_size: int, rounds: int, timer_seconds: int | None, organiser_id: int, seed: int,
                     organiser_name: str) -> int:
        """A new open tournament with its organiser signed up, in one transaction (StoreError, and
        nothing stored, if the channel has an active tournament already)."""
        ids = await self.store.write([
            (NEW, {"guild_id": guild_id, "channel_id": channel_id, "name": name, "game": game,
                   "options": json.dumps(sorted(options)), "format": format, "table_size": table_size, "rounds": rounds,
                   "timer_seconds": timer_seconds, "organiser_id": organiser_id, "seed": seed, "status": "open",
                   "round": 0, "created_at": time.time()}),
            (ORGANISER, {"organiser": organiser_id, "organiser_name": organiser_name, "in_channel": channel_id}),
        ])
        return int(ids[0] or 0)

    async def get(self, tournament_id: int) -> Tournament | None:
        rows = await self.store.fetch(BY_ID, {"tournament": tournament_id})
        return self._tournament(rows[0]) if rows else None

    async def active_in(self, channel_id: int) -> Tournament | None:
        rows = await self.store.fetch(ACTIVE_IN, {"in_channel": channel_id})
        return self._tournament(rows[0]) if rows else None

    async def latest_in(self, channel_id: int) -> Tournament | None:
        rows = await self.store.fetch(LATEST_IN, {"in_channel": channel_id})
        return self._tournament(rows[0]) if rows else None

    async def running(self) -> list[Tournament]:
        return [self._tournament(r) for r in await self.store.fetch(RUNNING)]

    @staticmethod
    def set_sql(tournament_id: int, **values: Any) -> Statement:
        return update(tournaments).where(tournaments.c.id == bindparam("tournament")).values(**values), \
            {"tournament": tournament_id}

    # -- players --------------------------------------------------------------------------------
    async def players(self, tournament_id: int) -> list[Player]:
        rows = await self.store.fetch(PLAYERS, {"tournament": tournament_id})
        return [Player(r.user_id, r.name, r.entry, bool(r.dropped)) for r in rows]

    async def add_player(self, tournament_id: int, user_id: int, name: str) -> None:
        await self.store.write([(ADD_PLAYER, {"tournament": tournament_id, "player": user_id, "player_name": name})])

    async def remove_player(self, tournament_id: int, user_id: int) -> None:
        await self.store.write([(REMOVE_PLAYER, {"tournament": tournament_id, "player": user_id})])

    async def drop_player(self, tournament_id: int, user_id: int) -> None:
        await self.store.write([(DROP_PLAYER, {"tournament": tournament_id, "player": user_id})])

    # -- tables of rounds -----------------------------------------------------------------------
    @staticmethod
    def _slot(r: Row) -> Slot:
        return Slot(r.tournament_id, r.round, r.number, tuple(json.loads(r.players)), r.channel_id, r.table_id, r.status)

    async def slots(self, tournament_id: int, round: int | None = None) -> list[Slot]:
        if round is None:
            rows = await self.store.fetch(SLOTS, {"tournament": tournament_id})
        else:
            rows = await self.store.fetch(SLOTS_OF_ROUND, {"tournament": tournament_id, "of_round": round})
        return [self._slot(r) for r in rows]

    async def slot_of_table(self, table_id: int) -> Slot | None:
        rows = await self.store.fetch(SLOT_OF_TABLE, {"of_table": table_id})
        return self._slot(rows[0]) if rows else None

    async def slot_in_channel(self, channel_id: int) -> Slot | None:
        rows = await self.store.fetch(SLOT_IN_CHANNEL, {"in_channel": channel_id})
        return self._slot(rows[0]) if rows else None

    @staticmethod
    def add_slot_sql(slot: Slot) -> Statement:
        return ADD_SLOT, {"tournament_id": slot.tournament_id, "round": slot.round, "number": slot.number,
                          "players": json.dumps(list(slot.players)), "channel_id": slot.channel_id,
                          "table_id": slot.table_id, "status": slot.status}

    @staticmethod
    def update_slot_sql(slot: Slot, **values: Any) -> Statement:
        return (update(tournament_tables)
                .where(tournament_tables.c.tournament_id == bindparam("tournament"),
                       tournament_tables.c.round == bindparam("of_round"),
                       tournament_tables.c.number == bindparam("of_number"))
                .values(**values)), {"tournament": slot.tournament_id, "of_round": slot.round, "of_number": slot.number}

    async def update_slot(self, slot: Slot, **values: Any) -> None:
        await self.store.write([self.update_slot_sql(slot, **values)])

    # -- results --------------------------------------------------------------------------------
    @staticmethod
    def result_sql(slot: Slot, user_id: int, rank: int, score: int, points: float, reported: bool) -> Statement:
        return PUT_RESULT, {"tournament_id": slot.tournament_id, "round": slot.round, "number": slot.number,
                            "user_id": user_id, "rank": rank, "score": score, "points": points,
                            "reported": int(reported)}

    async def entries(self, tournament_id: int) -> list[Entry]:
        slots = {(s.round, s.number): s for s in await self.slots(tournament_id)}
        entries = []
        for r in await self.store.fetch(RESULTS, {"tournament": tournament_id}):
            slot = slots.get((r.round, r.number))
            bye = slot is not None and slot.status == "bye"
            opponents = tuple(p for p in (slot.players if slot else ()) if p != r.user_id)
            entries.append(Entry(r.round, r.user_id, r.rank, r.score, r.points, () if bye else opponents, bye))
        return entries

    async def results_of(self, slot: Slot) -> dict[int, tuple[int, int, float]]:
        rows = await self.store.fetch(RESULTS_OF_SLOT, {"tournament": slot.tournament_id, "of_round": slot.round,
                                                        "of_number": slot.number})
        return {r.user_id: (r.rank, r.score, r.points) for r in rows}
