"""Shared drawing helpers: fonts, player colours, PNG encoding."""
from renderers.common.colors import PLAYER_COLOURS, PlayerColour, player_colour
from renderers.common.fonts import font, has_cjk_font
from renderers.common.png import encode_png

__all__ = ["PLAYER_COLOURS", "PlayerColour", "encode_png", "font", "has_cjk_font", "player_colour"]
