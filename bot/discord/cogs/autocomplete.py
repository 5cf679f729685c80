"""Autocomplete answers as Discord takes them: at most 25 choices, names and values within 100
characters."""
from __future__ import annotations

from discord import app_commands

MAX_CHOICES = 25      # Discord's autocomplete limit


def choices(pairs: list[tuple[str, str]]) -> list[app_commands.Choice[str]]:
    """(value, label) pairs -> at most 25 Choices with names and values within 100 characters."""
    out = []
    for value, label in pairs[:MAX_CHOICES]:
        out.append(app_commands.Choice(name=(label or value)[:100], value=value[:100]))
    return out
