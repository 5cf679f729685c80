"""Extension points of the table service.

Asynchronous play (turn timers, ratings, tournaments, undo) lives in its own packages and plugs
into :class:`~bot.service.tables.TableService` through these hooks, so the service itself stays
small. Every hook runs inside the table's channel lock (except ``button``, which runs before any
lock is taken) and must therefore never take that lock again.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from games.core.messages import Msg

if TYPE_CHECKING:
    from bot.table.live import LiveTable
    from bot.table.context import Ctx
    from bot.presenters.replies import Reply
    from bot.table.outcomes import Refused
    from bot.store import ActionRecord
    from bot.store.base import Statement


@dataclass
class Permission:
    """An extension's say on who may do something at a table: allowed, or refused with ``refusal``."""

    allowed: bool
    refusal: "Refused | None" = None


class TableHooks:
    """No-op defaults; an extension overrides what it needs."""

    async def option(self, ctx: "Ctx", table: "LiveTable", name: str) -> list["Reply"] | None:
        """Handle an ``/option`` the game does not know (e.g. ``timer 24h``); None: not mine."""
        return None

    def help_lines(self) -> list[Msg]:
        """Extra lines for ``/help``."""
        return []

    def option_lines(self, table: "LiveTable") -> list[Msg]:
        """Extra lines for the lobby message and the ``/option`` list."""
        return []

    async def turn(self, table: "LiveTable", replies: list["Reply"]) -> None:
        """A running game changed (started, a move, a resignation, an undo) and is not over."""

    async def ending(self, table: "LiveTable", outcome: Any, status: str,
                     pending: list["ActionRecord"]) -> list["Statement"]:
        """The game is ending: statements to commit in the same transaction as its last move,
        its status and results (rating changes, a tournament result, stopped clocks), so that a
        stop at any moment leaves either a running game or an ended one with everything written.
        ``pending``: the last actions, committed in that transaction (not in the store yet).
        Runs while ``TableService.ending_lock`` is held, until the transaction is committed: an
        extension that reads rows to compute what it writes (ratings) takes that lock for its
        other writes of those rows, and never here."""
        return []

    async def finished(self, table: "LiveTable", outcome: Any, status: str, replies: list["Reply"]) -> None:
        """The game's end is stored (with what ``ending`` returned); extend ``replies`` with what
        the players should read. Also runs when a restart announces an end that was stored but
        not announced, so it only reads and does what is safe to do twice."""

    async def closed(self, table: "LiveTable", status: str) -> None:
        """The table closed without a result (aborted, or the last player left the lobby)."""

    async def restored(self, table: "LiveTable") -> None:
        """The table was loaded from the store after a restart."""

    async def adopted(self, table: "LiveTable") -> None:
        """The table was loaded from the store later, because another shard process opened or
        changed it (only with a shared store; see bot/table/live_tables.py)."""

    async def may_abort(self, ctx: "Ctx", table: "LiveTable") -> Permission | None:
        """Who may /abort ``table`` (e.g. a tournament's organiser, not its players); None: not
        mine (the table's host or a moderator may)."""
        return None

    async def log(self, ctx: "Ctx") -> list["Reply"] | None:
        """Answer ``/log`` instead of the service (e.g. with the whole log as a file); None: not mine."""
        return None

    async def button(self, ctx: "Ctx", custom_id: str) -> list["Reply"] | None:
        """Handle a button click that is not one of the service's own; None: not mine."""
        return None
