"""Pictures put together from parts in their table's palette (renderers.common.layers): pixel for
pixel the picture that mapping the whole RGB stack gives, each part mapped once per palette,
the kept parts bounded."""
from __future__ import annotations

import io
import random

from PIL import Image, ImageChops, ImageDraw

from games import registry
from renderers import keyflower
from renderers.common import layers
from renderers.common.layers import PartCache, compose, stack_rgb
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
    first = [(_part((200, 30, 30), "red"), (0, 0)), (_part((30, 30, 200), "blue"), (0, 50))]
    compose(first, (200, 100), BG, palettes, "table")           # the table's palette, from its first picture
    cache = layers.CACHE
    kept = first[0][0]
    hits = cache.hits
    later = [(kept, (0, 0)), (_part((30, 160, 30), "green"), (0, 45))]
    made = compose(later, (200, 100), BG, palettes, "table")
    assert made.mode == "P" and cache.hits == hits + 1              # the kept part was not mapped again
    whole = stack_rgb(later, (200, 100), BG).quantize(palette=palettes.known("table"), dither=Image.Dither.NONE)
    assert made.tobytes() == whole.tobytes()


def test_keyflower_turns_are_the_same_pictures_as_before():
    game = registry.get("keyflower")
    state = game.setup(3, frozenset(), 11)
    rng = random.Random(3)
    key = ("test", "keyflower-layers")
    for turn in range(12):
        view = game.view(state, None)
        png = keyflower.render(view, NAMES[:3], cache_key=key)
        made = Image.open(io.BytesIO(png))
        expected = keyflower.PALETTES.to_palette(keyflower.render_image(view, NAMES[:3]), key)
        assert _same(made, expected), f"turn {turn}"
        seat = rng.choice(sorted(game.to_act(state)))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))


def test_the_kept_parts_are_bounded_and_known_by_identity():
    cache = PartCache(2)
    parts = [_part((i * 40, 0, 0), str(i)) for i in range(3)]
    for part in parts:
        cache.put("t", part, part.convert("P"))
    assert len(cache) == 2 and cache.get("t", parts[0]) is None and cache.get("t", parts[2]) is not None
    assert cache.get("other table", parts[2]) is None
    cache.resize(1)
    assert len(cache) == 1 and cache.nbytes() == 200 * 40
    PartCache(0).put("t", parts[0], parts[0])                        # size 0 keeps nothing
