"""Tile, symbol and figure sprites: every tile at every rotation, colours in the right places."""
from __future__ import annotations

import pytest
from PIL import ImageChops

from games.carcassonne.components import all_tiles
from renderers.carcassonne import figures, palette as P
from renderers.carcassonne.icons import DRAWERS, icon
from renderers.carcassonne.tilesprites import anchor, tile_sprite
from renderers.common import PLAYER_COLOURS
from tests.carcassonne_render.helpers import close, pixels

SIZE = 64


def at(image, u: float, v: float):
    return image.getpixel((min(image.width - 1, int(u * image.width)), min(image.height - 1, int(v * image.height))))


@pytest.mark.parametrize("tile_id", sorted(all_tiles()))
def test_every_tile_renders_at_every_rotation(tile_id):
    sprites = [tile_sprite(tile_id, r, SIZE) for r in range(4)]
    for s in sprites:
        assert s.size == (SIZE, SIZE) and s.mode == "RGB"
        colours = s.getcolors(SIZE * SIZE)
        assert colours and len(colours) > 3            # not a blank square
    t = all_tiles()[tile_id]
    # the edge types show on the right sides after rotation: sample each edge's middle
    for r, s in enumerate(sprites):
        for k, side in enumerate("NESW"):
            canonical = t.edges[(k - r) % 4]
            u, v = {"N": (0.5, 0.02), "E": (0.98, 0.5), "S": (0.5, 0.98), "W": (0.02, 0.5)}[side]
            px = at(s, u, v)
            if canonical == "C":
                assert close(px, P.CITY, 30) or close(px, P.WALL, 60), (tile_id, r, side, px)
            elif canonical == "R":
                assert close(px, P.ROAD, 30), (tile_id, r, side, px)
            elif canonical == "~":
                assert close(px, P.RIVER, 30), (tile_id, r, side, px)
            else:
                assert close(px, P.FIELD, 30), (tile_id, r, side, px)


def test_city_road_and_field_pixels_after_rotation():
    e0, e1 = tile_sprite("E", 0, 96), tile_sprite("E", 1, 96)
    assert close(at(e0, 0.5, 0.08), P.CITY) and close(at(e0, 0.5, 0.8), P.FIELD)
    assert close(at(e1, 0.92, 0.5), P.CITY) and close(at(e1, 0.1, 0.5), P.FIELD)
    # V: road curve S-W; one quarter turn clockwise makes it W-N
    v1 = tile_sprite("V", 1, 96)
    assert close(at(v1, 0.5, 0.03), P.ROAD) and close(at(v1, 0.03, 0.5), P.ROAD)
    assert close(at(v1, 0.97, 0.5), P.FIELD) and close(at(v1, 0.5, 0.97), P.FIELD)
    # a city wall separates the city cap of E from its field
    column = [at(e0, 0.5, y / 96) for y in range(10, 45)]
    assert any(close(px, P.WALL, 40) for px in column)
    # river tiles are blue along the river
    r6 = tile_sprite("R06", 1, 96)
    assert close(at(r6, 0.5, 0.03), P.RIVER) and close(at(r6, 0.5, 0.97), P.RIVER)


def test_symbols_stay_upright_when_the_tile_turns():
    # the pennant of M sits in the city; after a half turn it is in the opposite corner, not upside down
    m0, m2 = tile_sprite("M", 0, 96), tile_sprite("M", 2, 96)
    shield = icon("pennant", 19)
    assert shield.getbbox() is not None
    blue = (34, 78, 176)
    def blue_centre(img):
        pts = [(x, y) for x in range(96) for y in range(96) if close(img.getpixel((x, y)), blue, 25)]
        return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
    (x0, y0), (x2, y2) = blue_centre(m0), blue_centre(m2)
    assert abs((x0 + x2) - 96) < 8 and abs((y0 + y2) - 96) < 8
    # upright: the blue half of the shield is on its right side in both
    for img, (cx, cy) in ((m0, (x0, y0)), (m2, (x2, y2))):
        left = img.crop((int(cx) - 8, int(cy) - 3, int(cx) - 2, int(cy) + 3))
        assert not any(close(px, blue, 25) for px in pixels(left))


def test_sprites_are_cached():
    a = tile_sprite("J", 3, 72)
    b = tile_sprite("J", 3, 72)
    assert a is b
    assert figures.follower("red", 24) is figures.follower("red", 24)


def test_anchor_rotates_with_the_tile():
    # D: the city is north in r0 and east in r1
    assert anchor("D", 0, "city", 0)[1] < 0.3
    assert anchor("D", 1, "city", 0)[0] > 0.7
    assert anchor("unknown", 0, "city", 0) is None


def test_every_symbol_draws_something():
    for kind in DRAWERS:
        assert icon(kind, 24).getbbox() is not None, kind


def test_figure_shapes_differ_by_kind_and_carry_the_colour():
    standing = figures.follower("blue", 30)
    lying = figures.follower("blue", 30, lying=True)
    large = figures.follower("blue", 30, large=True)
    builder = figures.builder("blue", 30)
    pig = figures.pig("blue", 30)
    assert lying.width > lying.height and standing.height > standing.width * 0.9
    assert large.height > standing.height * 1.2
    masks = [s.getchannel("A").point(lambda a: 255 if a > 128 else 0).resize((32, 32)) for s in
             (standing, builder, pig)]
    for i in range(3):
        for j in range(i + 1, 3):
            assert ImageChops.difference(masks[i], masks[j]).getbbox() is not None
    fill = PLAYER_COLOURS["blue"].fill
    for sprite in (standing, lying, large, builder, pig):
        rgb = sprite.convert("RGB")
        assert sum(1 for px in pixels(rgb) if close(px, fill, 10)) > 30
    assert figures.dragon(30).getbbox() and figures.fairy(30).getbbox()


def test_unknown_tile_gets_a_placeholder():
    s = tile_sprite("Z99", 0, 48)
    assert s.size == (48, 48)
