"""Reading commands in the notation of section 13 (case-insensitive, abbreviations allowed)."""
from __future__ import annotations

import re

from games.core import IllegalAction
from games.keyflower.rules import village as vil
from games.keyflower.actions import (Action, BidAction, BoatAction, DoneAction, FlipAction, Move, PassAction,
                                     PlaceAction, Up, UseAction, WinterAction, norm_colours)
from games.keyflower.components import COLOURS, RESOURCES, SKILLS, tiles as all_tiles
from games.keyflower.state import KeyflowerState

COLOUR_WORDS = {"r": "red", "red": "red", "b": "blue", "blue": "blue", "y": "yellow", "yellow": "yellow",
                "g": "green", "green": "green"}
RES_WORDS = {"w": "wood", "wood": "wood", "s": "stone", "stone": "stone", "i": "iron", "iron": "iron",
             "au": "gold", "gold": "gold"}
SKILL_WORDS = {"saw": "saw", "pick": "pick", "pickaxe": "pick", "anvil": "anvil"}
MIX = re.compile(r"^(\d{1,2}[rbyg])(\+\d{1,2}[rbyg])*$")
def _bad(text: str) -> IllegalAction:
    return IllegalAction("I can't read '{input}'. Commands: 'bid TILE N COLOUR [from TILE,...]', "
                         "'use TILE N COLOUR [from ...] [choice]', 'pass', 'boat BOAT', 'place TILE q,r rK', "
                         "'winter TILE ...', 'flip TILE'.", input=text[:60])


def tile_id(st: KeyflowerState, seat: int, word: str) -> str:
    """Internal id of a tile word: ``home``, ``home@2``, ``boat1`` (side in play) ..."""
    word = word.lower()
    known = all_tiles()
    if word == "home":
        return st.seats[seat].home
    if word.startswith("home@"):
        who = word[5:]
        if who.isascii() and who.isdigit() and len(who) <= 2 and 1 <= int(who) <= st.players:
            return st.seats[int(who) - 1].home
        raise IllegalAction("'{word}': write home@N with a seat number from 1 to {n}.", word=word[:20], n=st.players)
    if re.fullmatch(r"boat[1-4]", word):
        for side in "ab":
            if _summer_boat_in_play(st, word + side):
                return word + side
        return word + "a"
    if re.fullmatch(r"boat[1-4][ab]", word):
        other = word[:-1] + ("b" if word[-1] == "a" else "a")
        if _summer_boat_in_play(st, other) and not _summer_boat_in_play(st, word):
            raise IllegalAction("{word} is not the side in play; that summer boat shows side {side}.",
                                word=word, side=other[-1])
        return word
    if word in known and known[word].kind != "summer_boat":
        return word
    raise IllegalAction("There is no tile '{word}'. Tiles on auction: {tiles}.", word=word[:20],
                        tiles=", ".join(st.auction + st.orders) or "-")


def _summer_boat_in_play(st: KeyflowerState, tid: str) -> bool:
    return tid in st.auction or st.owner(tid) is not None or any(tid in p.pending for p in st.seats)


def _count(word: str, what: str = "keeples") -> int:
    if not (word.isascii() and word.isdigit()) or len(word) > 3:
        raise IllegalAction("'{word}' is not a number of {what}.", word=word[:20], what=what)
    return int(word)


def _colours(word: str, n: int) -> tuple[tuple[str, int], ...]:
    if word in COLOUR_WORDS:
        return ((COLOUR_WORDS[word], n),)
    if MIX.match(word):
        mix = {c: 0 for c in COLOURS}
        for part in word.split("+"):
            mix[COLOUR_WORDS[part[-1]]] += int(part[:-1])
        if sum(mix.values()) != n:
            raise IllegalAction("The colours {spec} add up to {sum}, not {n}.", spec=word, sum=sum(mix.values()), n=n)
        return norm_colours(mix)
    raise IllegalAction("'{word}' is not a keeple colour: write red, blue, yellow or green (r, b, y, g).", word=word[:20])


def _sources(st: KeyflowerState, seat: int, words: list[str]) -> tuple[tuple[str, ...], list[str]]:
    if len(words) >= 2 and words[0] == "from":
        return tuple(sorted(tile_id(st, seat, w) for w in words[1].split(",") if w)), words[2:]
    return (), words


def parse(st: KeyflowerState, seat: int, text: str) -> Action:
    raw = text.strip().lower()
    if not raw:
        raise _bad(text)
    parts = [p.strip() for p in raw.split(";")]
    words = parts[0].split()
    if not words:
        raise _bad(text)
    verb, rest = words[0], words[1:]
    if verb == "use" and rest and rest[0] in ("move", "up", "done"):
        # '/use move ...' from the slash command: a staged transport step
        verb, rest = rest[0], rest[1:]
        parts[0] = " ".join([verb] + rest)
    if len(parts) > 1 and verb != "use":
        raise IllegalAction("Only a 'use' of a transport tile takes steps after ';'.")
    if verb == "pass" and not rest:
        return PassAction()
    if verb == "done" and not rest:
        return DoneAction()
    if verb == "bid":
        if len(rest) not in (3, 5):
            raise IllegalAction("Write 'bid TILE N COLOUR [from TILE,...]', e.g. 'bid woodcutter 2 red'.")
        tid = tile_id(st, seat, rest[0])
        n = _count(rest[1])
        if rest[2] not in COLOUR_WORDS:
            raise IllegalAction("'{word}' is not a keeple colour: write red, blue, yellow or green (r, b, y, g).",
                                word=rest[2][:20])
        sources, extra = _sources(st, seat, rest[3:])
        if extra:
            raise IllegalAction("Write 'bid TILE N COLOUR [from TILE,...]', e.g. 'bid woodcutter 2 red'.")
        return BidAction(tid, n, COLOUR_WORDS[rest[2]], sources)
    if verb == "use":
        if len(rest) < 3:
            raise IllegalAction("Write 'use TILE N COLOUR [from TILE,...] [choice]', e.g. 'use workshop 1 b stone'.")
        tid = tile_id(st, seat, rest[0])
        n = _count(rest[1])
        colours = _colours(rest[2], n)
        sources, extra = _sources(st, seat, rest[3:])
        choice = _choice(extra)
        steps = tuple(_step(st, seat, p) for p in parts[1:])
        return UseAction(tid, n, colours, sources, choice, steps)
    if verb in ("move", "up"):
        return _step(st, seat, parts[0])
    if verb == "boat" and len(rest) == 1:
        tid = tile_id(st, seat, rest[0])
        return BoatAction(tid)
    if verb == "place" and len(rest) in (2, 3):
        return _place(st, seat, rest)
    if verb == "winter" and rest:
        return WinterAction(tuple(_winter_order(st, seat, rest)))
    if verb == "flip" and len(rest) == 1:
        return FlipAction(tile_id(st, seat, rest[0]))
    raise _bad(text)


def _choice(words: list[str]) -> str:
    if not words:
        return ""
    if len(words) == 1 and words[0] in RES_WORDS:
        return RES_WORDS[words[0]]
    if len(words) == 2 and words[0] == "pay":
        if words[1] in COLOUR_WORDS:
            return "pay " + COLOUR_WORDS[words[1]]
        if words[1] in SKILL_WORDS:
            return "pay " + SKILL_WORDS[words[1]]
    raise IllegalAction("'{words}' is not a choice: write a resource (Workshop), 'pay COLOUR' (Tavern) or 'pay SKILL' (Brewer, Hiring Fair).",
                        words=" ".join(words)[:40])


def _step(st: KeyflowerState, seat: int, text: str) -> Move | Up:
    words = text.split()
    if words and words[0] == "move":
        rest = words[1:]
        k = 1
        if rest and rest[0].isdigit():
            k = _count(rest[0], "resources")
            rest = rest[1:]
        if len(rest) != 3 or rest[0] not in RES_WORDS:
            raise IllegalAction("Write 'move [N] RESOURCE FROM TO', e.g. 'move 2 wood workshop home'.")
        return Move(k, RES_WORDS[rest[0]], tile_id(st, seat, rest[1]), tile_id(st, seat, rest[2]))
    if words and words[0] == "up":
        rest = words[1:]
        if len(rest) == 1:
            return Up(tile_id(st, seat, rest[0]))
        if len(rest) == 3 and rest[1] == "pay":
            items = []
            for w in rest[2].split(","):
                if w in RES_WORDS:
                    items.append(RES_WORDS[w])
                elif w in SKILL_WORDS:
                    items.append(SKILL_WORDS[w])
                else:
                    raise IllegalAction("'{word}' is not a resource or skill tile to pay with.", word=w[:20])
            res = sorted((i for i in items if i in RESOURCES), key=RESOURCES.index)
            sk = sorted((i for i in items if i in SKILLS), key=SKILLS.index)
            return Up(tile_id(st, seat, rest[0]), tuple(res + sk))
        raise IllegalAction("Write 'up TILE [pay ITEM,ITEM]', e.g. 'up farrier pay wood,iron'.")
    raise IllegalAction("A step is 'move [N] RESOURCE FROM TO' or 'up TILE [pay ITEM,...]'.")


def _place(st: KeyflowerState, seat: int, rest: list[str]) -> PlaceAction:
    tid = tile_id(st, seat, rest[0])
    cell_word = rest[1]
    match = re.fullmatch(r"(-?\d{1,3}),(-?\d{1,3})", cell_word)
    if match:
        cell = (int(match.group(1)), int(match.group(2)))
    else:
        found = vil.labels(st, seat).get(cell_word.upper())
        if found is None:
            raise IllegalAction("'{cell}' is not a cell: write q,r (e.g. 1,-1) or a label shown on your village image.",
                                cell=cell_word[:20])
        cell = found
    if len(rest) == 3:
        rot = re.fullmatch(r"r([0-5])", rest[2])
        if not rot:
            raise IllegalAction("'{word}' is not a rotation: write r0 to r5.", word=rest[2][:20])
        return PlaceAction(tid, cell[0], cell[1], int(rot.group(1)))
    if tid not in st.seats[seat].pending:
        raise IllegalAction("{tile} is not waiting to be placed in your village.", tile=rest[0][:20])
    options = vil.rotations_at(st, seat, tid, cell)
    if len(options) != 1:
        raise IllegalAction("Name the rotation: {tile} fits at {cell} with {options}.", tile=rest[0][:20],
                            cell=f"{cell[0]},{cell[1]}", options=", ".join(f"r{k}" for k in options) or "no rotation")
    return PlaceAction(tid, cell[0], cell[1], options[0])


def _winter_order(st: KeyflowerState, seat: int, words: list[str]) -> list[str]:
    from games.keyflower.components import season_tiles
    order = season_tiles("winter")
    chosen = []
    for w in words:
        tid = tile_id(st, seat, w)
        if tid not in order:
            raise IllegalAction("{tile} is not a winter tile.", tile=w[:20])
        if tid in chosen:
            raise IllegalAction("{tile} is named twice.", tile=w[:20])
        chosen.append(tid)
    return sorted(chosen, key=order.index)
