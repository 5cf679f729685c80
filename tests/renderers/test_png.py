"""The PNG writer (renderers.common.png): banded palette pictures decode to exactly the pixels
and palette drawn, bands seen before are not compressed again, the kept bands are bounded, and
every other picture is Pillow's own PNG."""
from __future__ import annotations

import io
import random
import struct
import zlib

import pytest
from PIL import Image

from renderers.common import png
from renderers.common.png import BAND_ROWS, BandCache, encode_png


@pytest.fixture(autouse=True)
def fresh_cache():
    kept = png.CACHE
    png.CACHE = BandCache(64)
    yield
    png.CACHE = kept


def _palette_picture(rng: random.Random, size: tuple[int, int], colours: int = 40) -> Image.Image:
    image = Image.new("P", size, 3)
    image.putpalette([rng.randrange(256) for _ in range(3 * colours)])
    image.putdata([rng.randrange(colours) if rng.random() < 0.3 else 3 for _ in range(size[0] * size[1])])
    return image


def _decoded(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()                # Pillow checks every chunk's CRC
    return image


def _chunks(data: bytes) -> dict[bytes, bytes]:
    found, at = {}, 8
    while at < len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        found[kind] = data[at + 8:at + 8 + length]
        at += 12 + length
    return found


@pytest.mark.parametrize("size", [(1, 1), (17, 15), (800, 16), (640, 33), (333, 100), (800, 161)])
def test_a_palette_picture_decodes_to_its_pixels_and_palette(size):
    rng = random.Random(sum(size))
    image = _palette_picture(rng, size)
    data = encode_png(image)
    out = _decoded(data)
    assert (out.mode, out.size) == ("P", size)
    assert out.tobytes() == image.tobytes()
    assert out.getpalette() == image.getpalette()
    rows = zlib.decompress(_chunks(data)[b"IDAT"])          # checks the stream's Adler-32 too
    assert rows[::size[0] + 1] == bytes(size[1])             # filter "none" on every row, as Pillow
    assert _decoded(encode_png(image)).tobytes() == image.tobytes()    # again, from kept bands


def test_only_the_bands_a_picture_changed_are_compressed_again():
    rng = random.Random(5)
    first = _palette_picture(rng, (300, 10 * BAND_ROWS))
    encode_png(first)
    assert (png.CACHE.hits, png.CACHE.misses) == (0, 10)
    second = first.copy()
    second.putpixel((7, 4 * BAND_ROWS + 3), 9)              # one pixel, in band 4
    out = _decoded(encode_png(second))
    assert out.tobytes() == second.tobytes() and out.tobytes() != first.tobytes()
    assert (png.CACHE.hits, png.CACHE.misses) == (9, 11)


def test_bands_from_different_pictures_join_into_one_valid_stream():
    rng = random.Random(9)
    a, b = _palette_picture(rng, (200, 4 * BAND_ROWS)), _palette_picture(rng, (200, 4 * BAND_ROWS))
    b.putpalette(a.getpalette() or [])
    encode_png(a)
    encode_png(b)
    mixed = a.copy()
    mixed.paste(b.crop((0, BAND_ROWS, 200, 3 * BAND_ROWS)), (0, BAND_ROWS))
    data = encode_png(mixed)
    assert png.CACHE.misses == 8                             # every band of it was kept already
    assert _decoded(data).tobytes() == mixed.tobytes()


def test_the_kept_bands_are_bounded():
    png.CACHE = BandCache(3)
    rng = random.Random(2)
    for _ in range(4):
        image = _palette_picture(rng, (100, 5 * BAND_ROWS))
        assert _decoded(encode_png(image)).tobytes() == image.tobytes()
    assert len(png.CACHE) == 3 and png.CACHE.nbytes() > 0
    png.configure(1)
    assert len(png.CACHE) == 1
    png.configure(0)
    image = _palette_picture(rng, (100, 40))
    assert _decoded(encode_png(image)).tobytes() == image.tobytes() and len(png.CACHE) == 0


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L", "small palette", "transparency"])
def test_other_pictures_are_pillows_png(mode):
    rng = random.Random(3)
    if mode == "small palette":
        image = _palette_picture(rng, (50, 40), colours=8)
    elif mode == "transparency":
        image = _palette_picture(rng, (50, 40))
        image.info["transparency"] = 3
    else:
        image = Image.new(mode, (50, 40), "white")
        image.putpixel((4, 4), (10, 20, 30, 40)[:len(mode)] if mode != "L" else 10)
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", **png.PNG_SETTINGS)
    assert encode_png(image) == buffer.getvalue()
    assert len(png.CACHE) == 0
