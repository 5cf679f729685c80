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
class Term:
    """A message parameter naming a component in each language, from the game's data (a card,
    a tile, a season): ``Term("Casa", ja="カーザ")``. Languages without a name get the English."""

    en: str
    ja: str | None = None

    def text(self, locale: str) -> str:
        return (self.ja if locale == "ja" else None) or self.en

    def __str__(self) -> str:
        return self.en


@dataclass(frozen=True)
class Msg:
    """A translatable message: ``text`` is the English ``str.format`` template and catalogue key.

    With ``plural`` set, ``text`` is the singular and ``plural`` the English plural template; the
    number in parameter ``by`` chooses the form (each language by its own plural rules)."""

    text: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None
    by: str = "count"

    def english(self, names: list[str] | None = None) -> str:
        """The English rendering, seat references shown as names (or ``seat N``)."""
        template = self.plural if self.plural is not None and self.count() != 1 else self.text
        return format_template(template, self.params, names)

    def count(self) -> int:
        """The number that chooses the plural form, as a whole number (a fraction counts as 2:
        "1.5 points")."""
        value = self.params.get(self.by, 0)
        try:
            number = float(value)
        except (TypeError, ValueError):
            return 0
        return int(number) if number.is_integer() else 2


#: a message part that says nothing (e.g. no remark after an option's name)
BLANK = Msg(str())


def N_(template: str, /) -> str:
    """Marks a template kept in a data table (used later as ``Msg(TABLE[key])``), so the
    catalogue tools find it; returns it unchanged."""
    return template


def counted(singular: str, plural: str, /, by: str = "count", **params: Any) -> Msg:
    """A message with a plural form: ``counted("{count} card", "{count} cards", count=n)``."""
    return Msg(singular, params, plural, by)


def _english_value(value: Any, names: list[str] | None) -> Any:
    if isinstance(value, SeatRef):
        return names[value.seat] if names and 0 <= value.seat < len(names) else f"seat {value.seat + 1}"
    if isinstance(value, Msg):
        return value.english(names)
    if isinstance(value, Term):
        return value.en
    if isinstance(value, (list, tuple)) and value and all(isinstance(v, (Msg, SeatRef, Term)) for v in value):
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
    The game layer's one refusal type (an option the lobby cannot take is one too: OptionError).

    Raising it must leave the state unchanged: engines validate before they mutate.
    """

    def __init__(self, text: str, /, **params: Any) -> None:
        self.msg = Msg(text, params)
        super().__init__(self.msg.english())
