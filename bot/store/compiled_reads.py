"""Reads on PostgreSQL, run on asyncpg's connection with the statements compiled once.

A read through SQLAlchemy's asyncio engine pays for a greenlet switch, the autocommit option,
the compiled-cache lookup (building the statement's cache key) and a cursor result, none of
which plain asyncpg needs (the figures: docs/performance.md, "Why the stores run their own
paths"). The repositories'
read statements are built once at import, like their writes, so the store compiles each one
once by the engine's dialect (:func:`bot.store.compiled.compile_statement`: the very SQL
SQLAlchemy sends) and runs it with asyncpg's ``fetch`` on a pooled connection: one statement
outside a transaction commits by itself, as SQLAlchemy's AUTOCOMMIT read did. The rows are
SQLAlchemy's own :class:`~sqlalchemy.Row` objects, made by its in-memory result
(``IteratorResult`` over ``SimpleResultMetaData``) under the keys SQLAlchemy gives the
statement's columns (and its column objects, for ``row._mapping[column]``).

A read keeps SQLAlchemy's path when the compiled path could be slower or different:

- a statement seen for the first time: a statement built per call (``open_tables(shards)``,
  ``tables_of_user(...)``, a test's ``text()``) would be compiled on every call, where SQLAlchemy
  finds it in its cache by its structure. Statements are told apart by identity, so only one
  that comes back (a repository's constant) is compiled, on its second use; the statements seen
  once are remembered in a bounded list.
- anything but a ``select``;
- a statement whose values SQLAlchemy converts on the way out (a result processor, such as a
  Float column the server sends as a numeric) or whose column keys repeat. Which processor
  SQLAlchemy applies depends on the type the server gives each column, so the first compiled
  run prepares the statement and asks; a statement with any processor goes back to
  SQLAlchemy's path for good.
"""
from __future__ import annotations

from collections import OrderedDict
from typing import Any, Mapping, Sequence

import asyncpg
from sqlalchemy import ColumnClause, Dialect, Executable, Label, Row, Select
from sqlalchemy.engine.result import IteratorResult, SimpleResultMetaData
from sqlalchemy.exc import SQLAlchemyError

from bot.store.compiled import CACHE_SIZE, CompiledStatement, compile_statement


class ReadPlan:
    """A read statement compiled once, and how its rows are made (known after its first run)."""

    __slots__ = ("statement", "compiled", "rows", "refused")

    def __init__(self, statement: Executable, compiled: CompiledStatement) -> None:
        self.statement = statement          # held so that the id it is kept under stays its own
        self.compiled = compiled
        self.rows: SimpleResultMetaData | None = None      # the rows' keys, once the column types are checked
        self.refused = False                # SQLAlchemy converts a value of it: its path, for good

    def settle(self, dialect: Dialect, type_oids: Sequence[int]) -> bool:
        """Decide, from the types the server gives the columns, whether the compiled path returns
        what SQLAlchemy's would; True if it does (the rows' keys are then known)."""
        rows = row_metadata(self.compiled, dialect, type_oids)
        if rows is None:
            self.refused = True
        else:
            self.rows = rows
        return rows is not None


def row_metadata(compiled: CompiledStatement, dialect: Dialect, type_oids: Sequence[int]) -> SimpleResultMetaData | None:
    """The keys SQLAlchemy gives the rows of ``compiled`` (a column's name, then the objects a
    row's mapping is read by), or None when the statement's columns are not all table columns and
    labels (an unlabelled expression is named by the compiler), when SQLAlchemy would convert a
    value (a result processor for the type the server sends, as its cursor result asks for it), or
    when a key names two columns."""
    columns = selected(compiled.statement)
    if columns is None or len(columns) != len(type_oids):
        return None
    owners: dict[Any, int] = {}
    for index, ((name, objects, kind), oid) in enumerate(zip(columns, type_oids)):
        try:
            if kind.dialect_impl(dialect).result_processor(dialect, oid) is not None:
                return None
        except SQLAlchemyError:         # a server type SQLAlchemy would not read either
            return None
        for key in (name, *objects):
            if owners.setdefault(key, index) != index:
                return None
    return SimpleResultMetaData([name for name, _, _ in columns], extra=[objects for _, objects, _ in columns])


def selected(statement: Any) -> list[tuple[str, tuple[Any, ...], Any]] | None:
    """(name, objects a row's mapping knows it by, type) of each column a select returns, from
    its public columns: a table's column or a literal column is named by its name (and known by
    itself, its name and its key), a label by its name; None for anything else."""
    if not isinstance(statement, Select):
        return None
    found: list[tuple[str, tuple[Any, ...], Any]] = []
    for column in statement.selected_columns:
        if isinstance(column, ColumnClause):      # a table's column or a literal column
            found.append((column.name, (column, column.name, column.key), column.type))
        elif isinstance(column, Label):
            found.append((column.name, (column, column.name), column.type))
        else:
            return None
    return found


class CompiledReads:
    """Which reads run compiled (see the module docstring): the plans of the statements that came
    back, and the statements seen once; both bounded, least recently used first out."""

    def __init__(self, dialect: Dialect, size: int = CACHE_SIZE) -> None:
        self.dialect = dialect
        self.size = size
        self._plans: OrderedDict[tuple[int, tuple[str, ...]], ReadPlan] = OrderedDict()
        self._seen: OrderedDict[int, Executable] = OrderedDict()

    def __len__(self) -> int:
        return len(self._plans)

    def plan(self, statement: Executable, params: Mapping[str, Any]) -> ReadPlan | None:
        """How to run ``statement`` compiled, or None: through SQLAlchemy's path."""
        key = (id(statement), tuple(params))
        plan = self._plans.get(key)
        if plan is not None and plan.statement is statement:
            self._plans.move_to_end(key)
            return None if plan.refused else plan
        if not isinstance(statement, Select):
            return None
        if self._seen.pop(id(statement), None) is not statement:
            self._seen[id(statement)] = statement
            if len(self._seen) > self.size:
                self._seen.popitem(last=False)
            return None
        plan = self._plans[key] = ReadPlan(statement, compile_statement(statement, self.dialect, params))
        if len(self._plans) > self.size:
            self._plans.popitem(last=False)
        return plan

    async def run(self, connection: asyncpg.Connection, plan: ReadPlan, sql: str, arguments: Sequence[Any]) -> list[Row] | None:
        """The rows of ``plan`` on ``connection`` for ``plan.compiled.bind(params)``; None when its
        first run finds that SQLAlchemy would convert its values (run it through SQLAlchemy's path
        then)."""
        if plan.rows is None:           # first run: the server's column types decide
            prepared = await connection.prepare(sql)
            if not plan.settle(self.dialect, [attribute.type.oid for attribute in prepared.get_attributes()]):
                return None
            records = await prepared.fetch(*arguments)
        else:
            records = await connection.fetch(sql, *arguments)
        assert plan.rows is not None
        return list(IteratorResult(plan.rows, iter(records)).all())
