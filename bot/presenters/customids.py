"""Button and select-menu custom_ids.

They are opaque: a table, its turn and a number or a path, never an action's text (which
could name a card in someone's hand). The service resolves a choice against the clicker's own
legal actions at that turn, so a click on an old turn's component, another seat's panel or a
forged id is refused instead of acting. Discord allows 100 characters.

TURN is the table's turn serial (``LiveTable.turn_serial``), not its version: after an undo
and a new move the version is the same again, and the undone turn's buttons would act.

    bt:a:TABLE:TURN:INDEX           a move from the public turn message (index into the legal actions)
    bt:c:TABLE:TURN:INDEX           a move from a player's private panel
    bt:p:TABLE:TURN:PATH:PAGE       a step of a private panel (PATH "-" is the first step, "2.0" deeper)
    bt:s:TABLE:TURN:PATH:MENU       a select menu of a private panel; its values are "aINDEX" / "pSTEP"
    bt:m:TABLE                      "Your move": opens the clicker's panel for the current turn
    bt:h:TABLE                      "My hand": the clicker's private view
    bt:l:TABLE:join|leave|start     lobby buttons
    bt:q:...                        confirming /resign or /abort (bot/service/confirm.py)
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from bot.presenters.numbers import PATTERN as NUMBER

PREFIX = "bt"
_SMALL = r"(?:0|[1-9][0-9]{0,3})"                     # an index or a page: at most 4 digits
_PATH = rf"(?:-|{_SMALL}(?:\.{_SMALL}){{0,7}})"
# Numbers are written the one way these functions write them: a garbled or forged id matches nothing.
MOVE = re.compile(rf"^bt:(?P<kind>[ac]):(?P<table>{NUMBER}):(?P<turn>{NUMBER}):(?P<index>{_SMALL})$")
STEP = re.compile(rf"^bt:p:(?P<table>{NUMBER}):(?P<turn>{NUMBER}):(?P<path>{_PATH}):(?P<page>{_SMALL})$")
MENU = re.compile(rf"^bt:s:(?P<table>{NUMBER}):(?P<turn>{NUMBER}):(?P<path>{_PATH}):(?P<menu>{_SMALL})$")
OPEN = re.compile(rf"^bt:(?P<kind>[mh]):(?P<table>{NUMBER})$")
LOBBY = re.compile(rf"^bt:l:(?P<table>{NUMBER}):(?P<verb>join|leave|start)$")
#: a select menu's value: a final action ("a12") or a further step ("p3")
VALUE = re.compile(rf"^(?P<kind>[ap])(?P<index>{_SMALL})$")
#: the action buttons of earlier versions carried the action's text; such a click is stale
OLD_ACTION = re.compile(rf"^bt:a:{NUMBER}:{NUMBER}:(?=.*[^0-9]).+$", re.S)

KINDS = {"a": "action", "c": "choice", "m": "panel", "h": "hand"}


@dataclass(frozen=True)
class Click:
    kind: str                 # action | choice | step | menu | panel | hand | lobby | stale
    table_id: int
    turn: int | None = None   # the turn serial the component was sent at
    index: int | None = None
    path: tuple[int, ...] = ()
    page: int = 0
    value: str = ""           # lobby verb


def _path_text(path: tuple[int, ...]) -> str:
    return ".".join(str(step) for step in path) if path else "-"


def _path_of(text: str) -> tuple[int, ...]:
    return () if text == "-" else tuple(int(step) for step in text.split("."))


def action_id(table_id: int, turn: int, index: int) -> str:
    """A move on the public turn message: the ``index``-th legal action of the clicker."""
    return f"bt:a:{table_id}:{turn}:{index}"


def choice_id(table_id: int, turn: int, index: int) -> str:
    """A move from a private panel (the panel is replaced by what happened)."""
    return f"bt:c:{table_id}:{turn}:{index}"


def step_id(table_id: int, turn: int, path: tuple[int, ...], page: int = 0) -> str:
    return f"bt:p:{table_id}:{turn}:{_path_text(path)}:{page}"


def menu_id(table_id: int, turn: int, path: tuple[int, ...], menu: int) -> str:
    return f"bt:s:{table_id}:{turn}:{_path_text(path)}:{menu}"


def panel_id(table_id: int) -> str:
    return f"bt:m:{table_id}"


def hand_id(table_id: int) -> str:
    return f"bt:h:{table_id}"


def lobby_id(table_id: int, verb: str) -> str:
    return f"bt:l:{table_id}:{verb}"


def kind_of(custom_id: str) -> str | None:
    """The kind of a component's custom_id (``action``, ``panel``, ...), None if not ours."""
    click = parse(custom_id)
    return click.kind if click else None


def parse(custom_id: str, values: list[str] | None = None) -> Click | None:
    """Read a custom_id (and a select menu's chosen value); None if it is not one of ours."""
    if m := MOVE.fullmatch(custom_id):
        return Click(KINDS[m["kind"]], int(m["table"]), int(m["turn"]), int(m["index"]))
    if m := STEP.fullmatch(custom_id):
        return Click("step", int(m["table"]), int(m["turn"]), path=_path_of(m["path"]), page=int(m["page"]))
    if m := MENU.fullmatch(custom_id):
        value = VALUE.fullmatch(values[0]) if values and len(values) == 1 else None
        if value is None:
            return None
        path = _path_of(m["path"])
        if value["kind"] == "a":
            return Click("choice", int(m["table"]), int(m["turn"]), int(value["index"]), path=path)
        return Click("step", int(m["table"]), int(m["turn"]), path=path + (int(value["index"]),))
    if m := OPEN.fullmatch(custom_id):
        return Click(KINDS[m["kind"]], int(m["table"]))
    if m := LOBBY.fullmatch(custom_id):
        return Click("lobby", int(m["table"]), value=m["verb"])
    if OLD_ACTION.fullmatch(custom_id):
        table = custom_id.split(":")[2]
        return Click("stale", int(table))
    return None
