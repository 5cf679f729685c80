"""The error of a process that may not own the tables it was configured for."""
from __future__ import annotations

from games.core.messages import Msg


class OwnershipError(RuntimeError):
    """Another live process owns (some of) the same tables. The message (``msg``, rendered in the
    operator's language where it is printed; ``str(error)`` is the English) names the database
    or the shards, who holds them, and what the operator can do."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(msg.english())
        self.msg = msg


def ownership_error(text: str, /, **params: object) -> OwnershipError:
    """An OwnershipError saying ``text`` (a template of the bot's catalogue) with ``params``."""
    return OwnershipError(Msg(text, params))
