"""Slash-command options as the commands declare them.

Discord delivers option values with the types of the command definition the user's app knows.
After the bot changed a command (or from a forged request) that can be a number where the bot
declares text, text where it declares a number, or a required option missing, and discord.py
hands such values to the callbacks unchanged. ``conform`` makes the values the declared JSON
types before a command runs, or names the option that cannot be read, so the user gets a clear
answer instead of an exception.
"""
from __future__ import annotations

from typing import Any

from discord import AppCommandOptionType as Kind
from discord import app_commands

TEXT_KINDS = (Kind.string,)
#: options that Discord resolves into objects (users, channels, ...): the type must match exactly
RESOLVED_KINDS = (Kind.user, Kind.channel, Kind.role, Kind.mentionable, Kind.attachment)


def _number(value: Any, kind: Kind) -> int | float | None:
    """``value`` as an integer or a number, or None when it is not one (booleans are not)."""
    if isinstance(value, bool):
        return None
    try:
        number = float(value) if kind is Kind.number else int(str(value).strip()) if isinstance(value, str) else value
    except (TypeError, ValueError, OverflowError):
        return None
    if kind is Kind.integer and isinstance(number, float):
        return int(number) if number.is_integer() else None
    return number if isinstance(number, (int, float)) and abs(number) <= 2**53 else None


def _within(number: int | float, parameter: app_commands.Parameter) -> bool:
    low, high = parameter.min_value, parameter.max_value
    return (low is None or number >= low) and (high is None or number <= high)


def conform(command: app_commands.Command, options: list[dict[str, Any]], *, autocomplete: bool = False) -> str | None:
    """Make ``options`` (the payload's, changed in place) the types ``command`` declares.
    Returns the name of the first option that cannot be read as its declared type, or of a
    missing required option; None when everything fits. While typing (``autocomplete``) values
    are partial: only text options are made text, and nothing is refused."""
    declared = {p.name: p for p in command.parameters}
    given = {o.get("name") for o in options}
    for option in options:
        parameter = declared.get(str(option.get("name")))
        if parameter is None:
            continue                                   # an option the command no longer has: ignored
        kind, value = parameter.type, option.get("value")
        if kind in TEXT_KINDS:
            option["value"] = "" if value is None else str(value)
        elif autocomplete:
            continue
        elif kind in (Kind.integer, Kind.number):
            number = _number(value, kind)
            if number is None or not _within(number, parameter):
                return parameter.name
            option["value"] = number
        elif kind is Kind.boolean:
            if not isinstance(value, bool):
                return parameter.name
        elif option.get("type") != kind.value:
            return parameter.name
        option["type"] = kind.value
    if not autocomplete:
        missing = [p.name for p in command.parameters if p.required and p.name not in given]
        if missing:
            return missing[0]
    return None
