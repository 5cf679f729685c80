"""Shared drawing helpers: fonts, player colours, PNG encoding, phone sizes, image words."""
from renderers.common.colors import PLAYER_COLOURS, PlayerColour, player_colour
from renderers.common.fonts import font, font_audit, has_cjk_font, min_mark_px, min_text_px, text_cache
from renderers.common.png import encode_png
from renderers.common.picture_words import N_, coded, named, numbered, word, words

__all__ = ["PLAYER_COLOURS", "PlayerColour", "encode_png", "font", "font_audit", "has_cjk_font", "min_mark_px", "min_text_px",
           "player_colour", "text_cache", "word", "words", "named", "numbered", "coded", "N_"]
