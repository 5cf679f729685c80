"""Text rendered once and pasted: labels, names and numbers repeat on every render."""
from __future__ import annotations

import functools
from typing import Callable

from PIL import Image, ImageDraw

from renderers.common import textfit
from renderers.common import drawlog, font, text_cache
from renderers.common.fonts import measuring_font
from renderers.common.text import chained, coverage as text_coverage, digit_pieces, length, piece_starts

RGB = tuple[int, int, int]


@text_cache(maxsize=8192)
def text_sprite(text: str, size: int, bold: bool, fill: RGB, anchor: str = "mm") -> tuple[Image.Image, tuple[int, int]]:
    """``text`` as an RGBA sprite and the offset of its top-left corner from the anchor point
    (Pillow anchors: "mm" middle, "lm" left-middle, "rm" right-middle, ...)."""
    f = font(size, bold=bold)
    if chained(text, f):                  # a name in another script, emoji: through the font chain
        mask, colour, left, top = text_coverage(text, f, anchor)
        sprite = Image.new("RGBA", mask.size, fill + (0,))
        sprite.putalpha(mask)
        if colour is not None:
            sprite.alpha_composite(colour)
        return sprite, (left, top)
    left, top, right, bottom = (int(edge) for edge in f.getbbox(text, anchor=anchor))
    shape = (max(1, right - left + 2), max(1, bottom - top + 2))
    # the coverage drawn on one band, then set as the alpha of a sprite all ``fill``: what drawing
    # the text in ``fill`` on a transparent ``fill`` sprite gives, in a third of the time
    coverage = Image.new("L", shape, 0)
    drawlog.rasterise(ImageDraw.Draw(coverage), (1 - left, 1 - top), text, font=f, fill=255, anchor=anchor)
    sprite = Image.new("RGBA", shape, fill + (0,))
    sprite.putalpha(coverage)
    return sprite, (left - 1, top - 1)


def draw_text(image: Image.Image, at: tuple[float, float], text: str, size: int, bold: bool = False,
              fill: RGB = (0, 0, 0), anchor: str = "mm") -> None:
    """Paste ``text`` with its ``anchor`` point at ``at``."""
    found = text_stamp(at, text, size, bold, fill, anchor)
    if found is not None:
        image.paste(found[0], found[1], found[0])
        drawlog.note_pasted(image.im, found[0], found[1])


def text_stamp(at: tuple[float, float], text: str, size: int, bold: bool = False, fill: RGB = (0, 0, 0),
               anchor: str = "mm") -> tuple[Image.Image, tuple[int, int]] | None:
    """The sprite :func:`draw_text` pastes and where its top-left corner goes (None: no text)."""
    if not text:
        return None
    sprite, (dx, dy) = text_sprite(text, size, bold, fill, anchor)
    if drawlog.active():
        drawlog.note_sprite(sprite, text, font(size, bold=bold))
    return sprite, (round(at[0] + dx), round(at[1] + dy))


def text_width(text: str, size: int, bold: bool = False) -> float:
    return _width(text, size, bool(bold))


@functools.lru_cache(maxsize=8192)
def _width(text: str, size: int, bold: bool) -> float:
    """The width of ``text`` (kept: measuring with the font's layout engine costs about as much
    as drawing it)."""
    return length(text, measuring_font(size, bold=bold))


def fit(text: str, size: int, bold: bool, width: float, measure: Callable[[str, int, bool], float] | None = None) -> str:
    """``text`` shortened with an ellipsis to fit ``width`` pixels (as ``measure`` measures it:
    :func:`text_width` by default, :func:`pieces_width` for a text drawn by :func:`draw_pieces`)."""
    width_of = measure or text_width
    return textfit.fit(text, width, lambda t: width_of(t, size, bold))


def pieces_width(text: str, size: int, bold: bool = False) -> float:
    """The width of ``text`` drawn by :func:`draw_pieces`."""
    return sum(text_width(piece, size, bold) for piece in digit_pieces(text))


def draw_pieces(image: Image.Image, at: tuple[float, float], text: str, size: int, bold: bool = False,
                fill: RGB = (0, 0, 0)) -> None:
    """``text`` with its left-middle point at ``at``, drawn a piece at a time (each digit, and the
    runs between digits: renderers.common.text.digit_pieces), each a sprite of its own: a line whose
    numbers change every turn ("Turn 12 · 57 tiles left") draws only the digits not drawn before."""
    for start, piece in piece_starts(at[0], digit_pieces(text), lambda piece: text_width(piece, size, bold))[0]:
        draw_text(image, (start, at[1]), piece, size, bold, fill, "lm")
