"""Option metadata: a game's named options (BSW's /option), their values, defaults and exclusions.

An option is either a switch (on or off: ``fluss``) or takes a value of a declared kind: a
choice among words (``lang ja``), whole numbers in a range (``dice 17,17,4,2``) or a seat
(``first 2``). A table's options are a set of *tokens*: the name of each switch that is on,
and ``name=value`` for each valued option set to something other than its default. That is
what the store keeps, so tables stored as a plain list of switch names read the same way.
Games read a valued option with :func:`option_value`.
"""
from __future__ import annotations

import re
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Iterable

from games.core.messages import IllegalAction, Msg


class OptionError(IllegalAction):
    """An option request that cannot be honoured; ``text``/``params`` form a catalogue message
    (the games' one refusal type, :class:`IllegalAction`, for the lobby's options)."""

    def __init__(self, text: str, /, **params: object) -> None:
        super().__init__(text, **params)
        self.text = text
        self.params = params


# -- kinds of values ----------------------------------------------------------------------------
class ValueKind(ABC):
    """What a valued option accepts."""

    @abstractmethod
    def read(self, text: str) -> str | None:
        """The canonical text of ``text`` as a value, or None when it is not allowed."""

    @abstractmethod
    def allowed(self) -> Msg:
        """What is allowed, for refusals and option lists."""

    def samples(self) -> tuple[str, ...]:
        """Values worth offering while a player types."""
        return ()


@dataclass(frozen=True)
class Choice(ValueKind):
    """One word of a fixed list."""

    values: tuple[str, ...]

    def read(self, text: str) -> str | None:
        word = text.strip().lower()
        return word if word in self.values else None

    def allowed(self) -> Msg:
        return Msg("one of {values}", {"values": ", ".join(self.values)})

    def samples(self) -> tuple[str, ...]:
        return self.values


@dataclass(frozen=True)
class Numbers(ValueKind):
    """``count`` whole numbers from ``low`` to ``high``, written with commas (``17,17,4,2``);
    ``labels`` name them in order for the refusal (``white, black, side, upright``: a catalogue
    template, marked with ``N_`` where it is written)."""

    low: int
    high: int
    count: int = 1
    labels: str = ""
    examples: tuple[str, ...] = ()
    #: the numbers may not all be zero (weights)
    some_positive: bool = False

    def read(self, text: str) -> str | None:
        parts = [p for p in re.split(r"[\s,/;]+", text.strip()) if p]
        if len(parts) != self.count or not all(p.isascii() and p.isdigit() and len(p) <= 6 for p in parts):
            return None
        numbers = [int(p) for p in parts]
        if not all(self.low <= n <= self.high for n in numbers) or (self.some_positive and not any(numbers)):
            return None
        return ",".join(str(n) for n in numbers)

    def allowed(self) -> Msg:
        if self.count == 1:
            return Msg("a whole number from {low} to {high}", {"low": self.low, "high": self.high})
        params = {"count": self.count, "low": self.low, "high": self.high, "labels": Msg(self.labels)}
        if self.some_positive:
            return Msg("{count} whole numbers from {low} to {high} ({labels}), separated by commas, not all 0", params)
        return Msg("{count} whole numbers from {low} to {high} ({labels}), separated by commas", params)

    def samples(self) -> tuple[str, ...]:
        return self.examples


@dataclass(frozen=True)
class SeatChoice(ValueKind):
    """``random`` or a seat number (1 = the first to join); the table checks the number against
    the seated players at the start and shows the player's name beside it."""

    most: int

    def read(self, text: str) -> str | None:
        word = text.strip().lower()
        if word == "random":
            return word
        if word.isascii() and word.isdigit() and 1 <= int(word) <= self.most:
            return str(int(word))
        return None

    def allowed(self) -> Msg:
        return Msg("random or a seat number from 1 to {most}", {"most": self.most})

    def samples(self) -> tuple[str, ...]:
        return ("random",) + tuple(str(n) for n in range(1, self.most + 1))


# -- options ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class OptionSpec:
    """One option of a game (or of every table, like ``lang``).

    ``description`` is an English one-liner (a catalogue key). Without ``kind`` the option is a
    switch and ``default`` says whether it starts on; with a ``kind`` it takes a value and
    ``default`` is the value it has until someone sets another (canonical text). ``excludes``
    names options that cannot be on at the same time. ``unavailable`` is set to a reason when
    the rule exists in the game but is not implemented yet: the table refuses it with that reason.
    """

    name: str
    description: str
    default: bool | str = False
    excludes: tuple[str, ...] = ()
    unavailable: str | None = None
    kind: ValueKind | None = field(default=None, compare=False)

    @property
    def valued(self) -> bool:
        return self.kind is not None


def split_token(token: str) -> tuple[str, str | None]:
    """``dice=17,17,4,2`` -> (``dice``, ``17,17,4,2``); a switch name -> (name, None)."""
    name, sep, value = token.partition("=")
    return name.strip().lower(), (value.strip() if sep else None)


def _spec(specs: Iterable[OptionSpec], name: str) -> OptionSpec | None:
    for spec in specs:
        if spec.name == name:
            return spec
    return None


def default_options(specs: Iterable[OptionSpec]) -> frozenset[str]:
    """The tokens of a new table: the switches that start on (valued options start at their
    defaults, which need no token)."""
    return frozenset(s.name for s in specs if not s.valued and s.default)


def option_value(specs: Iterable[OptionSpec], options: Iterable[str], name: str) -> str:
    """The value of the valued option ``name`` in ``options`` (its default when not set)."""
    for token in options:
        key, value = split_token(token)
        if key == name and value is not None:
            return value
    spec = _spec(specs, name)
    if spec is None or not spec.valued:
        raise KeyError(name)
    return str(spec.default)


def _valid_names(specs: tuple[OptionSpec, ...]) -> str:
    return ", ".join(s.name for s in specs) or "-"


def _unknown(specs: tuple[OptionSpec, ...], name: str) -> OptionError:
    # the name is whatever was typed: echo only the start of it, so the answer stays short
    shown = name if len(name) <= 40 else name[:39] + "…"
    return OptionError("There is no option '{name}'. Options for this game: {valid}.", name=shown, valid=_valid_names(specs))


def read_value(spec: OptionSpec, value: str) -> str:
    """The canonical text of ``value`` for ``spec``, or an OptionError that lists what is allowed."""
    assert spec.kind is not None
    canonical = spec.kind.read(value)
    if canonical is None:
        shown = value if len(value) <= 30 else value[:29] + "…"
        raise OptionError("'{value}' is not a value of {name}: write {allowed}, e.g. /option {name} {example}.",
                          value=shown, name=spec.name, allowed=spec.kind.allowed(),
                          example=(spec.kind.samples() or (str(spec.default),))[-1])
    return canonical


def set_option(specs: tuple[OptionSpec, ...], current: frozenset[str], name: str,
               value: str | None = None) -> frozenset[str]:
    """``current`` with option ``name`` changed: a switch toggles (or is set with ``on``/``off``),
    a valued option takes ``value``. Unknown names, missing or wrong values, unavailable options
    and clashes are refused with an OptionError that says what would be right."""
    name = name.strip().lower()
    spec = _spec(specs, name)
    if spec is None:
        raise _unknown(specs, name)
    if spec.valued:
        if value is None or not value.strip():
            raise OptionError("The option '{name}' needs a value: {allowed}. It is {current} now; e.g. /option {name} {example}.",
                              name=name, allowed=spec.kind.allowed(),        # type: ignore[union-attr]
                              current=option_value(specs, current, name),
                              example=(spec.kind.samples() or (str(spec.default),))[-1])  # type: ignore[union-attr]
        canonical = read_value(spec, value)
        if spec.unavailable and canonical != spec.default:
            raise OptionError("The option '{name}' is not available yet: {reason}", name=name, reason=spec.unavailable)
        kept = frozenset(t for t in current if split_token(t)[0] != name)
        return kept if canonical == spec.default else kept | {f"{name}={canonical}"}
    if value is not None and value.strip():
        wanted = value.strip().lower()
        if wanted not in ("on", "off"):
            raise OptionError("The option '{name}' is a switch: write /option {name} on, /option {name} off, "
                              "or /option {name} to switch it.", name=name)
        if (wanted == "on") == (name in current):
            return current
    if name in current:
        return current - {name}
    if spec.unavailable:
        raise OptionError("The option '{name}' is not available yet: {reason}", name=name, reason=spec.unavailable)
    clashes = sorted(
        other for other in current
        if other in spec.excludes or name in (getattr(_spec(specs, other), "excludes", ()) or ())
    )
    if clashes:
        raise OptionError(
            "The option '{name}' cannot be combined with {clashes}. Switch that off first with /option {first}.",
            name=name, clashes=", ".join(clashes), first=clashes[0],
        )
    return current | {name}


def toggle_option(specs: tuple[OptionSpec, ...], current: frozenset[str], name: str) -> frozenset[str]:
    """Switch ``name`` on or off, or set a valued option written ``name=value``; refuse unknown,
    unavailable and conflicting options."""
    key, value = split_token(name)
    return set_option(specs, current, key, value)


def validate_options(specs: tuple[OptionSpec, ...], options: Iterable[str], players: int | None = None) -> frozenset[str]:
    """Check a whole set of option tokens (defaults from config, a stored table, a tournament's)
    and return it normalised; with ``players``, a seat named by an option must be seated."""
    result = default_options(specs)
    for token in options:
        key, value = split_token(token)
        spec = _spec(specs, key)
        if spec is None:
            raise _unknown(specs, key)
        if spec.valued:
            result = set_option(specs, result, key, value)
        elif key not in result:
            result = set_option(specs, result, key)
    if players is not None:
        for spec in specs:
            if isinstance(spec.kind, SeatChoice):
                chosen = option_value(specs, result, spec.name)
                if chosen.isdigit() and int(chosen) > players:
                    raise OptionError("The option {name} names seat {seat}, but only {players} players are seated. "
                                      "Change it with /option {name} random or a seat from 1 to {players}.",
                                      name=spec.name, seat=chosen, players=players)
    return result


def option_tokens(text: str) -> list[str]:
    """Options written in one line, separated by commas or spaces (``fluss, dice=17,17,4,2``):
    a bare number continues the value before it."""
    tokens: list[str] = []
    for part in (p for p in re.split(r"[\s,]+", text or "") if p):
        if tokens and "=" in tokens[-1] and part.isascii() and part.isdigit():
            tokens[-1] += "," + part
        else:
            tokens.append(part)
    return tokens


def changes_to(specs: tuple[OptionSpec, ...], current: Iterable[str], wanted: Iterable[str]) -> list[str]:
    """``/option`` arguments that turn the option tokens ``current`` into ``wanted``."""
    have, want = set(current), set(wanted)
    steps = [token for token in sorted(have ^ want) if split_token(token)[1] is None]      # switches toggle
    set_now = {split_token(t)[0] for t in want if split_token(t)[1] is not None}
    for token in sorted(want - have):
        if split_token(token)[1] is not None:
            steps.append(token)
    for token in sorted(have - want):
        key, value = split_token(token)
        if value is not None and key not in set_now and (spec := _spec(specs, key)) is not None:
            steps.append(f"{key}={spec.default}")
    return steps


def value_text(spec: OptionSpec, options: Iterable[str]) -> str:
    """How an option stands: ``on``/``off`` for a switch, else its value."""
    if spec.valued:
        return option_value((spec,), options, spec.name)
    return "on" if spec.name in set(options) else "off"
