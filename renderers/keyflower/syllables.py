"""Where a Latin word on a tile may be hyphenated: looked up in a table of every word a Keyflower
tile says (syllables.json, written by :mod:`renderers.keyflower.syllable_table` from Pyphen's
en_US patterns), so a drawing process loads no hyphenation dictionary for the game's own words.
Any other word (none today) is hyphenated by Pyphen, loaded the first time one is asked for."""
from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

#: the table's file: each word as a tile's text splits it, with the positions it may break at
TABLE_FILE = Path(__file__).with_name("syllables.json")


@functools.lru_cache(maxsize=1)
def table() -> dict[str, tuple[int, ...]]:
    """The stored table: word → positions a line may break before (ascending)."""
    raw = json.loads(TABLE_FILE.read_text(encoding="utf-8"))
    return {word: tuple(cuts) for word, cuts in raw.items()}


@functools.lru_cache(maxsize=1)
def hyphenator() -> Any:
    """Pyphen's en_US hyphenator (its dictionary takes about a tenth of a second to load)."""
    import pyphen
    return pyphen.Pyphen(lang="en_US")


def pyphen_breaks(word: str) -> tuple[int, ...]:
    """Where Pyphen may break ``word``."""
    return tuple(hyphenator().positions(word))


def breaks(word: str) -> tuple[int, ...]:
    """Where ``word`` may be broken with a hyphen: the table's positions, else Pyphen's."""
    known = table().get(word)
    return known if known is not None else pyphen_breaks(word)
