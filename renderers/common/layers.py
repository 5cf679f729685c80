"""Palette pictures stacked from parts, each part drawn and mapped to its palette once.

A turn image is a stack of parts (a header, the board's rows, the players ...). A part is named
by what it shows (a key made by the renderer from everything the part draws); its palette form
is kept per palette (a bounded LRU, ``configure``), so a turn draws and maps only the parts its
move changed and pastes palette indices for the rest. The result is pixel for pixel the picture
that drawing the whole stack and mapping it at once gives: a palette maps every pixel on its
own. Public pictures of a game share one palette (see bot/service/tables.py), so the parts two
tables show alike are kept once.
"""
from __future__ import annotations

import weakref
from typing import Callable, Hashable, Sequence

from PIL import Image

from renderers.common.fonts import forget_with_text_caches
from renderers.common.lru import LRUCache
from renderers.common.palette import Palettes
from renderers.common.picture_words import drawing_key

RGB = tuple[int, int, int]
PARTS = 512             # parts kept in their palette form (rendering.layers)

#: a part: what it shows (None: drawn anew every time) and how to draw it (RGB, the picture's width)
Part = tuple[Hashable | None, Callable[[], Image.Image]]


class Drawn:
    """A part known by the image a cached drawing returned (the drawing returns the same image
    while what it shows stays the same): equal only to the same live image."""

    __slots__ = ("_ref", "_id")

    def __init__(self, image: Image.Image) -> None:
        self._ref = weakref.ref(image)
        self._id = id(image)

    def __hash__(self) -> int:
        return self._id

    def image(self) -> Image.Image | None:
        """The image, while it lives."""
        return self._ref()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Drawn) or hash(self) != hash(other):
            return False
        image = self.image()
        return image is not None and image is other.image()


class PartCache:
    """Palette forms of parts by (palette, what the part shows, the language its words are drawn
    in), least recently used first out (a :class:`LRUCache` of ``size``)."""

    def __init__(self, size: int = PARTS) -> None:
        self.kept: LRUCache[tuple[Hashable, Hashable, Hashable], Image.Image] = LRUCache(size)

    def get(self, palette: Hashable, shows: Hashable) -> Image.Image | None:
        return self.kept.get((palette, shows, drawing_key()))

    def put(self, palette: Hashable, shows: Hashable, mapped: Image.Image) -> None:
        self.kept.put((palette, shows, drawing_key()), mapped)

    def resize(self, size: int) -> None:
        self.kept.resize(size)

    def clear(self) -> None:
        self.kept.clear()

    @property
    def size(self) -> int:
        return self.kept.size

    @property
    def hits(self) -> int:
        return self.kept.hits

    @property
    def misses(self) -> int:
        return self.kept.misses

    def __len__(self) -> int:
        return len(self.kept)

    def nbytes(self) -> int:
        """Memory the kept palette forms take (their pixels, a byte each)."""
        return sum(mapped.width * mapped.height for mapped in self.kept.values())


CACHE = PartCache()
forget_with_text_caches(CACHE.clear)     # a font audit sees every text drawn, none pasted from a part


def configure(size: int) -> None:
    """How many parts are kept in their palette form (``rendering.layers``)."""
    CACHE.resize(size)


def stack_rgb(parts: Sequence[Image.Image], width: int, tail: int, background: RGB) -> Image.Image:
    """The parts one under the other on ``background``, ``tail`` pixels of it below them."""
    canvas = Image.new("RGB", (width, max(1, sum(p.height for p in parts) + tail)), background)
    y = 0
    for part in parts:
        canvas.paste(part, (0, y))
        y += part.height
    return canvas


#: a part and where its top-left corner goes
Placed = tuple[Part, tuple[int, int]]


def place_rgb(parts: Sequence[tuple[Image.Image, tuple[int, int]]], size: tuple[int, int], background: RGB) -> Image.Image:
    """The parts pasted where they go on ``background``."""
    canvas = Image.new("RGB", size, background)
    for part, at in parts:
        canvas.paste(part, at)
    return canvas


def compose_at(parts: Sequence[Placed], size: tuple[int, int], background: RGB, palettes: Palettes,
               key: Hashable | None) -> Image.Image:
    """The parts pasted where they go (they must not overlap) on ``background``, as a "P" image in
    palette ``key``'s palette: :func:`compose` for parts side by side as well as one under the
    other. The palette's first picture makes the palette from the whole picture."""
    palette = palettes.known(key) if key is not None else None
    if palette is None:
        drawn = [draw() for (_, draw), _ in parts]
        whole = palettes.to_palette(place_rgb([(image, at) for image, (_, at) in zip(drawn, parts)], size, background), key)
        if key is not None:
            for ((shows, _), (x, y)), image in zip(parts, drawn):
                if shows is not None:
                    CACHE.put(key, shows, whole.crop((x, y, x + image.width, y + image.height)))
        return whole
    canvas = Image.new("P", size, _index(background, palette))
    canvas.putpalette(palette.getpalette() or [])
    for (shows, draw), at in parts:
        canvas.paste(_mapped(key, shows, draw, palette), at)
    return canvas


def _mapped(key: Hashable, shows: Hashable | None, draw: Callable[[], Image.Image], palette: Image.Image) -> Image.Image:
    """The part in the palette: kept, or drawn and mapped now (and kept when it has a key)."""
    found = CACHE.get(key, shows) if shows is not None else None
    if found is None:
        rgb = draw()
        found = (rgb if rgb.mode == "RGB" else rgb.convert("RGB")).quantize(palette=palette, dither=Image.Dither.NONE)
        if shows is not None:
            CACHE.put(key, shows, found)
    return found


def _index(colour: RGB, palette: Image.Image) -> int:
    """The palette index ``colour`` maps to."""
    return Image.new("RGB", (1, 1), colour).quantize(palette=palette, dither=Image.Dither.NONE).getpixel((0, 0))  # type: ignore[return-value]


def compose(parts: Sequence[Part], width: int, tail: int, background: RGB, palettes: Palettes,
            key: Hashable | None) -> Image.Image:
    """The parts stacked as :func:`stack_rgb` does, as a "P" image in palette ``key``'s palette.
    The palette's first picture makes the palette from the whole picture; later ones draw and map
    only the parts not kept."""
    palette = palettes.known(key) if key is not None else None
    if palette is None:
        drawn = [draw() for _, draw in parts]
        whole = palettes.to_palette(stack_rgb(drawn, width, tail, background), key)
        if key is not None:
            y = 0
            for (shows, _), part in zip(parts, drawn):
                if shows is not None:
                    CACHE.put(key, shows, whole.crop((0, y, width, y + part.height)))
                y += part.height
        return whole
    mapped = []
    for shows, draw in parts:
        found = CACHE.get(key, shows) if shows is not None else None
        if found is None:
            rgb = draw()
            found = (rgb if rgb.mode == "RGB" else rgb.convert("RGB")).quantize(palette=palette, dither=Image.Dither.NONE)
            if shows is not None:
                CACHE.put(key, shows, found)
        mapped.append(found)
    index = Image.new("RGB", (1, 1), background).quantize(palette=palette, dither=Image.Dither.NONE).getpixel((0, 0))
    canvas = Image.new("P", (width, max(1, sum(m.height for m in mapped) + tail)), index)
    canvas.putpalette(palette.getpalette() or [])
    y = 0
    for part in mapped:
        canvas.paste(part, (0, y))
        y += part.height
    return canvas
