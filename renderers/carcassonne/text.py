"""Text labels rendered once and pasted: board labels repeat on every render."""
from __future__ import annotations

import functools

from PIL import Image, ImageDraw

from renderers.common import font

RGB = tuple[int, int, int]


@functools.lru_cache(maxsize=8192)
def text_sprite(text: str, size: int, bold: bool, fill: RGB) -> tuple[Image.Image, tuple[int, int]]:
    """``text`` as an RGBA sprite and the offset of its top-left corner from its middle."""
    f = font(size, bold=bold)
    left, top, right, bottom = f.getbbox(text, anchor="mm")
    sprite = Image.new("RGBA", (right - left + 2, bottom - top + 2), fill + (0,))
    ImageDraw.Draw(sprite).text((1 - left, 1 - top), text, font=f, fill=fill + (255,), anchor="mm")
    return sprite, (left - 1, top - 1)


def draw_text(image: Image.Image, centre: tuple[float, float], text: str, size: int, bold: bool = False,
              fill: RGB = (0, 0, 0)) -> None:
    """Paste ``text`` centred on ``centre``."""
    sprite, (dx, dy) = text_sprite(text, size, bold, fill)
    image.paste(sprite, (round(centre[0] + dx), round(centre[1] + dy)), sprite)


def text_width(text: str, size: int, bold: bool = False) -> float:
    return font(size, bold=bold).getlength(text)
