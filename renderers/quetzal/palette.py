"""The colours Quetzal's picture is drawn with (player colours come from renderers.common).

The order matters twice. The replays' palettes take the package's colour literals in the order
written (renderers.common.palette.literal_colours): this file's, in the order below. The
picture's fixed palette (renderers.quetzal.palettes) starts with its own order, ``KEY_ORDER``.
Both orders are part of every picture.
"""
from __future__ import annotations

from renderers.common.palette import RGB

PAPER: RGB = (248, 243, 230)
INK: RGB = (35, 30, 25)
BOX: RGB = (255, 252, 244)
WHITE: RGB = (255, 255, 255)
BLACK_FACE: RGB = (25, 25, 25)          # a worker's black face
BLACK: RGB = (0, 0, 0)
CLOSED: RGB = (205, 200, 190)
HILITE: RGB = (0, 114, 178)
HEADER: RGB = (40, 70, 60)
HEADER_TEXT: RGB = (250, 240, 200)
WHITE_FACE: RGB = (250, 250, 250)       # a worker's white face
SPACE_SYMBOL: RGB = (60, 60, 60)        # the badge of a space's type (1, + or ∞)
CLOSED_LINE: RGB = (150, 140, 130)      # the stroke across a closed space
DISPLAY_CARD: RGB = (214, 120, 64)      # a temple's cards taken from the display…
DECK_CARD: RGB = (60, 60, 60)           # …and drawn from the deck
EMPTY_SLOT: RGB = (170, 160, 150)
REWARD: RGB = (214, 234, 244)           # a step of a track that rewards
SECTION_TITLE: RGB = (40, 70, 60)
NOTE: RGB = (90, 80, 70)
STAR: RGB = (250, 250, 250)
FAINT_TEXT: RGB = (120, 110, 100)

#: relic cards by kind: vase, tablet, weapon, statue, mummy
CARD_BG: dict[str, RGB] = {"V": (214, 120, 64), "T": (94, 129, 172), "W": (120, 120, 128), "S": (206, 160, 40),
                           "M": (140, 90, 150)}
GOLD: RGB = (232, 184, 32)
DISC: RGB = (40, 150, 200)
PERMANENT_TILE: RGB = (222, 236, 214)
TEMPORARY_TILE: RGB = (246, 226, 200)
WILD_LABEL: RGB = (200, 30, 30)         # the ID on a wild worker
BLACK_FACE_EDGE: RGB = (120, 120, 120)

#: the fixed palette's first colours (each once), in the order it has always had them
KEY_ORDER: tuple[RGB, ...] = (
    BLACK, INK, PAPER, *CARD_BG.values(), GOLD, DISC, WHITE_FACE, WHITE, PERMANENT_TILE, TEMPORARY_TILE, BLACK_FACE,
    WILD_LABEL, BLACK_FACE_EDGE, BOX, CLOSED, HILITE, HEADER, HEADER_TEXT, SPACE_SYMBOL, CLOSED_LINE, EMPTY_SLOT, REWARD,
    NOTE, FAINT_TEXT,
)
