"""Writes renderers/keyflower/syllables.json: every Latin word a Keyflower tile face can say, in
English and Japanese pictures, with or without the ids players type, and where Pyphen breaks it.
Run after a tile's words change: ``python -m renderers.keyflower.syllable_table``
(tests/renderers/test_keyflower_syllables.py fails until the file is written again)."""
from __future__ import annotations

import json
import unicodedata
from contextlib import nullcontext
from collections.abc import Iterator

from games.keyflower.components import tiles
from renderers.common.picture_words import speaking, with_codes
from renderers.keyflower.syllables import TABLE_FILE, pyphen_breaks
from renderers.keyflower.tilewords import face_texts

LOCALES = ("en", "ja")
DETAILS = ("auction", "village", "name")


def _latin(word: str) -> bool:
    return not any(unicodedata.east_asian_width(ch) in ("W", "F") for ch in word)


def _texts() -> Iterator[str]:
    for tid in tiles():
        for upgraded in (False, True):
            for detail in DETAILS:
                for purple in (False, True):
                    name, code, line, cost = face_texts(tid, upgraded, detail, purple)
                    yield from (name, code, line, cost, tid)


def words() -> set[str]:
    """Every Latin word of every tile face, as hexfit splits a text into words."""
    found: set[str] = set()
    for locale in LOCALES:
        for codes in (nullcontext(), with_codes()):
            with speaking(locale), codes:
                found.update(word for text in _texts() for word in text.split() if _latin(word))
    return found


def build() -> dict[str, list[int]]:
    """The table as stored: every word, sorted, with Pyphen's breaks."""
    return {word: list(pyphen_breaks(word)) for word in sorted(words())}


def write() -> None:
    lines = (f"{json.dumps(word, ensure_ascii=False)}: {json.dumps(cuts)}" for word, cuts in build().items())
    TABLE_FILE.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")


if __name__ == "__main__":
    write()
