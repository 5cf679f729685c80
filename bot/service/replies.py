"""What the service takes (Ctx) and gives back (Reply): plain objects any adapter can show."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from games.core.messages import Msg


@dataclass(frozen=True)
class Ctx:
    """Who is asking, where. ``is_moderator`` is decided by the adapter (e.g. Manage Server)."""

    user_id: int
    name: str
    channel_id: int
    guild_id: int | None = None
    locale: str | None = None          # the user's own language (Discord's locale name)
    is_moderator: bool = False
    #: whether this user may see another channel of the same server (the adapter knows Discord's
    #: permissions); None: only the channel they are in
    can_view: Callable[[int], bool] | None = field(default=None, compare=False, repr=False)
    #: the server's preferred language (Discord's ``guild_locale``); None outside a server
    guild_locale: str | None = None

    def place_locale(self) -> str | None:
        """The language of the place the user is in: the server's; in a direct message, the user's own."""
        return self.guild_locale if self.guild_id else (self.guild_locale or self.locale)

    def may_see(self, channel_id: int, guild_id: int | None, players: "set[int | None] | frozenset[int | None]") -> bool:
        """Whether a table's log, board or replay may be shown to this user: a server table to
        whoever can see its channel, a direct-message table only to its own players."""
        if guild_id is None:
            return self.user_id in players
        if guild_id != self.guild_id:
            return False
        return channel_id == self.channel_id or (self.can_view is not None and bool(self.can_view(channel_id)))


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
