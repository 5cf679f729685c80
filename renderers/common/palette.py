"""Palette (8-bit) pictures: a fifth of an RGB picture's encoding time and a third of its size.

A board is flat colours plus anti-aliased edges, so 256 colours are enough. Building a palette
for a picture (the key colours exactly, then the picture's most frequent colours, then an octree
of a sample for the blends) costs several times the encoding, so a table keeps the palette made
for its first picture and maps every later picture to it (a fast path in Pillow). Key colours
(the renderer's colours, every player colour) are always exact; a later picture's new blends map
to the nearest colour. The palettes are kept per key (a table) in a bounded LRU.
"""
from __future__ import annotations

import re
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Callable, Hashable, Iterable, cast

from PIL import Image

RGB = tuple[int, int, int]
FREQUENT = 80          # how many of a picture's commonest colours are kept exactly
TABLES = 256           # palettes kept (one per table being drawn)


class _Known:
    """The colours chosen so far; a colour within NEAR of a key colour counts as known: Pillow maps
    a picture to a palette through a cache of 4 x 4 x 4 cells, so a near twin of a key colour
    would take the key colour's pixels (a key colour comes out exactly only without twins)."""

    NEAR = 4

    def __init__(self, keys: list[RGB]) -> None:
        self.exact: set[RGB] = set(keys)
        self.cells = {(r // self.NEAR, g // self.NEAR, b // self.NEAR) for r, g, b in keys}

    def __contains__(self, colour: RGB) -> bool:
        if colour in self.exact:
            return True
        r, g, b = (v // self.NEAR for v in colour)
        return any((r + dr, g + dg, b + db) in self.cells for dr in (-1, 0, 1) for dg in (-1, 0, 1) for db in (-1, 0, 1))

    def add(self, colour: RGB) -> None:
        self.exact.add(colour)


def build_palette(image: Image.Image, keys: list[RGB]) -> Image.Image:
    """A "P" image holding a palette made for ``image`` (RGB) that contains ``keys`` exactly."""
    step = 3
    sample = image.resize((max(1, image.width // step), max(1, image.height // step)), Image.Resampling.NEAREST)
    counts = sample.getcolors(sample.width * sample.height) or []
    counts.sort(reverse=True)
    colours = list(dict.fromkeys(keys))[:176]
    known = _Known(colours)
    for _, found in counts:
        c = cast(RGB, found)                    # an RGB image's colours
        if len(colours) >= len(keys) + FREQUENT:
            break
        if c not in known:
            colours.append(c)
            known.add(c)
    room = 256 - len(colours)
    if room > 0:
        octree = sample.quantize(room, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        flat = octree.getpalette() or []
        used = len(octree.getcolors(256) or [])
        for i in range(min(room, used)):
            c = (flat[3 * i], flat[3 * i + 1], flat[3 * i + 2])
            if c not in known:
                colours.append(c)
                known.add(c)
    colours = colours[:256]
    palette = Image.new("P", (1, 1))
    flat_colours = [v for c in colours for v in c]
    palette.putpalette(flat_colours + flat_colours[:3] * (256 - len(colours)))
    return palette


class Palettes:
    """Palettes per key (a table), bounded; ``to_palette(image, key)`` maps a picture to its key's
    palette, making it from this picture the first time (``key=None``: a palette of its own)."""

    def __init__(self, keys: Iterable[RGB], size: int = TABLES) -> None:
        self.keys = list(dict.fromkeys(keys))
        self.size = size
        self._by_key: OrderedDict[Hashable, Image.Image] = OrderedDict()
        self._lock = threading.Lock()

    def palette(self, image: Image.Image, key: Hashable | None) -> Image.Image:
        if key is None:
            return build_palette(image, self.keys)
        with self._lock:
            found = self._by_key.get(key)
            if found is not None:
                self._by_key.move_to_end(key)
                return found
        made = build_palette(image, self.keys)
        with self._lock:
            self._by_key[key] = made
            while len(self._by_key) > self.size:
                self._by_key.popitem(last=False)
        return made

    def __len__(self) -> int:
        return len(self._by_key)

    def known(self, key: Hashable) -> Image.Image | None:
        """The palette kept for ``key`` (None before its first picture)."""
        with self._lock:
            found = self._by_key.get(key)
            if found is not None:
                self._by_key.move_to_end(key)
            return found

    def to_palette(self, image: Image.Image, key: Hashable | None = None) -> Image.Image:
        return image.quantize(palette=self.palette(image, key), dither=Image.Dither.NONE)


_LITERAL = re.compile(r"\((\d{1,3}), (\d{1,3}), (\d{1,3})\)")


def file_colours(path: Path) -> list[RGB]:
    """Every ``(r, g, b)`` literal in one Python file, in the order written (repeats kept)."""
    found: list[RGB] = []
    for m in _LITERAL.finditer(path.read_text(encoding="utf-8")):
        colour = tuple(int(v) for v in m.groups())
        if all(v <= 255 for v in colour):
            found.append(colour)  # type: ignore[arg-type]
    return found


def literal_colours(folder: Path) -> list[RGB]:
    """Every ``(r, g, b)`` literal in the Python files of a renderer's folder: the colours it draws
    with, in the order written (files in name order, each colour once)."""
    return list(dict.fromkeys(c for path in sorted(folder.glob("*.py")) for c in file_colours(path)))


def blend(a: RGB, b: RGB, t: float) -> RGB:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


def fixed_palette(keys: list[RGB], towards: list[RGB]) -> Image.Image:
    """A palette made from colours alone (never from a picture): ``keys`` exactly (the first 160),
    then their blends towards ``towards`` (the backgrounds and ink that anti-aliased edges mix
    with), a grey ramp and a colour cube for whatever is left."""
    chosen = list(dict.fromkeys(keys))[:160]
    known = _Known(chosen)
    candidates = [blend(k, t, f) for t in towards for f in (0.5, 0.25, 0.75) for k in chosen]
    candidates += [(v, v, v) for v in range(0, 256, 15)]
    candidates += [(r, g, b) for r in range(0, 256, 51) for g in range(0, 256, 51) for b in range(0, 256, 85)]
    for colour in candidates:
        if len(chosen) >= 256:
            break
        if colour not in known:
            chosen.append(colour)
            known.add(colour)
    palette = Image.new("P", (1, 1))
    flat = [v for c in chosen for v in c]
    palette.putpalette(flat + flat[:3] * (256 - len(chosen)))
    return palette


class FixedPalette(Palettes):
    """One palette made from colours alone (``make``, kept by its maker), the same for every key:
    a renderer whose palette never depends on a picture, so its tables share their parts."""

    def __init__(self, make: Callable[[], Image.Image]) -> None:
        super().__init__([], size=0)
        self._make = make

    def palette(self, image: Image.Image, key: Hashable | None) -> Image.Image:
        return self._make()

    def known(self, key: Hashable) -> Image.Image | None:
        return self._make()
