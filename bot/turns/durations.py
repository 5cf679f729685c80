"""Durations as people write them (``24h``, ``1d12h``, ``90m``) and as messages show them."""
from __future__ import annotations

import re

from bot.i18n import Duration

PART = re.compile(r"(\d{1,9})\s*([dhms])")
UNITS = {"d": 86400, "h": 3600, "m": 60, "s": 1}


def parse_span(text: str) -> int | None:
    """``1d12h`` -> 129600 seconds; None if the text is not a duration."""
    text = text.strip().lower().replace(" ", "")
    if not text or PART.sub("", text):
        return None
    return sum(int(n) * UNITS[unit] for n, unit in PART.findall(text))


def span_text(seconds: float) -> str:
    """Compact notation for option values and logs: ``1d12h``, ``90m`` -> ``1h30m``."""
    seconds = int(round(seconds))
    out = ""
    for unit, size in UNITS.items():
        if seconds >= size:
            out += f"{seconds // size}{unit}"
            seconds %= size
    return out or "0s"


def span(seconds: float) -> Duration:
    """A duration for people, the two largest units, spelt by Babel in the reader's language:
    '2 days 3 hours' / '2日3時間', '5 hours 10 minutes', '4 minutes', 'under a minute'."""
    return Duration(max(0.0, seconds))
