"""SQL for ratings (tables ``ratings``, ``rated_tables``, ``rating_consents`` of migration 2)."""
from __future__ import annotations

import json
import time
from dataclasses import dataclass

from bot.ratings.model import Skill
from bot.store import Store


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


class RatingStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    @staticmethod
    def _row(r) -> RatingRow:
        return RatingRow(r["user_id"], r["name"], Skill(r["mu"], r["sigma"]), r["games"], r["wins"])

    async def get(self, guild_id: int, game: str, user_ids: list[int]) -> dict[int, RatingRow]:
        if not user_ids:
            return {}
        marks = ",".join("?" * len(user_ids))
        rows = await self.store.fetch(f"SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
                                      (guild_id, game, *user_ids))
        return {r["user_id"]: self._row(r) for r in rows}

    async def of_user(self, guild_id: int, user_id: int) -> dict[str, RatingRow]:
        rows = await self.store.fetch("SELECT * FROM ratings WHERE guild_id = ? AND user_id = ? ORDER BY game", (guild_id, user_id))
        return {r["game"]: self._row(r) for r in rows}

    async def leaderboard(self, guild_id: int, game: str, limit: int) -> list[RatingRow]:
        rows = await self.store.fetch("SELECT * FROM ratings WHERE guild_id = ? AND game = ?"
                                      " ORDER BY mu - 3 * sigma DESC, games DESC, user_id LIMIT ?", (guild_id, game, limit))
        return [self._row(r) for r in rows]

    async def position(self, guild_id: int, game: str, user_id: int) -> int | None:
        rows = await self.store.fetch(
            "SELECT COUNT(*) FROM ratings r, ratings me WHERE me.guild_id = ? AND me.game = ? AND me.user_id = ?"
            " AND r.guild_id = me.guild_id AND r.game = me.game AND r.mu - 3 * r.sigma > me.mu - 3 * me.sigma",
            (guild_id, game, user_id))
        mine = await self.get(guild_id, game, [user_id])
        return rows[0][0] + 1 if mine else None

    async def status(self, table_id: int) -> tuple[str, str] | None:
        rows = await self.store.fetch("SELECT status, reason FROM rated_tables WHERE table_id = ?", (table_id,))
        return (rows[0]["status"], rows[0]["reason"]) if rows else None

    async def settled(self, table_id: int) -> tuple[str, str, list[tuple[int, Skill, Skill]]] | None:
        """(status, reason, [(user, before, after)]) of a table's rating, or None if not settled."""
        rows = await self.store.fetch("SELECT status, reason, changes FROM rated_tables WHERE table_id = ?", (table_id,))
        if not rows:
            return None
        changes = [(int(user), Skill(mu0, sigma0), Skill(mu1, sigma1))
                   for user, mu0, sigma0, mu1, sigma1 in json.loads(rows[0]["changes"] or "[]")]
        return rows[0]["status"], rows[0]["reason"], changes

    @staticmethod
    def mark_sql(table_id: int, status: str, reason: str = "") -> tuple[str, tuple]:
        return ("INSERT INTO rated_tables (table_id, status, reason, at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (table_id) DO UPDATE SET status = excluded.status, reason = excluded.reason,"
                " changes = excluded.changes, at = excluded.at",
                (table_id, status, reason, time.time()))

    async def mark(self, table_id: int, status: str, reason: str = "") -> None:
        await self.store.write([self.mark_sql(table_id, status, reason)])

    @staticmethod
    def apply_sql(table_id: int, guild_id: int, game: str, changes: list[Change],
                  replace_pending: bool) -> list[tuple[str, tuple]]:
        """The new ratings and the table marked rated. A table already rated makes the
        transaction fail (its primary key), so a game never counts twice."""
        now = time.time()
        statements: list[tuple[str, tuple]] = []
        if replace_pending:
            statements.append(("DELETE FROM rated_tables WHERE table_id = ? AND status = 'pending'", (table_id,)))
        statements.append(("INSERT INTO rated_tables (table_id, status, reason, changes, at) VALUES (?, 'rated', '', ?, ?)",
                           (table_id, json.dumps([[c.user_id, c.before.mu, c.before.sigma, c.after.mu, c.after.sigma]
                                                  for c in changes]), now)))
        for c in changes:
            statements.append((
                "INSERT INTO ratings (guild_id, game, user_id, name, mu, sigma, games, wins, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?) ON CONFLICT(guild_id, game, user_id) DO UPDATE SET"
                " name = excluded.name, mu = excluded.mu, sigma = excluded.sigma, games = ratings.games + 1,"
                " wins = ratings.wins + excluded.wins, updated_at = excluded.updated_at",
                (guild_id, game, c.user_id, c.name, c.after.mu, c.after.sigma, int(c.rank == 1), now)))
        return statements

    async def apply(self, table_id: int, guild_id: int, game: str, changes: list[Change], replace_pending: bool) -> None:
        """Write the new ratings and mark the table rated, in one transaction (see apply_sql)."""
        await self.store.write(self.apply_sql(table_id, guild_id, game, changes, replace_pending))

    async def consent(self, table_id: int, user_id: int) -> set[int]:
        """Record one player's agreement; returns everyone who has agreed so far."""
        await self.store.write([("INSERT INTO rating_consents (table_id, user_id) VALUES (?, ?)"
                                 " ON CONFLICT DO NOTHING", (table_id, user_id))])
        rows = await self.store.fetch("SELECT user_id FROM rating_consents WHERE table_id = ?", (table_id,))
        return {r["user_id"] for r in rows}
