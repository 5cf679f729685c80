"""The colours Florenza's pictures are drawn with (player colours come from renderers.common).

The order matters: the PNG palette's key colours are this file's colour literals in the order
written (renderers.common.palette.literal_colours), and that order is part of every picture.
"""
from __future__ import annotations

from renderers.common.palette import RGB

#: artist types (architect, painter, sculptor), each with its letter on the chip.
TYPE_COLOURS: dict[str, RGB] = {"A": (70, 90, 150), "P": (150, 70, 110), "S": (90, 120, 70)}

HEADER_FILL: RGB = (60, 44, 36)
HEADER_TEXT: RGB = (235, 220, 190)
HEADER_FAINT: RGB = (180, 170, 150)     # a turn of 5-8 without an extra action
ARTIST_STRIPE: RGB = (244, 238, 225)    # every other row of the artists on display
USED_LOCATION: RGB = (215, 210, 200)
HAND_HEADER: RGB = (30, 60, 90)
BADGE: RGB = (40, 40, 40)               # prestige badges

INK: RGB = (33, 30, 28)
MUTED: RGB = (110, 104, 96)
PAPER: RGB = (250, 246, 236)
PANEL: RGB = (238, 231, 214)
LINE: RGB = (196, 186, 165)
WHITE: RGB = (255, 255, 255)

#: resource code → (fill, text); the code is always written on the chip, colour is only a help.
RESOURCE_COLOURS: dict[str, tuple[RGB, RGB]] = {
    "ma": ((226, 226, 222), INK), "wo": ((139, 90, 43), WHITE), "me": ((84, 110, 122), WHITE),
    "fa": ((170, 68, 153), WHITE), "go": ((232, 186, 0), INK), "sp": ((200, 62, 40), WHITE),
    "fl": ((60, 120, 60), WHITE),
}
#: Florenza card categories (the colours of the physical cards) with a text code on every tile.
CATEGORY_COLOURS: dict[str, RGB] = {
    "RES": (128, 90, 160), "WKS": (214, 170, 30), "PRE": (125, 85, 55), "GLD": (222, 120, 40),
    "PAL": (60, 140, 80), "CHU": (50, 110, 180), "DIS": (130, 130, 130),
}
CATEGORY_TEXT: dict[str, RGB] = {"WKS": INK, "GLD": INK}
MONUMENT_COLOUR: RGB = (150, 60, 50)
CHIP_OUTLINE: RGB = (80, 70, 60)
FLAG: RGB = (200, 40, 40)               # the captain's pennant
