"""A player's private panel: their own view and their legal choices as buttons and select
menus (see choices.py for how many choices become steps). Only its owner ever sees it."""
from __future__ import annotations

from typing import Any

from bot.i18n import t
from bot.presenters import choices, customids
from bot.presenters.choices import Item, Stage
from bot.table.live import LiveTable
from bot.presenters.replies import Button, Option, Reply, Select
from games.core import Msg, SeatRef


def _components(table: LiveTable, stage: Stage, page: int) -> tuple[list[Button], list[Select]]:
    items = stage.page(page)
    buttons: list[Button] = []
    selects: list[Select] = []
    if len(items) <= choices.BUTTON_LIMIT:
        buttons = [_button(table, stage, item) for item in items]
    else:
        first = page * choices.PAGE_SIZE
        for menu, start in enumerate(range(0, len(items), choices.SELECT_SIZE)):
            chunk = items[start:start + choices.SELECT_SIZE]
            options = tuple(Option(item.label, f"a{item.action}" if item.action is not None else f"p{item.child}")
                            for item in chunk)
            placeholder = t("Choose ({first}–{last} of {count})", first=first + start + 1,
                            last=first + start + len(chunk), count=len(stage.items))
            selects.append(Select(customids.menu_id(table.id, table.turn_serial, stage.path, page * 4 + menu),
                                  placeholder, options))
    nav: list[Button] = []
    if stage.path:
        nav.append(Button("Back", customids.step_id(table.id, table.turn_serial, stage.path[:-1]), "secondary"))
    if page > 0:
        nav.append(Button("Previous page", customids.step_id(table.id, table.turn_serial, stage.path, page - 1), "secondary"))
    if page + 1 < stage.pages():
        nav.append(Button("Next page", customids.step_id(table.id, table.turn_serial, stage.path, page + 1), "secondary"))
    return buttons + nav, selects


def _button(table: LiveTable, stage: Stage, item: Item) -> Button:
    if item.action is not None:
        return Button(item.label, customids.choice_id(table.id, table.turn_serial, item.action), "primary", notation=True)
    more = f"{item.label} …"           # a group: its choices are one step further
    return Button(more, customids.step_id(table.id, table.turn_serial, stage.path + (item.child or 0,)), "secondary",
                  notation=True)


def panel(table: LiveTable, seat: int, texts: list[str], view: Any, *, path: tuple[int, ...] = (), page: int = 0,
          replace: bool = False, headline: list[Msg] | None = None) -> Reply | None:
    """The panel of ``seat`` at a step of its choices; None if ``path`` or ``page`` no longer
    exists (the choices changed)."""
    game = table.game
    lines: list[Msg] = list(headline or [])
    if seat not in game.to_act(table.state):
        waiting = sorted(game.to_act(table.state))
        lines.append(t("It is not your turn: waiting for {players}.", players=", ".join(table.names[s] for s in waiting))
                     if waiting else t("Nobody can move right now."))
        lines += game.private_lines(view)
        return Reply(lines, private=True, names=table.names, table_id=table.id, replace=replace)
    stage = choices.stage(texts, path)
    if stage is None or not 0 <= page < stage.pages():
        return None
    if not path:
        lines.append(t("Your choices, {player}:", player=SeatRef(seat)))
        lines += game.private_lines(view)
        lines += game.turn_prompt(view)
    else:
        lines.append(t("Chosen so far: {chosen} — now choose the rest:", chosen=stage.chosen or "-"))
    if not stage.items:
        lines.append(t("You have no legal move right now."))
    buttons, selects = _components(table, stage, page)
    return Reply(lines, private=True, buttons=buttons, selects=selects, names=table.names, table_id=table.id,
                 replace=replace)
