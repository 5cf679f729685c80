"""Replays and logs of games: ``/replay`` posts a finished game as an animated GIF, ``/log``
shows the whole action log (the latest moves as text, everything as a file when it is long).
While a game runs, a seat's secret moves (a hidden bet, a card taken into a hand: moves whose
events the engine addressed privately) show as ``(hidden)`` to everyone else, in the text and in
the file alike; once the game is over the whole log is shown.

A replay rebuilds the game from its seed and log, keeps the public view at each change of turn
(the key moments), samples at most ``replay.max_frames`` of them evenly (the start and the final
position always in) and draws them with the game's own renderer, each under a band naming the
move that led to it, then the result (renderers/replay.py). Only public views are drawn, so a
replay shows nothing a spectator could not have seen. It is drawn in the service's drawing
workers, kept per table and version (``replay.cache_size`` of them), and each user may ask for
one every ``replay.per_user_seconds``.
"""
from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from typing import TYPE_CHECKING

from bot.plugins.ports import channel_link
from bot.i18n import normalise_locale, t, tn
from bot.i18n import counts
from renderers import registry as render_registry
from renderers.replay import MAX_BYTES, Move, build_gif, key_moments, make_replay, sample
from bot.scheduler.clock import Clock, SystemClock
from bot.table.hooks import TableHooks
from bot.table.context import Ctx
from bot.presenters.replies import Reply
from bot.presenters.replies import refusal as _error   # one refusal reply for every extension
from bot.presenters.numbers import whole_number
from bot.presenters.movelog import MoveLog, log_lines, log_msgs, replay_log
from bot.presenters.ending import record_language, stored_outcome
from bot.table.tableoptions import split_options
from bot.presenters.information import latest_lines
from bot.store import ActionRecord, Store, TableRecord
from games import registry
from games.core.contract import Game
from games.core.messages import Msg

if TYPE_CHECKING:
    from bot.service.tables import TableService

log = logging.getLogger(__name__)

LOG_CHARS = 1800              # what fits in one message next to the header

__all__ = ["MAX_BYTES", "Replays", "build_gif", "key_moments", "log_lines", "sample"]


class RequestLimit:
    """One request per user per ``seconds``; remembers only the users of the last ``seconds``
    (and at most ``MOST`` of them: the oldest are forgotten first)."""

    MOST = 10_000

    def __init__(self, seconds: float, clock: Clock) -> None:
        self.seconds = seconds
        self.clock = clock
        self._last: dict[int, float] = {}

    def wait(self, user_id: int) -> int:
        """Seconds until this user may ask again (0: now, and the request is counted)."""
        now = self.clock.now()
        if len(self._last) > 1000:
            self._last = {u: at for u, at in self._last.items() if now - at < self.seconds}
            while len(self._last) >= self.MOST:
                del self._last[next(iter(self._last))]
        last = self._last.get(user_id)
        if last is not None and now - last < self.seconds:
            return max(1, int(self.seconds - (now - last) + 0.999))
        self._last[user_id] = now
        return 0


class Replays(TableHooks):
    def __init__(self, service: "TableService", records: Store, clock: Clock | None = None) -> None:
        """``records``: the store of the tables' records, move logs and results replayed."""
        self.service = service
        self.records = records
        settings = service.settings
        self.limit = RequestLimit(settings.replay.per_user_seconds, clock or SystemClock())
        self._cache: OrderedDict[tuple[int, int, str], tuple[bytes, int]] = OrderedDict()
        self.cache_size = settings.replay.cache_size

    async def _last_game(self, channel_id: int, statuses: tuple[str, ...]) -> TableRecord | None:
        return await self.records.last_table(channel_id, statuses)

    # -- /log ---------------------------------------------------------------------------------------
    async def log(self, ctx: Ctx) -> list[Reply] | None:
        table = await self.service.live_tables.fresh(ctx.channel_id)
        hidden: set[int] = set()
        loop = asyncio.get_running_loop()
        if table is not None and table.status == "playing":
            actions = await self.records.actions(table.id)
            names, table_id = table.names, table.id
            header = t("Log ({actions}, latest last):", actions=counts.actions(len(actions)))
            moves = await loop.run_in_executor(None, self.service.move_log, table, actions)
            viewer = table.seat_of(ctx.user_id)
            hidden = {a.n for a in actions if a.n in moves.secret and a.seat != viewer}
        else:
            record = await self._last_game(ctx.channel_id, ("finished", "aborted"))
            if record is None:
                return _error("There is no running game here, and no finished one to show.")
            game = registry.get(record.game)
            actions = await self.records.actions(record.id)
            names, table_id = [s.name for s in record.seats], record.id
            header = t("Log of the last {game} game here ({actions}, latest last):",
                       game=Msg(game.title) if game else record.game, actions=counts.actions(len(actions)))
            moves = await loop.run_in_executor(None, self._move_log, game, record, actions) if game else MoveLog()
        msgs = log_msgs(actions, names, hidden, moves.notes)
        lines = [line.english() for line in msgs]
        shown = latest_lines(lines, LOG_CHARS)
        reply = Reply([header, *(msgs[len(msgs) - len(shown):] or [Msg("-")])], private=True, names=names)
        if len(shown) < len(lines):
            reply.lines.insert(1, tn("The {count} earlier action is in the attached file.",
                                     "The {count} earlier actions are in the attached file.", count=len(lines) - len(shown)))
            reply.image = ("\n".join(lines) + "\n").encode("utf-8")
            reply.image_name = f"log-{table_id}.txt"
        return [reply]

    @staticmethod
    def _move_log(game: Game, record: TableRecord, actions: list[ActionRecord]) -> MoveLog:
        options, _ = split_options(game, record.options)
        try:
            return replay_log(game, len(record.seats), options, record.seed, actions)
        except Exception:           # a log of a game whose rules changed since: the moves as written
            log.exception("table %s: the log could not be replayed for its notes", record.id)
            return MoveLog()

    # -- /replay ------------------------------------------------------------------------------------
    async def replay(self, ctx: Ctx, table: str | None = None) -> list[Reply]:
        table = (table or "").strip().lstrip("#")
        if table:
            number = whole_number(table)
            if number is None:
                return _error("Give the table's number, or nothing for the last finished game in this channel.")
            record = await self.records.table(number)
            # a table in a channel this user cannot see is answered as if it did not exist
            if record is None or not ctx.may_see(record.channel_id, record.guild_id, {s.user_id for s in record.seats}):
                if ctx.guild_id is None:
                    return _error("There is no table {number} of yours; in a direct message /replay shows only your own games.", number=table[:12])
                return _error("There is no table {number} on this server.", number=table[:12])
            if record.status != "finished":
                return _error("Table {number} has not finished; a replay is made when the game is over.", number=table)
        else:
            record = await self._last_game(ctx.channel_id, ("finished",))
            if record is None:
                return _error("No game has finished in this channel yet. /replay NUMBER replays another table.")
        game = registry.get(record.game)
        if game is None:
            return _error("The game {game} is not installed any more.", game=record.game)
        if not render_registry.has_pictures(game.name):
            return _error("{game} has no pictures, so there is no replay; /log shows its moves.", game=Msg(game.title))
        wait = self.limit.wait(ctx.user_id)
        if wait:
            return [Reply([tn("You have just asked for a replay; you can ask for another in {count} second.",
                              "You have just asked for a replay; you can ask for another in {count} seconds.", count=wait)],
                          private=True, error=True)]
        actions = await self.records.actions(record.id)
        names = [s.name for s in record.seats]
        try:
            locale = normalise_locale(record_language(game, record) or ctx.locale, self.service.settings.locale.default)
            gif, frames = await self._replay(record, actions, names, locale)
        except Exception:
            log.exception("table %s: replay failed", record.id)
            return _error("The replay could not be made; /log shows the moves.")
        moves = sum(1 for a in actions if a.kind == "move")
        lines = [t("Replay of {game} (table {number}, {channel}): {moves} in {pictures}.", game=Msg(game.title),
                   number=record.id, channel=channel_link(record.channel_id), moves=counts.moves(moves),
                   pictures=counts.pictures(frames))]
        results = sorted(await self.records.results(record.id), key=lambda r: (r[2], r[0]))
        lines += [t("{rank}. {player} — {points}", rank=rank, player=names[seat] if seat < len(names) else "?",
                    points=counts.points(score)) for seat, _, rank, score in results]
        return [Reply(lines, image=gif, image_name=f"replay-{record.id}.gif", names=names)]

    def cached(self, table_id: int) -> bool:
        """Whether a replay of this table is kept (at any version)."""
        return any(key[0] == table_id for key in self._cache)

    async def _replay(self, record: TableRecord, actions: list[ActionRecord], names: list[str],
                      locale: str = "en") -> tuple[bytes, int]:
        """The table's replay at its stored version with its words in ``locale``: from the cache,
        or drawn in the drawing workers."""
        key = (record.id, record.version, locale)
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            return cached
        game = registry.get(record.game)
        assert game is not None
        outcome, _ = stored_outcome(game, record, await self.records.results(record.id))
        moves = [Move(a.n, a.seat, a.text) for a in actions if a.kind == "move"]
        settings = self.service.settings
        made = await self.service.run_drawing(
            make_replay, record.game, len(record.seats), tuple(sorted(split_options(game, record.options)[0])), record.seed,
            moves, names, outcome,
            settings.replay.max_frames, settings.replay.frame_ms, settings.rendering.scale, locale)
        self._cache[key] = made
        while len(self._cache) > self.cache_size:
            self._cache.popitem(last=False)
        return made
