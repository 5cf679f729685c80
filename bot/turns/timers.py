"""Turn timers: a per-table time limit, one reminder, and the timeout policy.

Each human seat that has to act has a *turn clock* (table ``turn_clocks``): since when it has
been waited for. A clock stays while the seat stays among those to act (a staged turn, a
simultaneous phase) and goes when the seat has acted. With a time limit, starting a clock also
stores two scheduler jobs: the reminder (at ``turns.reminder_at`` of the limit) and the timeout.
Time on vacation does not count: a job that comes due while its player is away waits for the
rest of the time after the vacation.

A timeout is written into the action log as a ``timeout`` record (skipped on replay) in the same
transaction as the moves it causes, which is how a timeout that fires again after a crash sees
that its work is already done. A timed-out seat played at a level that thinks long has its
moves thought without the table's lock (bot/turns/thoughts.py).
"""
from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING

from bot.plugins.ports import Ports, channel_link
from bot.i18n import UserRef, t
from bot.scheduler import Job, Scheduler, cancel_sql, schedule_sql
from bot.table.hooks import TableHooks
from bot.table.live import LiveTable
from bot.presenters import customids
from bot.presenters.replies import Button, Reply
from bot.table.context import Ctx
from bot.presenters.replies import refusal as _error   # one refusal reply for every extension
from bot.table.outcomes import Refused
from bot.table.play import resignation_ends_game
from bot.table.thinking import thinks_long
from bot.store import ActionRecord, StaleTableError, Store
from bot.store.base import Statement
from bot.turns import vacation
from bot.turns.thoughts import ThoughtNeeded, TimeoutThoughts
from bot.turns.durations import parse_span, span, span_text
from bot.store.turn_timers import TimerSetting, TurnClock, TurnTimers as TurnStore
from games.core import Event, Msg, SeatRef

if TYPE_CHECKING:
    from bot.scheduler import Clock
    from bot.service.tables import TableService

log = logging.getLogger(__name__)

POLICIES = ("computer", "skip", "remove")
MIN_TIMER = 60
MAX_TIMER = 30 * 86400
RETRY = 300.0                               # a timeout that could not be saved tries again after this

# templates (``t`` marks them for the catalogue check); parameters are filled in where used
REMINDERS = {
    "computer": t("Reminder: {player}, it is your turn in {game} ({channel}). {left} left, then the computer moves for you."),
    "skip": t("Reminder: {player}, it is your turn in {game} ({channel}). {left} left, then your turn is skipped."),
    "remove": t("Reminder: {player}, it is your turn in {game} ({channel}). {left} left, then you are removed from the game."),
}
POLICY_NAMES = {"computer": t("the computer moves"), "skip": t("the turn is skipped"), "remove": t("the player is removed")}


def turn_key(table_id: int, seat: int, since: int = 0, kind: str = "", started: float = 0.0) -> str:
    """Job keys of one turn clock; the start time keeps a clock restarted at the same version
    (after an undo) apart from the old one. Without ``kind``: the prefix of all of a seat's keys."""
    return f"turn:{table_id}:{seat}:{since}:{int(started * 1000)}:{kind}" if kind else f"turn:{table_id}:{seat}:"


class TurnTimers(TableHooks):
    def __init__(self, service: "TableService", store: TurnStore, records: Store, scheduler: Scheduler, ports: Ports,
                 clock: "Clock") -> None:
        """``store``: the timers' repository; ``records``: the store's tables (their channel) and
        the write of the repository's statements."""
        self.service = service
        self.records = records
        self.scheduler = scheduler
        self.ports = ports
        self.clock = clock
        self.store = store
        self._settings: dict[int, TimerSetting] = {}
        self._stored: dict[int, tuple[TimerSetting, int]] | None = None     # read once at restore
        scheduler.register("reminder", self._remind, at_most_once=True)
        scheduler.register("timeout", self._timeout)

    # -- settings ---------------------------------------------------------------------------------
    def default(self) -> TimerSetting:
        return TimerSetting(self.service.settings.turns.timer, self.service.settings.turns.on_timeout)

    def setting(self, table_id: int) -> TimerSetting:
        return self._settings.get(table_id) or self.default()

    async def set_timer(self, table: LiveTable, setting: TimerSetting) -> None:
        await self.records.write([TurnStore.put_timer_sql(table.id, setting)])
        self._settings[table.id] = setting

    def help_lines(self) -> list[Msg]:
        return [t("/option timer 24h, /option timeout computer|skip|remove — the turn time limit and what happens when it runs out"),
                t("/games — every table you sit at; /notify on — a direct message when it is your turn"),
                t("/vacation DAYS — pause your turn clocks (/vacation end stops early)"),
                t("/undo — take back your last move if it revealed nothing: at once while nobody has moved since, "
                  "otherwise when everyone agrees"),
                t("/rating, /leaderboard GAME — ratings; /replay — the last finished game as an animation"),
                t("/tournament create, join, start, standings, report, export — tournaments in this channel")]

    def option_lines(self, table: LiveTable) -> list[Msg]:
        setting = self.setting(table.id)
        timer = span(setting.seconds) if setting.seconds else t("none")
        return [t("Turn timer: {timer}; when time runs out, {policy}. (Change with /option timer 24h, /option timer off, "
                  "/option timeout computer|skip|remove.)", timer=timer, policy=POLICY_NAMES[setting.on_timeout])]

    async def option(self, ctx: Ctx, table: LiveTable, name: str) -> list[Reply] | None:
        words = name.split()
        if not words or words[0] not in ("timer", "timeout"):
            return None
        if table.status != "lobby":
            return _error("The turn timer can only be changed before /start.")
        if table.seat_of(ctx.user_id) is None:
            return _error("Only seated players can change options. Join with /join first.")
        current = self.setting(table.id)
        if words[0] == "timer":
            value = words[1] if len(words) == 2 else ""
            if value in ("off", "none", "0"):
                setting = TimerSetting(None, current.on_timeout)
            else:
                seconds = parse_span(value) if value else None
                if seconds is None or not MIN_TIMER <= seconds <= MAX_TIMER:
                    return _error("Write the turn time limit like /option timer 24h (or 90m, 3d, 1d12h; from 1m to 30d), "
                                  "or /option timer off.")
                setting = TimerSetting(seconds, current.on_timeout)
        else:
            value = words[1] if len(words) == 2 else ""
            if value not in POLICIES:
                return _error("When time runs out: /option timeout computer (the computer moves), skip (the turn is "
                              "skipped) or remove (the player leaves the game).")
            setting = TimerSetting(current.seconds, value)
        await self.set_timer(table, setting)
        headline = t("{player} sets the turn timer: {timer}; when time runs out, {policy}.", player=ctx.name[:64],
                     timer=span_text(setting.seconds) if setting.seconds else t("none"),
                     policy=POLICY_NAMES[setting.on_timeout])
        return [self.service.lobby_reply(table, headline)]

    # -- keeping clocks in step with the game ---------------------------------------------------
    async def adopted(self, table: LiveTable) -> None:
        """A table another shard process opened or changed: take its stored setting."""
        if table.id not in self._settings:
            setting = await self.store.timer(table.id)
            if setting is not None:
                self._settings[table.id] = setting

    async def restored(self, table: LiveTable) -> None:
        """Take the stored setting; bring the clocks up to date only for a table whose last move
        was saved but not its clocks (a crash in between), so quiet tables stay unloaded."""
        if self._stored is None:
            self._stored = await self.store.timers()
        stored = self._stored.pop(table.id, None)
        if stored is not None:
            self._settings[table.id] = stored[0]
        if table.status == "playing" and (stored is None or stored[1] != table.version):
            await self.sync(table, notify=False)

    async def turn(self, table: LiveTable, replies: list[Reply]) -> None:
        await self.sync(table, notify=True)

    async def ending(self, table: LiveTable, outcome, status: str, pending: list[ActionRecord]) -> list[Statement]:
        return self.stop_sql(table)          # the clocks and deadlines end with the game, in its transaction

    async def finished(self, table: LiveTable, outcome, status: str, replies: list[Reply]) -> None:
        self._settings.pop(table.id, None)

    async def closed(self, table: LiveTable, status: str) -> None:
        await self.stop(table)
        self._settings.pop(table.id, None)

    async def stop(self, table: LiveTable) -> None:
        await self.records.write(self.stop_sql(table))

    @staticmethod
    def stop_sql(table: LiveTable) -> list[Statement]:
        return [TurnStore.drop_clock_sql(table.id), cancel_sql(f"table:{table.id}")]

    def waiting_humans(self, table: LiveTable) -> set[int]:
        return {s for s in table.game.to_act(table.state)
                if not table.computer_controls(s) and table.seats[s].user_id is not None}

    async def sync(self, table: LiveTable, notify: bool) -> None:
        """Start clocks for seats that now have to act, stop those of seats that acted."""
        now = self.clock.now()
        pending = self.waiting_humans(table) if table.game.outcome(table.state) is None else set()
        clocks = await self.store.clocks(table.id)
        statements: list[Statement] = []
        if table.id not in self._settings:
            self._settings[table.id] = self.default()      # fixed at the start; later config changes don't move it
            statements.append(TurnStore.put_timer_sql(table.id, self._settings[table.id]))
        setting = self._settings[table.id]
        ref = f"table:{table.id}"
        for seat in sorted(set(clocks) - pending):
            statements += [TurnStore.drop_clock_sql(table.id, seat), cancel_sql(ref, turn_key(table.id, seat))]
        started = sorted(pending - set(clocks))
        for seat in started:
            clock = TurnClock(table.id, seat, table.seats[seat].user_id, table.version, now)
            statements.append(TurnStore.add_clock_sql(clock))
            if setting.seconds:
                payload = {"table": table.id, "seat": seat, "since": table.version}
                reminder = setting.seconds * self.service.settings.turns.reminder_at
                statements.append(schedule_sql("reminder", turn_key(table.id, seat, table.version, "reminder", now),
                                               now + reminder, payload, now, ref))
                statements.append(schedule_sql("timeout", turn_key(table.id, seat, table.version, "timeout", now),
                                               now + setting.seconds, payload, now, ref))
        statements.append(TurnStore.synced_sql(table.id, table.version))
        await self.records.write(statements)
        if started:
            self.scheduler.wake()
        if notify and started:
            await self._dm_turn(table, started)

    async def _dm_turn(self, table: LiveTable, seats: list[int]) -> None:
        users = [table.seats[s].user_id for s in seats if table.seats[s].user_id is not None]
        wanted = await self.store.dm_on_turn([u for u in users if u is not None])
        for seat in seats:
            user = table.seats[seat].user_id
            if user in wanted:
                reply = Reply([t("It is your turn in {game}: {channel}", game=Msg(table.game.title),
                                 channel=channel_link(table.channel_id))], names=table.names, dm_user=user)
                await self._notify(user, [reply])

    async def _notify(self, user_id: int, replies: list[Reply]) -> None:
        try:
            await self.ports.notify(user_id, replies)
        except Exception:       # a closed DM must never break the game
            log.warning("could not send a direct message to %s", user_id, exc_info=True)

    # -- the clock arithmetic -------------------------------------------------------------------
    async def running_time(self, clock: TurnClock, now: float) -> float:
        away = await self.store.vacations(clock.user_id) if clock.user_id is not None else []
        return vacation.used_time(clock.since_at, now, away)

    async def _due(self, clock: TurnClock, target: float, now: float) -> float | None:
        away = await self.store.vacations(clock.user_id) if clock.user_id is not None else []
        return vacation.due_time(clock.since_at, target, now, away)

    async def _channel_of(self, job: Job) -> int | None:
        """The channel of the job's table, whose lock the handler takes before looking closer."""
        table_id = int(job.payload["table"])
        table = self.service.live_tables.by_id(table_id)
        if table is not None:
            return table.channel_id
        return await self.records.channel_of(table_id)

    async def _live_clock(self, job: Job) -> tuple[LiveTable, TurnClock] | None:
        """The table and clock a job belongs to, if that turn is still going on (under the lock
        of the table's channel)."""
        payload = job.payload
        table = await self.service.live_tables.load(int(payload["table"]))     # of any shard: the scheduler runs once
        if table is None or table.status != "playing":
            return None
        clock = (await self.store.clocks(table.id)).get(int(payload["seat"]))
        if clock is None or clock.since_version != int(payload["since"]):
            return None
        return table, clock

    # -- reminder ---------------------------------------------------------------------------------
    async def _remind(self, job: Job) -> float | None:
        channel_id = await self._channel_of(job)
        if channel_id is None:
            return None
        async with self.service.live_tables.lock(channel_id):
            found = await self._live_clock(job)
        if found is None:
            return None
        table, clock = found
        setting = self.setting(table.id)
        if not setting.seconds or clock.user_id is None:
            return None
        now = self.clock.now()
        again = await self._due(clock, setting.seconds * self.service.settings.turns.reminder_at, now)
        if again is not None:
            return again
        left = setting.seconds - await self.running_time(clock, now)
        player = UserRef(clock.user_id, table.names[clock.seat])
        line = Msg(REMINDERS[setting.on_timeout].text, dict(player=player, game=Msg(table.game.title),
                   channel=channel_link(table.channel_id), left=span(left)))
        # the reminder says where the player's choices are: their private panel, opened with "Your move";
        # it is a public message of the table, so it speaks the table's language even where this
        # process does not keep the table (the adapter would fall back to the server's default)
        here = Reply([line, t("Your choices are behind the “Your move” button (only you see them).")],
                     mentions=[clock.user_id], names=table.names, table_id=table.id,
                     buttons=[Button("Your move", customids.panel_id(table.id), "success")],
                     locale=table.public_language)
        await self.ports.deliver(table.channel_id, [here])
        if clock.user_id in await self.store.dm_on_turn([clock.user_id]):
            elsewhere = t("Your choices: press “Your move” on the turn message in {channel}.", channel=channel_link(table.channel_id))
            await self._notify(clock.user_id, [Reply([line, elsewhere], names=table.names, dm_user=clock.user_id)])
        return None

    # -- timeout ----------------------------------------------------------------------------------
    async def _timeout(self, job: Job) -> float | None:
        """Carry out a due timeout under the table's lock. A move that needs thinking is thought
        without the lock (the table answers its other commands meanwhile), then the timeout
        looks at the table again and plays only what was thought for where it still is."""
        channel_id = await self._channel_of(job)
        if channel_id is None:
            return None
        thoughts = TimeoutThoughts()
        stale = 0
        for _ in range(self.service.settings.computer.max_moves_per_command + 2):
            async with self.service.live_tables.lock(channel_id):
                found = await self._live_clock(job)
                if found is None:
                    return None
                table, clock = found
                seat = clock.seat
                if seat not in self.waiting_humans(table) or await self.store.timed_out(table.id, seat, clock.since_version):
                    return None
                setting = self.setting(table.id)
                if not setting.seconds:
                    return None
                now = self.clock.now()
                again = await self._due(clock, setting.seconds, now)
                if again is not None:
                    return again
                thoughts.at_turn(table.turn_serial)
                try:
                    replies = await self.apply_timeout(table, seat, setting.on_timeout, thoughts)
                    break
                except ThoughtNeeded as needed:
                    question = needed.question
                except StaleTableError:       # a move was stored meanwhile (another process): look again
                    stale += 1
                    log.info("table %s: moved on while its timeout was applied (attempt %s)", table.id, stale)
                    if stale == 2:
                        return self.clock.now() + RETRY
                    continue
            try:                              # without the lock
                thoughts.thought(question, await self.service.computers.think_now(question))
            except Exception:
                log.exception("table %s: the computer could not think for seat %s", table.id, question.seat)
                return self.clock.now() + RETRY
        else:
            return self.clock.now() + RETRY
        if replies is None:
            return self.clock.now() + RETRY
        await self.ports.deliver(table.channel_id, replies)
        return None

    async def apply_timeout(self, table: LiveTable, seat: int, policy: str,
                            thoughts: TimeoutThoughts | None = None) -> list[Reply] | None:
        """Carry out the policy for ``seat`` (under the table's lock). None: it could not be saved.
        A move at a level that thinks long is taken from ``thoughts``; one not thought yet raises
        ``ThoughtNeeded`` (the table rolled back, nothing stored) for the caller to think it
        without the lock and try again."""
        thoughts = thoughts if thoughts is not None else TimeoutThoughts()
        service = self.service
        game = table.game
        at = self.clock.now()
        marker = ActionRecord(table.version + 1, seat, "timeout", "timeout", False, at)
        events = [Event(t("{player} ran out of time.", player=SeatRef(seat)))]
        if policy == "remove":
            return await self._remove(table, seat, marker, events)
        records = [marker]
        skipped = False
        if policy == "skip":
            skipped = self._skip(table, seat, marker, events, records)
            if skipped is None:
                return None
            if skipped:
                if seat not in game.to_act(table.state) or game.outcome(table.state) is not None:
                    return await self._commit(table, events, records)
                events.append(Event(t("{game} has no way to skip the rest of this turn, so the computer finishes it.",
                                      game=Msg(game.title))))
            else:
                events.append(Event(t("{game} has no way to skip this turn, so the computer moves instead.", game=Msg(game.title))))
        level = service.play.takeover_level_of(table)
        player = game.computer_player(level)
        for _ in range(service.settings.computer.max_moves_per_command):
            if seat not in game.to_act(table.state) or game.outcome(table.state) is not None:
                break
            version = marker.n + len(records) - 1
            seed = f"{table.seed}:{version}:timeout"
            text = None
            if thinks_long(level):
                question = service.computers.question_now(table, seat, level, seed)
                text = thoughts.move_for(question)
                if text is None:            # thought in a worker process, without the table's lock
                    table.rollback()
                    raise ThoughtNeeded(question)
            try:
                if text is None:
                    text = str(player.choose(game, table.state, seat, random.Random(seed)))
                events += game.apply(table.state, seat, game.parse(table.state, seat, text))
            except Exception:
                log.exception("table %s: the computer could not move for seat %s", table.id, seat)
                table.rollback()
                return None
            records.append(ActionRecord(marker.n + len(records), seat, text, "move", True, at))
        events.insert(2 if skipped else 1, Event(t("The computer moves for {player}. A game with computer moves does not "
                                                   "change ratings unless every player agrees.", player=SeatRef(seat))))
        return await self._commit(table, events, records)

    def _skip(self, table: LiveTable, seat: int, marker: ActionRecord, events: list[Event],
              records: list[ActionRecord]) -> bool | None:
        """Play the game's ``skip_action`` for ``seat`` while it is still to act (a turn may take
        several steps, e.g. placing each new tile). Adds to ``events`` and ``records``; True if
        anything was skipped, None if applying failed (the table is rolled back)."""
        game = table.game
        shown: list[str] = []
        hidden = False
        for _ in range(self.service.settings.computer.max_moves_per_command):
            if seat not in game.to_act(table.state) or game.outcome(table.state) is not None:
                break
            try:
                action = game.skip_action(table.state, seat)
                if action is None:
                    break
                text = str(action)
                happened = game.apply(table.state, seat, game.parse(table.state, seat, text))
            except Exception:
                log.exception("table %s: the skip action failed", table.id)
                table.rollback()
                return None
            events += happened
            hidden = hidden or any(event.to is not None for event in happened)
            shown.append(text)
            records.append(ActionRecord(marker.n + len(records), seat, text, "move", False, marker.at))
        if not shown:
            return False
        # a secret choice (a card kept, tiles chosen in secret) is not named in public
        line = t("{player}'s turn is skipped.", player=SeatRef(seat)) if hidden else \
            t("{player}'s turn is skipped ({action}).", player=SeatRef(seat), action="; ".join(shown))
        events.insert(1, Event(line))
        return True

    async def _commit(self, table: LiveTable, events: list[Event], records: list[ActionRecord]) -> list[Reply] | None:
        done = await self.service.play.commit(table, events, records, actor=None)
        return None if isinstance(done, Refused) else await self.service.answer(done)

    async def _remove(self, table: LiveTable, seat: int, marker: ActionRecord, events: list[Event]) -> list[Reply] | None:
        service = self.service
        table.seats[seat].resigned = True
        resign = ActionRecord(marker.n + 1, seat, "resign", "resign", False, marker.at)
        events.append(Event(t("{player} is removed from the game; the computer plays the seat from now on.",
                              player=SeatRef(seat))))
        try:
            if resignation_ends_game(table, seat):
                # the removal and the game's end are stored together
                ended = await service.play.end_by_resignation(table, events, [marker, resign])
                replies = None if isinstance(ended, Refused) else await service.answer(ended)
            else:
                replies = await self._commit(table, events, [marker, resign])
        except StaleTableError:
            table.seats[seat].resigned = False
            raise
        if replies is None:
            table.seats[seat].resigned = False
        return replies
