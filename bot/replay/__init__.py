"""Replays and logs of games: ``/replay`` posts a finished game as an animated GIF, ``/log``
shows the whole action log (the latest moves as text, everything as a file when it is long).
While a game runs, a seat's secret moves (a hidden bet, a card taken into a hand: moves whose
events the engine addressed privately) show as ``(hidden)`` to everyone else, in the text and in
the file alike; once the game is over the whole log is shown.

A replay rebuilds the game from its seed and log, keeps the public view at each change of turn
(the key moments), samples at most ``replay.max_frames`` of them evenly (the start and the final
position always in) and renders them with the game's own renderer, off the event loop. Only
public views are drawn, so a replay shows nothing a spectator could not have seen.
"""
from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Any

from PIL import Image

from bot.asyncplay.ports import channel_link
from bot.i18n import t
from bot.service.hooks import TableHooks
from bot.service.replies import Ctx, Reply
from bot.service.numbers import whole_number
from bot.service.movelog import MoveLog, log_lines, replay_log
from bot.service.tableoptions import split_options
from bot.service.tables import latest_lines
from bot.store import ActionRecord, TableRecord
from games import registry
from games.core.contract import Game
from games.core.messages import Msg
from renderers import registry as render_registry

if TYPE_CHECKING:
    from bot.service.tables import TableService

log = logging.getLogger(__name__)

LOG_CHARS = 1800              # what fits in one message next to the header
MAX_SIDE = 800                # GIF frames are scaled down to this many pixels at most
MAX_BYTES = 8 * 1024 * 1024   # below Discord's smallest upload limit
REPLAY_SCALE = 0.6            # renderer scale for replay frames (small, quick, phone-sized)


def _error(text: str, /, **params: Any) -> list[Reply]:
    return [Reply([Msg(text, params)], private=True, error=True)]


def key_moments(game: Game, players: int, options: frozenset[str], seed: int, actions: list[ActionRecord]) -> list[dict]:
    """JSON snapshots of the state at the start, after every change of who is to act, and at the end."""
    state = game.setup(players, options, seed)
    moments = [game.to_json(state)]
    waiting = game.to_act(state)
    for action in actions:
        if action.kind != "move":
            continue
        game.apply(state, action.seat, game.parse(state, action.seat, action.text))
        now = game.to_act(state)
        if now != waiting or game.outcome(state) is not None:
            moments.append(game.to_json(state))
        waiting = now
    final = game.to_json(state)
    if moments[-1] != final:
        moments.append(final)
    return moments


def sample(items: list, most: int) -> list:
    """At most ``most`` items spread evenly, keeping the first and the last."""
    if len(items) <= most:
        return list(items)
    step = (len(items) - 1) / (most - 1)
    return [items[round(i * step)] for i in range(most)]


def build_gif(pngs: list[bytes], frame_ms: int, max_side: int = MAX_SIDE) -> bytes:
    """Frames of different sizes centred on one canvas, scaled down, the last frame held longer."""
    images = [Image.open(io.BytesIO(png)).convert("RGB") for png in pngs]
    width, height = max(i.width for i in images), max(i.height for i in images)
    factor = min(1.0, max_side / max(width, height))
    size = (max(1, int(width * factor)), max(1, int(height * factor)))
    background = images[-1].getpixel((0, 0))
    frames = []
    for image in images:
        canvas = Image.new("RGB", (width, height), background)
        canvas.paste(image, ((width - image.width) // 2, (height - image.height) // 2))
        if factor < 1.0:
            canvas = canvas.resize(size, Image.Resampling.LANCZOS)
        frames.append(canvas.convert("P", palette=Image.Palette.ADAPTIVE, colors=255))
    durations = [frame_ms] * (len(frames) - 1) + [frame_ms * 4]
    buffer = io.BytesIO()
    frames[0].save(buffer, format="GIF", save_all=True, append_images=frames[1:], duration=durations, loop=0)
    return buffer.getvalue()


class Replays(TableHooks):
    def __init__(self, service: "TableService") -> None:
        self.service = service

    async def _last_game(self, channel_id: int, statuses: tuple[str, ...]) -> TableRecord | None:
        marks = ",".join("?" * len(statuses))
        rows = await self.service.store.fetch(
            f"SELECT id FROM game_tables WHERE channel_id = ? AND status IN ({marks}) ORDER BY id DESC LIMIT 1",
            (channel_id, *statuses))
        return await self.service.store.table(rows[0]["id"]) if rows else None

    # -- /status after the end ---------------------------------------------------------------------
    async def status(self, ctx: Ctx) -> list[Reply] | None:
        """No table is open here: the result of the last game that finished in this channel, and
        where to look further (/replay, /log)."""
        record = await self._last_game(ctx.channel_id, ("finished",))
        if record is None:
            return None
        game = registry.get(record.game)
        names = [s.name for s in record.seats]
        lines = [t("No table is open here. The last game here, {game} (table {number}), is over:",
                   game=Msg(game.title) if game else record.game, number=record.id)]
        for seat, _, rank, score in sorted(await self.service.store.results(record.id), key=lambda r: (r[2], r[0])):
            name = names[seat] if seat < len(names) else "?"
            if seat < len(record.seats) and record.seats[seat].resigned:
                lines.append(t("{rank}. {player} — {score} points (resigned)", rank=rank, player=name, score=score))
            else:
                lines.append(t("{rank}. {player} — {score} points", rank=rank, player=name, score=score))
        lines.append(t("/replay shows the game as an animation and /log its moves; /join GAME opens a new table here."))
        return [Reply(lines, private=True, names=names)]

    # -- /log ---------------------------------------------------------------------------------------
    async def log(self, ctx: Ctx) -> list[Reply] | None:
        table = await self.service.fresh(ctx.channel_id)
        hidden: set[int] = set()
        loop = asyncio.get_running_loop()
        if table is not None and table.status == "playing":
            actions = await self.service.store.actions(table.id)
            names, table_id = table.names, table.id
            header = t("Log ({count} actions, latest last):", count=len(actions))
            moves = await loop.run_in_executor(None, self.service.move_log, table, actions)
            viewer = table.seat_of(ctx.user_id)
            hidden = {a.n for a in actions if a.n in moves.secret and a.seat != viewer}
        else:
            record = await self._last_game(ctx.channel_id, ("finished", "aborted"))
            if record is None:
                return _error("There is no running game here, and no finished one to show.")
            game = registry.get(record.game)
            actions = await self.service.store.actions(record.id)
            names, table_id = [s.name for s in record.seats], record.id
            header = t("Log of the last {game} game here ({count} actions, latest last):",
                       game=Msg(game.title) if game else record.game, count=len(actions))
            moves = await loop.run_in_executor(None, self._move_log, game, record, actions) if game else MoveLog()
        lines = log_lines(actions, names, hidden, moves.notes)
        shown = latest_lines(lines, LOG_CHARS)
        body = "\n".join(shown) or "-"
        reply = Reply([header, Msg("{body}", {"body": body})], private=True, names=names)
        if len(shown) < len(lines):
            reply.lines.insert(1, t("The {count} earlier actions are in the attached file.", count=len(lines) - len(shown)))
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
            record = await self.service.store.table(number)
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
        if not game.renderer:
            return _error("{game} has no pictures, so there is no replay; /log shows its moves.", game=Msg(game.title))
        actions = await self.service.store.actions(record.id)
        names = [s.name for s in record.seats]
        settings = self.service.settings
        loop = asyncio.get_running_loop()
        try:
            gif, frames = await loop.run_in_executor(None, self._make, game, record, actions, names,
                                                     settings.replay_max_frames, settings.replay_frame_ms)
        except Exception:
            log.exception("table %s: replay failed", record.id)
            return _error("The replay could not be made; /log shows the moves.")
        moves = sum(1 for a in actions if a.kind == "move")
        lines = [t("Replay of {game} (table {number}, {channel}): {moves} moves in {frames} pictures.", game=Msg(game.title),
                   number=record.id, channel=channel_link(record.channel_id), moves=moves, frames=frames)]
        results = sorted(await self.service.store.results(record.id), key=lambda r: (r[2], r[0]))
        lines += [t("{rank}. {player} — {score} points", rank=rank, player=names[seat] if seat < len(names) else "?",
                    score=score) for seat, _, rank, score in results]
        return [Reply(lines, image=gif, image_name=f"replay-{record.id}.gif", names=names)]

    def _make(self, game: Game, record: TableRecord, actions: list[ActionRecord], names: list[str], most: int,
              frame_ms: int) -> tuple[bytes, int]:
        options, _ = split_options(game, record.options)
        moments = sample(key_moments(game, len(record.seats), options, record.seed, actions), most)
        pngs = []
        for snapshot in moments:
            view = game.view(game.from_json(snapshot), None)
            png = render_registry.render(game, view, names, REPLAY_SCALE)
            if png:
                pngs.append(png)
        gif = build_gif(pngs, frame_ms)
        while len(gif) > MAX_BYTES and len(pngs) > 2:
            pngs = sample(pngs, max(2, len(pngs) // 2))
            gif = build_gif(pngs, frame_ms, MAX_SIDE * 3 // 4)
        return gif, len(pngs)

