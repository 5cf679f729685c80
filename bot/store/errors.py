"""The errors every store raises, whatever database is behind it."""
from __future__ import annotations


class StoreError(RuntimeError):
    """The database refused a write (disk full, locked, read-only, connection lost...). Nothing
    was applied. The message is for the operator's log: it names the database and the cause."""


class StaleTableError(StoreError):
    """A table version was already written (the ``actions`` primary key): another process wrote
    the same move first, so this process's copy of the table is out of date."""
