"""Small helpers for tests: reading replies as English text."""
from __future__ import annotations

from bot.i18n import I18n

_I18N = I18n(["tests.toygame"])


def text_of(replies, locale: str = "en") -> str:
    return "\n".join(_I18N.lines(r.lines, locale, r.names) for r in replies)


def i18n() -> I18n:
    return _I18N
