"""What the table core answers: typed outcomes, never replies.

Each request to the core (open, join, an option, a move, a resignation, …) ends in one of these.
The presenters (bot/presenters) turn an outcome into what a surface shows; callers that only need
to know what happened (tournaments, timers, the stale-copy retry) read the outcome's type.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass

from bot.i18n import t
from bot.table.live import LiveTable
from games.core import Event, Msg, Outcome

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Refused:
    """The request was turned down and nothing changed. ``reason`` says what is wrong and what
    would be right; ``names`` are the seat names its SeatRefs stand for."""

    reason: Msg
    names: tuple[str, ...] = ()


def refused(text: str, /, **params: object) -> Refused:
    """A refusal from a catalogue template and its parameters."""
    return Refused(t(text, **params))


def not_saved(error: Exception, table: LiveTable | None = None) -> Refused:
    """The store could not write the change: the user is told nothing changed, the operator's
    log line says why and what to do."""
    log.error("%snot saved, nothing changed: %s", f"table {table.id}: " if table else "", error)
    return refused("That could not be saved, so nothing changed. Please try again in a moment.")


@dataclass
class LobbyChanged:
    """A table before its start changed (opened, a seat taken or left, an option set): the lobby
    message shows it under ``headline``."""

    table: LiveTable
    headline: Msg


@dataclass
class Closed:
    """The table closed without a result (the last player left, an abort)."""

    table: LiveTable
    headline: Msg


@dataclass
class Moved:
    """A running game changed and goes on: it started, a move, a resignation, a timer's move or
    a computer's. Everything is committed. ``actor``: the seat that moved (None when no player
    did); ``chose``: the move as the actor picked it in their private panel; ``undoable``: the
    actor may take the move back at once with /undo (it showed nothing hidden and nobody, no
    computer either, has moved after it)."""

    table: LiveTable
    events: list[Event]
    actor: int | None = None
    chose: str | None = None
    undoable: bool = False


@dataclass
class Ended:
    """The game is over and its end is committed (``status``: finished, or ended by
    resignation); ``outcome`` holds the scores and ranks."""

    table: LiveTable
    events: list[Event]
    outcome: Outcome
    status: str = "finished"
    actor: int | None = None
    chose: str | None = None


TableOutcome = Refused | LobbyChanged | Closed | Moved | Ended
