"""The pictures a table shows: its board (public or a seat's own), a finished game's result and
a game's help picture, drawn off the event loop by the drawing workers (bot/service/drawing.py).
A failure to draw is logged and the message goes out without its picture."""
from __future__ import annotations

import logging
from typing import Any

from bot.i18n import I18n, normalise_locale, t
from bot.presenters.drawing import PUBLIC_PALETTE, Drawing
from bot.table.live import LiveTable
from games.core import Outcome
from games.core.contract import Game
from renderers import registry as render_registry
from renderers import drawing_worker

log = logging.getLogger(__name__)
#: the bot's own words drawn into pictures (a resigned seat's name)
_BOT_WORDS = I18n()


def picture_names(table: LiveTable, locale: str) -> list[str]:
    """The players' names as the table's pictures show them in ``locale`` (and as their regions
    name them): a seat the computer plays since its player resigned says so."""
    return [_BOT_WORDS.render(t("{player} (computer)", player=s.name), locale) if s.resigned else s.name
            for s in table.seats]


class Pictures:
    """Draws a table's pictures once per table state, language and viewer (the drawing's cache)."""

    def __init__(self, drawing: Drawing, *, scale: float, default_language: str, enabled: bool) -> None:
        self.drawing = drawing
        self.scale = scale
        self.default_language = default_language
        self.enabled = enabled          # False: no pictures at all (benchmarks of the rest)

    def draws(self, game: Game) -> bool:
        """Whether ``game``'s tables get pictures."""
        return self.enabled and render_registry.has_pictures(game.name)

    async def board(self, table: LiveTable, view: Any, region: str | None = None, viewer: int | None = None,
                    locale: str | None = None) -> bytes | None:
        """The picture of ``view`` (``viewer``: the seat whose view it is, None for the public)
        with its words in ``locale``, drawn once per table state and language: the same state,
        region, viewer and language again come from the cache. A region the renderer cannot read
        raises ValueError (the user's input, not our failure)."""
        if not self.draws(table.game):
            return None
        locale = normalise_locale(locale, self.default_language)
        names = picture_names(table, locale)
        key = (table.id, table.version, hash(table.snapshot), region, viewer, self.scale, tuple(names))
        try:
            # the game's public pictures share one palette (the parts two tables show alike are kept
            # once); a private picture has one of its own, so its colours never reach a public one
            palette = PUBLIC_PALETTE if viewer is None else (table.id, viewer)
            return await self.drawing.picture(key, table.game.name, view, names, self.scale, region, palette, locale)
        except ValueError:
            if region:
                raise
            log.exception("table %s: rendering failed", table.id)
            return None
        except Exception:
            log.exception("table %s: rendering failed", table.id)
            return None

    def board_region(self, game: Game) -> str | None:
        """The region ``/board`` shows when none is given (None: the turn image)."""
        return render_registry.board_region(game.name)

    def regions(self, table: LiveTable) -> list[str]:
        """The regions ``/board REGION`` can show at this table, from the public view."""
        if not self.draws(table.game):
            return []
        names = picture_names(table, table.public_language)
        return render_registry.regions(table.game.name, table.game.view(table.state, None), names)

    def shows_nothing(self, table: LiveTable, view: Any, region: str) -> bool:
        """Whether ``region`` of ``view`` would show only an empty part of the board (a zoom far
        from every tile); ValueError for a region the game's pictures cannot read."""
        return self.draws(table.game) and render_registry.shows_nothing(table.game.name, view, region)

    async def result(self, game: Game, outcome: Outcome, names: list[str], view: Any,
                     locale: str | None = None) -> bytes | None:
        """The picture of a finished game's result with its words in ``locale``."""
        if not self.draws(game):
            return None
        locale = normalise_locale(locale, self.default_language)
        try:
            return await self.drawing.run(drawing_worker.result, game.name, outcome, names, view, self.scale, locale)
        except Exception:
            log.exception("%s: drawing a result failed", game.name)
            return None

    async def help(self, game: Game, reader: str | None) -> bytes | None:
        """The notation shown on the game's board, in the reader's language."""
        if not self.draws(game):
            return None
        try:
            return await self.drawing.help_picture(game.name, normalise_locale(reader, self.default_language))
        except Exception:
            log.exception("%s: drawing the help picture failed", game.name)
            return None
