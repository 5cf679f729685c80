"""Reading the whole numbers people type (table numbers, days, sizes) and that custom_ids carry.

``str.isdigit()`` is true for '²' (which ``int()`` refuses) and for '١' (which ``int()`` reads as 1),
and a number past SQLite's 64-bit integers makes the database driver raise instead of finding
nothing. Both must be answered as bad input, so every such number is read here.
"""
from __future__ import annotations

#: the most digits a number may have: every 18-digit number fits a SQLite INTEGER
MOST_DIGITS = 18
#: the same as a regular expression, for custom_ids (ASCII digits, no leading zeros)
PATTERN = r"(?:0|[1-9][0-9]{0,17})"


def whole_number(text: str | None, most_digits: int = MOST_DIGITS) -> int | None:
    """``text`` as a non-negative whole number in ASCII digits, else None."""
    text = (text or "").strip()
    if not text or len(text) > most_digits or not (text.isascii() and text.isdigit()):
        return None
    return int(text)
