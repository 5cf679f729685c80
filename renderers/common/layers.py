"""Palette pictures put together from parts, each part mapped to its table's palette once.

A turn image is a stack of parts (a header, the players, the auction, a village ...); most of
them are drawn by cached functions and come back as the very same image while what they show
stays the same. Mapping a whole picture to its palette costs about half of its PNG encoding, so
the "P" version of each part is kept per table palette (a bounded LRU, ``configure``) and a turn
maps only the parts it drew anew, then pastes palette indices. The result is pixel for pixel the
picture that mapping the whole RGB stack would give: a palette maps every pixel on its own.
"""
from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from typing import Callable, Hashable, Sequence

from PIL import Image

from renderers.common.fonts import clear_on_audit
from renderers.common.palette import Palettes

RGB = tuple[int, int, int]
PARTS = 512             # parts kept in their palette form (rendering.layers)

Placed = tuple[Image.Image, tuple[int, int]]


class PartCache:
    """Palette forms of parts by (table palette, part), least recently used dropped first. A part
    is known by identity (a cached drawing returns the same image while its content is the
    same); a weak reference makes sure a reused id is never taken for the part it was."""

    def __init__(self, size: int = PARTS) -> None:
        self.size = size
        self._parts: OrderedDict[tuple[Hashable, int], tuple[weakref.ref, Image.Image]] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = self.misses = 0

    def get(self, key: Hashable, part: Image.Image) -> Image.Image | None:
        with self._lock:
            found = self._parts.get((key, id(part)))
            if found is None or found[0]() is not part:
                self.misses += 1
                return None
            self._parts.move_to_end((key, id(part)))
            self.hits += 1
            return found[1]

    def put(self, key: Hashable, part: Image.Image, mapped: Image.Image) -> None:
        if self.size <= 0:
            return
        with self._lock:
            self._parts[(key, id(part))] = (weakref.ref(part), mapped)
            self._parts.move_to_end((key, id(part)))
            while len(self._parts) > self.size:
                self._parts.popitem(last=False)

    def resize(self, size: int) -> None:
        with self._lock:
            self.size = max(0, size)
            while len(self._parts) > self.size:
                self._parts.popitem(last=False)

    def __len__(self) -> int:
        return len(self._parts)

    def nbytes(self) -> int:
        """Memory the kept palette forms take (their pixels)."""
        with self._lock:
            return sum(mapped.width * mapped.height for _, mapped in self._parts.values())


class DrawnParts:
    """Parts (RGB) by what they show: ``key`` is made by the caller from everything the part
    draws, so the same key is the same picture; least recently used dropped first."""

    def __init__(self, size: int = PARTS) -> None:
        self.size = size
        self._parts: OrderedDict[Hashable, Image.Image] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, draw: Callable[[], Image.Image]) -> Image.Image:
        """The part drawn for ``key`` (by ``draw()`` the first time)."""
        with self._lock:
            found = self._parts.get(key)
            if found is not None:
                self._parts.move_to_end(key)
                return found
        made = draw()
        if self.size > 0:
            with self._lock:
                self._parts[key] = made
                while len(self._parts) > self.size:
                    self._parts.popitem(last=False)
        return made

    def resize(self, size: int) -> None:
        with self._lock:
            self.size = max(0, size)
            while len(self._parts) > self.size:
                self._parts.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._parts.clear()

    def __len__(self) -> int:
        return len(self._parts)

    def nbytes(self) -> int:
        with self._lock:
            return sum(len(part.getbands()) * part.width * part.height for part in self._parts.values())


CACHE = PartCache()
DRAWN = DrawnParts()
clear_on_audit(DRAWN.clear)


def configure(size: int) -> None:
    """How many parts are kept, drawn and in their palette form (``rendering.layers``)."""
    CACHE.resize(size)
    DRAWN.resize(size)


def drawn(key: Hashable, draw: Callable[[], Image.Image]) -> Image.Image:
    """The part ``draw()`` makes, drawn once per ``key`` (see :class:`DrawnParts`)."""
    return DRAWN.get(key, draw)


def stack_rgb(parts: Sequence[Placed], size: tuple[int, int], background: RGB) -> Image.Image:
    """The parts pasted on a canvas of ``background`` (the RGB picture)."""
    canvas = Image.new("RGB", size, background)
    for part, at in parts:
        canvas.paste(part, at)
    return canvas


def compose(parts: Sequence[Placed], size: tuple[int, int], background: RGB, palettes: Palettes,
            key: Hashable | None) -> Image.Image:
    """The parts on a canvas of ``background`` as a "P" image in the table ``key``'s palette: the
    table's first picture makes its palette from the whole picture; later ones map only the
    parts not mapped before."""
    palette = palettes.known(key) if key is not None else None
    if palette is None:
        whole = palettes.to_palette(stack_rgb(parts, size, background), key)
        if key is not None:
            for part, (x, y) in parts:
                CACHE.put(key, part, whole.crop((x, y, x + part.width, y + part.height)))
        return whole
    index = Image.new("RGB", (1, 1), background).quantize(palette=palette, dither=Image.Dither.NONE).getpixel((0, 0))
    canvas = Image.new("P", size, index)
    canvas.putpalette(palette.getpalette() or [])
    for part, at in parts:
        mapped = CACHE.get(key, part)
        if mapped is None:
            rgb = part if part.mode == "RGB" else part.convert("RGB")
            mapped = rgb.quantize(palette=palette, dither=Image.Dither.NONE)
            CACHE.put(key, part, mapped)
        canvas.paste(mapped, at)
    return canvas
