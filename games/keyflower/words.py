"""Counted words of Keyflower's messages (``1 keeple``, ``2 keeples``) and its seasons' names:
nested messages, so each language has its own plural forms and counter words."""
from __future__ import annotations

from games.core import Msg, counted


def season(name: str) -> Msg:
    """A season's name as players read it (the state keys them ``spring`` ... ``winter``)."""
    return {"spring": Msg("Spring"), "summer": Msg("Summer"), "autumn": Msg("Autumn")}.get(name, Msg("Winter"))


def keeples(n: int) -> Msg:
    return counted("{count} keeple", "{count} keeples", count=n)


def skill_tiles(n: int) -> Msg:
    return counted("{count} skill tile", "{count} skill tiles", count=n)


def steps(n: int) -> Msg:
    return counted("{count} step", "{count} steps", count=n)


def transport_steps(n: int) -> Msg:
    return counted("{count} transport step", "{count} transport steps", count=n)


def upgrades(n: int) -> Msg:
    return counted("{count} upgrade", "{count} upgrades", count=n)


def winter_tiles(n: int) -> Msg:
    return counted("{count} winter tile", "{count} winter tiles", count=n)
