"""The deploy codes on a placed tile (the /help picture's tile, the turn image while a follower is
placed) leave the tile to be seen: their boxes let it show through and fit the codes tightly, so
that few of the tile's pixels are hidden by a box's white or a code's black."""
from __future__ import annotations

import io
from dataclasses import replace

from PIL import Image

from games import registry
from renderers import registry as renderers
from renderers.carcassonne.windows import whole_window
from renderers.common.picture_words import with_codes
from renderers.helppicture import SCENES, position

GAME = registry.get("carcassonne")
OPAQUE = {(255, 255, 255), (0, 0, 0)}


def _board(view) -> Image.Image:
    with with_codes():
        png = renderers.render("carcassonne", view, ["Player 1", "Player 2"], region=SCENES["carcassonne"].region)
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_the_deploy_codes_hide_little_of_the_tile():
    state, _ = position(GAME, SCENES["carcassonne"])
    view = GAME.view(state, None)
    assert view.phase == "deploy" and len(view.deploy_options) >= 6
    coded, plain = _board(view), _board(replace(view, deploy_options=()))
    assert coded.size == plain.size
    a, b = coded.load(), plain.load()
    hidden = sum(1 for y in range(coded.height) for x in range(coded.width) if a[x, y] != b[x, y] and a[x, y] in OPAQUE)
    tile = whole_window(view).tile
    assert hidden / (tile * tile) < 0.12, f"the codes hide {hidden / (tile * tile):.0%} of the tile"
