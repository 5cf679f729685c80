"""Sprites stamped on a flat background: each sprite blended on the background once (kept), then
pasted wherever it has ink. A picture made of stamps is put together from the stamps' palette
forms (each mapped once per palette and kept) pixel for pixel as the RGB picture mapped to the
palette: the legend, which changes with the player to act and the phase, is stamped in the
palette instead of drawn in RGB and mapped every time it changes. (Where two sprites overlap, the
later one covers the earlier where it has any ink.)"""
from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Hashable, Sequence

from PIL import Image

from renderers.common import drawlog
from renderers.common.fonts import forget_with_text_caches
from renderers.common.layers import Drawn, PartCache

RGB = tuple[int, int, int]
#: a sprite (RGBA, or RGB: opaque) and where its top-left corner goes
Stamp = tuple[Image.Image, tuple[int, int]]
STAMPS = 1024           # sprites kept blended on their background (and, per palette, mapped)

_FLAT: OrderedDict[tuple[Drawn, RGB], tuple[Image.Image, Image.Image | None]] = OrderedDict()
_LOCK = threading.Lock()
_MAPPED = PartCache(STAMPS)
_INK = [0] + [255] * 255        # a mask: where the sprite has any ink


def _forget() -> None:
    _MAPPED.clear()
    with _LOCK:
        _FLAT.clear()


forget_with_text_caches(_forget)


def _flat(sprite: Image.Image, background: RGB) -> tuple[Image.Image, Image.Image | None]:
    """The sprite blended on ``background`` and the mask of where it has ink (None: everywhere)."""
    if sprite.mode != "RGBA":
        return sprite, None
    key = (Drawn(sprite), background)
    with _LOCK:
        found = _FLAT.get(key)
        if found is not None:
            _FLAT.move_to_end(key)
            return found
    flat = Image.new("RGB", sprite.size, background)
    flat.paste(sprite, (0, 0), sprite)
    made = (flat, sprite.getchannel("A").point(_INK))
    with _LOCK:
        _FLAT[key] = made
        while len(_FLAT) > STAMPS:
            _FLAT.popitem(last=False)
    return made


def stamp_rgb(stamps: Sequence[Stamp], size: tuple[int, int], background: RGB, under: RGB | None = None
              ) -> Image.Image:
    """The stamps on ``background`` (RGB), blended on ``under`` (default: ``background``)."""
    image = Image.new("RGB", size, background)
    for sprite, at in stamps:
        flat, mask = _flat(sprite, under or background)
        image.paste(flat, at, mask)
        drawlog.note_pasted(image.im, sprite, at)
    return image


def stamp_palette(stamps: Sequence[Stamp], size: tuple[int, int], background: RGB, palette: Image.Image,
                  key: Hashable, under: RGB | None = None) -> Image.Image:
    """:func:`stamp_rgb` as a "P" image in ``palette`` (palette ``key``'s)."""
    image = Image.new("RGB", (1, 1), background).quantize(palette=palette, dither=Image.Dither.NONE)
    image = image.resize(size)
    stamp_on(image, (0, 0), stamps, under or background, palette, key)
    return image


def stamp_on(image: Image.Image, at: tuple[int, int], stamps: Sequence[Stamp], background: RGB, palette: Image.Image,
             key: Hashable) -> None:
    """Stamp the stamps (made for ``background``) on the "P" image ``image`` (in ``palette``,
    palette ``key``'s), their positions shifted by ``at``."""
    for sprite, (x, y) in stamps:
        flat, mask = _flat(sprite, background)
        shows = (Drawn(sprite), background)
        mapped = _MAPPED.get(key, shows)
        if mapped is None:
            mapped = flat.quantize(palette=palette, dither=Image.Dither.NONE)
            _MAPPED.put(key, shows, mapped)
        image.paste(mapped, (at[0] + x, at[1] + y), mask)
        drawlog.note_pasted(image.im, sprite, (at[0] + x, at[1] + y))


def stamps_key(stamps: Sequence[Stamp]) -> tuple:
    """What the stamps show (a key for their picture while their sprites live)."""
    return tuple((Drawn(sprite), at) for sprite, at in stamps)
