"""Counted words of Keyflower's messages (``1 keeple``, ``2 keeples``): nested messages, so the
English plural is right and Japanese has its own counter words."""
from __future__ import annotations

from games.core import Msg


def season(name: str) -> Msg:
    """A season's name as players read it (the state keys them ``spring`` ... ``winter``)."""
    return {"spring": Msg("Spring"), "summer": Msg("Summer"), "autumn": Msg("Autumn")}.get(name, Msg("Winter"))


def keeples(n: int) -> Msg:
    return Msg("{n} keeple", {"n": n}) if n == 1 else Msg("{n} keeples", {"n": n})


def skill_tiles(n: int) -> Msg:
    return Msg("{n} skill tile", {"n": n}) if n == 1 else Msg("{n} skill tiles", {"n": n})


def steps(n: int) -> Msg:
    return Msg("{n} step", {"n": n}) if n == 1 else Msg("{n} steps", {"n": n})


def transport_steps(n: int) -> Msg:
    return Msg("{n} transport step", {"n": n}) if n == 1 else Msg("{n} transport steps", {"n": n})


def upgrades(n: int) -> Msg:
    return Msg("{n} upgrade", {"n": n}) if n == 1 else Msg("{n} upgrades", {"n": n})


def winter_tiles(n: int) -> Msg:
    return Msg("{n} winter tile", {"n": n}) if n == 1 else Msg("{n} winter tiles", {"n": n})
