"""What a tile's face says and where: its name (with the id players type, where shown), its
ability and, at auction, its upgrade cost, each line inside the hex at its height (hexfit), and
its points badge. A name that cannot fit above the ability takes the whole middle instead (the
name is what players know the tile by); no word sits under the badge when the name can avoid it.
An auction tile (nothing is drawn on it below its words) stacks its ability and cost in as many
lines as its lower half holds; a village tile keeps room for its resources."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.keyflower.components import tile as tile_def
from renderers.common import word
from renderers.keyflower.hexfit import (LINE, Centre, Clear, fit_below, fit_in_hex, fits, line_centres, shift,
                                        splits_katakana)
from renderers.keyflower.palette import COST_INK, INK
from renderers.keyflower.words import ability_text, cost_letters, tile_label, vp_text

AUCTION_BOTTOM = 0.6    # an auction tile's lowest line of words is centred at most this far below the middle
BADGE_X, BADGE_Y = 0.54, 0.6    # the points badge's centre: right of and above the middle, times the hex's size


@dataclass(frozen=True)
class Words:
    """Lines of one font centred as a block at ``centre`` (an offset below the hex's centre)."""

    font: Any
    lines: tuple[str, ...]
    centre: float
    ink: tuple[int, int, int] = INK
    shifts: tuple[float, ...] = ()          # how far right of the middle each line goes (none: all centred)


@dataclass(frozen=True)
class TileWords:
    """A tile face's words: name, ability, cost (as far as shown), and the points badge: its
    centre and radius (offsets from the hex's centre) and what it says."""

    blocks: tuple[Words, ...]
    badge: tuple[float, float, float] | None
    points: str


def tile_words(tid: str, upgraded: bool, s: float, floor: int, detail: str, purple: bool = False) -> TileWords:
    """The words of tile ``tid``'s face in a hex of size ``s`` (``detail`` as tile_sprite takes)."""
    defn = tile_def(tid)
    name, code, line, cost = face_texts(tid, upgraded, detail, purple)
    points = vp_text(defn, upgraded)
    circle = (s * BADGE_X, -s * BADGE_Y, max(s * 0.19, floor * 0.75)) if points and points != "0" else None
    badge: Clear = None if circle is None else (circle[0] - circle[2] - 2, circle[1] + circle[2] + 1)
    # in two lines (three with the id) above the ability, clear of the badge when it still fits
    # there (the ability is worth more than a corner of the badge; an upgrade cost alone is not,
    # nor is a word broken in two)
    fit = None
    clears = dict.fromkeys([badge, None]) if line else [badge]
    tries = [(lines, clear) for clear in clears for lines in (2, 3)] if line or cost else []
    used = None
    for lines, used in tries:
        fit = _fit_title(name, code, s, floor, lines, name_above_ability(s), last_resort=False, clear=used,
                         hyphenate=bool(line))
        if fit is not None and splits_katakana(fit[1]):     # a loanword is worth more than the ability
            fit = None
        if fit is not None:
            break
    place = name_above_ability(s)
    if fit is None:                 # the name takes the middle; a cost alone goes below it if there is room
        line = ""
        place = name_alone(s)
        used = badge
        fit = _fit_title(name, code, s, floor, 3, place, last_resort=False, clear=badge)
        if fit is None:
            used = None
            fit = _fit_title(name, code, s, floor, 3, place)
        if fit is not None and splits_katakana(fit[1]):     # a loanword broken: whole a little lower, if it fits there
            whole = _whole_title(name, code, s, floor, badge)
            if whole is not None:
                place, used, fit = whole
    assert fit is not None, "the last resort always fits"
    name_font, name_lines = fit
    name_h = name_font.size * LINE
    ys = line_centres(len(name_lines), name_font.size, place)
    moved = tuple(shift(s, text, name_font, y, used) or 0.0 for text, y in zip(name_lines, ys))
    blocks = [Words(name_font, tuple(name_lines), place(len(name_lines), name_h), shifts=moved if any(moved) else ())]
    top = max(s * 0.12, ys[-1] + name_h / 2 + floor * LINE / 2 + 2)
    blocks += _below(defn, line, cost, s, floor, detail, top)
    return TileWords(tuple(blocks), circle, points)


def face_texts(tid: str, upgraded: bool, detail: str, purple: bool = False) -> tuple[str, str, str, str]:
    """What tile ``tid``'s face says, in the picture's language: its name, the id players type
    for it ("" when the name says it), its ability and its upgrade cost (each "" when not shown).
    An auction tile with no room for its cost's points says :func:`cost_letters` alone."""
    defn = tile_def(tid)
    name, code = tile_label(defn)
    name = ("+" if upgraded else "") + name
    line = ability_text(defn, upgraded) if detail != "name" else ""
    if purple:
        line = word("{text} · start player", text=line) if line else word("start player")
    cost = ""
    if detail == "auction" and defn.upgradable and not upgraded:
        cost = word("{cost} → {vp} VP", cost=cost_letters(defn), vp=defn.vp[1])
    return name, code, line, cost


def _below(defn, line: str, cost: str, s: float, floor: int, detail: str, top: float) -> list[Words]:
    """The ability and cost blocks: stacked on an auction tile from ``top`` down (an upgrade worth
    no points may say only what it costs, when the points do not fit), else the ability in up to
    two lines below the middle and the cost in one near the bottom."""
    if detail == "auction" and (line or cost):
        for said in [cost] + ([cost_letters(defn)] if cost and not defn.vp[1] else []):
            stacked = fit_below(line, said, s, s * 0.22, floor, top, s * AUCTION_BOTTOM)
            if stacked is not None:
                font, ability_block, cost_block = stacked
                h = font.size * LINE
                return [Words(font, tuple(lines), first + h * (len(lines) - 1) / 2, ink)
                        for block, ink in ((ability_block, INK), (cost_block, COST_INK)) if block is not None
                        for lines, first in [block]]
    if not line:                    # (an auction tile's words that do not fit whole: cut as a village's)
        return []
    font, lines = fit_in_hex(line, s, s * 0.22, floor, False, 2 if not cost else 1, ability_below(s))
    blocks = [Words(font, tuple(lines), ability_below(s)(len(lines), font.size * LINE))]
    if cost:
        font, lines = fit_in_hex(cost, s, s * 0.2, floor, False, 1, lambda n, h: s * 0.56)
        blocks.append(Words(font, tuple(lines), s * 0.56, COST_INK))
    return blocks


#: how far a name alone may move from its place to keep its katakana words whole: its block's
#: centre from this far above the hex's middle to this far below it (times the hex's size); below
#: that the resources on a village tile would meet it
WHOLE_ABOVE, WHOLE_BELOW = 0.2, 0.12


def _whole_title(name: str, tid: str, s: float, floor: int, badge: Clear) -> tuple[Centre, Clear, Any] | None:
    """A name alone (with its id) placed with no word broken, its block centred as near its usual
    place as it fits, between :data:`WHOLE_ABOVE` and :data:`WHOLE_BELOW` (the middle of a hex is
    its widest part: a loanword too long for the usual place may fit a little lower): (where its
    block is centred, the corner it keeps clear of, its font and lines), or None."""
    usual = name_alone(s)(1, 0.0)
    steps = range(round(-WHOLE_ABOVE * s), round(WHOLE_BELOW * s) + 1)
    for offset in sorted(steps, key=lambda y: (abs(y - usual), y)):
        def place(n: int, h: float, offset: float = offset) -> float:
            return offset
        for clear in dict.fromkeys([badge, None]):
            fit = _fit_title(name, tid, s, floor, 3, place, last_resort=False, clear=clear, hyphenate=False)
            if fit is not None:
                return place, clear, fit
    return None


def cjk(text: str) -> bool:
    """Whether ``text`` has Japanese (or other East Asian) characters."""
    return any(ord(c) > 0x2E80 for c in text)


def name_above_ability(s: float) -> Centre:
    """A name above the ability line: its last line just above the middle, more lines upwards."""
    return lambda n, h: -s * 0.22 - h * (n - 1) / 2


def name_alone(s: float) -> Centre:
    """A name alone: centred a little above the middle (counters go below it)."""
    return lambda n, h: -s * 0.06


def ability_below(s: float) -> Centre:
    """The ability line(s): the first line just below the middle, more lines downwards."""
    return lambda n, h: s * 0.12 + h * (n - 1) / 2


def _fit_title(name: str, tid: str, s: float, floor: int, max_lines: int, centre: Centre,
               last_resort: bool = True, clear: Clear = None, hyphenate: bool = True):
    """(font, lines) of a tile's name in at most ``max_lines`` lines placed by ``centre``; with
    ``tid`` (the id players type), the name in the lines above and the id whole on the last. No
    word in the ``clear`` corner (the points badge); no word broken unless ``hyphenate``."""
    if not tid:
        return fit_in_hex(name, s, s * 0.3, floor, True, max_lines, centre, last_resort, clear, hyphenate)
    id_font = fit_in_hex(tid, s, s * 0.3, floor, True, 1, centre, last_resort=True, clear=clear)[0]
    for size in (id_font.size, floor):
        # the name's block sits where the whole block's first lines go; the id takes the last line
        def above(n: int, h: float) -> float:
            return centre(n + 1, h) - h / 2
        fit = fit_in_hex(name, s, size, floor, True, max_lines - 1, above, last_resort=False, clear=clear,
                         hyphenate=hyphenate)
        if fit is not None:
            fnt, lines = fit
            ys = line_centres(len(lines) + 1, fnt.size, centre)
            if fits(s, tid, fnt, ys[-1], clear):
                return fnt, lines + [tid]
    if not last_resort:
        return None
    fnt, lines = fit_in_hex(name, s, floor, floor, True, max_lines - 1, lambda n, h: centre(n + 1, h) - h / 2,
                            clear=clear)
    return fnt, lines + [tid]
