"""The board drawn square by square and the panel stamped from its sprites: a turn image put
together from kept parts (squares, legend, rows) is the whole picture drawn at once, with every
add-on's marks on the board, in both languages; nothing a square draws reaches its neighbours."""
from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops

from games import registry
from games.carcassonne.view import FigureView, PlacedTileView
from renderers.carcassonne import PALETTES, render, render_image, square_box
from renderers.carcassonne.squares import Square, square_image
from renderers.common.phone import floors
from renderers.common.picture_words import speaking
from renderers.common import PLAYER_COLOURS
from tests.carcassonne_render.helpers import count_near, small_view
from tests.renderers.positions import JAPANESE, NAMES, all_options

RED = PLAYER_COLOURS["red"].fill


@pytest.mark.parametrize("locale, names", [("en", NAMES), ("ja", JAPANESE)])
def test_turn_images_with_every_add_on_are_the_pictures_drawn_whole(locale, names):
    """Turns of a five-player game with every option that can be on (dragon path, portal, fairy,
    princess, deploy codes on a focused board): each turn image from parts, most of them kept
    from earlier turns, is pixel for pixel the whole picture mapped to the table's palette."""
    game = registry.get("carcassonne")
    assert game is not None
    state = game.setup(5, all_options(game), 5)
    rng = random.Random(9)
    key = ("test squares", locale)
    phases = set()
    for turn in range(260):
        if game.outcome(state) is not None:
            break
        view = game.view(state, None)
        if turn >= 150 or turn % 20 == 0:         # the start, and a large board turn after turn
            phases.add(view.phase)
            with speaking(locale):
                made = Image.open(io.BytesIO(render(view, names[:5], cache_key=key))).convert("RGB")
                whole = PALETTES.to_palette(render_image(view, names[:5]), key).convert("RGB")
            assert made.size == whole.size and ImageChops.difference(made, whole).getbbox() is None, f"turn {turn}"
        seat = rng.choice(sorted(game.to_act(state)))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert {"place", "deploy"} <= phases


def test_a_figure_at_a_tiles_edge_stays_on_its_square():
    """A farmer whose field touches the tile's edge (K02's first field stands 1/20 of a tile from
    the west edge) is moved in: it is on its tile, and the empty square beside it shows nothing
    of it."""
    tile = PlacedTileView(0, 0, "K02", 0)
    farmer = FigureView(0, 0, 0, "follower", "field", 0)
    view = small_view(tiles=(tile,), figures=(farmer,), last_placed=None, legal_placements=())
    image = render_image(view, ["Ann", "Bob"])
    left, top, size = square_box(view, 0, 0) or (0, 0, 0)
    assert count_near(image, (left, top, left + size // 2, top + size // 2), RED, 16) >= 20
    for x, y in ((-1, 0), (1, 0), (0, -1), (0, 1), (-1, -1)):
        box = square_box(view, x, y)
        assert box is not None
        left, top, size = box
        empty = square_image(Square(size, 1.0, floors(image.width)))
        assert ImageChops.difference(image.crop((left, top, left + size, top + size)), empty).getbbox() is None, (x, y)


def test_a_palette_made_and_filled_at_warm_up_draws_the_same_turn_images():
    """The drawing worker's warm-up makes the public pictures' palette from a game in play and
    every tile, and maps every tile's square to it at the focused sizes: a turn image drawn in that
    palette afterwards (its plain squares pasted as the warm-up mapped them) is pixel for pixel the
    whole picture mapped to the same palette."""
    from renderers.carcassonne import warm_up

    key = ("test warm palette",)
    assert PALETTES.known(key) is None
    warm_up(palette=key)
    assert PALETTES.known(key) is not None
    game = registry.get("carcassonne")
    assert game is not None
    state = game.setup(4, all_options(game), 12)
    rng = random.Random(4)
    drawn = 0
    for turn in range(200):
        if game.outcome(state) is not None:
            break
        if turn >= 120 and turn % 7 == 0:         # large boards: the focused turn image
            view = game.view(state, None)
            made = Image.open(io.BytesIO(render(view, NAMES[:4], cache_key=key))).convert("RGB")
            whole = PALETTES.to_palette(render_image(view, NAMES[:4]), key).convert("RGB")
            assert made.size == whole.size and ImageChops.difference(made, whole).getbbox() is None, f"turn {turn}"
            drawn += 1
        seat = rng.choice(sorted(game.to_act(state)))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert drawn >= 5
