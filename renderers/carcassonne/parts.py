"""The panel under the board as parts (renderers.common.layers): the players' title, each
player's row, the drawn tile and the legend. A turn changes the title, the drawn tile and the
rows of the players it scored for or passed to; the other parts are pasted from their palette
form. Every part is pixel for pixel its piece of the whole panel, and each key holds everything
its part draws. The rows and the legend are made of stamps (renderers.carcassonne.stamps): in a
table's palette they are stamped from their sprites' palette forms instead of drawn in RGB and
mapped."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Hashable

from PIL import Image

from games.carcassonne.view import CarcassonneView
from renderers.carcassonne import palette as P
from renderers.carcassonne.panel import (
    Fonts, drawn_height, drawn_section, legend_figures, legend_height, legend_items, legend_section, legend_stamps,
    row_image, row_stamps,
    players_shape, players_section, players_title, players_title_text, row_shows,
)
from renderers.carcassonne.stamps import RGB, Stamp, stamp_on, stamp_palette, stamps_key
from renderers.common.layers import CACHE, Drawn, Placed


def drawn_width(width: int, scale: float) -> int:
    """How wide the panel's drawn-tile section is in a picture ``width`` wide."""
    return min(round(width * 0.42), round(360 * scale))


def _blank(width: int, height: int) -> Image.Image:
    return Image.new("RGB", (width, height), P.PANEL_BG)


@dataclass(frozen=True)
class Legend:
    """The legend as a part: what it shows (a key), its items, where it goes in the panel."""

    shows: Hashable
    items: list[tuple[list[Image.Image], str]]
    at: tuple[int, int]
    width: int
    height: int
    fonts: Fonts
    figures: tuple[Image.Image, ...]        # in the colour of the player to act

    def part(self) -> Placed:
        """The legend drawn in RGB, as a part of :func:`renderers.common.layers.compose_at`."""
        return (self.shows, lambda: legend_section(self.items, self.width, self.fonts, self.figures)), self.at

    def paste(self, image: Image.Image, top: int, palette: Image.Image, key: Hashable) -> None:
        """Paste the legend in ``palette`` (the "P" image ``image``'s, palette ``key``'s), ``top``
        pixels below the panel's top: its words (kept, or stamped from their palette forms), then
        its figures and symbols stamped on them."""
        def stamped() -> Image.Image:
            base, sprites = legend_stamps(self.items, self.width, self.fonts, self.figures)
            words = _kept(key, ("carcassonne", "legend words", self.width, self.height, stamps_key(base)),
                          lambda: stamp_palette(base, (self.width, self.height), P.PANEL_BG, palette, key)).copy()
            stamp_on(words, (0, 0), sprites, P.PANEL_BG, palette, key)
            return words
        image.paste(_kept(key, self.shows, stamped), (self.at[0], top + self.at[1]))


@dataclass(frozen=True)
class Row:
    """A player's row as a part: what it shows (a key), how to draw it, where it goes."""

    shows: Hashable
    draw: Callable[[], Image.Image]
    stamps: Callable[[], tuple[RGB, list[Stamp]]]       # the colour its sprites lie on, and its stamps
    at: tuple[int, int]
    size: tuple[int, int]

    def part(self) -> Placed:
        """The row drawn in RGB, as a part of :func:`renderers.common.layers.compose_at`."""
        return (self.shows, self.draw), self.at

    def paste(self, image: Image.Image, top: int, palette: Image.Image, key: Hashable) -> None:
        """Paste the row in ``palette`` (the "P" image ``image``'s, palette ``key``'s), ``top``
        pixels below the panel's top: kept, or stamped from its sprites' palette forms."""
        def stamped() -> Image.Image:
            under, stamps = self.stamps()
            return stamp_palette(stamps, self.size, P.PANEL_BG, palette, key, under)
        image.paste(_kept(key, self.shows, stamped), (self.at[0], top + self.at[1]))


#: a part of the panel stamped in a table's palette (see the module docstring)
Stamped = Legend | Row


def _kept(key: Hashable, shows: Hashable, make: Callable[[], Image.Image]) -> Image.Image:
    """The palette form of what ``shows`` in palette ``key``: kept, or made now and kept."""
    mapped = CACHE.get(key, shows)
    if mapped is None:
        mapped = make()
        CACHE.put(key, shows, mapped)
    return mapped


def panel_parts(view: CarcassonneView, names: list[str], width: int, f: Fonts, gap: int
                ) -> tuple[list[Placed], int, list[Stamped]]:
    """The panel's parts drawn in RGB (the title, the drawn tile) and where they go in it (players
    and the drawn tile side by side, the legend below), the panel's height, and its stamped parts
    (the players' rows, the legend); what no part covers is the panel's background."""
    drawn_w = drawn_width(width, f.scale)
    players_w = width - (drawn_w + gap if view.drawn else 0)
    shape = players_shape(view, f)
    parts: list[Placed] = []

    def title() -> Image.Image:
        image = _blank(players_w, shape.head_h)
        players_title(image, view, players_w, f)
        return image
    parts.append(((("carcassonne", "title", players_w, f, shape, players_title_text(view)), title), (0, 0)))
    rows = [Row(("carcassonne", "row", players_w, f, shape, k, row_shows(view, names, k)),
                lambda p=p: row_image(view, names, p, players_w, f),
                lambda p=p: row_stamps(view, names, p, players_w, f),
                (0, shape.row_top(k)), (players_w, shape.row_h))
            for k, p in enumerate(view.players)]
    above = shape.height(len(view.players))
    if view.drawn:
        def drawn() -> Image.Image:
            image = drawn_section(view, drawn_w, f)
            return image if image is not None else _blank(drawn_w, 1)      # (a view with a drawn tile has one)
        parts.append(((("carcassonne", "drawn", drawn_w, f, view.drawn), drawn), (players_w + gap, 0)))
        above = max(above, drawn_height(drawn_w, f))
    items = legend_items(view, f)
    shows = tuple((tuple(Drawn(sprite) for sprite in sprites), text) for sprites, text in items)
    height = legend_height(items, width, f)
    legend = Legend(("carcassonne", "legend", width, f, shows), items, (0, above + gap), width, height, f,
                    legend_figures(view, f))
    return parts, above + gap + height, [*rows, legend]


def panel_image(view: CarcassonneView, names: list[str], width: int, f: Fonts, gap: int) -> Image.Image:
    """The panel drawn whole (RGB): the picture the parts of :func:`panel_parts` must give, pixel
    for pixel."""
    drawn_w = drawn_width(width, f.scale)
    drawn = drawn_section(view, drawn_w, f)
    players_w = width - (drawn_w + gap if drawn is not None else 0)
    players = players_section(view, names, players_w, f)
    legend = legend_section(legend_items(view, f), width, f, legend_figures(view, f))
    top = max(players.height, drawn.height if drawn is not None else 0) + gap
    panel = _blank(width, top + legend.height)
    panel.paste(players, (0, 0))
    if drawn is not None:
        panel.paste(drawn, (players_w + gap, 0))
    panel.paste(legend, (0, top))
    return panel
