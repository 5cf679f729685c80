"""What the presenters give the adapters (Reply, with its Buttons and Selects): plain objects any
adapter can show."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.core.messages import Msg


@dataclass(frozen=True)
class Button:
    label: str
    custom_id: str
    style: str = "secondary"     # primary | secondary | success | danger
    #: the label is a move in the game's notation (``place hut``): shown as it is, never translated
    #: (only the bot's own words, like "Your move", are catalogue keys)
    notation: bool = False


@dataclass(frozen=True)
class Option:
    label: str
    value: str


@dataclass(frozen=True)
class Select:
    """A select menu; option labels are notation (players type the same words)."""

    custom_id: str
    placeholder: Msg
    options: tuple[Option, ...]


@dataclass
class Reply:
    """One message. ``private`` replies go only to the invoker (ephemeral); ``dm_user`` to a DM."""

    lines: list[Msg]
    private: bool = False
    error: bool = False
    image: bytes | None = None
    image_name: str = "board.png"
    mentions: list[int] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)
    selects: list[Select] = field(default_factory=list)   # shown above the buttons
    names: list[str] = field(default_factory=list)     # seat names for SeatRef parameters
    dm_user: int | None = None
    table_id: int | None = None
    lobby: bool = False          # the lobby message (its id is remembered for edits)
    #: a private panel that takes the place of the panel whose component was clicked (when
    #: there is one; otherwise it is sent as a new private message)
    replace: bool = False
    #: the language of a public reply (its table's public language, LiveTable.public_language);
    #: None: the adapter decides (the language of the channel's table or server). Private replies
    #: always use the reader's own.
    locale: str | None = None
    announces: int | None = None  # the table version whose turn (or end) this public message tells; once
                                  # sent, the adapter reports it (TableService.announced)


def refusal(text: str, /, **params: Any) -> list[Reply]:
    """The answer to a request the bot turns down: one private line saying what is wrong (and
    what would be right), marked as an error. ``text`` is a catalogue template."""
    return [Reply([Msg(text, params)], private=True, error=True)]
