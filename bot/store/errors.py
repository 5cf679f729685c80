"""The errors every store raises, whatever database is behind it.

An error's words are a message (``msg``: an English template, the catalogue's key, and its
values), so the operator reads them in their language where they are printed; ``str(error)``
is the English, for the log."""
from __future__ import annotations

from games.core.messages import Msg


class StoreError(RuntimeError):
    """The database refused a write (disk full, locked, read-only, connection lost...). Nothing
    was applied. The message is for the operator: it names the database and the cause."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(msg.english())
        self.msg = msg


class StaleTableError(StoreError):
    """A table version was already written (the ``actions`` primary key), or the stored version
    is not the one a write was built on: another process wrote the table first, so this process's
    copy of it is out of date. Reload the table from the store and decide again."""


def store_error(text: str, /, **params: object) -> StoreError:
    """A StoreError saying ``text`` (a template of the bot's catalogue) with ``params``."""
    return StoreError(Msg(text, params))


#: the store was used after it was closed (or before it was opened)
NOT_OPEN = Msg("the store is not open")


def table_moved_on(description: str) -> StaleTableError:
    """The refusal of a write whose version guard changed no row."""
    return StaleTableError(Msg("database write refused ({database}): the table moved on (another process wrote it)",
                               {"database": description}))
