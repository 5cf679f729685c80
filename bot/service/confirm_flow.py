"""/resign and /abort: the private question first, then the click on its confirm button acts
(the confirmations themselves: bot/service/confirm.py)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from bot.i18n import t
from bot.presenters.outcomes import refusal_reply
from bot.presenters.replies import Reply, refusal
from bot.service import confirm
from bot.store import StaleTableError, StoreError
from bot.table.context import Ctx
from bot.table.live import LiveTable
from bot.table.outcomes import Closed, Refused, not_saved, refused
from bot.table.play import resignation_ends_game
from games.core import Msg

if TYPE_CHECKING:
    from bot.service.tables import TableService


class ConfirmFlow:
    def __init__(self, service: "TableService") -> None:
        self.service = service

    async def ask_resign(self, ctx: Ctx) -> list[Reply]:
        service = self.service
        async with service.live_tables.lock(ctx.channel_id):
            await service.live_tables.current(ctx.channel_id)
            asked = await service.live_tables.run_fresh(ctx.channel_id, lambda: self._ask("resign", ctx))
        return refusal_reply(asked) if isinstance(asked, Refused) else asked

    async def ask_abort(self, ctx: Ctx) -> list[Reply]:
        service = self.service
        async with service.live_tables.lock(ctx.channel_id):
            await service.live_tables.current(ctx.channel_id)
            asked = await self._ask("abort", ctx)
        return refusal_reply(asked) if isinstance(asked, Refused) else asked

    async def cannot_abort(self, ctx: Ctx, table: LiveTable | None) -> Refused | None:
        """Why ``ctx`` may not abort ``table``, or None. An extension may decide (a tournament's
        table is its organiser's or a moderator's to close); else the host or a moderator may."""
        if table is None:
            return refused("There is no table here to abort.")
        for hook in self.service.hooks:
            if (verdict := await hook.may_abort(ctx, table)) is not None:
                return None if verdict.allowed else verdict.refusal or self._not_host(table)
        return self._not_host(table) if ctx.user_id != table.host_id and not ctx.is_moderator else None

    @staticmethod
    def _not_host(table: LiveTable) -> Refused:
        return refused("Only the table's host ({host}) or a moderator can abort it.",
                       host=next((s.name for s in table.seats if s.user_id == table.host_id), "?"))

    async def _ask(self, kind: str, ctx: Ctx) -> list[Reply] | Refused:
        """The private question with its two buttons (under the channel's lock)."""
        service = self.service
        table = service.live_tables.in_channel(ctx.channel_id)
        refusal_ = service.play.cannot_resign(ctx, table) if kind == "resign" else await self.cannot_abort(ctx, table)
        if refusal_ is not None or table is None:
            return refusal_ or service.offered.no_table()
        buttons = service.confirmations.ask(kind, table.id, table.turn_serial, table.status, ctx.user_id)
        minutes = confirm.VALID_SECONDS // 60
        game = Msg(table.game.title)
        if kind == "resign":
            goes_on = not resignation_ends_game(table, table.seat_of(ctx.user_id))
            question = t("Resign from this game of {game}? The computer plays your seat from then on. "
                         "Confirm within {minutes} minutes.", game=game, minutes=minutes) if goes_on else \
                t("Resign from this game of {game}? Too few players would be left, so the game ends. "
                  "Confirm within {minutes} minutes.", game=game, minutes=minutes)
        elif table.status == "playing":
            question = t("Close this {game} table for everyone? The game ends here without a result. "
                         "Confirm within {minutes} minutes.", game=game, minutes=minutes)
        else:
            question = t("Close this {game} table? Everyone seated leaves it. Confirm within {minutes} minutes.",
                         game=game, minutes=minutes)
        return [Reply([question], private=True, buttons=buttons, names=table.names, table_id=table.id)]

    async def confirmed(self, ctx: Ctx, custom_id: str) -> list[Reply]:
        """A click on a confirmation button of /resign or /abort."""
        service = self.service
        click = confirm.parse(custom_id)
        if click is None:
            return refusal("That button is not one of ours any more.")
        command = "/" + click.kind
        async with service.live_tables.lock(ctx.channel_id):
            table = await service.live_tables.current(ctx.channel_id)
            pending, why = service.confirmations.answer(click, ctx.user_id)
            if why == "other":
                return refusal("This confirmation belongs to the player who asked for it; use {command} yourself.",
                               command=command)
            if why == "expired":
                return refusal("That confirmation has expired (it is valid for {minutes} minutes), so nothing changed. "
                               "Use {command} again if you still want to.",
                               minutes=confirm.VALID_SECONDS // 60, command=command)
            if pending is None:
                return refusal("That confirmation is no longer open, so nothing changed. Use {command} again if you "
                               "still want to.", command=command)
            if not click.confirmed:
                return [Reply([t("Cancelled: nothing changed.")], private=True)]
            if table is None or table.id != pending.table_id:
                return refusal("That choice is no longer open: the table has closed.")
            if (table.status, table.turn_serial) != (pending.status, pending.turn):
                return refusal("The game has moved on since you asked, so nothing changed. Use {command} again if "
                               "you still want to.", command=command)
            try:
                done = await (service.play.resign(ctx) if click.kind == "resign" else self._abort(ctx))
            except StaleTableError:         # another process moved the table meanwhile: not what was confirmed
                await service.live_tables.current(ctx.channel_id)
                return refusal("The game has moved on since you asked, so nothing changed. Use {command} again if "
                               "you still want to.", command=command)
            return await service.answer(done)

    async def _abort(self, ctx: Ctx) -> Closed | Refused:
        service = self.service
        table = service.live_tables.in_channel(ctx.channel_id)
        if (refusal_ := await self.cannot_abort(ctx, table)) is not None or table is None:
            return refusal_ or service.offered.no_table()
        try:
            await service.lifecycle.close(table)
        except StoreError as error:
            return not_saved(error, table)
        service.confirmations.forget(table.id)
        return Closed(table, t("{player} aborts the {game} table. Open a new one with /join <game>.",
                               player=ctx.name[:64], game=Msg(table.game.title)))
