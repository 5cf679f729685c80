"""Small translatable pieces used inside other messages (nested ``Msg`` parameters)."""
from __future__ import annotations

from typing import Iterable, Sequence

from games.core import Msg, SeatRef, counted

_EDGE_WORDS = (Msg("north"), Msg("east"), Msg("south"), Msg("west"))
_TERRAIN = {"C": Msg("city"), "R": Msg("road"), "F": Msg("field"), "~": Msg("river")}
_KIND = {"city": Msg("city"), "road": Msg("road"), "field": Msg("field"), "monastery": Msg("monastery")}


_TURNS = {1: Msg("right"), -1: Msg("left")}
_GOODS = {"wine": Msg("wine"), "grain": Msg("grain"), "cloth": Msg("cloth")}


def goods_word(good: str) -> Msg:
    return _GOODS[good]


def turn_word(turn: int) -> Msg:
    """The side a river curve turns to (1 right, -1 left)."""
    return _TURNS[turn]


def edge_word(direction: int) -> Msg:
    return _EDGE_WORDS[direction]


def terrain_word(edge: str) -> Msg:
    return _TERRAIN[edge]


def kind_word(kind: str) -> Msg:
    return _KIND[kind]


def points_msg(n: int) -> Msg:
    """``1 point``, ``2 points``."""
    return counted("{count} point", "{count} points", count=n)


def tiles_msg(n: int) -> Msg:
    """``1 tile``, ``2 tiles``."""
    return counted("{count} tile", "{count} tiles", count=n)


def cities_msg(n: int) -> Msg:
    """``1 completed city``, ``2 completed cities``."""
    return counted("{count} completed city", "{count} completed cities", count=n)


def roads_msg(n: int) -> Msg:
    """``1 completed road``, ``2 completed roads``."""
    return counted("{count} completed road", "{count} completed roads", count=n)


def pennants_msg(n: int) -> Msg:
    """``1 pennant``, ``2 pennants``."""
    return counted("{count} pennant", "{count} pennants", count=n)


def seats_msg(seats: Sequence[int]) -> Msg:
    """'Alice', 'Alice and Bob', 'Alice, Bob and Carol', ... or 'nobody'."""
    refs = {f"p{i}": SeatRef(s) for i, s in enumerate(seats)}
    n = len(seats)
    if n == 0:
        return Msg("nobody")
    if n == 1:
        return Msg("{p0}", refs)
    if n == 2:
        return Msg("{p0} and {p1}", refs)
    if n == 3:
        return Msg("{p0}, {p1} and {p2}", refs)
    if n == 4:
        return Msg("{p0}, {p1}, {p2} and {p3}", refs)
    return Msg("{p0}, {p1}, {p2}, {p3} and {p4}", refs)


def placements_summary(placements: Iterable[tuple[int, int, int]], limit: int = 12) -> str:
    """'1,-1 r0|r3; 2,0 r1; ...' (notation, language-neutral), squares in the given order."""
    squares: dict[tuple[int, int], list[int]] = {}
    for x, y, r in placements:
        squares.setdefault((x, y), []).append(r)
    parts = [f"{x},{y} " + "|".join(f"r{r}" for r in rs) for (x, y), rs in list(squares.items())[:limit]]
    more = len(squares) - limit
    text = "; ".join(parts) if parts else "-"
    return text + (f"; … (+{more})" if more > 0 else "")
