"""The renderer: valid PNGs of sane size at every phase, with key regions checked by pixel."""
from __future__ import annotations

import io
import random

from PIL import Image

from games.quetzal import GAME
from renderers.quetzal import render
from renderers.quetzal.palette import CLOSED, HILITE

NAMES = ["Ana", "Ben", "Cy", "ダイ", "Eve"]


def image(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")


def test_render_every_phase_and_viewer() -> None:
    state = GAME.setup(4, frozenset(), 2)
    rng = random.Random(2)
    seen = set()
    step = 0
    while not GAME.is_over(state):
        if step % 17 == 0 or state.phase not in seen:
            seen.add(state.phase)
            img = image(render(GAME.view(state, None), NAMES[:4]))
            assert img.width == 800 and 1200 < img.height <= 1600
            own = image(render(GAME.view(state, min(GAME.to_act(state))), NAMES[:4]))
            assert own.width == 800 and 300 < own.height < img.height
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        step += 1
    final = image(render(GAME.view(state, None), NAMES[:4]))
    assert final.width == 800
    assert seen >= {"place", "resolve"}


def test_scale_and_regions() -> None:
    state = GAME.setup(3, frozenset(), 1)
    view = GAME.view(state, None)
    full = image(render(view, NAMES[:3]))
    half = image(render(view, NAMES[:3], scale=0.5))
    assert abs(half.width - 400) <= 1 and abs(half.height - full.height / 2) < 12
    board = image(render(view, NAMES[:3], region="board"))
    players = image(render(view, NAMES[:3], region="players"))
    assert board.width == players.width == 800
    assert board.height < full.height and players.height < full.height
    one = image(render(view, NAMES[:3], region="cy"))            # a player's name, any case
    assert one.height < players.height
    assert image(render(view, NAMES[:3], region="3")).tobytes() == one.tobytes()
    try:
        render(view, NAMES[:3], region="nobody")
    except ValueError:
        pass
    else:
        raise AssertionError("an unknown region is refused")


def near(img: Image.Image, colour: tuple[int, int, int], tolerance: int = 8) -> int:
    """Pixels within ``tolerance`` of ``colour`` per channel (the palette maps colours approximately)."""
    return sum(n for n, c in img.getcolors(1 << 20) if all(abs(a - b) <= tolerance for a, b in zip(c, colour)))


def test_key_pixels() -> None:
    two = GAME.setup(2, frozenset(), 1)
    img = image(render(GAME.view(two, None), NAMES[:2]))
    assert near(img.crop((0, 0, 8, 40)), (40, 70, 60)) == 320             # header band
    three = GAME.setup(3, frozenset(), 1)
    img3 = image(render(GAME.view(three, None), NAMES[:3]))
    assert near(img, CLOSED, 3) > 8000 > near(img3, CLOSED, 3)            # v3 is greyed out with two players
    assert near(img, HILITE, 3) > 2000                                     # the acting player's line


def test_hidden_hand_is_not_drawn_but_own_hand_is() -> None:
    state = GAME.setup(2, frozenset(), 5)
    state.seats[0].hand = ["M01", "M02", "M03"]
    mummy = (140, 90, 150)
    def purple(png: bytes) -> int:
        img = image(png)
        band = img.crop((0, 110, img.width, img.height))   # the seat's panel under the header
        return near(band, mummy)
    own = purple(render(GAME.view(state, 0), NAMES[:2]))
    assert own > 1000
    # seat 0's panel as seat 1 and the public see it: the hand stays hidden
    assert purple(render(GAME.view(state, 1), NAMES[:2], region=NAMES[0])) < own - 1000
    assert purple(render(GAME.view(state, None), NAMES[:2], region=NAMES[0])) < own - 1000
