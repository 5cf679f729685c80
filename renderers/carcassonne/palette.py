"""Colours of the landscape and the board (player colours come from renderers.common)."""
from __future__ import annotations

RGB = tuple[int, int, int]

FIELD: RGB = (124, 170, 76)
FIELD_EDGE: RGB = (96, 138, 58)
CITY: RGB = (214, 170, 110)
CITY_ROOF: RGB = (196, 146, 92)
WALL: RGB = (104, 66, 38)
ROAD: RGB = (246, 242, 228)
ROAD_EDGE: RGB = (122, 108, 88)
RIVER: RGB = (78, 150, 222)
RIVER_EDGE: RGB = (40, 98, 168)
TILE_LINE: RGB = (70, 90, 50)

BOARD_BG: RGB = (238, 234, 222)
GRID_LINE: RGB = (222, 216, 200)
LEGAL: RGB = (168, 168, 168)
LEGAL_TEXT: RGB = (20, 20, 20)
LABEL: RGB = (60, 60, 60)
PANEL_BG: RGB = (250, 248, 242)
PANEL_LINE: RGB = (200, 194, 180)
CURRENT_BG: RGB = (255, 236, 170)
TEXT: RGB = (25, 25, 25)
MUTED: RGB = (105, 105, 105)
OUTLINE_LIGHT: RGB = (255, 255, 255)
OUTLINE_DARK: RGB = (20, 20, 20)
