"""The colours Keyflower's pictures are drawn with: the keeples', resources' and seats' tables
that give each its letter or shape are in renderers.keyflower.style.

The order matters: the PNG palette's key colours are this file's colour literals in the order
written (renderers.common.palette.literal_colours), and that order is part of every picture.
"""
from __future__ import annotations

from renderers.common.palette import RGB

COLUMN_TITLE: RGB = (80, 80, 80)        # the players' table's column titles
WHITE: RGB = (255, 255, 255)
OWN_PANEL: RGB = (232, 238, 246)        # what only the viewing seat sees
SECTION_TITLE: RGB = (90, 70, 40)
SECTION_NOTE: RGB = (110, 100, 80)
SECTION_RULE: RGB = (200, 190, 170)
TAKEN_EDGE: RGB = (120, 120, 120)       # a boat already taken
TAKEN_TEXT: RGB = (90, 90, 90)
BID_BEHIND: RGB = (222, 222, 222)       # a bid that is not leading
FAINT: RGB = (150, 150, 150)
BID_BEHIND_TEXT: RGB = (100, 100, 100)
YELLOW_TEXT: RGB = (170, 130, 0)        # the yellow keeples' colour where it is written on paper

INK: RGB = (35, 35, 35)
PAPER: RGB = (247, 244, 236)
PANEL: RGB = (234, 229, 216)
GOLD_EDGE: RGB = (212, 160, 23)
ROAD: RGB = (122, 80, 40)
WATER: RGB = (70, 140, 215)
GRASS_LINE: RGB = (120, 150, 90)
HIGHLIGHT: RGB = (0, 0, 0)

SEASON_FILL: dict[str, RGB] = {
    "home": (214, 196, 160),
    "spring": (190, 226, 160),
    "summer": (250, 226, 140),
    "autumn": (236, 176, 120),
    "winter": (206, 224, 244),
    "boat": (160, 205, 235),
    "turn_order": (214, 198, 236),
}

# Keeple colours (physical).
KEEPLE_RED: RGB = (214, 48, 39)
KEEPLE_BLUE: RGB = (33, 102, 196)
KEEPLE_YELLOW: RGB = (246, 206, 36)
BLACK: RGB = (0, 0, 0)
KEEPLE_GREEN: RGB = (46, 150, 64)

# Resources.
WOOD: RGB = (141, 92, 48)
STONE: RGB = (150, 150, 150)
IRON: RGB = (40, 40, 40)
GOLD: RGB = (240, 190, 20)

# Seat colours kept apart from the keeple colours (reference 12.2).
SEAT_PURPLE: RGB = (150, 80, 170)
SEAT_TEAL: RGB = (0, 140, 140)
SEAT_BROWN: RGB = (140, 90, 40)
SEAT_PINK: RGB = (235, 130, 190)
SEAT_GREY: RGB = (110, 110, 110)
SEAT_BLACK: RGB = (20, 20, 20)

COST_INK: RGB = (60, 40, 10)            # a tile's cost written on it

SPOT: RGB = WHITE                       # a village's empty spot where a tile may go
SPOT_EDGE: RGB = (90, 90, 90)
SPOT_LABEL: RGB = (60, 60, 60)
SPOT_COORDS: RGB = (110, 110, 110)
NEW_TILE: RGB = (200, 0, 120)           # a tile placed this turn, not yet final
RIVER_CHAIN: RGB = (20, 70, 150)
VILLAGE_INFO: RGB = (70, 70, 70)
