"""What autocomplete offers while a command is typed: legal moves, /board regions, options and
their values, games. Everything offered to one player comes from their own legal actions or
from the public view, so nobody is offered what another seat hides."""
from __future__ import annotations

from bot.presenters import optionlines
from bot.presenters.pictures import Pictures
from bot.table.context import Ctx
from bot.table.levels import WHAT, level_name, level_named, table_levels
from bot.table.legal import LegalTexts
from bot.table.live_tables import LiveTables
from bot.table.offered import OfferedGames
from bot.table.typed import clean_text
from games.core import Msg


def matching(texts: list[str], typed: str, limit: int) -> list[str]:
    """Those of ``texts`` that start with ``typed``, then those that contain it."""
    starts = [x for x in texts if x.lower().startswith(typed)]
    contains = [x for x in texts if typed in x.lower() and x not in starts]
    return (starts + contains)[:limit]


class Autocomplete:
    def __init__(self, tables: LiveTables, legal: LegalTexts, pictures: Pictures, games: OfferedGames) -> None:
        self.tables = tables
        self.legal = legal
        self.pictures = pictures
        self.games = games

    def action(self, ctx: Ctx, typed: str, limit: int = 25) -> list[str]:
        """Legal actions for this user, those starting with what is typed first."""
        table = self.tables.in_channel(ctx.channel_id)
        if table is None or table.status != "playing":
            return []
        seat = table.seat_of(ctx.user_id)
        if seat is None:
            return []
        return matching(self.legal.texts(table, seat), clean_text(typed).lower(), limit)

    def verb(self, ctx: Ctx, verb: str, typed: str, limit: int = 25) -> list[str]:
        """Autocomplete for a verb: the legal actions it can carry, without the verb word."""
        texts = self.action(ctx, "", limit=10_000)
        prefix = verb + " "
        if verb != "play" and any(x.lower().startswith(prefix) for x in texts):
            texts = [x[len(prefix):] for x in texts if x.lower().startswith(prefix)]
        return matching(texts, clean_text(typed).lower(), limit)

    def region(self, ctx: Ctx, typed: str, limit: int = 25) -> list[str]:
        """Regions for ``/board REGION`` while it is typed (a Keyflower village by its player's
        name, Carcassonne's whole board or the last tile's square, ...), those starting with what
        is typed first. Made from the public view only, so everyone is offered the same."""
        table = self.tables.in_channel(ctx.channel_id)
        if table is None or table.status != "playing":
            return []
        typed = clean_text(typed).casefold()
        found = self.pictures.regions(table)
        starts = [r for r in found if r.casefold().startswith(typed)]
        contains = [r for r in found if typed in r.casefold() and r not in starts]
        return (starts + contains)[:limit]

    def option(self, ctx: Ctx, typed: str, limit: int = 25) -> list[tuple[str, str]]:
        """Option names (and descriptions) for ``/option NAME`` while it is typed."""
        table = self.tables.in_channel(ctx.channel_id)
        return optionlines.complete_names(table, clean_text(typed).lower(), limit) if table else []

    def option_value(self, ctx: Ctx, name: str, typed: str, limit: int = 25) -> list[str]:
        """Values for ``/option NAME VALUE`` while it is typed: the current one first, then the
        option's own (``on``/``off`` for a switch)."""
        table = self.tables.in_channel(ctx.channel_id)
        return optionlines.complete_values(table, clean_text(name).lower(), clean_text(typed), limit) if table else []

    def level(self, ctx: Ctx, typed: str, limit: int = 25) -> list[tuple[str, Msg]]:
        """Computer levels for ``/addbot LEVEL`` while it is typed: the levels of this channel's
        table (every level when none is open), each with what it does, to show in the reader's
        language. What is typed matches a level's key or its name in either language."""
        table = self.tables.in_channel(ctx.channel_id)
        levels = table_levels(table.game) if table is not None else list(WHAT)
        typed = clean_text(typed)
        named = level_named(typed, levels) if typed else None
        found = [named] if named else [level for level in levels if not typed or typed.casefold() in level]
        return [(level, WHAT.get(level) or level_name(level)) for level in found][:limit]

    def game(self, typed: str, limit: int = 25) -> list[tuple[str, str]]:
        typed = clean_text(typed).lower()
        return [(g.name, g.title) for g in self.games.all() if typed in g.name or typed in g.title.lower()][:limit]
