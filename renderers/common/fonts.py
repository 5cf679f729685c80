"""Font loading with CJK coverage.

Player names can be Japanese, Chinese, Korean, Cyrillic... Noto Sans CJK covers all of those
plus Latin; the set-up installs it (Debian: fonts-noto-cjk). DejaVu is the fallback.
"""
from __future__ import annotations

import functools
import os

from PIL import ImageFont

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
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """A font of ``size`` pixels; index 0 of the Noto CJK collection is the Japanese face."""
    path = _path("bold" if bold else "regular")
    if path is None:
        return ImageFont.load_default(size=size)
    return ImageFont.truetype(path, size=max(6, int(size)), index=0)
