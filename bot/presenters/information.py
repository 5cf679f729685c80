"""What a table shows on request, changing nothing: /board, /status, /hand and /log."""
from __future__ import annotations

import asyncio
from concurrent.futures import Executor

from bot.i18n import counts, t
from bot.presenters import customids, movelog
from bot.presenters.ending import RESULT_REGIONS, finished_table, last_result
from bot.presenters.pictures import Pictures
from bot.presenters.replies import Button, Reply, refusal
from bot.store import ActionRecord, Store
from bot.table.live import LiveTable
from bot.table.offered import OfferedGames
from games import registry
from games.core import Msg, SeatRef

LOG_CHARS = 1800         # /log reply budget (Discord allows 2000)


def latest_lines(lines: list[str], budget: int = LOG_CHARS) -> list[str]:
    """The last lines that fit in ``budget`` characters (one Discord message), oldest first."""
    shown, used = [], 0
    for line in reversed(lines):
        if used + len(line) + 1 > budget:
            break
        shown.append(line)
        used += len(line) + 1
    return shown[::-1]


def move_log(table: LiveTable, actions: list[ActionRecord]) -> movelog.MoveLog:
    """The log's secret moves and the game's notes on the others (bot/presenters/movelog.py)."""
    return movelog.replay_log(table.game, len(table.seats), table.options, table.seed, actions)


class Information:
    def __init__(self, store: Store, pictures: Pictures, games: OfferedGames, pool: Executor) -> None:
        self.store = store
        self.pictures = pictures
        self.games = games
        self.pool = pool

    async def board(self, table: LiveTable, region: str | None, lines: list[Msg] | None = None) -> list[Reply]:
        """The board of a running game (a region of it, when named) with its status lines (or
        ``lines``)."""
        view = table.game.view(table.state, None)
        try:
            if region and self.pictures.shows_nothing(table, view, region):
                return refusal("Nothing lies around {region}: that part of the board is empty. You can show: {regions}.",
                               region=region[:40], regions=self._regions(table))
            image = await self.pictures.board(table, view, region or self.pictures.board_region(table.game),
                                              locale=table.public_language)
        except ValueError:
            return refusal("The board has no region '{region}'. You can show: {regions}; or leave it out to see the "
                           "whole board.", region=(region or "")[:40], regions=self._regions(table))
        return [Reply(table.game.status(view) if lines is None else lines, image=image, names=table.names,
                      table_id=table.id, locale=table.public_language)]

    def _regions(self, table: LiveTable) -> str:
        """The regions /board shows at this table, for a refusal that names them."""
        return " · ".join(self.pictures.regions(table)) or "—"

    async def last_result(self, channel_id: int, reader: str | None) -> list[Reply] | None:
        """The channel's last finished game's result (None: none finished here)."""
        return await last_result(self.store, self.pictures, channel_id, reader)

    async def last_board(self, channel_id: int, reader: str | None, region: str | None) -> list[Reply] | None:
        """/board where no game runs: the channel's last finished game at its end, as /board
        showed it during the game (a region of it when named), or its result card for
        ``/board result`` (None: no game finished here)."""
        if region is not None and region.strip().lower() in RESULT_REGIONS:
            return await self.last_result(channel_id, reader)
        record = await self.store.last_finished(channel_id)
        game = registry.get(record.game) if record is not None else None
        if record is None or game is None or not record.snapshot_text:
            return await self.last_result(channel_id, reader)
        table = finished_table(game, record, reader)
        lines: list[Msg] = [t("The last game here, {game} (table {number}), is over; this is its final position. "
                                    "/board result shows its result.", game=Msg(game.title), number=record.id)]
        return await self.board(table, region, lines)

    async def status(self, table: LiveTable) -> list[Reply]:
        """Whose turn, the scores, who resigned and whom the game waits for (only the asker sees it)."""
        view = table.game.view(table.state, None)
        lines = table.game.status(view)
        lines += [t("{player} has resigned; the computer plays this seat.", player=SeatRef(s.seat))
                  for s in table.seats if s.resigned]
        waiting = sorted(table.game.to_act(table.state))
        if waiting:
            lines.append(t("Waiting for: {players}", players=", ".join(table.names[s] for s in waiting)))
        return [Reply(lines, private=True, names=table.names, table_id=table.id)]

    async def status_after_the_end(self, channel_id: int, reader: str | None) -> list[Reply]:
        """/status where no table is open: the last game here, over, and where to look further."""
        shown = await self.last_result(channel_id, reader)
        if shown is None:
            return [Reply([self.games.no_table().reason], private=True, error=True)]
        result = shown[0]
        record = await self.store.table(result.table_id) if result.table_id is not None else None
        game = registry.get(record.game) if record is not None else None
        title = Msg(game.title) if game is not None else (record.game if record is not None else "?")
        result.lines = [t("No table is open here. The last game here, {game} (table {number}), is over:",
                          game=title, number=result.table_id),
                        *result.lines[1:],
                        t("/replay shows the game as an animation and /log its moves; /join GAME opens a new table here.")]
        result.private = True
        return [result]

    async def hand(self, table: LiveTable, seat: int, reader: str | None) -> list[Reply]:
        """A seat's private view: its hand or secret tiles, its turn prompt, its own picture."""
        view = table.game.view(table.state, seat)
        lines = table.game.private_lines(view) or [t("{game} has no hidden information; everything is on the board.",
                                                     game=Msg(table.game.title))]
        buttons = []
        if seat in table.game.to_act(table.state):
            lines += table.game.turn_prompt(view)
            buttons.append(Button("Your move", customids.panel_id(table.id), "success"))
        secret = table.game.private_info or table.game.has_secrets(table.options)
        # a private picture speaks its reader's language
        image = await self.pictures.board(table, view, viewer=seat, locale=reader) if secret else None
        return [Reply(lines, private=True, image=image, image_name="hand.png", buttons=buttons, names=table.names,
                      table_id=table.id)]

    async def log(self, table: LiveTable, viewer: int | None) -> list[Reply]:
        """The latest moves of the game (a seat's secret moves shown only to that seat)."""
        actions = await self.store.actions(table.id)
        moves = await asyncio.get_running_loop().run_in_executor(self.pool, move_log, table, actions)
        hidden = {a.n for a in actions if a.n in moves.secret and a.seat != viewer}
        lines = movelog.log_msgs(actions, table.names, hidden, moves.notes)
        shown = latest_lines([line.english() for line in lines])
        return [Reply([t("Log ({actions}, latest last):", actions=counts.actions(len(actions))),
                       *(lines[len(lines) - len(shown):] or [Msg("-")])], private=True, names=table.names)]
