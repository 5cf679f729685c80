"""How the repositories hand statements to the store, and the few that each database spells its
own way.

A :data:`Statement` is an SQLAlchemy statement and its parameters. The repositories build them
once at import time (``insert(table)``, ``update(...).where(... == bindparam("table_id"))``) and
pair them with a parameter dict per use, so SQLAlchemy compiles each statement once and then
only looks it up in its cache. Upserts differ between SQLite and PostgreSQL only in the
``insert`` construct they start from: :class:`ByDialect` builds one per database, on first use."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping, Union

from sqlalchemy import ColumnElement, Executable, func
from sqlalchemy.dialects import postgresql, sqlite


@dataclass(frozen=True)
class Spelling:
    """What differs between the two databases in the statements the bot uses."""

    insert: Callable[..., Any]                          # the dialect's insert (with on_conflict_do_...)
    least: Callable[..., ColumnElement]                 # the smaller of two values


SPELLINGS = {
    "sqlite": Spelling(sqlite.insert, func.min),
    "postgresql": Spelling(postgresql.insert, func.least),
}


class ByDialect:
    """A statement built per database from ``build(spelling)``, kept once built."""

    __slots__ = ("_build", "_made")

    def __init__(self, build: Callable[[Spelling], Executable]) -> None:
        self._build = build
        self._made: dict[str, Executable] = {}

    def for_dialect(self, name: str) -> Executable:
        made = self._made.get(name)
        if made is None:
            made = self._made[name] = self._build(SPELLINGS[name])
        return made


Statement = tuple[Union[Executable, ByDialect], Mapping[str, Any]]
