"""Durations as people write them (``24h``, ``1d12h``, ``90m``) and as messages show them."""
from __future__ import annotations

import re

from bot.i18n import t
from games.core.messages import Msg

PART = re.compile(r"(\d{1,6})\s*([dhms])")
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


def span(seconds: float) -> Msg:
    """A duration for people, the two largest units: '2d 3h', '5h 10m', '4m', 'under a minute'."""
    seconds = max(0, int(seconds))
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    if days:
        return t("{days}d {hours}h", days=days, hours=hours)
    if hours:
        return t("{hours}h {minutes}m", hours=hours, minutes=minutes)
    if minutes:
        return t("{minutes}m", minutes=minutes)
    return t("under a minute")
