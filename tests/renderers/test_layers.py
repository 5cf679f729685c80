"""Pictures put together from parts in their table's palette (renderers.common.layers): pixel for
pixel the picture that mapping the whole RGB stack gives, each part mapped once per palette,
the kept parts bounded."""
from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops, ImageDraw

from games import registry
from renderers import carcassonne, florenza, keyflower, quetzal, stone_age
from renderers.common.layers import Drawn, PartCache, compose, stack_rgb
from renderers.common.palette import Palettes
from tests.renderers.positions import NAMES

BG = (250, 245, 235)


def _part(colour, label: str, height: int = 40) -> Image.Image:
    image = Image.new("RGB", (200, height), colour)
    ImageDraw.Draw(image).text((10, 10), label, fill=(0, 0, 0))
    return image


def _same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox() is None


def test_parts_in_a_kept_palette_are_the_whole_picture_mapped_at_once():
    palettes = Palettes([(0, 0, 0), BG])
    drawn = []

    def part(shows, colour):
        def draw():
            drawn.append(shows)
            return _part(colour, shows)
        return shows, draw

    red, blue, green = part("red", (200, 30, 30)), part("blue", (30, 30, 200)), part("green", (30, 160, 30))
    compose([red, blue], 200, 10, BG, palettes, "public")            # the palette, from its first picture
    made = compose([red, green, (None, lambda: _part((90, 90, 90), "fresh"))], 200, 10, BG, palettes, "public")
    assert drawn == ["red", "blue", "green"]                          # red was kept: not drawn again
    whole = stack_rgb([_part((200, 30, 30), "red"), _part((30, 160, 30), "green"), _part((90, 90, 90), "fresh")],
                      200, 10, BG).quantize(palette=palettes.known("public"), dither=Image.Dither.NONE)
    assert made.mode == "P" and made.size == (200, 130) and made.tobytes() == whole.tobytes()


@pytest.mark.parametrize("name, module, players", [("keyflower", keyflower, 3), ("stoneage", stone_age, 2),
                                                    ("stoneage", stone_age, 4), ("florenza", florenza, 4),
                                                    ("quetzal", quetzal, 2), ("quetzal", quetzal, 5),
                                                    ("carcassonne", carcassonne, 2), ("carcassonne", carcassonne, 5)])
def test_turn_images_made_from_parts_are_the_pictures_drawn_whole(name, module, players):
    """Every turn of a random game: the picture put together from parts (most of them kept from
    earlier turns) is pixel for pixel the whole picture drawn at once and mapped to the table's
    palette."""
    game = registry.get(name)
    state = game.setup(players, frozenset(), 11)
    rng = random.Random(3)
    key = ("test", name, players)
    for turn in range(80):
        if game.outcome(state) is not None:
            break
        view = game.view(state, None)
        made = Image.open(io.BytesIO(module.render(view, NAMES[:players], cache_key=key)))
        expected = module.PALETTES.to_palette(module.render_image(view, NAMES[:players]), key)
        assert _same(made, expected), f"turn {turn}"
        seat = rng.choice(sorted(game.to_act(state)))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))


def test_the_kept_parts_are_bounded_and_a_drawn_part_is_known_by_identity():
    cache = PartCache(2)
    parts = [_part((i * 40, 0, 0), str(i)) for i in range(3)]
    for part in parts:
        cache.put("public", Drawn(part), part.convert("P"))
    assert len(cache) == 2 and cache.get("public", Drawn(parts[0])) is None
    assert cache.get("public", Drawn(parts[2])) is not None and cache.get("other", Drawn(parts[2])) is None
    assert cache.get("public", Drawn(parts[2].copy())) is None      # the same pixels, another image
    cache.resize(1)
    assert len(cache) == 1 and cache.nbytes() == 200 * 40
    PartCache(0).put("t", "x", parts[0])                               # size 0 keeps nothing
