"""Write transactions on PostgreSQL, run on asyncpg's connection with the statements compiled once.

SQLAlchemy's execute path adds client CPU to every saved move that plain asyncpg does not spend:
a greenlet switch per statement, the compiled-cache lookup (building the statement's cache key),
and a result object per statement (the figures: docs/performance.md, "Why the stores run their
own paths"). A write transaction runs a few statements known in advance,
so the store compiles each repository statement once by the engine's dialect (the very SQL
SQLAlchemy would send, with its casts) and runs it on the pooled connection's asyncpg
connection, inside one asyncpg transaction. Reads run the same way, outside a transaction (see
:mod:`bot.store.compiled_reads`); bulk loads keep SQLAlchemy's own path.

The compiled statements are kept per (statement, parameter names), like SQLAlchemy's own cache
(an insert's columns are the parameters given), in a bounded least-recently-used cache: the
repositories' statements are built once at import, so a busy bot uses a few dozen entries; a
statement built per call is compiled for that call and soon pushed out.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

import asyncpg
from sqlalchemy import Dialect, Executable
from sqlalchemy.sql.compiler import SQLCompiler

from bot.store.errors import table_moved_on
from bot.store.statements import ByDialect, Statement

#: entries kept; the repositories hold about sixty write statements
CACHE_SIZE = 256


@dataclass(frozen=True, slots=True)
class CompiledStatement:
    """A statement compiled for one set of parameter names."""

    statement: Executable       # held so that the id it is cached under stays its own
    compiled: SQLCompiler
    returns_rows: bool          # a select or a RETURNING statement: its first column is returned
    #: (SQL text, parameter names in order, bind processors, values of the expanded parameters)
    #: of a statement whose text does not depend on the caller's values, worked out once: one
    #: without expanding parameters, or whose expanding ones all hold the statement's own values
    #: (``status.in_(OPEN)``), not the caller's
    fixed: tuple[str, tuple[str, ...], Mapping[str, Any], Mapping[str, Any]] | None

    @classmethod
    def of(cls, statement: Executable, compiled: SQLCompiler, params: Mapping[str, Any]) -> "CompiledStatement":
        returns_rows = bool(getattr(statement, "is_select", False) or compiled.effective_returning)
        fixed = None
        if not any(bind.key in params for bind in compiled.post_compile_params | compiled.literal_execute_params):
            state = compiled.construct_expanded_state(params)
            names = tuple(state.positiontup or ())
            plain = compiled.construct_params(params)
            expanded = {name: state.parameters[name] for name in names if name not in plain}
            fixed = (state.statement, names, dict(state.processors), expanded)
        return cls(statement, compiled, returns_rows, fixed)

    def bind(self, params: Mapping[str, Any]) -> tuple[str, list[Any]]:
        """The SQL text and positional arguments for ``params``: expanding parameters expanded,
        values passed through the dialect's bind processors, as SQLAlchemy does."""
        if self.fixed is None:
            state = self.compiled.construct_expanded_state(params)
            sql, names, processors, values = state.statement, state.positiontup or (), state.processors, state.parameters
        else:
            sql, names, processors, expanded = self.fixed
            values = self.compiled.construct_params(params)
            if expanded:
                values.update(expanded)
        if processors:
            return sql, [processors[name](values[name]) if name in processors else values[name] for name in names]
        return sql, [values[name] for name in names]


def compile_statement(statement: Executable, dialect: Dialect, params: Mapping[str, Any]) -> CompiledStatement:
    """``statement`` compiled by ``dialect`` for the parameter names of ``params``."""
    compiled = statement.compile(dialect=dialect, column_keys=sorted(params))  # pyright: ignore[reportAttributeAccessIssue] (every Core statement compiles)
    assert isinstance(compiled, SQLCompiler), "a Core statement compiles to SQL"
    return CompiledStatement.of(statement, compiled, params)


class CompiledStatements:
    """The bounded cache of statements compiled for one dialect."""

    def __init__(self, dialect: Dialect, size: int = CACHE_SIZE) -> None:
        self.dialect = dialect
        self.size = size
        self._entries: OrderedDict[tuple[int, tuple[str, ...]], CompiledStatement] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, statement: Executable | ByDialect, params: Mapping[str, Any]) -> CompiledStatement:
        if isinstance(statement, ByDialect):
            statement = statement.for_dialect(self.dialect.name)
        key = (id(statement), tuple(params))
        entry = self._entries.get(key)
        if entry is not None and entry.statement is statement:
            self._entries.move_to_end(key)
            return entry
        entry = compile_statement(statement, self.dialect, params)
        self._entries[key] = entry
        if len(self._entries) > self.size:
            self._entries.popitem(last=False)
        return entry


def _rowcount(status: str) -> int:
    """The rows a command changed, from its status ("UPDATE 1", "INSERT 0 1")."""
    count = status.rsplit(" ", 1)[-1]
    return int(count) if count.isdigit() else -1


@dataclass
class Progress:
    """How far a transaction got: once its COMMIT is sent, a connection lost leaves it unknown
    whether the transaction was applied; before, nothing was."""

    committing: bool = False


async def run_transaction(connection: asyncpg.Connection, cache: CompiledStatements, statements: Sequence[Statement],
                          guard: int | None, description: str, progress: Progress | None = None) -> list[int | None]:
    """Run ``statements`` in one transaction on ``connection``; returns the id each ``RETURNING``
    statement gave (None for the others and for a row not added). The statement at ``guard``
    must change a row, else StaleTableError and nothing is applied (as
    :func:`bot.store.base.run_statements` does on SQLAlchemy's connection). ``progress`` is told
    when the COMMIT goes out."""
    ids: list[int | None] = []
    async with connection.transaction():
        for index, (statement, params) in enumerate(statements):
            entry = cache.get(statement, params)
            sql, arguments = entry.bind(params)
            if entry.returns_rows:
                rows = await connection.fetch(sql, *arguments)
                changed = len(rows)
                ids.append(rows[0][0] if rows else None)
            else:
                changed = _rowcount(await connection.execute(sql, *arguments))
                ids.append(None)
            if index == guard and changed < 1:
                raise table_moved_on(description)
        if progress is not None:
            progress.committing = True          # leaving the block sends COMMIT
    return ids
