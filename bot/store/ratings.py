"""Ratings (tables ``ratings``, ``rated_tables``, ``rating_consents``). The ``*_sql`` methods
give statements for a caller's transaction (a game's end rates it in the same commit)."""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Row, and_, bindparam, delete, func, insert, select

from bot.store.base import Store
from bot.store.records import Skill
from bot.store.schema import rated_tables, rating_consents, ratings
from bot.store.statements import ByDialect, Spelling, Statement


@dataclass(frozen=True)
class RatingRow:
    user_id: int
    name: str
    skill: Skill
    games: int
    wins: int


@dataclass(frozen=True)
class Change:
    user_id: int
    name: str
    before: Skill
    after: Skill
    rank: int


def _mark(spelling: Spelling) -> Any:
    stmt = spelling.insert(rated_tables)
    return stmt.on_conflict_do_update(index_elements=["table_id"], set_={
        "status": stmt.excluded.status, "reason": stmt.excluded.reason, "changes": stmt.excluded.changes,
        "at": stmt.excluded.at})


def _add_game(spelling: Spelling) -> Any:
    stmt = spelling.insert(ratings)
    return stmt.on_conflict_do_update(index_elements=["guild_id", "game", "user_id"], set_={
        "name": stmt.excluded.name, "mu": stmt.excluded.mu, "sigma": stmt.excluded.sigma,
        "games": ratings.c.games + 1, "wins": ratings.c.wins + stmt.excluded.wins,
        "updated_at": stmt.excluded.updated_at})


def _consent(spelling: Spelling) -> Any:
    return spelling.insert(rating_consents).on_conflict_do_nothing()


_GUILD_GAME = and_(ratings.c.guild_id == bindparam("of_guild"), ratings.c.game == bindparam("of_game"))
OF_USERS = select(ratings).where(_GUILD_GAME, ratings.c.user_id.in_(bindparam("of_users", expanding=True)))
OF_USER = (select(ratings).where(ratings.c.guild_id == bindparam("of_guild"), ratings.c.user_id == bindparam("of_user"))
           .order_by(ratings.c.game))
_CONSERVATIVE = ratings.c.mu - 3 * ratings.c.sigma
LEADERBOARD = (select(ratings).where(_GUILD_GAME).order_by(_CONSERVATIVE.desc(), ratings.c.games.desc(), ratings.c.user_id)
               .limit(bindparam("top")))
_me = ratings.alias("me")
AHEAD = (select(func.count().label("ahead")).select_from(ratings)
         .where(_me.c.guild_id == bindparam("of_guild"), _me.c.game == bindparam("of_game"),
                _me.c.user_id == bindparam("of_user"), ratings.c.guild_id == _me.c.guild_id,
                ratings.c.game == _me.c.game, _CONSERVATIVE > _me.c.mu - 3 * _me.c.sigma))
STATUS = select(rated_tables.c.status, rated_tables.c.reason, rated_tables.c.changes).where(
    rated_tables.c.table_id == bindparam("of_table"))
MARK = ByDialect(_mark)
DROP_PENDING = delete(rated_tables).where(rated_tables.c.table_id == bindparam("of_table"),
                                          rated_tables.c.status == "pending")
RATED = insert(rated_tables)
ADD_GAME = ByDialect(_add_game)
CONSENT = ByDialect(_consent)
CONSENTS = select(rating_consents.c.user_id).where(rating_consents.c.table_id == bindparam("of_table"))


class Ratings:
    def __init__(self, store: Store) -> None:
        self.store = store

    @staticmethod
    def _row(r: Row) -> RatingRow:
        return RatingRow(r.user_id, r.name, Skill(r.mu, r.sigma), r.games, r.wins)

    async def get(self, guild_id: int, game: str, user_ids: list[int]) -> dict[int, RatingRow]:
        if not user_ids:
            return {}
        rows = await self.store.fetch(OF_USERS, {"of_guild": guild_id, "of_game": game, "of_users": list(user_ids)})
        return {r.user_id: self._row(r) for r in rows}

    async def of_user(self, guild_id: int, user_id: int) -> dict[str, RatingRow]:
        rows = await self.store.fetch(OF_USER, {"of_guild": guild_id, "of_user": user_id})
        return {r.game: self._row(r) for r in rows}

    async def leaderboard(self, guild_id: int, game: str, limit: int) -> list[RatingRow]:
        rows = await self.store.fetch(LEADERBOARD, {"of_guild": guild_id, "of_game": game, "top": limit})
        return [self._row(r) for r in rows]

    async def position(self, guild_id: int, game: str, user_id: int) -> int | None:
        rows = await self.store.fetch(AHEAD, {"of_guild": guild_id, "of_game": game, "of_user": user_id})
        mine = await self.get(guild_id, game, [user_id])
        return rows[0][0] + 1 if mine else None

    async def status(self, table_id: int) -> tuple[str, str] | None:
        rows = await self.store.fetch(STATUS, {"of_table": table_id})
        return (rows[0].status, rows[0].reason) if rows else None

    async def settled(self, table_id: int) -> tuple[str, str, list[tuple[int, Skill, Skill]]] | None:
        """(status, reason, [(user, before, after)]) of a table's rating, or None if not settled."""
        rows = await self.store.fetch(STATUS, {"of_table": table_id})
        if not rows:
            return None
        changes = [(int(user), Skill(mu0, sigma0), Skill(mu1, sigma1))
                   for user, mu0, sigma0, mu1, sigma1 in json.loads(rows[0].changes or "[]")]
        return rows[0].status, rows[0].reason, changes

    @staticmethod
    def mark_sql(table_id: int, status: str, reason: str = "") -> Statement:
        return MARK, {"table_id": table_id, "status": status, "reason": reason, "changes": "[]", "at": time.time()}

    async def mark(self, table_id: int, status: str, reason: str = "") -> None:
        await self.store.write([self.mark_sql(table_id, status, reason)])

    @staticmethod
    def apply_sql(table_id: int, guild_id: int, game: str, changes: list[Change],
                  replace_pending: bool) -> list[Statement]:
        """The new ratings and the table marked rated. A table already rated makes the
        transaction fail (its primary key), so a game never counts twice."""
        now = time.time()
        statements: list[Statement] = []
        if replace_pending:
            statements.append((DROP_PENDING, {"of_table": table_id}))
        statements.append((RATED, {"table_id": table_id, "status": "rated", "reason": "", "at": now, "changes": json.dumps(
            [[c.user_id, c.before.mu, c.before.sigma, c.after.mu, c.after.sigma] for c in changes])}))
        statements += [(ADD_GAME, {"guild_id": guild_id, "game": game, "user_id": c.user_id, "name": c.name,
                                   "mu": c.after.mu, "sigma": c.after.sigma, "games": 1, "wins": int(c.rank == 1),
                                   "updated_at": now}) for c in changes]
        return statements

    async def apply(self, table_id: int, guild_id: int, game: str, changes: list[Change], replace_pending: bool) -> None:
        """Write the new ratings and mark the table rated, in one transaction (see apply_sql)."""
        await self.store.write(self.apply_sql(table_id, guild_id, game, changes, replace_pending))

    async def consent(self, table_id: int, user_id: int) -> set[int]:
        """Record one player's agreement; returns everyone who has agreed so far."""
        await self.store.write([(CONSENT, {"table_id": table_id, "user_id": user_id})])
        return {r.user_id for r in await self.store.fetch(CONSENTS, {"of_table": table_id})}
