"""The errors every store raises, whatever database is behind it."""
from __future__ import annotations


class StoreError(RuntimeError):
    """The database refused a write (disk full, locked, read-only, connection lost...). Nothing
    was applied. The message is for the operator's log: it names the database and the cause."""


class StaleTableError(StoreError):
    """A table version was already written (the ``actions`` primary key), or the stored version
    is not the one a write was built on: another process wrote the table first, so this process's
    copy of it is out of date. Reload the table from the store and decide again."""


def table_moved_on(description: str) -> StaleTableError:
    """The refusal of a write whose version guard changed no row."""
    return StaleTableError(f"database write refused ({description}): the table moved on (another process wrote it)")
