"""Text drawn from a cache: most words and numbers of a picture are the same from one turn to the
next, and rasterising them (FreeType) is the largest part of drawing a picture. ``text`` and
``length`` take the same arguments as ``ImageDraw.text`` and ``ImageDraw.textlength``; the
rasterised masks and the lengths are kept (bounded)."""
from __future__ import annotations

import functools
import math
import re
from typing import Callable, Iterable

from PIL import Image, ImageDraw, ImageFont

from renderers.common.fonts import text_cache

Face = ImageFont.FreeTypeFont | ImageFont.ImageFont


@text_cache(maxsize=16384)
def _mask(text: str, face: Face, anchor: str, stroke_width: int) -> tuple[Image.Image, int, int]:
    """The text's coverage (mode "L") and its offset from the anchor point."""
    left, top, right, bottom = (int(edge) for edge in face.getbbox(text, anchor=anchor, stroke_width=stroke_width))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, fill=255, font=face, anchor=anchor, stroke_width=stroke_width)
    return mask, left, top


def text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, font: Face | None = None, fill=(0, 0, 0),
         anchor: str = "la", stroke_width: int = 0, stroke_fill=None) -> None:
    """``draw.text(xy, text, font=font, fill=fill, anchor=anchor, stroke_width=…, stroke_fill=…)``
    from cached masks (a stroke is drawn first, in ``stroke_fill``, under the text)."""
    if not text:
        return
    if font is None:
        draw.text(xy, text, fill=fill, anchor=anchor, stroke_width=stroke_width, stroke_fill=stroke_fill)
        return
    x, y = round(xy[0]), round(xy[1])
    if stroke_width:
        mask, left, top = _mask(text, font, anchor, stroke_width)
        _paint(draw, stroke_fill if stroke_fill is not None else fill, x + left, y + top, mask)
    mask, left, top = _mask(text, font, anchor, 0)
    _paint(draw, fill, x + left, y + top, mask)


def _paint(draw: ImageDraw.ImageDraw, colour, x: int, y: int, mask: Image.Image) -> None:
    if isinstance(colour, tuple) and draw.mode == "RGBA" and len(colour) == 3:
        colour = colour + (255,)
    draw.im.paste(colour, (x, y, x + mask.width, y + mask.height), mask.im)


#: a text's pieces drawn apart: each digit, and the runs between digits
_PIECES = re.compile(r"[0-9]|[^0-9]+")


def digit_pieces(text: str) -> list[str]:
    """``text`` cut into each digit and the runs between digits. Drawn one after another at their
    advances (:func:`piece_starts`), the counts and numbers that change from turn to turn come
    from a few kept glyphs instead of a new rasterised text each."""
    return _PIECES.findall(text)


def piece_starts(x: float, pieces: Iterable[str], width: Callable[[str], float]) -> tuple[list[tuple[int, str]], float]:
    """Where each piece starts when they are drawn one after another from ``x`` (each at the
    advance of those before it, rounded half up: ``round`` rounds halves to even, which would move
    a piece by the parity of where the text starts), and where the last one ends."""
    starts = []
    for piece in pieces:
        starts.append((math.floor(x + 0.5), piece))
        x += width(piece)
    return starts, x


@functools.lru_cache(maxsize=16384)
def length(text: str, font: Face) -> float:
    """``ImageDraw.textlength(text, font=font)``, kept."""
    return font.getlength(text)
