"""Translatable names of locations, goods and card effects (nested ``Msg`` parameters).

``N_`` marks each name as a catalogue template, so the catalogue tools find it.
"""
from __future__ import annotations

from typing import Sequence

from games.core import Msg, N_, counted
from games.stone_age.components import Card


LOCATION = {
    "hunt": N_("hunting grounds"),
    "forest": N_("forest"),
    "clay": N_("clay pit"),
    "quarry": N_("quarry"),
    "river": N_("river"),
    "toolmaker": N_("tool maker"),
    "field": N_("field"),
    "hut": N_("hut"),
}
GOOD = {"food": N_("food"), "wood": N_("wood"), "brick": N_("brick"), "stone": N_("stone"), "gold": N_("gold")}
CULTURE = {
    "art": N_("art"), "healing": N_("healing"), "music": N_("music"), "pottery": N_("pottery"),
    "sundial": N_("sundial"), "transport": N_("transport"), "weaving": N_("weaving"), "writing": N_("writing"),
}
def _figures(figure: str, n: int) -> Msg:
    if figure == "farmer":
        return counted("{n} farmer", "{n} farmers", by="n", n=n)
    if figure == "tool_maker":
        return counted("{n} tool maker", "{n} tool makers", by="n", n=n)
    if figure == "hut_builder":
        return counted("{n} hut builder", "{n} hut builders", by="n", n=n)
    return counted("{n} shaman", "{n} shamans", by="n", n=n)


def loc_msg(loc: str) -> Msg:
    if loc.startswith("building"):
        return Msg(N_("building {k}"), {"k": int(loc[8:])})
    if loc.startswith("card"):
        return Msg(N_("card {k}"), {"k": int(loc[4:])})
    return Msg(LOCATION[loc])


def good_msg(good: str) -> Msg:
    return Msg(GOOD[good])


def goods_msg(counts: Sequence[int], kinds: Sequence[str] = ("wood", "brick", "stone", "gold"),
              say_resources: bool = False) -> Msg:
    """Resources by count, ``wood 3, brick 2``: readable where the notation's one letter per
    resource (``w w w b b``) is not."""
    parts = [Msg("{good} {n}", {"good": good_msg(kind), "n": n}) for kind, n in zip(kinds, counts) if n]
    if not parts:
        return Msg("no resources") if say_resources else Msg("none")
    msg = parts[-1]
    for part in reversed(parts[:-1]):
        msg = Msg("{first}, {rest}", {"first": part, "rest": msg})
    return msg


def top_msg(c: Card) -> Msg:
    """The immediate effect (top half) of a card."""
    if c.top == "dice_for_all":
        return Msg(N_("dice for all"))
    if c.top == "food":
        return Msg(N_("+{n} food"), {"n": c.amount})
    if c.top == "resource":
        return Msg(N_("+{n} {good}"), {"n": c.amount, "good": good_msg(c.resource or "wood")})
    if c.top == "resource_roll":
        return Msg(N_("roll 2 dice for {good}"), {"good": good_msg(c.resource or "wood")})
    if c.top == "points":
        return counted("+{n} point", "+{n} points", by="n", n=c.amount)
    if c.top == "tool":
        return Msg(N_("+1 tool"))
    if c.top == "agriculture":
        return Msg(N_("agriculture +1"))
    if c.top == "extra_card":
        return Msg(N_("extra card from the deck"))
    if c.top == "one_use_tool":
        return Msg(N_("one-use tool {n}"), {"n": c.value})
    return Msg(N_("any 2 resources"))


def bottom_msg(c: Card) -> Msg:
    """The end-of-game half of a card."""
    if c.bottom_type == "culture":
        return Msg(N_("culture: {symbol}"), {"symbol": Msg(CULTURE[c.symbol or "art"])})
    return _figures(c.bottom_type, c.figures)
