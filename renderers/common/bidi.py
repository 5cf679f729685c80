"""Isolating names in a line of a picture (Unicode's bidi isolates, UAX #9): a name with
right-to-left letters is laid out on its own, so it never turns the numbers and punctuation
around it. No font or Pillow here: the picture words and the font chain both use it."""
from __future__ import annotations

import functools
import unicodedata


def right_to_left(ch: str) -> bool:
    return unicodedata.bidirectional(ch) in ("R", "AL")


#: first strong isolate, left-to-right and right-to-left isolates; pop directional isolate
ISOLATES, POP = frozenset("\u2066\u2067\u2068"), "\u2069"


def isolate(text: str) -> str:
    """``text`` (a name) isolated when it has right-to-left letters: laid out on its own, so the
    numbers and punctuation after it in a line stay where they are written."""
    return f"\u2068{text}{POP}" if has_right_to_left(text) else text


@functools.lru_cache(maxsize=4096)
def has_right_to_left(text: str) -> bool:
    """Whether ``text`` has a right-to-left letter (kept: a name is isolated at every measure of
    its fitting)."""
    return not text.isascii() and any(right_to_left(ch) for ch in text)


def isolated_parts(text: str) -> list[str]:
    """``text`` cut at its outermost isolates (each isolate one part, without its marks); an
    isolate left open runs to the end."""
    return [part for part, _ in isolated_spans(text)]


def isolated_spans(text: str) -> list[tuple[str, bool]]:
    """:func:`isolated_parts` with, for each part, whether it is an isolate (laid out in its own
    direction) or the line around them."""
    parts: list[tuple[str, bool]] = []
    depth, start = 0, 0
    for at, ch in enumerate(text):
        if ch in ISOLATES:
            if depth == 0:
                parts.append((text[start:at], False))
                start = at + 1
            depth += 1
        elif ch == POP and depth:
            depth -= 1
            if depth == 0:
                parts.append((text[start:at], True))
                start = at + 1
    parts.append((text[start:], depth > 0))
    return [(part, isolated) for part, isolated in parts if part]


def first_strong_right_to_left(text: str) -> bool:
    """Whether the first letter of ``text`` with a direction is right to left (an isolate's
    direction, UAX #9's first strong isolate): a name in Arabic or Hebrew is read from the right,
    so its ellipsis and the punctuation at its ends belong there."""
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind in ("R", "AL"):
            return True
        if kind == "L":
            return False
    return False
