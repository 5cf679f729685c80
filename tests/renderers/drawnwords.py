"""What a drawing writes: every text Pillow draws while the block runs, with whether it stayed
inside the image it was drawn on (a recording around ``ImageDraw.text``, which still draws; the
renderers' caches of drawn text are emptied first, so cached labels are drawn and recorded too)."""
from __future__ import annotations

import re
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Iterable, Iterator

from PIL import ImageDraw

from renderers.common import font_audit

#: an English word: two or more Latin letters in a row
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


@dataclass
class Drawn:
    """Texts drawn, and those that reached outside their image (text, its box, the image's size)."""

    texts: list[str] = field(default_factory=list)
    clipped: list[tuple[str, tuple[int, int, int, int], tuple[int, int]]] = field(default_factory=list)


@contextmanager
def recording() -> Iterator[Drawn]:
    drawn = Drawn()
    original = ImageDraw.ImageDraw.text

    def text(self, xy, text, *args, **kwargs):
        drawn.texts.append(str(text))
        try:
            box = self.textbbox(xy, text, font=kwargs.get("font"), anchor=kwargs.get("anchor"),
                                stroke_width=kwargs.get("stroke_width", 0))
        except (TypeError, ValueError):
            box = None
        width, height = self.im.size
        if box is not None and (box[0] < -1 or box[1] < -1 or box[2] > width + 1 or box[3] > height + 1):
            drawn.clipped.append((str(text), tuple(round(v) for v in box), (width, height)))
        return original(self, xy, text, *args, **kwargs)

    ImageDraw.ImageDraw.text = text
    try:
        with font_audit():          # empties the caches of drawn text: every text is drawn again
            yield drawn
    finally:
        ImageDraw.ImageDraw.text = original


def english_left(texts: Iterable[str], allowed: Iterable[str]) -> list[str]:
    """Texts that still hold a Latin word after the allowed ones (notation ids, player names)
    are taken out."""
    keep = sorted(set(allowed), key=len, reverse=True)
    left = []
    for text in texts:
        rest = text
        for token in keep:
            rest = re.sub(rf"(?<![A-Za-z]){re.escape(token)}(?![A-Za-z])", " ", rest)
        if LATIN_WORD.search(rest):
            left.append(text)
    return left
