"""Button custom_ids. They carry the table and its state version, so a click on an old turn's
button is recognised and refused instead of acting. Discord allows 100 characters."""
from __future__ import annotations

import re
from dataclasses import dataclass

from bot.service.numbers import PATTERN as NUMBER

PREFIX = "bt"
# Numbers are written the one way action_id() writes them: a garbled or forged id matches nothing.
ACTION = re.compile(rf"^bt:a:(?P<table>{NUMBER}):(?P<version>{NUMBER}):(?P<action>.{{1,80}})$", re.S)
LOBBY = re.compile(rf"^bt:l:(?P<table>{NUMBER}):(?P<verb>join|leave|start)$")
HAND = re.compile(rf"^bt:h:(?P<table>{NUMBER})$")


@dataclass(frozen=True)
class Click:
    kind: str                 # action | lobby | hand
    table_id: int
    version: int | None = None
    value: str = ""


def action_id(table_id: int, version: int, action: str) -> str | None:
    """The custom_id for an action button, or None if the action text is too long for one."""
    custom = f"bt:a:{table_id}:{version}:{action}"
    return custom if len(custom) <= 100 and len(action) <= 80 else None


def lobby_id(table_id: int, verb: str) -> str:
    return f"bt:l:{table_id}:{verb}"


def hand_id(table_id: int) -> str:
    return f"bt:h:{table_id}"


def parse(custom_id: str) -> Click | None:
    if m := ACTION.fullmatch(custom_id):
        return Click("action", int(m["table"]), int(m["version"]), m["action"])
    if m := LOBBY.fullmatch(custom_id):
        return Click("lobby", int(m["table"]), None, m["verb"])
    if m := HAND.fullmatch(custom_id):
        return Click("hand", int(m["table"]))
    return None
