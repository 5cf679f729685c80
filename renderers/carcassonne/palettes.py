"""The Carcassonne picture as a palette image (renderers.common.palette): the landscape, board
and player colours exact, the rest from the table's first picture."""
from __future__ import annotations

from typing import Hashable

from PIL import Image

from renderers.carcassonne import palette as P
from renderers.common import PLAYER_COLOURS
from renderers.common.palette import Palettes

RGB = tuple[int, int, int]


def key_colours() -> list[RGB]:
    """Colours that must come out exactly: the landscape, the board and every player colour."""
    keys: list[RGB] = []
    for c in PLAYER_COLOURS.values():
        keys += [c.fill, c.text]
    for name in dir(P):
        value = getattr(P, name)
        if name.isupper() and isinstance(value, tuple) and len(value) == 3:
            keys.append(value)
    keys += [(0, 0, 0), (255, 255, 255)]
    return list(dict.fromkeys(keys))


PALETTES = Palettes(key_colours())


def to_palette(image: Image.Image, key: Hashable | None = None) -> Image.Image:
    """``image`` (RGB) as a "P" image: the table ``key``'s palette, or one made for it."""
    return PALETTES.to_palette(image, key)
