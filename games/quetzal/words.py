"""Counted words of Quetzal's messages (``1 coin``, ``2 coins``): nested messages with plural
forms, so each language counts in its own way."""
from __future__ import annotations

from games.core import Msg, counted


def coins(n: int) -> Msg:
    return counted("{count} coin", "{count} coins", count=n)


def cards(n: int) -> Msg:
    return counted("{count} card", "{count} cards", count=n)
