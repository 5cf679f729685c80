"""Font loading with CJK coverage, and the smallest text a phone can read.

Player names can be Japanese, Chinese, Korean, Cyrillic... Noto Sans CJK covers all of those
plus Latin; the set-up installs it (Debian: fonts-noto-cjk). DejaVu is the fallback.

Every renderer takes its fonts from :func:`font`. A phone shows an image at the screen's width
(about 400 points), so text must be sized relative to the image's width:
:func:`min_text_px` is the smallest font size allowed for an image ``width`` pixels wide, and
:func:`font_audit` records every size asked for while it is open (tests check the floor with it).
A *mark* (``font(size, mark=True)``) is a single letter or digit inside a coloured shape (a
player's letter on a figure, a seat number in its badge): a lone glyph in a shape is recognised
at a smaller size than words, so marks have a lower floor, :func:`min_mark_px`.
Functions that cache drawn text are decorated with :func:`text_cache` so that an audit can empty
them and see every text drawn again.
"""
from __future__ import annotations

import functools
import math
import os
import threading
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Callable, Iterator, TypeVar

from PIL import ImageFont

from renderers.common.picture_words import drawing_key

#: the smallest text is a fiftieth of the image's width: 8 points on a phone that shows the
#: image 400 points wide
MIN_TEXT_FRACTION = 1 / 50
#: a lone letter or digit in a coloured shape (a mark) may be smaller: an eightieth of the width
MIN_MARK_FRACTION = 1 / 80

_CANDIDATES = {
    "regular": [
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    ],
    "bold": [
        "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
        "/usr/share/fonts/noto-cjk/NotoSansCJK-Bold.ttc",
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    ],
}

F = TypeVar("F", bound=Callable)
_TEXT_CACHES: list[Callable[[], None]] = []
_audit = threading.local()


def min_text_px(width: int) -> int:
    """The smallest font size (pixels) for text in an image ``width`` pixels wide."""
    return math.ceil(width * MIN_TEXT_FRACTION)


def min_mark_px(width: int) -> int:
    """The smallest size of a mark (one letter or digit in a coloured shape) ``width`` pixels wide."""
    return math.ceil(width * MIN_MARK_FRACTION)


@dataclass
class FontAudit:
    """The font sizes asked for during an audit: text, and marks (see the module's docstring)."""

    text: list[int] = field(default_factory=list)
    marks: list[int] = field(default_factory=list)


@functools.lru_cache(maxsize=None)
def _path(weight: str) -> str | None:
    override = os.environ.get("BOARDTABLE_FONT")
    if override and os.path.exists(override):
        return override
    for candidate in _CANDIDATES[weight]:
        if os.path.exists(candidate):
            return candidate
    return None


def has_cjk_font() -> bool:
    path = _path("regular")
    return bool(path and "CJK" in path)


@functools.lru_cache(maxsize=256)
def _font(size: int, bold: bool) -> ImageFont.FreeTypeFont:
    path = _path("bold" if bold else "regular")
    if path is None:
        default = ImageFont.load_default(size=size)
        if not isinstance(default, ImageFont.FreeTypeFont):     # a Pillow built without FreeType has no sizes
            raise RuntimeError("Pillow has no FreeType support: the pictures need it for text of a given size")
        return default
    return ImageFont.truetype(path, size=size, index=0)


def font(size: float, bold: bool = False, *, mark: bool = False) -> ImageFont.FreeTypeFont:
    """A font of ``size`` pixels; index 0 of the Noto CJK collection is the Japanese face.
    ``mark``: for a single letter or digit inside a coloured shape (a lower floor applies)."""
    size = max(6, int(size))
    audit = getattr(_audit, "audit", None)
    if audit is not None:
        (audit.marks if mark else audit.text).append(size)
    return _font(size, bold)


def measuring_font(size: float, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The font of ``size`` for measuring text while laying out (not counted by an audit: only
    what is drawn must be readable)."""
    return _font(max(6, int(size)), bold)


def text_cache(maxsize: int) -> Callable[[F], F]:
    """``functools.lru_cache`` for functions that draw text (sprites, labels), kept per picture
    language (their words are drawn in it); a font audit empties these caches first, so that
    every text of the audited drawing goes through :func:`font` again."""
    def decorate(function: F) -> F:
        @functools.lru_cache(maxsize=maxsize)
        def in_language(_locale: str, *args, **kwargs):
            return function(*args, **kwargs)

        @functools.wraps(function)
        def cached(*args, **kwargs):
            return in_language(drawing_key(), *args, **kwargs)

        cached.cache_clear = in_language.cache_clear  # type: ignore[attr-defined]
        cached.cache_info = in_language.cache_info  # type: ignore[attr-defined]
        _TEXT_CACHES.append(in_language.cache_clear)
        return cached  # type: ignore[return-value]
    return decorate


def forget_with_text_caches(clear: Callable[[], None]) -> None:
    """Have :func:`font_audit` call ``clear`` as well: a cache that keeps drawn text in another
    form (picture parts) is emptied with the caches of drawn text."""
    _TEXT_CACHES.append(clear)


@contextmanager
def font_audit() -> Iterator[FontAudit]:
    """Every font size asked for (in this thread) while the block runs; text caches are emptied
    first so that cached labels count too."""
    for clear in _TEXT_CACHES:
        clear()
    audit = FontAudit()
    previous = getattr(_audit, "audit", None)
    _audit.audit = audit
    try:
        yield audit
    finally:
        _audit.audit = previous
