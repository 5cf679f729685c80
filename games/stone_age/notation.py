"""Reading the command notation of section 10 (case-insensitive, extra spaces ignored).

Parsing checks the words only; whether a move is allowed now is ``apply``'s job. The two
shortcuts that need the state (``buy building k`` for a fixed tile and ``buy card k`` with
automatic cheapest payment) are turned into explicit payments here.
"""
from __future__ import annotations

import re

from games.core import IllegalAction
from games.stone_age.actions import Action, Buy, Claim, FeedPay, Pick, Place, Resolve, Skip, Starve, Tools
from games.stone_age.components import GATHER, RESOURCES, VILLAGE, building
from games.stone_age.rules.payments import Payment, cheapest, from_list, payment_str
from games.stone_age.state import StoneAgeState

ALIASES = {
    "hunt": "hunt", "food": "hunt", "hunting": "hunt",
    "forest": "forest", "wood": "forest",
    "clay": "clay", "brick": "clay",
    "quarry": "quarry", "stone": "quarry",
    "river": "river", "gold": "river",
    "toolmaker": "toolmaker", "tool": "toolmaker",
    "field": "field", "farm": "field",
    "hut": "hut",
}
GOODS = {"w": "wood", "wood": "wood", "b": "brick", "brick": "brick", "clay": "brick",
         "s": "stone", "stone": "stone", "g": "gold", "gold": "gold"}
_GOOD = r"(?:wood|brick|clay|stone|gold|w|b|s|g)"
_TOKEN = re.compile(rf"(?:\d{{0,2}}{_GOOD})+")


def _small_number(word: str) -> bool:
    """A number of at most two ASCII digits ('²' passes str.isdigit() but not int())."""
    return word.isascii() and word.isdigit() and len(word) <= 2
_PART = re.compile(rf"(\d{{0,2}})({_GOOD})")
_SPOT = re.compile(r"(building|card|b|c)(\d{1,2})")

def _fail(text: str) -> IllegalAction:
    return IllegalAction("I can't read '{move}'. Moves look like: place forest 3, place hut, resolve forest, "
                         "tools 2 1, ok, buy building 2 with w w s, buy card 3, skip card 3, pick 5, claim w g, "
                         "feed pay w w, feed starve.", move=text[:60])


def parse_location(words: list[str], text: str) -> tuple[str, list[str]]:
    """A location at the start of ``words``; returns its key and the words after it."""
    if not words:
        raise IllegalAction("Name a location, e.g. forest, hut, building 2 or card 3.")
    head = words[0]
    if head in ("building", "card") and len(words) > 1 and _small_number(words[1]):
        return f"{head}{int(words[1])}", words[2:]
    match = _SPOT.fullmatch(head)
    if match:
        kind = "building" if match.group(1) in ("building", "b") else "card"
        return f"{kind}{int(match.group(2))}", words[1:]
    if head == "tool" and len(words) > 1 and words[1] == "maker":
        return "toolmaker", words[2:]
    if head in ("hunting",) and len(words) > 1 and words[1] == "grounds":
        return "hunt", words[2:]
    if head in ALIASES:
        return ALIASES[head], words[1:]
    raise IllegalAction("'{word}' is not a location. Locations: hunt, forest, clay, quarry, river, toolmaker, "
                        "field, hut, building 1-4, card 1-4.", word=head[:20])


def parse_payment(words: list[str]) -> Payment:
    """``w w b`` = ``2w b`` = ``2w 1b`` = ``wwb`` = ``2 wood brick``."""
    counts = {res: 0 for res in RESOURCES}
    pending: int | None = None
    for word in words:
        if _small_number(word) and pending is None:
            pending = int(word)
            continue
        if not _TOKEN.fullmatch(word):
            raise IllegalAction("'{word}' is not a resource. Pay with w (wood), b (brick), s (stone), g (gold), "
                                "e.g. 'w w b' or '2w b'.", word=word[:20])
        for number, good in _PART.findall(word):
            n = int(number) if number else (pending if pending is not None else 1)
            pending = None
            counts[GOODS[good]] += n
    if pending is not None:
        raise IllegalAction("A count must be followed by a resource, e.g. '2w'.")
    return tuple(counts[res] for res in RESOURCES)  # type: ignore[return-value]


def parse_tools(words: list[str]) -> Tools:
    if words in ([], ["none"], ["0"]):
        return Tools((), ())
    permanent, once = [], []
    for word in words:
        if word in ("1", "2", "3", "4"):
            permanent.append(int(word))
        elif word in ("u2", "u3", "u4"):
            once.append(int(word[1]))
        else:
            raise IllegalAction("'{word}' is not a tool. Name tools by value (1-4) and one-use tools as u2/u3/u4, "
                                "e.g. 'tools 2 1 u4', or write 'tools none'.", word=word[:20])
    return Tools(tuple(sorted(permanent, reverse=True)), tuple(sorted(once, reverse=True)))


def parse(state: StoneAgeState, seat: int, text: str) -> Action:
    words = text.strip().lower().lstrip("/").replace(",", " ").split()
    if not words:
        raise _fail(text)
    verb, rest = words[0], words[1:]
    if verb == "play" and rest:
        verb, rest = rest[0], rest[1:]
    if verb == "ok" and not rest:
        return Tools((), ())
    if verb == "tools":
        return parse_tools(rest)
    if verb == "place":
        loc, rest = parse_location(rest, text)
        return _parse_place(loc, rest)
    if verb == "resolve":
        loc, rest = parse_location(rest, text)
        if rest:
            raise _fail(text)
        if loc not in GATHER and loc not in VILLAGE:
            raise IllegalAction("Buildings and cards are bought or skipped: write 'buy {spot}' or 'skip {spot}'.",
                                spot=str(Skip(loc))[5:])
        return Resolve(loc)
    if verb == "skip":
        loc, rest = parse_location(rest, text)
        if rest:
            raise _fail(text)
        return Skip(loc)
    if verb == "buy":
        loc, rest = parse_location(rest, text)
        return _parse_buy(state, seat, loc, rest)
    if verb == "pick" and len(rest) == 1 and rest[0] in ("1", "2", "3", "4", "5", "6"):
        return Pick(int(rest[0]))
    if verb == "pick":
        raise IllegalAction("Pick a die by its face, 1 to 6, e.g. 'pick 5'.")
    if verb == "claim":
        return Claim(parse_payment(rest))
    if verb == "feed" and rest == ["starve"]:
        return Starve()
    if verb == "feed" and rest[:1] == ["pay"]:
        return FeedPay(parse_payment(rest[1:]))
    if verb == "feed":
        raise IllegalAction("Write 'feed pay' with the resources (e.g. 'feed pay w w') or 'feed starve'.")
    raise _fail(text)


def _parse_place(loc: str, rest: list[str]) -> Place:
    if len(rest) > 1 or (rest and not _small_number(rest[0])):
        raise IllegalAction("Write the number of people after the location, e.g. 'place forest 3'.")
    if rest:
        return Place(loc, int(rest[0]))
    if loc == "hut":
        return Place(loc, 2)
    if loc == "hunt" or loc in GATHER:
        raise IllegalAction("Say how many people go there, e.g. 'place {loc} 2'.", loc=loc)
    return Place(loc, 1)


def _parse_buy(state: StoneAgeState, seat: int, loc: str, rest: list[str]) -> Buy:
    if not (loc.startswith("building") or loc.startswith("card")):
        raise IllegalAction("Only buildings and cards are bought; write 'resolve {loc}' instead.", loc=loc)
    if rest:
        if rest[0] != "with":
            raise IllegalAction("Write the payment after 'with', e.g. 'buy card 2 with w b'.")
        return Buy(loc, parse_payment(rest[1:]))
    spot = str(Skip(loc))[5:]
    have = state.players[seat].res if 0 <= seat < state.count else [0, 0, 0, 0]
    if loc.startswith("card"):
        k = int(loc[4:])
        pay = cheapest(k, have)
        if pay is None:
            raise IllegalAction("Card {k} costs {k} resources and you have {have}; buy it when you can, or "
                                "'skip {spot}'.", k=k, have=sum(have), spot=spot)
        return Buy(loc, pay)
    k = int(loc[8:])
    if not 1 <= k <= len(state.stacks) or not state.stacks[k - 1]:
        raise IllegalAction("There is no building tile on stack {k}.", k=k)
    tile = building(state.stacks[k - 1][0])
    if tile.kind != "fixed":
        raise IllegalAction("Building {k} lets you choose the resources: write 'buy {spot} with …', "
                            "e.g. with {example}.", k=k, spot=spot, example=_example(tile))
    return Buy(loc, from_list(tile.cost))


def _example(tile) -> str:
    if tile.kind == "count_kinds":
        kinds = RESOURCES[:tile.kinds]
        goods = [kinds[i % tile.kinds] for i in range(tile.count)]
        return payment_str(from_list(goods))
    return "w w w"
