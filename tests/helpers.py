"""Small helpers for tests: reading replies as English text."""
from __future__ import annotations

from bot.i18n import I18n

_I18N = I18n(["tests.toygame"])


def text_of(replies, locale: str = "en") -> str:
    return "\n".join(_I18N.lines(r.lines, locale, r.names) for r in replies)


def i18n() -> I18n:
    return _I18N


async def confirmed(service, ctx, command: str) -> list:
    """``/resign`` or ``/abort`` as a player does it: the command, then a click on the confirm
    button of its private question. A refusal of the command itself is returned as it is."""
    asked = await getattr(service, command)(ctx)
    if asked[0].error:
        return asked
    assert asked[0].private and [b.style for b in asked[0].buttons] == ["danger", "secondary"], text_of(asked)
    return await service.button(ctx, asked[0].buttons[0].custom_id)
