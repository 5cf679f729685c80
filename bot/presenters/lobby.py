"""The lobby message (who is seated, the options, Join / Leave / Start) and the /option list."""
from __future__ import annotations

from bot.i18n import t
from bot.presenters import customids, optionlines
from bot.presenters.replies import Button, Reply
from bot.table.live import LiveTable
from bot.table.tableoptions import specs_of
from games.core import Msg


def lobby_reply(table: LiveTable, headline: Msg, extension_lines: list[Msg]) -> Reply:
    """The table before its start under ``headline``; ``extension_lines``: what the extensions add
    (the turn timer)."""
    game = table.game
    seated = ", ".join(s.name for s in table.seats)
    lines = [headline,
             t("Seated ({count}/{most}): {names}", count=len(table.seats), most=game.max_players, names=seated),
             t("Options: {options} (change with /option NAME [VALUE]; /option lists them)", options=optionlines.summary(table)),
             *extension_lines,
             t("Join with /join or the button; start with /start when {least} to {most} players are seated.",
               least=game.min_players, most=game.max_players)]
    buttons = [Button("Join", customids.lobby_id(table.id, "join"), "success"),
               Button("Leave", customids.lobby_id(table.id, "leave"), "secondary"),
               Button("Start", customids.lobby_id(table.id, "start"), "primary")]
    return Reply(lines, buttons=buttons, names=table.names, table_id=table.id, lobby=True, locale=table.public_language)


def option_list(table: LiveTable, extension_lines: list[Msg]) -> Reply:
    """``/option`` alone: every option of the table with its value and what it allows."""
    specs = [optionlines.line(table, spec) for spec in specs_of(table)]
    return Reply([t("Options for {game}:", game=Msg(table.game.title))] + specs + extension_lines, private=True,
                 names=table.names)
