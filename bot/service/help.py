"""/help: the command list, and with a game, how it is played here, its notation and options
(and its help picture, in the reader's language)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from bot.i18n import t
from bot.presenters.outcomes import refusal_reply
from bot.presenters.replies import Reply
from bot.table.context import Ctx
from bot.table.levels import level_lines, level_names, table_levels
from bot.table.typed import clean_text
from games.core import Msg
from games.core.contract import Game

if TYPE_CHECKING:
    from bot.service.tables import TableService

HELP_LINES = (
    t("/join GAME — open a table here (or /join to sit at the open one)"),
    t("/leave — leave before the start"),
    t("/option NAME [VALUE] — set an option before the start (e.g. /option lang ja); /option lists them"),
    t("/addbot [LEVEL] — seat a computer player: weak, normal or strong (below)"),
    t("/start — begin with the seated players"),
    t("/place, /bid, /use, /pass, /play ACTION — your move in the game's notation (autocomplete helps)"),
    t("/board [X,Y | NAME] — post the board (zoom on a position, or a player's part)"),
    t("/status — whose turn, scores, what is left"),
    t("/hand — your private view"),
    t("/log — the action log"),
    t("/resign — give up your seat (asks to confirm; the computer plays it)"),
    t("/abort — close the table (host or moderator; asks to confirm)"),
)


def game_help(game: Game) -> list[Msg]:
    """How ``game`` is played here: players, its turn and notation, its options."""
    lines = [t("{game} ({players} players) — how to play it here:", game=Msg(game.title),
               players=f"{game.min_players}–{game.max_players}" if game.max_players > game.min_players else game.min_players)]
    lines += game.help_lines()
    lines.append(t("Every turn: press “Your move” on the turn message for your own choices, or type the move after /play (autocomplete offers your legal moves)."))
    lines.append(t("Computer levels at a {game} table: {levels} (/addbot LEVEL).", game=Msg(game.title),
                   levels=level_names(table_levels(game))))
    if game.options:
        lines.append(t("Options (before /start, /option NAME switches one on or off):"))
        lines += [t("{name} — {description}", name=spec.name, description=Msg(spec.description)) for spec in game.options]
    return lines


async def help_replies(service: "TableService", ctx: Ctx, game_name: str | None) -> list[Reply]:
    """The command list; with a game, how that game is played here and its notation."""
    if clean_text(game_name):
        game = service.game(game_name or "")
        if game is None:
            return refusal_reply(service.offered.unknown(game_name or ""))
        return [Reply(game_help(game), private=True, image=await service.pictures.help(game, ctx.locale),
                      image_name=f"help-{game.name}.png")]
    lines = [t("Board games at this table. Commands:"), *HELP_LINES]
    lines += [line for hook in service.hooks for line in hook.help_lines()]
    lines += level_lines(service.games())
    lines.append(t("Games: {games}.", games=service.offered.listing()))
    lines.append(t("/help GAME explains a game and its notation, e.g. /help {example}.",
                   example=service.games()[0].name if service.games() else "carcassonne"))
    return [Reply(lines, private=True)]
