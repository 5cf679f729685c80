"""The colours Stone Age's picture is drawn with (player colours come from renderers.common).

The order matters: the PNG palette's key colours are this file's colour literals in the order
written (renderers.common.palette.literal_colours), and that order is part of every picture.
"""
from __future__ import annotations

from renderers.common.palette import RGB

HEADER_FILL: RGB = (70, 52, 36)
HEADER_TEXT: RGB = (255, 246, 220)
HEADER_INFO: RGB = (255, 230, 190)      # the buildings and the deck left
WHITE: RGB = (255, 255, 255)
GOLD_INK: RGB = (40, 30, 0)             # text on gold
VILLAGE_FILL: RGB = (236, 228, 210)
STACK_FILL: RGB = (233, 222, 200)
STACK_EMPTY: RGB = (220, 214, 204)
CARD_FILL: RGB = (250, 246, 236)
CARD_EDGE: RGB = (120, 100, 70)
CARD_PRICE: RGB = (150, 140, 125)       # a card slot's cost, one square per resource
CARD_PRICE_EDGE: RGB = (80, 70, 60)
CARD_TAKEN: RGB = (225, 220, 210)

BG: RGB = (244, 238, 224)
PANEL: RGB = (252, 249, 241)
INK: RGB = (35, 30, 25)
MUTED: RGB = (120, 110, 95)
LINE: RGB = (190, 178, 155)
CLOSED: RGB = (150, 40, 40)
HIGHLIGHT: RGB = (255, 214, 102)        # the winner's column in the final scores
#: whose turn it is: a dark frame and a pointer, never a player's colour (yellow is a seat colour)
TURN_FRAME: RGB = (28, 28, 40)
TURN_FILL: RGB = (236, 240, 248)

RESOURCE_FILL: dict[str, RGB] = {
    "food": (196, 141, 60), "wood": (125, 82, 43), "brick": (196, 98, 62),
    "stone": (128, 134, 145), "gold": (222, 178, 20),
}
RESOURCE_TEXT: dict[str, RGB] = {"food": WHITE, "wood": WHITE, "brick": WHITE, "stone": WHITE, "gold": GOLD_INK}
CULTURE_BAND: RGB = (94, 148, 92)
SAND_BAND: RGB = (214, 186, 130)
SQUARE_EDGE: RGB = (60, 50, 40)         # a resource square's outline
DIE_DIM: RGB = (225, 222, 215)
DIE_EDGE: RGB = (40, 40, 40)
PIP: RGB = (30, 30, 30)
PIP_DIM: RGB = (120, 120, 120)
CLOSED_TAG: RGB = (255, 236, 236)
HATCH = (120, 110, 100, 70)             # the see-through hatching over a closed location (RGBA)

TOOL_USED: RGB = (205, 200, 190)
TOOL_EMPTY: RGB = (236, 232, 224)
TOOL_EDGE: RGB = (90, 80, 70)
TOOL_STRUCK: RGB = (110, 100, 90)       # the stroke across a used tool
ONE_USE: RGB = (255, 236, 180)          # one-use tools, and the badge of cards still to claim
ONE_USE_EDGE: RGB = (150, 110, 30)
HUNGER: RGB = (255, 225, 225)
MULTIPLIER: RGB = (120, 90, 40)         # the culture cards' multipliers
RANK: RGB = (150, 100, 20)
