"""Who asks, and where: what every request to a table carries, whatever the adapter."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable


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
