"""Grapheme clusters: what a reader sees as one character (a letter and its combining marks, an
emoji with its skin tone, a ZWJ family, a flag, a keycap, an Indic conjunct), by the extended
grapheme cluster rules of UAX #29 (the ``regex`` module's ``\\X``)."""
from __future__ import annotations

import regex

_CLUSTER = regex.compile(r"\X")


def graphemes(text: str) -> list[str]:
    """``text`` as its grapheme clusters, in order (joined, they are ``text`` again)."""
    return _CLUSTER.findall(text)
