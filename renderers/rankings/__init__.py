"""Rankings as images: leaderboards and tournament standings, readable on a phone.

``render_ranking(title, columns, rows)`` draws a table: a title bar, a header row and zebra-striped rows;
numeric columns are right-aligned. Names may be in any script (the font chain draws them); a cell
that is a :class:`Name` with a mark after it keeps the mark whole when the name is cut.
"""
from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Mapping, Sequence

from PIL import Image, ImageDraw

from renderers.common import drawlog, encode_png, font, player_colour
from renderers.common.bidi import isolate
from renderers.common.graphemes import graphemes
from renderers.common.text import draw_text, length
from renderers.common.textfit import fit, fit_count, fit_name

BACKGROUND = (250, 248, 240)
TITLE_BG = (40, 56, 80)
TITLE_FG = (255, 255, 255)
HEADER_BG = (222, 228, 236)
STRIPE = (240, 236, 226)
LINE = (200, 196, 186)
TEXT = (20, 20, 20)
MUTED = (90, 90, 90)
MARK = (0, 114, 178)          # highlighted rows (e.g. the reader): Okabe-Ito blue bar at the left


@dataclass(frozen=True)
class Name:
    """A player's name in a cell, with a mark after it (" ✗": withdrawn from a tournament): a
    name too long for its column is cut, the mark stays whole after it."""
    name: str
    after: str = ""

    def __str__(self) -> str:
        return self.name + self.after


@dataclass(frozen=True)
class Cell:
    """A cell's text as drawn, and the name in it (for a drawing's record: renderers.common.drawlog)."""
    text: str
    name: str


@dataclass(frozen=True)
class Column:
    title: str
    numeric: bool = False
    max_chars: int = 28        # longer cells are cut with an ellipsis
    max_width: int = 360       # pixels (at scale 1) a text cell may take: wider ones are cut with an ellipsis


def render_ranking(title: str, columns: Sequence[Column], rows: Sequence[Sequence[object]], *,
                 subtitle: str = "", highlight: Sequence[int] = (), badges: Mapping[int, int] = {},
                 scale: float = 1.0) -> bytes:
    """PNG of a table. ``highlight``: row indexes marked with a bar; ``badges``: row index ->
    place (1, 2 or 3) for the rows that get a medal circle in the first column (players tied
    for a place share its medal)."""
    size = max(12, int(22 * scale))
    cell_font, bold = font(size), font(size, bold=True)
    title_font, sub_font = font(int(size * 1.35), bold=True), font(int(size * 0.85))
    pad, row_h = int(14 * scale), int(size * 1.8)
    cells = [[_cell(value, col, cell_font, scale) for value, col in zip(row, columns)] for row in rows]

    def width(text: str, face) -> int:
        return int(length(text, face))

    widths = [max([width(col.title, bold)] + [width(row[i].text, cell_font) for row in cells]) + 2 * pad
              for i, col in enumerate(columns)]
    badge_w = row_h if badges else 0
    table_w = sum(widths) + badge_w + int(8 * scale)
    title_w = max(width(title, title_font), width(subtitle, sub_font) if subtitle else 0) + 2 * pad
    total_w = max(table_w, title_w, int(320 * scale))
    title_h = int(size * 2.5) + (int(size * 1.1) if subtitle else 0)
    total_h = title_h + row_h * (len(cells) + 1) + pad
    image = Image.new("RGB", (total_w, total_h), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, total_w, title_h), fill=TITLE_BG)
    draw_text(draw, (pad, int(size * 1.25)), title, title_font, TITLE_FG, "lm")
    if subtitle:
        draw_text(draw, (pad, int(size * 2.75)), subtitle, sub_font, (210, 218, 230), "lm")
    left0 = int(8 * scale) + badge_w
    top = title_h
    draw.rectangle((0, top, total_w, top + row_h), fill=HEADER_BG)
    _cells(draw, [Cell(c.title, c.title) for c in columns], columns, widths, left0, top, row_h, pad, bold, TEXT)
    for index, row in enumerate(cells):
        top = title_h + row_h * (index + 1)
        if index % 2:
            draw.rectangle((0, top, total_w, top + row_h), fill=STRIPE)
        if index in highlight:
            draw.rectangle((0, top, int(6 * scale), top + row_h), fill=MARK)
        if 1 <= (place := badges.get(index, 0)) <= 3:
            colour = player_colour(place - 1, ("yellow", "white", "orange"))
            r = int(row_h * 0.34)
            cx, cy = int(8 * scale) + badge_w // 2, top + row_h // 2
            draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour.fill, outline=MUTED)
            draw.text((cx, cy), str(place), fill=TEXT, font=bold, anchor="mm")
        _cells(draw, row, columns, widths, left0, top, row_h, pad, cell_font, TEXT, "name")
        draw.line((0, top + row_h, total_w, top + row_h), fill=LINE)
    return encode_png(image)


def _cell(value: object, column: Column, face, scale: float) -> Cell:
    """A cell's text cut (by grapheme clusters, with an ellipsis) to the column's most characters
    and, for a text column, its most pixels; a :class:`Name`'s mark is kept whole, only the name
    is cut. A name with right-to-left letters is isolated (its ellipsis at its reading end)."""
    if isinstance(value, Name) and not column.numeric:
        name = fit_count(value.name, max(1, column.max_chars - len(graphemes(value.after))))
        size = int(face.size)
        name, _ = fit_name(name, column.max_width * scale, size, lambda t, _: length(t, face), size, after=value.after)
        return Cell(name + value.after, name)
    text = fit_count(str(value), column.max_chars)
    if column.numeric:
        return Cell(text, text)
    text = isolate(fit(text, column.max_width * scale, lambda t: length(t, face)))
    return Cell(text, text)


def _cells(draw: ImageDraw.ImageDraw, values: Sequence[Cell], columns: Sequence[Column], widths: Sequence[int],
           left: int, top: int, row_h: int, pad: int, face, colour, kind: str = "") -> None:
    """A row's cells; ``kind``: what its text cells are (a player's "name"), for a drawing's
    record (renderers.common.drawlog)."""
    y = top + row_h // 2
    for value, column, cell_w in zip(values, columns, widths):
        if column.numeric:
            draw_text(draw, (left + cell_w - pad, y), value.text, face, colour, "rm")
        else:
            with drawlog.field(kind, value.name) if kind else contextlib.nullcontext():
                draw_text(draw, (left + pad, y), value.text, face, colour, "lm")
        left += cell_w
