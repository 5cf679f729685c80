"""Player-facing text as data.

Engines never format final strings. They return a :class:`Msg`: an English template (which is
also the key into the message catalogue, gettext style) plus parameters. The bot translates the
template for the reader's locale and fills in the parameters; a :class:`SeatRef` parameter is
replaced by that seat's player name (or a mention).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping


@dataclass(frozen=True)
class SeatRef:
    """A parameter that names a seat; the bot shows the player's name in its place."""

    seat: int


@dataclass(frozen=True)
class Msg:
    """A translatable message: ``text`` is the English ``str.format`` template and catalogue key."""

    text: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def english(self, names: list[str] | None = None) -> str:
        """The English rendering, seat references shown as names (or ``seat N``)."""
        return format_template(self.text, self.params, names)


def _english_value(value: Any, names: list[str] | None) -> Any:
    if isinstance(value, SeatRef):
        return names[value.seat] if names and 0 <= value.seat < len(names) else f"seat {value.seat + 1}"
    if isinstance(value, Msg):
        return value.english(names)
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, (Msg, SeatRef)) for v in value):
        # several seats or messages (``players=(SeatRef(0), SeatRef(2))``): joined as the bot joins them
        return ", ".join(str(_english_value(v, names)) for v in value)
    return value


def format_template(template: str, params: Mapping[str, Any], names: list[str] | None = None) -> str:
    values = {key: _english_value(value, names) for key, value in params.items()}
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        return template


@dataclass(frozen=True)
class Event:
    """Something that happened, for the announcement and the log.

    ``to`` is ``None`` for a public event, otherwise the seats allowed to see it (a card drawn
    into a hand is an event only its owner sees).
    """

    msg: Msg
    to: frozenset[int] | None = None

    @classmethod
    def public(cls, text: str, /, **params: Any) -> "Event":
        return cls(Msg(text, params))

    @classmethod
    def private(cls, seats: set[int] | frozenset[int], text: str, /, **params: Any) -> "Event":
        return cls(Msg(text, params), frozenset(seats))

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)


class IllegalAction(Exception):
    """A move the rules do not allow. The message says what is wrong and what would be right.

    Raising it must leave the state unchanged: engines validate before they mutate.
    """

    def __init__(self, text: str, /, **params: Any) -> None:
        self.msg = Msg(text, params)
        super().__init__(self.msg.english())
