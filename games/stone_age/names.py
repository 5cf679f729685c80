"""Translatable names of locations, goods and card effects (nested ``Msg`` parameters).

``T`` marks a string literal as a catalogue template so the locale test finds it.
"""
from __future__ import annotations

from typing import Sequence

from games.core import Msg
from games.stone_age.components import Card


def T(text: str) -> str:
    """Marks ``text`` as an English catalogue template (identity function)."""
    return text


LOCATION = {
    "hunt": T("hunting grounds"),
    "forest": T("forest"),
    "clay": T("clay pit"),
    "quarry": T("quarry"),
    "river": T("river"),
    "toolmaker": T("tool maker"),
    "field": T("field"),
    "hut": T("hut"),
}
GOOD = {"food": T("food"), "wood": T("wood"), "brick": T("brick"), "stone": T("stone"), "gold": T("gold")}
CULTURE = {
    "art": T("art"), "healing": T("healing"), "music": T("music"), "pottery": T("pottery"),
    "sundial": T("sundial"), "transport": T("transport"), "weaving": T("weaving"), "writing": T("writing"),
}
FIGURE = {             # (figure, several?) -> template
    ("farmer", False): T("{n} farmer"), ("farmer", True): T("{n} farmers"),
    ("tool_maker", False): T("{n} tool maker"), ("tool_maker", True): T("{n} tool makers"),
    ("hut_builder", False): T("{n} hut builder"), ("hut_builder", True): T("{n} hut builders"),
    ("shaman", False): T("{n} shaman"), ("shaman", True): T("{n} shamans"),
}


def loc_msg(loc: str) -> Msg:
    if loc.startswith("building"):
        return Msg(T("building {k}"), {"k": int(loc[8:])})
    if loc.startswith("card"):
        return Msg(T("card {k}"), {"k": int(loc[4:])})
    return Msg(LOCATION[loc])


def good_msg(good: str) -> Msg:
    return Msg(GOOD[good])


def goods_msg(counts: Sequence[int], kinds: Sequence[str] = ("wood", "brick", "stone", "gold"),
              say_resources: bool = False) -> Msg:
    """Resources by count, ``wood 3, brick 2``: readable where the notation's one letter per
    resource (``w w w b b``) is not."""
    parts = [Msg(T("{good} {n}"), {"good": good_msg(kind), "n": n}) for kind, n in zip(kinds, counts) if n]
    if not parts:
        return Msg(T("no resources")) if say_resources else Msg(T("none"))
    msg = parts[-1]
    for part in reversed(parts[:-1]):
        msg = Msg(T("{first}, {rest}"), {"first": part, "rest": msg})
    return msg


def top_msg(c: Card) -> Msg:
    """The immediate effect (top half) of a card."""
    if c.top == "dice_for_all":
        return Msg(T("dice for all"))
    if c.top == "food":
        return Msg(T("+{n} food"), {"n": c.amount})
    if c.top == "resource":
        return Msg(T("+{n} {good}"), {"n": c.amount, "good": good_msg(c.resource or "wood")})
    if c.top == "resource_roll":
        return Msg(T("roll 2 dice for {good}"), {"good": good_msg(c.resource or "wood")})
    if c.top == "points":
        return Msg(T("+{n} points"), {"n": c.amount})
    if c.top == "tool":
        return Msg(T("+1 tool"))
    if c.top == "agriculture":
        return Msg(T("agriculture +1"))
    if c.top == "extra_card":
        return Msg(T("extra card from the deck"))
    if c.top == "one_use_tool":
        return Msg(T("one-use tool {n}"), {"n": c.value})
    return Msg(T("any 2 resources"))


def bottom_msg(c: Card) -> Msg:
    """The end-of-game half of a card."""
    if c.bottom_type == "culture":
        return Msg(T("culture: {symbol}"), {"symbol": Msg(CULTURE[c.symbol or "art"])})
    return Msg(FIGURE[c.bottom_type, c.figures != 1], {"n": c.figures})
