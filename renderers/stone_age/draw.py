"""Drawing primitives for the Stone Age image: people, resource squares, dice, text (the colours
are in renderers.stone_age.palette)."""
from __future__ import annotations


from PIL import Image, ImageDraw

from renderers.common import textfit
from renderers.common import font, player_colour, text_cache, word
from renderers.common import drawlog
from renderers.common.text import chained, coverage, digit_pieces, length, note_mask, paste_text, piece_starts
from renderers.stone_age.palette import (
    CLOSED, CLOSED_TAG, DIE_DIM, DIE_EDGE, HATCH, INK, LINE, PANEL, PIP, PIP_DIM, RESOURCE_FILL, RESOURCE_TEXT, SQUARE_EDGE,
    WHITE,
)

RGB = tuple[int, int, int]
SEAT_ORDER = ("red", "blue", "yellow", "green")          # the game's colours (rules §2.2)

LETTERS = {"food": "f", "wood": "w", "brick": "b", "stone": "s", "gold": "g"}


def colour(seat: int):
    return player_colour(seat, SEAT_ORDER)


class Canvas(ImageDraw.ImageDraw):
    """An ImageDraw that remembers its image, so text can be pasted from cached masks."""

    def __init__(self, image: Image.Image) -> None:
        super().__init__(image)
        self.image = image


@text_cache(maxsize=4096)
def _text_mask(value: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, int, int]:
    """The rendered text as an 'L' mask and its offset from the anchor point (cached: most
    labels and numbers repeat from one image to the next)."""
    f = font(size, bold=bold)
    left, top, right, bottom = (int(v) for v in f.getbbox(value, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    drawlog.rasterise(ImageDraw.Draw(mask), (-left, -top), value, fill=255, font=f, anchor=anchor)
    return mask, left, top


def text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], value: str, size: int, fill=INK, bold: bool = False,
         anchor: str = "la") -> None:
    """``value`` at ``xy`` from cached masks. A text with digits and more is drawn a piece at a
    time (each digit, and the runs between digits, one after another at their advance): the
    counts and numbers that change from turn to turn ("3/7", "= 12 → 6 food", a score) come from a
    few kept glyphs instead of a new rasterised text each."""
    image = getattr(draw, "image", None)
    if image is None or not value:
        draw.text(xy, value, fill=fill, font=font(size, bold=bold), anchor=anchor)
        return
    if image.mode == "RGBA" and len(fill) == 3:
        fill = (*fill, 255)
    face = font(size, bold=bold)
    if chained(value, face):              # a name in another script, emoji: through the font chain
        mask, colour, left, top = coverage(value, face, anchor)
        paste_text(image, int(xy[0]) + left, int(xy[1]) + top, fill, mask, colour)
        if drawlog.active():
            note_mask(image.im, value, face, mask, int(xy[0]) + left, int(xy[1]) + top, colour)
        return
    pieces = digit_pieces(value) if any("0" <= c <= "9" for c in value) else ()
    if len(pieces) < 2:
        mask, left, top = _text_mask(value, size, bold, anchor)
        _paint(image, fill, int(xy[0]) + left, int(xy[1]) + top, mask)
        if drawlog.active():
            note_mask(image.im, value, face, mask, int(xy[0]) + left, int(xy[1]) + top)
        return
    x = xy[0] - {"l": 0.0, "m": 0.5, "r": 1.0}[anchor[0]] * length(value, face)
    for start, piece in piece_starts(x, pieces, lambda piece: length(piece, face))[0]:
        mask, left, top = _text_mask(piece, size, bold, "l" + anchor[1])
        _paint(image, fill, start + left, int(xy[1]) + top, mask)
        if drawlog.active():
            note_mask(image.im, piece, face, mask, start + left, int(xy[1]) + top)


def _paint(image: Image.Image, fill, x: int, y: int, mask: Image.Image) -> None:
    """``image.paste(fill, (x, y), mask)`` without its checks (the text of a row is hundreds of pastes)."""
    image.im.paste(fill, (x, y, x + mask.width, y + mask.height), mask.im)


#: the smallest size a player's name (or a line with names) is drawn at; below it, it is cut
NAME_FLOOR = 15


def fit_name(name: str, size: int, width: float, bold: bool = False, before: str = "",
             after: str = "") -> tuple[str, int]:
    """(name, size): ``before + name + after`` in the largest size up to ``size`` that fits
    ``width``, no smaller than :data:`NAME_FLOOR`; there the name is cut between grapheme
    clusters with an ellipsis (what is around it stays whole)."""
    return textfit.fit_name(name, width, size, lambda t, step: length(t, font(step, bold=bold)), min(size, NAME_FLOOR),
                            before, after)


def fitting_size(value: str, size: int, width: int, bold: bool = False) -> int:
    """The largest font size <= ``size`` at which ``value`` fits ``width`` pixels."""
    return textfit.shrink(value, width, size, lambda t, step: length(t, font(step, bold=bold)), 10)


@text_cache(maxsize=64)
def person_sprite(seat: int, size: int) -> Image.Image:
    """A person: the seat's shape in its colour with its letter (colour is never the only cue)."""
    c = colour(seat)
    scale = 4
    big = size * scale
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    pad = scale * 2
    box = (pad, pad, big - pad, big - pad)
    outline = (30, 30, 30, 255)
    width = scale * 2
    if c.shape == "square":
        draw.rounded_rectangle(box, radius=big // 8, fill=c.fill, outline=outline, width=width)
    elif c.shape == "diamond":
        m = big // 2
        draw.polygon([(m, pad), (big - pad, m), (m, big - pad), (pad, m)], fill=c.fill, outline=outline, width=width)
    elif c.shape == "triangle":
        draw.polygon([(big // 2, pad), (big - pad, big - pad), (pad, big - pad)], fill=c.fill, outline=outline,
                     width=width)
    else:
        draw.ellipse(box, fill=c.fill, outline=outline, width=width)
    offset = big // 10 if c.shape == "triangle" else 0
    draw.text((big // 2, big // 2 + offset), c.letter, fill=c.text, font=font(int(big * 0.5), bold=True), anchor="mm")
    return image.resize((size, size), Image.Resampling.LANCZOS)


def person(image: Image.Image, seat: int, xy: tuple[int, int], size: int) -> None:
    sprite = person_sprite(seat, size)
    image.paste(sprite, xy, sprite)


def people_chip(image: Image.Image, draw: ImageDraw.ImageDraw, seat: int, n: int, xy: tuple[int, int],
                size: int = 30) -> int:
    """A person sprite followed by ``×n`` when n > 1; returns the width used."""
    person(image, seat, xy, size)
    if n <= 1:
        return size
    label = f"×{n}"
    text(draw, (xy[0] + size + 2, xy[1] + size // 2), label, int(size * 0.75), bold=True, anchor="lm")
    return size + 4 + int(length(label, font(int(size * 0.75), bold=True)))


def good_square(draw: ImageDraw.ImageDraw, good: str, xy: tuple[int, int], size: int, label: str | None = None,
                dim: bool = False) -> None:
    """A resource token: a coloured rounded square with its letter (or ``label``)."""
    x, y = xy
    fill: RGB = RESOURCE_FILL[good]
    if dim:
        r, g, b = ((v + 255 * 2) // 3 for v in fill)
        fill = (r, g, b)
    value = label if label is not None else LETTERS[good]
    image = getattr(draw, "image", None)
    if size % 2 == 0 and image is not None:     # a whole-pixel centre: the square is kept (see box)
        box(image, (x, y), size, size, max(2, size // 5), fill, SQUARE_EDGE, 1, value, int(size * 0.62),
            RESOURCE_TEXT[good])
    else:
        draw.rounded_rectangle((x, y, x + size, y + size), radius=max(2, size // 5), fill=fill, outline=SQUARE_EDGE)
        draw.text((x + size / 2, y + size / 2), value, fill=RESOURCE_TEXT[good], font=font(int(size * 0.62), bold=True),
                  anchor="mm")


def box(image: Image.Image, xy: tuple[int, int], width: int, height: int, radius: int, fill: RGB, outline: RGB | None,
        line: int, label: str = "", size: int = 0, ink: RGB = INK, struck: RGB | None = None) -> None:
    """``rounded_rectangle((x, y, x + width, y + height), …)`` with ``label`` centred in it (bold,
    ``size``) and, with ``struck``, a stroke across it: pasted from a kept sprite, the same pixels
    (a rounded rectangle has no soft edge, and the label lies inside it)."""
    sprite = _box_sprite(width, height, radius, fill, outline, line, label, size, ink, struck)
    image.paste(sprite, xy, sprite)


@text_cache(maxsize=256)
def _box_sprite(width: int, height: int, radius: int, fill: RGB, outline: RGB | None, line: int, label: str, size: int,
                ink: RGB, struck: RGB | None) -> Image.Image:
    image = Image.new("RGBA", (width + 1, height + 1), (0, 0, 0, 0))
    draw = Canvas(image)
    draw.rounded_rectangle((0, 0, width, height), radius=radius, fill=fill, outline=outline, width=line)
    if label:
        text(draw, (width // 2, height // 2), label, size, ink, bold=True, anchor="mm")
    if struck is not None:
        draw.line((4, height - 4, width - 4, 4), fill=struck, width=2)
    return image


PIPS = {
    1: [(0.5, 0.5)], 2: [(0.27, 0.27), (0.73, 0.73)], 3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


@text_cache(maxsize=32)
def die_sprite(face: int, size: int, dim: bool = False) -> Image.Image:
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    fill = DIE_DIM if dim else WHITE
    draw.rounded_rectangle((1, 1, size - 2, size - 2), radius=size // 6, fill=fill, outline=DIE_EDGE, width=2)
    r = max(2, size // 11)
    for px, py in PIPS[face]:
        cx, cy = px * size, py * size
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=PIP if not dim else PIP_DIM)
    return image


def die(image: Image.Image, face: int, xy: tuple[int, int], size: int, dim: bool = False) -> None:
    sprite = die_sprite(face, size, dim)
    image.paste(sprite, xy, sprite)


def panel(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], fill=PANEL, outline=LINE, width: int = 2,
          radius: int = 10) -> None:
    draw.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


def closed_mark(image: Image.Image, box: tuple[int, int, int, int], right: bool = False) -> None:
    """Grey hatching over a location closed by the 2/3-player rules, and a red CLOSED tag at
    its bottom edge (people already there stay visible)."""
    x0, y0, x1, y1 = box
    overlay = Image.new("RGBA", (x1 - x0, y1 - y0), (0, 0, 0, 0))
    od = ImageDraw.Draw(overlay)
    for offset in range(-(y1 - y0), x1 - x0, 14):
        od.line((offset, y1 - y0, offset + (y1 - y0), 0), fill=HATCH, width=3)
    image.paste(overlay, (x0, y0), overlay)
    draw = ImageDraw.Draw(image)
    label = word("CLOSED")
    f = font(19, bold=True)
    w = length(label, f)
    cx = int(x1 - w / 2 - 14) if right else (x0 + x1) // 2
    draw.rounded_rectangle((cx - w / 2 - 8, y1 - 30, cx + w / 2 + 8, y1 - 4), radius=6, fill=CLOSED_TAG,
                           outline=CLOSED, width=2)
    draw.text((cx, y1 - 17), label, fill=CLOSED, font=f, anchor="mm")
