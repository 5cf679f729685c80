"""/games (every table you sit at), /notify (a DM when it becomes your turn), /vacation."""
from __future__ import annotations

from typing import TYPE_CHECKING

from bot.plugins.ports import channel_link
from bot.i18n import t
from bot.i18n import counts
from bot.table.context import Ctx
from bot.presenters.replies import Reply
from bot.presenters.replies import refusal as _error   # one refusal reply for every extension
from bot.presenters.numbers import whole_number
from bot.store import jobs
from bot.store.statements import Statement
from bot.turns import vacation
from bot.turns.durations import parse_span, span
from bot.turns.timers import TurnTimers
from games.core.messages import Msg

if TYPE_CHECKING:
    from bot.table.live import LiveTable

MAX_LINES = 25


class TurnCommands:
    def __init__(self, timers: TurnTimers) -> None:
        self.timers = timers
        self.service = timers.service
        self.store = timers.store
        self.records = timers.records
        self.clock = timers.clock

    # -- /games -----------------------------------------------------------------------------------
    async def my_games(self, ctx: Ctx) -> list[Reply]:
        """Every table the user sits at on this server (all servers in a DM), their turn first."""
        now = self.clock.now()
        mine = await self.service.live_tables.tables_of(ctx.user_id, ctx.guild_id)
        if not mine:
            return [Reply([t("You are not seated at any table here. Open one with /join <game>, or join an open one.")],
                          private=True)]
        rows: list[tuple[tuple, Msg]] = []
        for table in mine:
            rows.append(await self._row(table, ctx.user_id, now))
        rows.sort(key=lambda row: row[0])
        lines = [t("Your tables ({count}):", count=len(rows))] + [line for _, line in rows[:MAX_LINES]]
        away = vacation.current(await self.store.vacations(ctx.user_id), now)
        if away is not None:
            lines.append(t("You are on vacation until {until}: your clocks are paused.", until=vacation.utc_text(away.ends_at)))
        return [Reply(lines, private=True)]

    async def _row(self, table: "LiveTable", user_id: int, now: float) -> tuple[tuple, Msg]:
        game, channel = table.game.title, channel_link(table.channel_id)
        if table.status == "lobby":
            return (2, 0.0, table.id), t("{game} in {channel}: waiting to start ({count} seated).", game=game, channel=channel,
                                         count=len(table.seats))
        seat = table.seat_of(user_id)
        assert seat is not None
        if table.seats[seat].resigned:
            return (3, 0.0, table.id), t("{game} in {channel}: you resigned; the computer plays your seat.", game=game,
                                         channel=channel)
        clocks = await self.store.clocks(table.id)
        to_act = sorted(table.game.to_act(table.state))
        since = min((c.since_at for c in clocks.values()), default=now)
        waited = span(now - since)
        if seat in to_act:
            clock = clocks.get(seat)
            mine = span(now - clock.since_at) if clock else waited
            setting = self.timers.setting(table.id)
            if setting.seconds and clock is not None:
                left = setting.seconds - await self.timers.running_time(clock, now)
                line = t("{game} in {channel}: your turn, waiting {waited} ({left} left).", game=game, channel=channel,
                         waited=mine, left=span(max(0.0, left)))
            else:
                line = t("{game} in {channel}: your turn, waiting {waited}.", game=game, channel=channel, waited=mine)
            return (0, -(now - (clock.since_at if clock else since)), table.id), line
        names = ", ".join(table.names[s] for s in to_act) or "-"
        return (1, -(now - since), table.id), t("{game} in {channel}: {players} to move, waiting {waited}.", game=game,
                                                channel=channel, players=names, waited=waited)

    # -- /notify ----------------------------------------------------------------------------------
    async def notify(self, ctx: Ctx, value: str | None = None) -> list[Reply]:
        value = (value or "").strip().lower()
        if value in ("on", "yes", "dm"):
            await self.store.set_dm_on_turn(ctx.user_id, True)
            return [Reply([t("From now on you get a direct message when it becomes your turn (and with each reminder). "
                             "/notify off stops them.")], private=True)]
        if value in ("off", "no"):
            await self.store.set_dm_on_turn(ctx.user_id, False)
            return [Reply([t("No more direct messages about your turns. /notify on starts them again.")], private=True)]
        if value:
            return _error("Write /notify on or /notify off.")
        on = ctx.user_id in await self.store.dm_on_turn([ctx.user_id])
        return [Reply([t("Direct messages when it becomes your turn: {state}. Change with /notify on or /notify off.",
                         state=t("on") if on else t("off"))], private=True)]

    # -- /vacation --------------------------------------------------------------------------------
    async def vacation(self, ctx: Ctx, value: str | None = None) -> list[Reply]:
        budget = self.service.settings.turns.vacation_days_per_month
        now = self.clock.now()
        taken = await self.store.vacations(ctx.user_id)
        away = vacation.current(taken, now)
        value = (value or "").strip().lower()
        if not value:
            used = vacation.days_used(taken, now)
            state = (t("You are on vacation until {until}.", until=vacation.utc_text(away.ends_at)) if away
                     else t("You are not on vacation."))
            return [Reply([state, t("Vacation days used this month: {used} of {budget}. /vacation 3 pauses your clocks for "
                                    "3 days; /vacation end ends it early.", used=_days(used), budget=budget)], private=True)]
        if value in ("end", "off", "stop"):
            if away is None:
                return _error("You are not on vacation. /vacation 3 pauses your clocks for 3 days.")
            await self.records.write([self.store.end_vacation_sql(away.id, now)] + await self._recheck(ctx.user_id, now))
            self.timers.scheduler.wake()
            return [Reply([t("Welcome back: your vacation has ended and your clocks run again.")], private=True)]
        if budget == 0:
            return _error("Vacations are switched off on this bot.")
        days = whole_number(value)
        if days is None and (seconds := parse_span(value)) is not None and seconds % 86400 == 0:
            days = seconds // 86400
        if days is None or not 1 <= days <= budget:
            return _error("Write the number of days, from 1 to {budget}: for example /vacation 3.", budget=budget)
        if away is not None:
            return _error("You are already on vacation until {until}. /vacation end ends it.", until=vacation.utc_text(away.ends_at))
        full = vacation.over_budget(taken, now, days, budget)
        if full is not None:
            month_start, used = full
            return _error("That is more than the {budget} vacation days a month allows: {used} already used in {month}.",
                          budget=budget, used=_days(used), month=vacation.utc_text(month_start)[:7])
        until = now + days * vacation.DAY
        await self.store.add_vacation(ctx.user_id, now, until)
        return [Reply([t("Your clocks are paused for {days}, until {until}. Nobody's time runs out on you meanwhile; "
                         "/vacation end ends it early.", days=counts.days(days), until=vacation.utc_text(until))], private=True)]

    async def _recheck(self, user_id: int, now: float) -> list[Statement]:
        """Statements that make this user's waiting timers look again now (they were set for the
        old end of the vacation)."""
        statements = []
        for clock in await self.store.clocks_of_user(user_id):
            statements.append(jobs.due_by(f"turn:{clock.table_id}:{clock.seat}:", now))
        return statements


def _days(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")
