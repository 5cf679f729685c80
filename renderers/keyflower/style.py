"""Fonts, small glyphs and the keeples', resources' and seats' looks shared by the Keyflower drawings
(the colours are in renderers.keyflower.palette)."""
from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import ImageDraw

from renderers.common import font
from renderers.common.text import digit_pieces, length, piece_starts
from renderers.common.text import text as cached_text
from renderers.keyflower.palette import (
    BLACK, GOLD, INK, IRON, KEEPLE_BLUE, KEEPLE_GREEN, KEEPLE_RED, KEEPLE_YELLOW, SEAT_BLACK, SEAT_BROWN, SEAT_GREY,
    SEAT_PINK, SEAT_PURPLE, SEAT_TEAL, STONE, WHITE, WOOD,
)

# Keeple colours (physical) with a letter so colour is never the only cue.
KEEPLE = {
    "red": (KEEPLE_RED, "R", WHITE),
    "blue": (KEEPLE_BLUE, "B", WHITE),
    "yellow": (KEEPLE_YELLOW, "Y", BLACK),
    "green": (KEEPLE_GREEN, "G", WHITE),
}

RESOURCE = {
    "wood": (WOOD, "W", WHITE),
    "stone": (STONE, "S", BLACK),
    "iron": (IRON, "I", WHITE),
    "gold": (GOLD, "Au", BLACK),
}

SKILL = {"saw": "saw", "pick": "pick", "anvil": "anvil"}


@dataclass(frozen=True)
class SeatStyle:
    fill: tuple[int, int, int]
    text: tuple[int, int, int]
    shape: str


# Seat colours kept apart from the keeple colours (reference 12.2): purple, teal, brown, pink,
# grey, black - each with a shape as well as the seat number.
SEATS = (
    SeatStyle(SEAT_PURPLE, WHITE, "circle"),
    SeatStyle(SEAT_TEAL, WHITE, "square"),
    SeatStyle(SEAT_BROWN, WHITE, "diamond"),
    SeatStyle(SEAT_PINK, BLACK, "triangle"),
    SeatStyle(SEAT_GREY, WHITE, "hexagon"),
    SeatStyle(SEAT_BLACK, WHITE, "star"),
)


def seat_style(seat: int) -> SeatStyle:
    return SEATS[seat % len(SEATS)]


def f(size: float, bold: bool = False, mark: bool = False):
    return font(max(8, int(round(size))), bold=bold, mark=mark)


def text_size(draw: ImageDraw.ImageDraw, label: str, fnt) -> tuple[int, int]:
    box = draw.textbbox((0, 0), label, font=fnt)
    return int(box[2] - box[0]), int(box[3] - box[1])


def centred(draw: ImageDraw.ImageDraw, xy: tuple[float, float], label: str, fnt, fill=INK,
            stroke: int = 0, stroke_fill=WHITE) -> None:
    text(draw, xy, label, font=fnt, fill=fill, anchor="mm", stroke_width=stroke, stroke_fill=stroke_fill)


def text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], label: str, font=None, fill=BLACK, anchor: str = "la",
         stroke_width: int = 0, stroke_fill=None) -> None:
    """``ImageDraw.text`` from the text cache (renderers.common.text); a left-anchored text with
    digits in it is drawn a digit at a time (:func:`text_run`): the counts and numbers that change
    from turn to turn ("action 17", "bag 42") then come from a few cached glyphs instead of a
    new rasterised text each."""
    if font is not None and not stroke_width and anchor in _RUN_ANCHORS and any("0" <= c <= "9" for c in label):
        text_run(draw, xy, digit_pieces(label), font, fill, anchor)
        return
    cached_text(draw, xy, label, font=font, fill=fill, anchor=anchor, stroke_width=stroke_width, stroke_fill=stroke_fill)


#: anchors whose height is the font's (not the ink's): pieces drawn one after another line up
_RUN_ANCHORS = ("la", "lm", "ls", "ld")


def text_run(draw: ImageDraw.ImageDraw, xy: tuple[float, float], pieces: list[str], font, fill=INK,
             anchor: str = "lm") -> float:
    """``"".join(pieces)`` on one line, its left end at ``xy`` (``anchor``: one of
    :data:`_RUN_ANCHORS`), drawn piece by piece: a line that changes in one piece from turn to turn
    rasterises only the new piece, the others come from the text cache (digits apart, as
    :func:`text` draws them). Returns the right end."""
    starts, end = piece_starts(xy[0], (part for piece in pieces for part in digit_pieces(piece)),
                               lambda piece: length(piece, font))
    for start, piece in starts:
        cached_text(draw, (start, xy[1]), piece, font=font, fill=fill, anchor=anchor)
    return end


def seat_badge(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, seat: int, dim: bool = False, mark: int = 0) -> None:
    """The seat's shape in its colour with the seat number (1-based) inside."""
    style = seat_style(seat)
    fill = style.fill if not dim else tuple(int(c * 0.45 + 255 * 0.55) for c in style.fill)
    shape = style.shape
    if shape == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=INK)
    elif shape == "square":
        draw.rectangle((cx - r * 0.9, cy - r * 0.9, cx + r * 0.9, cy + r * 0.9), fill=fill, outline=INK)
    elif shape == "diamond":
        draw.polygon([(cx, cy - r * 1.1), (cx + r * 1.1, cy), (cx, cy + r * 1.1), (cx - r * 1.1, cy)], fill=fill, outline=INK)
    elif shape == "triangle":
        draw.polygon([(cx, cy - r * 1.15), (cx + r * 1.1, cy + r * 0.85), (cx - r * 1.1, cy + r * 0.85)], fill=fill, outline=INK)
    elif shape == "hexagon":
        draw.polygon([(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in range(0, 360, 60)],
                     fill=fill, outline=INK)
    else:
        pts = []
        for i in range(10):
            rad = r * (1.15 if i % 2 == 0 else 0.55)
            ang = math.radians(-90 + 36 * i)
            pts.append((cx + rad * math.cos(ang), cy + rad * math.sin(ang)))
        draw.polygon(pts, fill=fill, outline=INK)
    centred(draw, (cx, cy + (r * 0.12 if shape == "triangle" else 0)), str(seat + 1), f(max(mark, r * 1.15), True, mark=True),
            fill=style.text if not dim else INK)


def token(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, colour, letter: str, text_colour,
          count: int | None = None, floor: int = 0) -> None:
    """A round counter (keeple or resource) with its letter (a mark) or its count inside."""
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=INK)
    label = letter if count is None else f"{count}"
    size = r * (1.2 if len(label) == 1 else 1.0)
    centred(draw, (cx, cy), label, f(size if count is None else max(floor, size), True, mark=count is None), fill=text_colour)


def hex_corners(cx: float, cy: float, s: float) -> list[tuple[float, float]]:
    return [(cx + s * math.cos(math.radians(a)), cy + s * math.sin(math.radians(a))) for a in range(0, 360, 60)]


EDGE_ANGLE = (270, 330, 30, 90, 150, 210)   # screen angle (y down) of edge midpoints N..NW


def edge_point(cx: float, cy: float, s: float, d: int, factor: float = 1.0) -> tuple[float, float]:
    dist = s * math.sqrt(3) / 2 * factor
    a = math.radians(EDGE_ANGLE[d])
    return (cx + dist * math.cos(a), cy + dist * math.sin(a))


def edge_segment(cx: float, cy: float, s: float, d: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two corners bounding edge d (corners at 0, 60, ... degrees)."""
    corners = hex_corners(cx, cy, s)
    # edge midpoint angle 270 lies between corners at 240 and 300 (indices 4, 5)
    index = {0: (4, 5), 1: (5, 0), 2: (0, 1), 3: (1, 2), 4: (2, 3), 5: (3, 4)}[d]
    return corners[index[0]], corners[index[1]]


def chip(draw: ImageDraw.ImageDraw, x: float, y: float, h: float, colour, letter: str, text_colour,
         count: int | None = None, count_font=None) -> float:
    """A square in a keeple/resource colour with its letter (a mark), then the count; returns the width."""
    draw.rounded_rectangle((x, y - h / 2, x + h * (1.25 if len(letter) > 1 else 1), y + h / 2),
                           radius=max(2, int(h / 5)), fill=colour, outline=INK)
    w = h * (1.25 if len(letter) > 1 else 1)
    centred(draw, (x + w / 2, y), letter, f(h * 0.72, True, mark=True), fill=text_colour)
    if count is None:
        return w
    label = str(count)
    fnt = count_font or f(h * 0.95, True)
    text(draw, (x + w + h * 0.15, y), label, font=fnt, fill=INK, anchor="lm")
    return w + h * 0.15 + length(label, fnt)
