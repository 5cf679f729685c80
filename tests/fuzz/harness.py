"""What the service-level fuzz tests share: a real bot without an adapter (SQLite store in a
temporary folder, TableService with asynchronous play, a manual clock), an event loop to drive it
from hypothesis' synchronous state machines, a record of every ERROR log line, and the checks
every answer must pass."""
from __future__ import annotations

import asyncio
import collections
import dataclasses
import itertools
import json
import logging
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Awaitable, TypeVar

from sqlalchemy import text as sql

from bot.plugins import Plugins
from bot.i18n import I18n, game_packages
from bot.scheduler import ManualClock
from bot.table.context import Ctx
from bot.presenters.replies import Reply
from bot.service import TableService
from bot.store import SqliteStore
from games import registry
from tests.plugins.conftest import Recorder
from tests.conftest import TEST_GAME, make_settings

T = TypeVar("T")
registry.load(TEST_GAME)
GAMES = tuple(name for name in registry.names() if name != "countdown")   # every registered game
ALL_GAMES = GAMES + ("countdown",)          # ... and the test game
GUILD = 7

#: what Python internals look like in text (the e2e suite looks for the same)
TRACEBACK = re.compile(r"Traceback \(most recent call last\)|File \"[^\"]+\", line \d+|"
                       r"\b[A-Z][A-Za-z]*(Error|Exception)\b|\bat 0x[0-9a-f]+>")
#: the service's answers when something failed on our side (never for a user's bad input)
OUR_FAULT = ("Something went wrong on our side", "could not be saved", "could not be taken back because saving failed")
#: an error reply is one short message
MAX_ERROR = 300
#: user ids that appear in user text (odd snippets and player names, as Discord mentions): a reply
#: may mention, and so ping, only people the bot knows, never someone named in text
TEXT_MENTIONED = {1, 123, 124}


class ErrorLog(logging.Handler):
    """Keeps every ERROR (or worse) log record: an engine failure, a failed render or a refused
    write is logged there, and bad input must never cause any of them."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def take(self) -> list[str]:
        found = [f"{r.name}: {r.getMessage()}" + (f"\n{logging.Formatter().formatException(r.exc_info)}" if r.exc_info else "")
                 for r in self.records]
        self.records.clear()
        return found


@dataclass
class Env:
    """A bot without an adapter, on a database of its own: each hypothesis example boots a new
    one (``boot``), so table ids, user ids and seeds repeat exactly when an example is replayed.
    The event loop and the log of errors last for the whole test."""

    folder: Path
    render: bool = False
    loop: asyncio.AbstractEventLoop = field(default_factory=asyncio.new_event_loop)
    errors: ErrorLog = field(default_factory=ErrorLog)
    seed: int = 1               # the seed of the next table
    boots: itertools.count = field(default_factory=itertools.count)
    tally: collections.Counter = field(default_factory=collections.Counter)     # what was tried, and how it went

    def __post_init__(self) -> None:
        self.store: SqliteStore | None = None
        self.ids = itertools.count(10_000_000)
        self.i18n = I18n(game_packages(registry.get(name) for name in ALL_GAMES))
        logging.getLogger().addHandler(self.errors)

    def boot(self) -> None:
        """A new store, service and asynchronous play (the previous ones are shut down)."""
        self.shutdown()
        settings = make_settings(games={"enabled": ALL_GAMES, "extra": (TEST_GAME,)})
        self.store = self.run(SqliteStore(self.folder / f"fuzz-{next(self.boots)}.sqlite3").open())
        self.service = TableService(self.store, settings, seed_source=lambda: self.seed, render=self.render)
        self.recorder = Recorder()
        self.plugins = Plugins(self.service, self.store, self.recorder.ports(), ManualClock())
        self.ids = itertools.count(10_000_000)
        self.errors.take()

    def shutdown(self) -> None:
        if self.store is not None:
            self.run(self.service.close())
            self.run(self.store.close())
            for suffix in ("", "-wal", "-shm"):
                Path(self.store.path + suffix).unlink(missing_ok=True)
            self.store = None

    def run(self, work: Awaitable[T]) -> T:
        return self.loop.run_until_complete(work)

    def new_id(self) -> int:
        return next(self.ids)

    def user(self, name: str, channel: int, *, locale: str | None = None, moderator: bool = False) -> Ctx:
        return Ctx(self.new_id(), name, channel, GUILD, locale, moderator)

    def note(self, what: str) -> None:
        self.tally[what] += 1

    def close(self) -> None:
        if os.environ.get("FUZZ_STATS"):
            print("\n" + "\n".join(f"{count:7d}  {what}" for what, count in sorted(self.tally.items())))
        self.shutdown()
        logging.getLogger().removeHandler(self.errors)
        self.loop.close()

    # -- what every answer must be ---------------------------------------------------------------
    def text(self, reply: Reply, locale: str = "en") -> str:
        return self.i18n.lines(reply.lines, locale, reply.names)

    def check(self, replies: Any, what: str) -> list[Reply]:
        """The service answered with at least one reply; every reply reads in English and
        Japanese without Python internals; an error is one short private message that is not
        our own failure; nothing was logged as an error."""
        what = what if len(what) <= 300 else what[:300] + "…"
        assert isinstance(replies, list) and replies, f"{what}: no reply ({replies!r})"
        for reply in replies:
            assert isinstance(reply, Reply), f"{what}: {reply!r}"
            for locale in ("en", "ja"):
                text = self.text(reply, locale)
                labels = " ".join(self.i18n.template(b.label, locale) for b in reply.buttons)
                assert not TRACEBACK.search(text + labels), f"{what}: internals in the reply: {text[:500]!r}"
            for button in reply.buttons:
                assert 0 < len(button.custom_id) <= 100 and len(button.label) <= 80, f"{what}: {button}"
            assert all(isinstance(m, int) for m in reply.mentions), f"{what}: mentions {reply.mentions!r}"
            assert not set(reply.mentions) & TEXT_MENTIONED, f"{what}: mentions someone named in user text"
        first = replies[0]
        if first.error:
            self.note(f"error: {first.lines[0].text[:70]}")
            text = self.text(first)
            assert first.private, f"{what}: a public error: {text!r}"
            assert text.strip(), f"{what}: an empty error"
            assert len(text) <= MAX_ERROR, f"{what}: a long error ({len(text)} characters): {text[:400]!r}"
            assert not any(fault in text for fault in OUR_FAULT), f"{what}: {text!r}"
        assert not (logged := self.errors.take()), f"{what}: logged errors:\n" + "\n".join(logged)
        return replies

    # -- what a table is, in the store and in memory -------------------------------------------
    def fingerprint(self, table_id: int) -> "TablePrint":
        """Everything about a table that input may change: the stored record with its seats and
        log (one query), and the table in memory with its state as JSON."""
        rows = self.run(self.store.fetch(STORED, {"id": table_id}))
        stored = tuple(rows[0]) if rows else None
        live = self.service.live_tables.by_id(table_id)
        memory = None if live is None else (
            live.status, live.version, live.snapshot, json.dumps(sorted(live.options)), live.host_id,
            tuple(dataclasses.astuple(s) for s in live.seats),
            json.dumps(live.game.to_json(live.state), sort_keys=True) if live.state is not None else None)
        return TablePrint(stored, memory)


#: a table as stored, in one query: status, version, snapshot, options, host, seats, log
STORED = sql("""
SELECT status, version, snapshot, options, host_id,
       (SELECT json_group_array(json_array(seat, user_id, name, is_bot, level, resigned))
          FROM (SELECT * FROM seats WHERE table_id = g.id ORDER BY seat)),
       (SELECT json_group_array(json_array(n, seat, text, kind, by_computer))
          FROM (SELECT * FROM actions WHERE table_id = g.id ORDER BY n))
  FROM game_tables g WHERE id = :id""")


@dataclass(frozen=True)
class TablePrint:
    stored: tuple | None
    memory: tuple | None

    @property
    def version(self) -> int:
        return self.stored[1] if self.stored else 0

    @property
    def log(self) -> list[list]:
        """The stored log: [n, seat, text, kind, by_computer] per action."""
        return json.loads(self.stored[6]) if self.stored else []

    def check_consistent(self) -> None:
        """The table in memory is the table in the store (a closed table has left memory)."""
        assert self.stored is not None
        status, version, snapshot, options, host, seats, _ = self.stored
        if self.memory is None:
            assert status in ("finished", "aborted"), status
            return
        m_status, m_version, m_snapshot, m_options, m_host, m_seats, m_state = self.memory
        assert (status, version, host) == (m_status, m_version, m_host), (self.stored[:2], self.memory[:2])
        assert json.loads(options) == json.loads(m_options)
        assert [tuple(seat) for seat in json.loads(seats)] == [
            (s[0], s[1], s[2], int(s[3]), s[4], int(s[5])) for s in m_seats]
        if status == "playing":
            assert snapshot == m_snapshot
            assert json.loads(snapshot) == json.loads(m_state)
            log = self.log
            assert (log[-1][0] if log else 0) == version == len(log)
