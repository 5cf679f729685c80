"""What the service takes (Ctx) and gives back (Reply): plain objects any adapter can show."""
from __future__ import annotations

from dataclasses import dataclass, field

from games.core.messages import Msg


@dataclass(frozen=True)
class Ctx:
    """Who is asking, where. ``is_moderator`` is decided by the adapter (e.g. Manage Server)."""

    user_id: int
    name: str
    channel_id: int
    guild_id: int | None = None
    locale: str | None = None
    is_moderator: bool = False


@dataclass(frozen=True)
class Button:
    label: str
    custom_id: str
    style: str = "secondary"     # primary | secondary | success | danger


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
    names: list[str] = field(default_factory=list)     # seat names for SeatRef parameters
    dm_user: int | None = None
    table_id: int | None = None
    lobby: bool = False          # the lobby message (its id is remembered for edits)
    announces: int | None = None  # the table version whose turn (or end) this public message tells; once
                                  # sent, the adapter reports it (TableService.announced)
