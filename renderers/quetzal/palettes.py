"""A fixed 8-bit palette for the Quetzal image.

The image is a flat illustration: a few dozen base colours plus their anti-aliasing blends.
Mapping to a fixed palette (no dithering) costs a fraction of computing a palette per image, and
the PNG is much smaller than the RGB one (docs/performance.md)."""
from __future__ import annotations

import functools

from PIL import Image

from renderers.quetzal.palette import BLACK_FACE, BOX, INK, KEY_ORDER, WHITE
from renderers.quetzal.sprites import ORDER
from renderers.common import player_colour
from renderers.common.palette import FixedPalette

#: the colours blended into (text and outlines are anti-aliased against these)
TOWARDS = (INK, BOX, WHITE, BLACK_FACE)
LEVELS = (1 / 3, 2 / 3)


def base_colours() -> list[tuple[int, int, int]]:
    """The renderer's colours (renderers.quetzal.palette.KEY_ORDER) plus the seat colours."""
    found: list[tuple[int, int, int]] = list(KEY_ORDER)
    for seat in range(len(ORDER)):
        colour = player_colour(seat, ORDER)
        found += [colour.fill, colour.text]
    return list(dict.fromkeys(found))


def blend(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


@functools.lru_cache(maxsize=1)
def palette_image() -> Image.Image:
    colours = base_colours()
    extra = [blend(c, other, t) for c in colours for other in TOWARDS for t in LEVELS]
    ramp = [(v, v, v) for v in range(0, 256, 17)]
    table = list(dict.fromkeys(colours + ramp + extra))[:256]
    image = Image.new("P", (1, 1))
    flat = [v for colour in table for v in colour]
    image.putpalette(flat + flat[:3] * (256 - len(table)))
    return image


def to_palette(image: Image.Image) -> Image.Image:
    """``image`` (RGB) mapped to the fixed palette without dithering."""
    return image.quantize(palette=palette_image(), dither=Image.Dither.NONE)


#: the fixed palette as the picture parts take it (renderers.common.layers)
PALETTES = FixedPalette(palette_image)
