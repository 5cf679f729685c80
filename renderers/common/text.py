"""Text drawn from a cache: most words and numbers of a picture are the same from one turn to the
next, and rasterising them (FreeType) is the largest part of drawing a picture. ``text`` and
``length`` take the same arguments as ``ImageDraw.text`` and ``ImageDraw.textlength``; the
rasterised masks and the lengths are kept (bounded).

Text the font cannot draw by itself (a name in Arabic or Thai, emoji) goes through the font
chain (renderers.common.fontchain); every other text is drawn by the font alone, as before."""
from __future__ import annotations

import functools
import math
import re
from typing import Callable, Iterable

from PIL import Image, ImageDraw, ImageFont

from renderers.common import drawlog, fontchain
from renderers.common.fonts import text_cache

Face = ImageFont.FreeTypeFont | ImageFont.ImageFont


@text_cache(maxsize=16384)
def _mask(text: str, face: Face, anchor: str, stroke_width: int) -> tuple[Image.Image, int, int]:
    """The text's coverage (mode "L") and its offset from the anchor point."""
    left, top, right, bottom = (int(edge) for edge in face.getbbox(text, anchor=anchor, stroke_width=stroke_width))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    drawlog.rasterise(ImageDraw.Draw(mask), (-left, -top), text, fill=255, font=face, anchor=anchor,
                      stroke_width=stroke_width)
    return mask, left, top


@text_cache(maxsize=1024)
def _chained(text: str, face: ImageFont.FreeTypeFont, anchor: str,
             stroke_width: int) -> tuple[Image.Image, Image.Image | None, int, int]:
    return fontchain.render(text, face, anchor, stroke_width)


def chained(text: str, font: Face | None) -> bool:
    """Whether ``text`` needs the font chain to be drawn in ``font`` (see the module's docstring)."""
    return isinstance(font, ImageFont.FreeTypeFont) and not fontchain.plain(text, font)


def coverage(text: str, face: Face, anchor: str = "la",
             stroke_width: int = 0) -> tuple[Image.Image, Image.Image | None, int, int]:
    """``text`` rasterised (kept): its coverage (mode "L", to paint in the text's colour), its
    colour emoji over the same box (mode "RGBA"; None when it has none) and the box's offset from
    the anchor point."""
    if isinstance(face, ImageFont.FreeTypeFont) and chained(text, face):
        return _chained(text, face, anchor, stroke_width)
    mask, left, top = _mask(text, face, anchor, stroke_width)
    return mask, None, left, top


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
        mask, _, left, top = coverage(text, font, anchor, stroke_width)
        _paint(draw, stroke_fill if stroke_fill is not None else fill, x + left, y + top, mask)
    mask, colour, left, top = coverage(text, font, anchor, 0)
    _paint(draw, fill, x + left, y + top, mask)
    if drawlog.active():
        note_mask(draw.im, text, font, mask, x + left, y + top, colour)
    if colour is not None:
        fontchain.paint_colour(draw.im, draw.mode, x + left, y + top, colour)


_cached_text = text


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, font: Face, fill=(0, 0, 0),
              anchor: str = "la") -> None:
    """``draw.text(xy, text, fill=fill, font=font, anchor=anchor)``, through the font chain for
    a text the font cannot draw by itself (a player's name in any script, emoji)."""
    if chained(text, font):
        _cached_text(draw, xy, text, font, fill, anchor)
    else:
        draw.text(xy, text, fill=fill, font=font, anchor=anchor)      # recorded by drawlog, when it records


def note_mask(surface, text: str, font: Face, mask: Image.Image, x: int, y: int,
              colour: Image.Image | None = None) -> None:
    """Record (renderers.common.drawlog) ``text`` pasted from ``mask`` (and its colour emoji)
    with its corner at (x, y)."""
    boxes = [box for box in (drawlog.ink_box(mask, x, y),
                             drawlog.ink_box(colour.getchannel("A"), x, y) if colour is not None else None)
             if box is not None]
    if boxes:
        drawlog.note(surface, text, font, (min(b[0] for b in boxes), min(b[1] for b in boxes),
                                           max(b[2] for b in boxes), max(b[3] for b in boxes)))


def paste_text(image: Image.Image, x: int, y: int, fill, mask: Image.Image, colour: Image.Image | None) -> None:
    """A :func:`coverage` pasted with its box's corner at (x, y): the coverage in ``fill``, then
    the colour emoji."""
    image.paste(fill, (x, y), mask)
    if colour is not None:
        fontchain.paint_colour(image.im, image.mode, x, y, colour)


def _paint(draw: ImageDraw.ImageDraw, colour, x: int, y: int, mask: Image.Image) -> None:
    if isinstance(colour, tuple) and draw.mode == "RGBA" and len(colour) == 3:
        colour = colour + (255,)
    draw.im.paste(colour, (x, y, x + mask.width, y + mask.height), mask.im)


#: a text's pieces drawn apart: each digit, and the runs between digits
_PIECES = re.compile(r"[0-9]|[^0-9]+")


def digit_pieces(text: str) -> list[str]:
    """``text`` cut into each digit and the runs between digits. Drawn one after another at their
    advances (:func:`piece_starts`), the counts and numbers that change from turn to turn come
    from a few kept glyphs instead of a new rasterised text each. A text with right-to-left
    letters or emoji stays whole: its order and its keycaps are laid out over the whole text."""
    if not text.isascii() and not fontchain.cuttable(text):
        return [text]
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
    """``ImageDraw.textlength(text, font=font)``, kept (through the font chain where the font
    cannot draw the text by itself)."""
    if isinstance(font, ImageFont.FreeTypeFont) and chained(text, font):
        return fontchain.length(text, font)
    return font.getlength(text)


def ink_box(text: str, font: ImageFont.FreeTypeFont, anchor: str = "la") -> tuple[float, float, float, float]:
    """``font.getbbox(text, anchor=anchor)``, kept with the chain's layouts
    (``rendering.text_layouts``): words fitted into a shape are measured in many lines, sizes
    and places before one is drawn."""
    key = (text, str(font.path), font.size, anchor)
    found = fontchain.LAYOUTS.texts.get(key)
    if found is None:
        found = font.getbbox(text, anchor=anchor)
        fontchain.LAYOUTS.texts.put(key, found)
    return found
