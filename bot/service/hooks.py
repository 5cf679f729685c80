"""Extension points of the table service.

Asynchronous play (turn timers, ratings, tournaments, undo) lives in its own packages and plugs
into :class:`~bot.service.tables.TableService` through these hooks, so the service itself stays
small. Every hook runs inside the table's channel lock (except ``button``, which runs before any
lock is taken) and must therefore never take that lock again.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.core.messages import Msg

if TYPE_CHECKING:
    from bot.service.live import LiveTable
    from bot.service.replies import Ctx, Reply


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

    async def finished(self, table: "LiveTable", outcome: Any, status: str, replies: list["Reply"]) -> None:
        """The game ended and its results are stored; ``replies`` may be extended."""

    async def closed(self, table: "LiveTable", status: str) -> None:
        """The table closed without a result (aborted, or the last player left the lobby)."""

    async def restored(self, table: "LiveTable") -> None:
        """The table was loaded from the store after a restart."""

    async def adopted(self, table: "LiveTable") -> None:
        """The table was loaded from the store later, because another shard process opened or
        changed it (only with a shared store; see bot/service/copies.py)."""

    async def status(self, ctx: "Ctx") -> list["Reply"] | None:
        """Answer ``/status`` where no table is open (e.g. with the last game's result); None: not mine."""
        return None

    async def log(self, ctx: "Ctx") -> list["Reply"] | None:
        """Answer ``/log`` instead of the service (e.g. with the whole log as a file); None: not mine."""
        return None

    async def button(self, ctx: "Ctx", custom_id: str) -> list["Reply"] | None:
        """Handle a button click that is not one of the service's own; None: not mine."""
        return None
