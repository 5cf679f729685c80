"""Option metadata: a game's named switches (BSW's /option), their defaults and exclusions."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable


@dataclass(frozen=True)
class OptionSpec:
    """One switch of a game.

    ``description`` is an English one-liner (a catalogue key). ``excludes`` names options that
    cannot be on at the same time. ``unavailable`` is set to a reason when the rule exists in
    the game but is not implemented yet: the table refuses it with that reason.
    """

    name: str
    description: str
    default: bool = False
    excludes: tuple[str, ...] = ()
    unavailable: str | None = None


class OptionError(ValueError):
    """An option request that cannot be honoured; ``text``/``params`` form a catalogue message."""

    def __init__(self, text: str, /, **params: object) -> None:
        self.text = text
        self.params = params
        super().__init__(text.format(**params))


def _spec(specs: Iterable[OptionSpec], name: str) -> OptionSpec | None:
    for spec in specs:
        if spec.name == name:
            return spec
    return None


def toggle_option(specs: tuple[OptionSpec, ...], current: frozenset[str], name: str) -> frozenset[str]:
    """Switch ``name`` on or off; refuse unknown, unavailable and conflicting options."""
    name = name.strip().lower()
    spec = _spec(specs, name)
    valid = ", ".join(s.name for s in specs) or "-"
    if spec is None:
        # the name is whatever was typed: echo only the start of it, so the answer stays short
        shown = name if len(name) <= 40 else name[:39] + "…"
        raise OptionError("There is no option '{name}'. Options for this game: {valid}.", name=shown, valid=valid)
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


def validate_options(specs: tuple[OptionSpec, ...], options: Iterable[str]) -> frozenset[str]:
    """Check a whole set of options (e.g. defaults from config) and return it normalised."""
    result: frozenset[str] = frozenset(s.name for s in specs if s.default)
    for name in options:
        if name.strip().lower() not in result:
            result = toggle_option(specs, result, name)
    return result
