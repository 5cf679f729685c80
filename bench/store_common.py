"""Fresh stores for the benchmarks: a SQLite file per run, or a PostgreSQL schema per run.

``--store postgres`` uses ``--dsn`` / DATABASE_URL when given (each run creates its own schema
there and drops it afterwards); without one it starts a throwaway server from the system packages
(the tests' server, fsync on) for the length of the benchmark.
"""
from __future__ import annotations

import re
from pathlib import Path

import asyncpg

from bot.store import SqliteStore, Store
from bot.store.postgres import PostgresStore


class BenchStores:
    def __init__(self, backend: str, folder: Path, dsn: str | None = None, pool_size: int = 10) -> None:
        self.backend = backend
        self.folder = folder
        self.dsn = dsn
        self.pool_size = pool_size
        self._server = None
        self._schemas: set[str] = set()

    async def __aenter__(self) -> "BenchStores":
        if self.backend == "postgres" and not self.dsn:
            from tests.pgserver import MISSING, PgServer, find_binaries

            bindir = find_binaries()
            if bindir is None:
                raise SystemExit(MISSING)
            self._server = PgServer(bindir).start()
            await self._admin("CREATE DATABASE bench", self._server.dsn())
            self.dsn = self._server.dsn("bench")
        return self

    async def __aexit__(self, *exc) -> None:
        if self.backend == "postgres":
            if self._server is not None:
                self._server.destroy()
            else:
                for schema in self._schemas:
                    await self._admin(f"DROP SCHEMA IF EXISTS {schema} CASCADE")

    @property
    def label(self) -> str:
        return "PostgreSQL" if self.backend == "postgres" else "SQLite"

    async def _admin(self, sql: str, dsn: str | None = None) -> None:
        connection = await asyncpg.connect(dsn or self.dsn)
        try:
            await connection.execute(sql)
        finally:
            await connection.close()

    @staticmethod
    def _schema(name: str) -> str:
        return "bench_" + re.sub(r"\W", "_", name.lower())

    def new(self, name: str) -> Store:
        """The store called ``name`` (the same name again is the same data: a restart)."""
        if self.backend == "sqlite":
            return SqliteStore(self.folder / f"{name}.sqlite3")
        schema = self._schema(name)
        joiner = "&" if "?" in self.dsn else "?"
        return PostgresStore(f"{self.dsn}{joiner}search_path={schema}", pool_size=self.pool_size)

    async def open(self, name: str) -> Store:
        if self.backend == "postgres":
            schema = self._schema(name)
            if schema not in self._schemas:
                await self._admin(f"DROP SCHEMA IF EXISTS {schema} CASCADE; CREATE SCHEMA {schema}")
                self._schemas.add(schema)
        return await self.new(name).open()
