"""Counted words of Quetzal's messages (``1 coin``, ``2 coins``): nested messages, so the English
plural is right and Japanese has its own counter words."""
from __future__ import annotations

from games.core import Msg


def coins(n: int) -> Msg:
    return Msg("{n} coin", {"n": n}) if n == 1 else Msg("{n} coins", {"n": n})


def cards(n: int) -> Msg:
    return Msg("{n} card", {"n": n}) if n == 1 else Msg("{n} cards", {"n": n})
