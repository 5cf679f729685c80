"""What people type at a table, read the same way everywhere: cleaned text and the game verbs."""
from __future__ import annotations

import unicodedata

import regex

#: the game verbs that exist as slash commands; other verbs of a game go through /play.
SLASH_VERBS = ("play", "place", "bid", "use", "pass")
#: the longest action text the core even tries to parse
MAX_TEXT = 200
#: the longest name kept (in code points, cut between grapheme clusters)
MAX_NAME = 64

ZWJ = "\u200d"
#: bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), the bidi marks and
#: zero-width characters that are not part of a letter or an emoji: removed from names
_DROPPED = frozenset([*map(chr, range(0x202A, 0x202F)), *map(chr, range(0x2066, 0x206A)),
                      "\u200e", "\u200f", "\u061c", "\u200b", "\u2060", "\ufeff", "\u00ad"])
_CLUSTER = regex.compile(r"\X")


def clean_text(text: str | None) -> str:
    """Control characters turned into spaces and white space collapsed; nothing is refused here."""
    if not text:
        return ""
    cleaned = "".join(ch if ch.isprintable() else " " for ch in str(text))
    return " ".join(cleaned.split())


def _kept(ch: str, before: str, after: str) -> str:
    """What ``ch`` becomes in a name (``before``/``after``: its neighbours, "" at an end)."""
    if ch in _DROPPED:
        return ""
    if ch == ZWJ:               # part of an emoji sequence or of a letter (Indic half forms): between two
        return ch if before.strip() and after.strip() and after != ZWJ else ""
    kind = unicodedata.category(ch)
    if kind in ("Cc", "Zl", "Zp"):               # a line break, a tab, a control: a space
        return " "
    if kind == "Cf" and ch != "\u200c" and not "\U000E0020" <= ch <= "\U000E007F":
        return ""               # other format characters, but ZWNJ (Persian, Indic) and emoji tags stay
    return ch


def clean_name(name: str | None) -> str:
    """A display name as the bot keeps it, cleaned once where it enters (Discord, the console):
    bidi overrides, embeddings, isolates and marks removed (a name never turns the text around
    it), zero-width and control characters removed or made spaces (ZWJ stays inside an emoji
    sequence or a word), white space collapsed, at most :data:`MAX_NAME` code points cut between
    grapheme clusters (never half an emoji or a letter without its marks)."""
    if not name:
        return ""
    text = str(name)
    kept = "".join(_kept(ch, text[at - 1] if at else "", text[at + 1] if at + 1 < len(text) else "")
                   for at, ch in enumerate(text))
    kept = " ".join(kept.split())
    if len(kept) <= MAX_NAME:
        return kept
    cut = ""
    for cluster in _CLUSTER.findall(kept):
        if len(cut) + len(cluster) > MAX_NAME:
            break
        cut += cluster
    return cut.rstrip()
