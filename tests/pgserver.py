"""A throwaway PostgreSQL server for the tests, from the system packages (``make setup``).

One server per test session: ``initdb`` into a temporary folder (owned by the ``postgres`` user
when we run as root, since PostgreSQL refuses to run as root), started on a free 127.0.0.1 port
with ``fsync`` on, like a real deployment. Each test gets a database of its own holding the bot's
schema and no rows: copied from a migrated template, or one an earlier test used and that was
emptied after it (deleting a few rows costs one commit; creating and dropping a database, or
TRUNCATE, write and fsync many files). A database whose schema or settings a test changed is
dropped instead of reused.
"""
from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import asyncpg

TEMPLATE = "boardtable_template"
MISSING = ("PostgreSQL server binaries were not found (looked for /usr/lib/postgresql/*/bin/initdb). "
           "Run `make setup` (it installs the `postgresql` package with apt), then run the tests again.")


def find_binaries() -> Path | None:
    """The newest installed PostgreSQL's bin folder, or None."""
    found = [Path(p).parent for p in glob.glob("/usr/lib/postgresql/*/bin/initdb")]
    found.sort(key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0)
    return found[-1] if found else None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PgServer:
    """One PostgreSQL server in a temporary folder (see the module docstring)."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.root = Path(tempfile.mkdtemp(prefix="boardtable-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = free_port()
        self.as_postgres = os.geteuid() == 0
        self._names = itertools.count(1)
        self._template_ready = False
        self._schema: tuple[frozenset[str], str] | None = None      # the template's tables and revision
        self._clean: list[str] = []
        if self.as_postgres:
            user = pwd.getpwnam("postgres")
            os.chown(self.root, user.pw_uid, user.pw_gid)

    def _run(self, *args: str) -> None:
        command = [str(self.bindir / args[0]), *args[1:]]
        if self.as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            log = self.log.read_text(errors="replace")[-2000:] if self.log.exists() else ""
            raise RuntimeError(f"{' '.join(args[:2])} failed: {done.stderr.strip() or done.stdout.strip()}\n{log}")

    # -- the server ---------------------------------------------------------------------------
    def start(self) -> "PgServer":
        if not self.data.exists():
            # -N: initdb does not fsync its own files (a test cluster); the server keeps fsync on.
            self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "postgres", "-E", "UTF8",
                      "--locale=C.UTF-8", "-N")
        options = (f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={self.root}"
                   " -c fsync=on -c synchronous_commit=on -c max_connections=200 -c shared_buffers=32MB")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w", "-t", "60", "start")
        return self

    def stop(self) -> None:
        """A fast shutdown: open connections are cut, as in a real outage."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "-t", "60", "stop")

    def destroy(self) -> None:
        try:
            if (self.data / "postmaster.pid").exists():
                self.stop()
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def dsn(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    # -- databases ----------------------------------------------------------------------------
    async def _admin(self, sql: str) -> None:
        connection = await asyncpg.connect(self.dsn(), timeout=30)
        try:
            await connection.execute(sql)
        finally:
            await connection.close()

    @staticmethod
    async def _shape(connection: asyncpg.Connection) -> tuple[frozenset[str], str]:
        tables = await connection.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        return frozenset(r[0] for r in tables), await connection.fetchval("SELECT version_num FROM alembic_version")

    async def _template(self) -> str:
        """The template database with the bot's schema (made on first use)."""
        if not self._template_ready:
            from bot.store.postgres import PostgresStore

            await self._admin(f"DROP DATABASE IF EXISTS {TEMPLATE}")
            await self._admin(f"CREATE DATABASE {TEMPLATE}")
            store = await PostgresStore(self.dsn(TEMPLATE), pool_size=1).open()
            await store.close()
            connection = await asyncpg.connect(self.dsn(TEMPLATE))
            try:
                self._schema = await self._shape(connection)
            finally:
                await connection.close()
            self._template_ready = True
        return TEMPLATE

    async def new_database(self) -> str:
        """A database with the bot's schema and no rows."""
        if self._clean:
            return self._clean.pop()
        name = f"test_{next(self._names)}"
        await self._admin(f"CREATE DATABASE {name} TEMPLATE {await self._template()}")
        return name

    async def recycle_database(self, name: str) -> None:
        """Empty a database a test has finished with, for the next test; drop it instead if the
        test changed its tables, its schema revision or its settings (or emptying fails)."""
        try:
            connection = await asyncpg.connect(self.dsn(name), timeout=30)
            try:
                await connection.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                                         " WHERE datname = current_database() AND pid <> pg_backend_pid()")
                settings = await connection.fetchval(
                    "SELECT COUNT(*) FROM pg_db_role_setting s JOIN pg_database d ON d.oid = s.setdatabase"
                    " WHERE d.datname = current_database()")
                shape = await self._shape(connection)
                if settings or shape != self._schema:
                    raise ValueError("changed by the test")
                sequences = await connection.fetch("SELECT sequencename FROM pg_sequences WHERE schemaname = 'public'")
                async with connection.transaction():
                    # replica role: no foreign-key checks, so the tables empty in any order
                    await connection.execute("SET LOCAL session_replication_role = replica")
                    for table in sorted(shape[0] - {"alembic_version"}):
                        await connection.execute(f"DELETE FROM {table}")
                    for row in sequences:
                        await connection.execute("SELECT setval($1, 1, false)", row[0])
            finally:
                await connection.close()
        except (ValueError, OSError, asyncpg.PostgresError, asyncpg.InterfaceError):
            await self.drop_database(name)
            return
        self._clean.append(name)

    async def drop_database(self, name: str) -> None:
        await self._admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    async def password_role(self, role: str, password: str) -> str:
        """A role that must log in with ``password`` (SCRAM; every other role keeps trust
        authentication) and a new, empty database it owns; returns the database's name (drop it
        with :meth:`drop_database`). The rule for the role goes first in pg_hba.conf, and the
        server reloads its configuration."""
        hba = self.data / "pg_hba.conf"
        rule = f"host all {role} 127.0.0.1/32 scram-sha-256\n"
        text = hba.read_text()
        if rule not in text:
            hba.write_text(rule + text)
        database = f"{role}_{next(self._names)}"
        connection = await asyncpg.connect(self.dsn(), timeout=30)
        try:
            await connection.execute("SET password_encryption = 'scram-sha-256'")
            exists = await connection.fetchval("SELECT 1 FROM pg_roles WHERE rolname = $1", role)
            literal = password.replace("'", "''")
            await connection.execute(f"{'ALTER' if exists else 'CREATE'} ROLE {role} LOGIN PASSWORD '{literal}'")
            await connection.execute(f"CREATE DATABASE {database} OWNER {role}")
            await connection.execute("SELECT pg_reload_conf()")
        finally:
            await connection.close()
        return database
