"""A player's row in the Carcassonne picture: the large follower of the supply line stays clear
of the name above it, whose end is the seat's letter ("Cara (G)"), at every scale a picture uses:
where a pixel of the one meets a pixel of the other, the name is drawn over the figure."""
from __future__ import annotations

import pytest

from games import registry
from renderers.carcassonne.panel import Fonts, players_shape, row_stamps, supply_figures
from renderers.common.phone import floors
from tests.renderers.positions import NAMES, all_options

GAME = registry.get("carcassonne")


def _ink(sprite, at) -> tuple[int, int, int, int] | None:
    """The box of the sprite's visible pixels, where it is stamped."""
    box = sprite.getchannel("A").getbbox() if sprite.mode == "RGBA" else sprite.getbbox()
    if box is None:
        return None
    return box[0] + at[0], box[1] + at[1], box[2] + at[0], box[3] + at[1]


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _touch(one, other) -> bool:
    """Whether two stamps have a visible pixel at the same place."""
    (a, at_a), (b, at_b) = one, other
    box_a, box_b = _ink(a, at_a), _ink(b, at_b)
    if box_a is None or box_b is None or not _overlap(box_a, box_b):
        return False
    alpha_a, alpha_b = a.getchannel("A"), b.getchannel("A")
    for y in range(max(box_a[1], box_b[1]), min(box_a[3], box_b[3])):
        for x in range(max(box_a[0], box_b[0]), min(box_a[2], box_b[2])):
            if alpha_a.getpixel((x - at_a[0], y - at_a[1])) > 40 and alpha_b.getpixel((x - at_b[0], y - at_b[1])) > 40:
                return True
    return False


@pytest.mark.parametrize("scale", [0.75, 1.0, 1.5])
def test_the_large_follower_does_not_cover_the_seat_letter(scale):
    state = GAME.setup(5, all_options(GAME), 3)
    view = GAME.view(state, None)
    assert "large" in view.pieces
    width = round(800 * scale)
    fl = floors(width)
    fonts = Fonts(scale, fl.text, fl.mark)
    names = NAMES[:5]
    row_h = players_shape(view, fonts).row_h
    for p in view.players:
        _, stamps = row_stamps(view, names, p, width, fonts)
        # the name with the seat's letter: the widest word in the row's upper half
        upper = [k for k, (sprite, (_, y)) in enumerate(stamps) if sprite.width < width * 0.9 and y < row_h * 0.3]
        at = [max(upper, key=lambda k: stamps[k][0].width)]
        name = stamps[at[0]]
        large = [k for k, stamp in enumerate(stamps) if stamp[0] is supply_figures(p.colour, fonts)[1]]
        assert large, "the row shows the large follower"
        for k in large:
            assert not _touch(stamps[k], name) or k < at[0], \
                f"scale {scale}: the large follower covers {names[p.seat]}'s name and letter"
