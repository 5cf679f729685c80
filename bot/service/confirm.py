"""Confirmation buttons for the commands that end something for good: /resign and /abort.

The command itself only asks (a private reply with a confirm and a cancel button); the click on
the confirm button acts. A confirmation belongs to the one who asked, is valid for
``VALID_SECONDS`` and only while the table stays where it was (same status, same turn): a
move in between, an expired or a replaced confirmation is refused with a clear reason and
changes nothing. Confirmations live in memory, so a restart ends them (their buttons then
answer that the confirmation is no longer open).

Custom_ids: ``bt:q:<table>:<turn>:<kind>:<token>:<yes|no>``, the turn being the table's turn
serial (``LiveTable.turn_serial``, which an undo never brings back); the token is random per
request, so only the latest request of a user for a table can be confirmed.
"""
from __future__ import annotations

import re
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Callable

from bot.presenters.numbers import PATTERN as NUMBER
from bot.presenters.replies import Button

KINDS = ("resign", "abort")
VALID_SECONDS = 120
LIMIT = 10_000              # open confirmations kept at most (oldest dropped first)
CUSTOM_ID = re.compile(rf"^bt:q:(?P<table>{NUMBER}):(?P<turn>{NUMBER}):(?P<kind>resign|abort):"
                       rf"(?P<token>[0-9a-f]{{8}}):(?P<answer>yes|no)$")


@dataclass(frozen=True)
class Click:
    table_id: int
    turn: int
    kind: str
    token: str
    confirmed: bool


@dataclass(frozen=True)
class Pending:
    """One request waiting for its confirmation."""

    table_id: int
    user_id: int
    kind: str
    turn: int
    status: str
    token: str
    expires: float


def parse(custom_id: str) -> Click | None:
    """The confirmation a custom_id answers, or None if it is not a confirmation button."""
    match = CUSTOM_ID.fullmatch(custom_id)
    if match is None:
        return None
    return Click(int(match["table"]), int(match["turn"]), match["kind"], match["token"], match["answer"] == "yes")


def is_confirmation(custom_id: str) -> bool:
    return custom_id.startswith("bt:q:")


class Confirmations:
    """The open confirmations of one service, one per (table, user, kind)."""

    def __init__(self, now: Callable[[], float] = time.time) -> None:
        self.now = now
        self._open: OrderedDict[tuple[int, int, str], Pending] = OrderedDict()

    def ask(self, kind: str, table_id: int, turn: int, status: str, user_id: int) -> list[Button]:
        """Open (or renew) ``user_id``'s confirmation; the buttons that answer it."""
        key = (table_id, user_id, kind)
        pending = Pending(table_id, user_id, kind, turn, status, secrets.token_hex(4), self.now() + VALID_SECONDS)
        self._open.pop(key, None)
        self._open[key] = pending
        while len(self._open) > LIMIT:
            self._open.popitem(last=False)
        now = self.now()
        while self._open and next(iter(self._open.values())).expires < now:     # oldest first
            self._open.popitem(last=False)
        base = f"bt:q:{table_id}:{turn}:{kind}:{pending.token}"
        if kind == "resign":
            return [Button("Resign", f"{base}:yes", "danger"), Button("Keep playing", f"{base}:no", "secondary")]
        return [Button("Close the table", f"{base}:yes", "danger"), Button("Keep the table", f"{base}:no", "secondary")]

    def answer(self, click: Click, user_id: int) -> tuple[Pending | None, str]:
        """Take the confirmation ``click`` answers, for ``user_id``. Returns the request and
        "" when it may go ahead; otherwise why not: "other" (someone else's), "closed"
        (replaced, used, cancelled or forgotten in a restart) or "expired". The caller still
        checks the table's status and turn against the request."""
        pending = self._open.get((click.table_id, user_id, click.kind))
        if pending is None or pending.token != click.token or pending.turn != click.turn:
            if any(p.token == click.token for p in self._open.values()):
                return None, "other"
            return None, "closed"
        del self._open[(click.table_id, user_id, click.kind)]
        if self.now() > pending.expires:
            return None, "expired"
        return pending, ""

    def forget(self, table_id: int) -> None:
        """The table closed: its open confirmations go."""
        for key in [k for k in self._open if k[0] == table_id]:
            del self._open[key]
