"""The renderer: PNGs decode with sane sizes, show bids on the right edge, villages and labels,
and work for every phase, scale and name script."""
from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from games.keyflower import GAME
from renderers.keyflower import render
from renderers.keyflower import style as S
from renderers.keyflower.palette import GOLD_EDGE, PANEL

from tests.keyflower.helpers import play, put, state

NAMES = ["Ann", "Bob", "Cara", "Dan", "Eve", "Finn"]


def _img(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def _has_colour(image: Image.Image, box, colour, tol: int = 12) -> bool:
    crop = image.crop(box)
    pixels = crop.load()
    for x in range(crop.width):
        for y in range(crop.height):
            if all(abs(a - b) <= tol for a, b in zip(pixels[x, y], colour)):
                return True
    return False


def test_every_phase_renders_at_phone_width():
    rng = random.Random(4)
    st = GAME.setup(4, frozenset(), 12)
    seen = set()
    while True:
        phase = st.phase
        if phase not in seen:
            seen.add(phase)
            for viewer in (None, 0):
                image = _img(render(GAME.view(st, viewer), NAMES[:4]))
                assert image.width == 800 and 300 < image.height <= 1600
        if GAME.outcome(st) is not None:
            break
        seat = rng.choice(sorted(GAME.to_act(st)))
        actions = GAME.legal_actions(st, seat)
        passes = [a for a in actions if str(a) == "pass"]
        GAME.apply(st, seat, passes[0] if passes and rng.random() < 0.2 else rng.choice(actions))
    assert {"actions", "boats", "placement", "winter_select", "over"} <= seen


def test_regions_and_scale():
    st = GAME.setup(3, frozenset(), 2)
    view = GAME.view(st, 1)
    board = _img(render(view, NAMES[:3], region="board"))
    village = _img(render(view, NAMES[:3], region="village:2"))
    assert board.width == village.width == 800
    # a village by its player's name (any case, a unique beginning) or seat number from 1
    for region in ("Cara", "cara", "ca", "3"):
        assert _img(render(view, NAMES[:3], region=region)).tobytes() == village.tobytes()
    half = _img(render(view, NAMES[:3], scale=0.5, region="board"))
    assert half.width == 400 and abs(half.height - board.height / 2) < board.height * 0.1
    assert board.getpixel((3, 3)) == PANEL
    for unknown in ("village:9", "village:²", "village:", "boards", "villages", "Zed", "4"):      # refused: /board answers what is wrong
        with pytest.raises(ValueError):
            render(view, NAMES[:3], region=unknown)


def test_bid_is_drawn_under_its_tile_in_the_bidders_colours():
    st = state(2, auction=["keywood"], supplies=["R2", "R2"])
    st.orders = []
    before = _img(render(GAME.view(st, None), NAMES[:2], region="board"))
    play(st, 0, "bid keywood 1 red")
    after = _img(render(GAME.view(st, None), NAMES[:2], region="board"))
    assert after.height > before.height                       # a row of chips under the tile
    chips = (0, before.height - 4, after.width // 4, after.height)
    assert _has_colour(after, chips, S.seat_style(0).fill)     # the bidder's seat badge
    assert _has_colour(after, chips, S.KEEPLE["red"][0])       # the colour bid
    assert not _has_colour(before, (0, before.height - 30, before.width, before.height), S.seat_style(0).fill)


def test_village_shows_resources_upgrades_and_placement_labels():
    st = state(2, supplies=["", ""])
    put(st, 0, "keywood", 0, 1, upgraded=True, wood=3)
    image = _img(render(GAME.view(st, 0), NAMES[:2], region="village:0"))
    assert _has_colour(image, (0, 0, image.width, image.height), GOLD_EDGE)
    assert _has_colour(image, (0, 0, image.width, image.height), S.RESOURCE["wood"][0])
    st.phase = "placement"
    st.seats[0].pending = ["barn"]
    with_labels = _img(render(GAME.view(st, 0), NAMES[:2], region="village:0"))
    public = _img(render(GAME.view(st, None), NAMES[:2], region="village:0"))
    assert with_labels.height > public.height            # the legend of legal spots is for the owner only


def test_japanese_names_render():
    st = GAME.setup(2, frozenset(), 5)
    image = _img(render(GAME.view(st, 0), ["アン", "ボブ"]))
    assert image.width == 800
