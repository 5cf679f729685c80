"""Counted words of Keyflower's messages (``1 keeple``, ``2 keeples``) and its seasons' names:
nested messages, so each language has its own plural forms and counter words. And the names of
components inside messages: the engine writes tiles, colours, resources and skills as the
notation writes them (``keymine``, ``red``, ``pick``); ``in_words`` turns those parameters into
Terms, so Japanese readers see the names Japanese players know, a tile with its notation id
beside it (``キーマイン（keymine）``), and English readers the notation as before."""
from __future__ import annotations

import dataclasses
import functools
import re
from typing import Any, Callable

from games.core import Event, IllegalAction, Msg, Term, counted
from games.keyflower.components import SEASON_CODES, tiles

#: Japanese names of the keeple colours, resources and skills (as the help and the seeds write them)
JAPANESE = {"red": "赤", "blue": "青", "yellow": "黄", "green": "緑",
            "wood": "木", "stone": "石", "iron": "鉄", "gold": "金",
            "saw": "のこぎり", "pick": "つるはし", "anvil": "鉄床", "hidden": "非公開", "nothing": "なし"}
#: the message parameters that name components (the rest are notation, numbers or codes)
NAMED = frozenset({"a", "b", "boat", "colour", "lock", "res", "skill", "skills", "paid", "cost", "tile", "tiles",
                   "items", "keeples"})
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")
#: a count before what it counts, as English writes it (``2 wood``, ``1 saw``)
_COUNT = re.compile(r"(?<![\w-])(\d+) ([a-z]+)\b")
#: a keeple colour's code with its count, as the notation's summaries write it (``R2``, ``Y1``)
_KEEPLE_CODE = re.compile(r"\b([RBYG])(\d+)\b")
_KEEPLE_COLOURS = {"R": "red", "B": "blue", "Y": "yellow", "G": "green"}
#: a space between two items of a list once both are Japanese
_LISTED = re.compile(r"(?<=[^\x00-\x7f]) (?=[^\x00-\x7f])")


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


def tile_japanese(tid: str) -> str | None:
    """``キーマイン（keymine）``: a tile's Japanese name with its notation id (None: not a tile)."""
    found = tiles().get(tid) or tiles().get(tid + "a")
    return f"{found.ja}（{tid}）" if found is not None else None


#: the seasons as the log's codes name them in Japanese (Sp Su Au Wi)
SEASON_MARKS = ("春", "夏", "秋", "冬")


def season_code(season: int, number: int | None = None) -> Term:
    """The code of a line of the log: the season's (``Sp``), with the action's number
    (``Sp-04``); in Japanese the season's name (``春``, ``春04``)."""
    if number is None:
        return Term(SEASON_CODES[season], SEASON_MARKS[season])
    return Term(f"{SEASON_CODES[season]}-{number:02d}", f"{SEASON_MARKS[season]}{number:02d}")


def tile(tid: str) -> Term:
    """A tile named in a message: its notation id, in Japanese its name with the id beside it."""
    return Term(tid, tile_japanese(tid))


def japanese(text: str) -> str:
    """``text`` with each tile id, colour, resource and skill word named in Japanese; a count
    written after what it counts, with the counter the Japanese pages use (``2 wood`` is
    ``木2個``, the keeples ``R2`` ``赤2個``); a list of them is set off by the ideographic comma
    (``酒場（tavern）、店（store）``, ``赤2個、のこぎり``)."""
    def count(match: re.Match[str]) -> str:
        n, word = match.groups()
        return f"{JAPANESE[word]}{n}個" if word in JAPANESE else match.group(0)

    def code(match: re.Match[str]) -> str:
        return f"{JAPANESE[_KEEPLE_COLOURS[match.group(1)]]}{match.group(2)}個"

    def one(match: re.Match[str]) -> str:
        word = match.group(0)
        return JAPANESE.get(word) or tile_japanese(word) or word
    said = _WORD.sub(one, _KEEPLE_CODE.sub(code, _COUNT.sub(count, text)))
    return _LISTED.sub("、", said.replace(", ", "、"))


def named(msg: Msg) -> Msg:
    """``msg`` with its component parameters as Terms (nested messages too); a parameter quoted
    in the template (``'use {tile} 1 red'``) is notation to type and stays as it is."""
    if "{code}" in msg.text:        # a system line of the log (``Sp-place Ann: place ...``): notation
        return msg
    params: dict[str, Any] = {}
    for key, value in msg.params.items():
        quoted = re.search(r"'[^']*\{" + re.escape(key) + r"\}[^']*'", msg.text + (msg.plural or ""))
        if isinstance(value, Msg):
            value = named(value)
        elif key in NAMED and isinstance(value, str) and not quoted and (ja := japanese(value)) != value:
            value = Term(value, ja)
        params[key] = value
    return dataclasses.replace(msg, params=params)


def in_words(method: Callable[..., Any]) -> Callable[..., Any]:
    """A Game method whose messages (returned Msgs or Events, and an IllegalAction it raises)
    name components as ``named`` does."""
    @functools.wraps(method)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            result = method(*args, **kwargs)
        except IllegalAction as error:
            error.msg = named(error.msg)
            raise
        if not isinstance(result, list):
            return result
        return [dataclasses.replace(x, msg=named(x.msg)) if isinstance(x, Event) else named(x) if isinstance(x, Msg) else x
                for x in result]
    return wrapper
