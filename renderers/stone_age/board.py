"""The main board: header, locations 1-8, building stacks (9), card display (10) and dice."""
from __future__ import annotations

from PIL import Image, ImageDraw

from games.stone_age.components import GATHER, building, card
from games.stone_age.view import StoneAgeView
from renderers.common import N_, coded, drawlog, named, numbered, word, words
from renderers.stone_age.draw import (
    Canvas, closed_mark, die, fit_name, fitting_size, good_square, panel, people_chip, person, text,
)
from renderers.stone_age.palette import (
    BG, CARD_EDGE, CARD_FILL, CARD_PRICE, CARD_PRICE_EDGE, CARD_TAKEN, CULTURE_BAND, GOLD_INK, HEADER_FILL, HEADER_INFO,
    HEADER_TEXT, INK, LINE, MUTED, PANEL, RESOURCE_FILL, SAND_BAND, STACK_EMPTY, STACK_FILL, TURN_FILL, TURN_FRAME,
    VILLAGE_FILL, WHITE,
)

WIDTH = 720
MARGIN = 8
GAP = 6
GATHER_HEIGHT = 142     # the rows of the board, each GAP above the next
VILLAGE_HEIGHT = 84
ROW_TITLE = 28          # a row's title above its boxes (buildings, cards)
BUILDING_HEIGHT = 150
CARD_HEIGHT = 176
DICE_LINE = 74          # a line of the dice row: the roll, the dice for all

GATHER_LABEL = {"hunt": N_("Hunt"), "forest": N_("Forest"), "clay": N_("Clay"), "quarry": N_("Quarry"), "river": N_("River")}
VILLAGE_LABEL = {"toolmaker": N_("Tool maker"), "field": N_("Field"), "hut": N_("Hut")}
NUMBER = {"hunt": 1, "forest": 2, "clay": 3, "quarry": 4, "river": 5, "toolmaker": 6, "field": 7, "hut": 8}
PHASE = {"place": N_("Placement"), "act": N_("Actions"), "feed": N_("Feeding"), "over": N_("Game over")}
FIGURE_LABEL = {"farmer": N_("farmer"), "tool_maker": N_("tool maker"), "hut_builder": N_("hut builder"), "shaman": N_("shaman")}
VILLAGE_EFFECT = {"toolmaker": N_("+1 tool"), "field": N_("agriculture +1"), "hut": N_("+1 person")}
RESOURCE = {"food": N_("food"), "wood": N_("wood"), "brick": N_("brick"), "stone": N_("stone"), "gold": N_("gold")}
SYMBOL = {"art": N_("Art"), "healing": N_("Healing"), "music": N_("Music"), "pottery": N_("Pottery"),
          "sundial": N_("Sundial"), "transport": N_("Transport"), "weaving": N_("Weaving"), "writing": N_("Writing")}


def location_label(loc: str) -> str:
    """A location as the board labels it: its number, its name and (in Japanese) the code typed."""
    name = GATHER_LABEL.get(loc) or VILLAGE_LABEL[loc]
    return numbered(NUMBER[loc], coded(word(name), loc))


def columns(count: int, top: int, height: int) -> list[tuple[int, int, int, int]]:
    width = (WIDTH - 2 * MARGIN - GAP * (count - 1)) // count
    return [(MARGIN + i * (width + GAP), top, MARGIN + i * (width + GAP) + width, top + height) for i in range(count)]


HEADER = 74
#: the header's first band (the round, the buildings and the deck) ends here and its second (whose
#: turn) begins: the round's descenders end above it (the round is drawn 6 px from the top, 2 px
#: higher than when the header was one drawing) and the turn line's accented capitals below it,
#: in either language (a name's stacked accents, such as Ễ's, lose their top row)
HEADER_SPLIT = 46


def header(image: Image.Image, draw: ImageDraw.ImageDraw, view: StoneAgeView, names: list[str], top: int) -> int:
    """The header: its two bands drawn apart (a turn image keeps each as a part of its own, so
    that whose turn it is redraws its band only), then put one under the other."""
    image.paste(band(lambda i, d, t: header_stock(d, view, t), HEADER_SPLIT), (0, top))
    image.paste(band(lambda i, d, t: header_turn(d, view, names, t), HEADER - HEADER_SPLIT + 1), (0, top + HEADER_SPLIT))
    return top + HEADER


def band(draw_band, height: int) -> Image.Image:
    """``height`` rows drawn on an image of their own from its top by ``draw_band(image, draw, 0)``."""
    image = Image.new("RGB", (WIDTH, height), BG)
    draw_band(image, Canvas(image), 0)
    return image


def header_stock(draw: ImageDraw.ImageDraw, view: StoneAgeView, top: int) -> int:
    """The header's first band: the round and phase, the building stacks and the deck."""
    draw.rectangle((0, top, WIDTH, top + HEADER_SPLIT - 1), fill=HEADER_FILL)
    title = word("Round {n} · {phase}", n=view.round, phase=word(PHASE.get(view.phase, view.phase)))
    text(draw, (MARGIN + 4, top + 6), title, 28, fill=HEADER_TEXT, bold=True)
    stacks = "/".join(str(n) for _, n in view.stacks)
    info = word("Buildings {stacks} · Deck {deck}", stacks=stacks, deck=view.deck_count)
    text(draw, (WIDTH - MARGIN - 4, top + 12), info, 22, fill=HEADER_INFO, anchor="ra")
    return top + HEADER_SPLIT


def header_turn(draw: ImageDraw.ImageDraw, view: StoneAgeView, names: list[str], top: int) -> int:
    """The header's second band (from ``top``, the header's row HEADER_SPLIT): whose turn it is."""
    draw.rectangle((0, top, WIDTH, top + HEADER - HEADER_SPLIT), fill=HEADER_FILL)
    before, name, after = turn_split(view, names)
    if before or name or after:
        if name:
            kind = "name"
            name, size = fit_name(name, 22, WIDTH - 2 * MARGIN, False, before, after)
        else:                               # several names: the line is cut as a whole
            kind = "line"
            before, size = fit_name(before, 22, WIDTH - 2 * MARGIN)
        with drawlog.field(kind, name or before):
            text(draw, (MARGIN + 4, top + 44 - HEADER_SPLIT), before + name + after, size, fill=HEADER_TEXT)
    return top + HEADER - HEADER_SPLIT


def turn_line(view: StoneAgeView, names: list[str]) -> str:
    """The header's line of whose turn it is."""
    return "".join(turn_split(view, names))


def turn_split(view: StoneAgeView, names: list[str]) -> tuple[str, str, str]:
    """The line of whose turn it is as (before, name, after): the name of the player it is about
    (cut first when the line is too long); a line about several players is all ``before``."""
    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else word("seat {n}", n=seat + 1)
    first = word("1st: {player}", player=name(view.first))
    if view.phase == "over":
        winners = [name(r.seat) for r in view.final or () if r.rank == 1]
        why = word("a building stack is empty") if view.end_reason == "stack" else word("no cards to refill")
        if len(winners) == 1:
            return _around(word("Winner: {players} · ended: {why}", players="\0", why=why), winners[0])
        return word("Winner: {players} · ended: {why}", players=word(", ").join(winners), why=why), "", ""
    if view.phase == "feed":
        return word("Feeding: {players} to choose · {first}", players=word(", ").join(name(s) for s in view.to_act),
                    first=first), "", ""
    if view.dice_for_all is not None and view.dice_for_all.picker is not None:
        return _around(word("{player} picks a die · {first}", player="\0", first=first), name(view.dice_for_all.picker))
    if view.roll is not None:
        return _around(word("{player}: add tools or ok · {first}", player="\0", first=first), name(view.roll.seat))
    if view.phase == "place":
        return _around(word("{player} to place · {first}", player="\0", first=first), name(view.turn))
    return _around(word("{player} resolving · {first}", player="\0", first=first), name(view.turn))


def _around(line: str, name: str) -> tuple[str, str, str]:
    """(before, name, after) of ``line``, whose NUL stands for ``name``."""
    before, _, after = line.partition("\0")
    return before, name, after


def occupant_chips(image, draw, who, box, size: int = 30, per_row: int = 2) -> None:
    x0, y0, x1, _ = box
    col_w = (x1 - x0 - 8) // per_row
    for i, (seat, n) in enumerate(who):
        x = x0 + 6 + (i % per_row) * col_w
        y = y0 + (i // per_row) * (size + 4)
        people_chip(image, draw, seat, n, (x, y), size)


def gather_row(image, draw, view: StoneAgeView, top: int) -> int:
    for loc, box in zip(GATHER, columns(5, top, GATHER_HEIGHT)):
        paste_cell(image, box, lambda i, d, b, loc=loc: gather_cell(i, d, view, loc, b))
    return top + GATHER_HEIGHT + GAP


def gather_cell(image, draw, view: StoneAgeView, loc: str, box: tuple[int, int, int, int]) -> None:
    """A gathering location in ``box``."""
    x0, y0, x1, y1 = box
    good = GATHER[loc]
    panel(draw, box)
    draw.rounded_rectangle((x0, y0, x1, y0 + 34), radius=10, fill=RESOURCE_FILL[good])
    draw.rectangle((x0, y0 + 20, x1, y0 + 34), fill=RESOURCE_FILL[good])
    label = location_label(loc)
    text(draw, (x0 + 8, y0 + 17), label, fitting_size(label, 22, x1 - x0 - 12, True),
         fill=WHITE if good != "gold" else GOLD_INK, bold=True, anchor="lm")
    who = view.people_on(loc)
    people = sum(n for _, n in who)
    capacity = word("no limit") if loc == "hunt" else f"{people}/7"
    divisor = {"food": 2, "wood": 3, "brick": 4, "stone": 5, "gold": 6}[good]
    text(draw, (x0 + 8, y0 + 38), f"÷{divisor}", 22, fill=MUTED, bold=True)
    text(draw, (x1 - 8, y0 + 38), capacity, fitting_size(capacity, 22, x1 - x0 - 50), fill=INK, anchor="ra")
    occupant_chips(image, draw, who, (x0, y0 + 68, x1, y1))
    if loc in view.closed:
        closed_mark(image, (x0, y0 + 34, x1, y1))


def cell(draw_cell, box: tuple[int, int, int, int]) -> Image.Image:
    """The box of a row (its last row and column included) drawn on an image of its own by
    ``draw_cell(image, draw, box)``, the box moved to the image's corner: a cell of a row is a
    part of the turn image of its own, and the whole row is its cells put together."""
    x0, y0, x1, y1 = box
    image = Image.new("RGB", (x1 - x0 + 1, y1 - y0 + 1), BG)
    draw_cell(image, Canvas(image), (0, 0, x1 - x0, y1 - y0))
    return image


def paste_cell(image: Image.Image, box: tuple[int, int, int, int], draw_cell) -> None:
    """The :func:`cell` in ``box`` pasted where the box is."""
    image.paste(cell(draw_cell, box), box[:2])


def village_row(image, draw, view: StoneAgeView, top: int) -> int:
    for loc, box in zip(VILLAGE_LABEL, columns(3, top, VILLAGE_HEIGHT)):
        paste_cell(image, box, lambda i, d, b, loc=loc: village_cell(i, d, view, loc, b))
    return top + VILLAGE_HEIGHT + GAP


def village_cell(image, draw, view: StoneAgeView, loc: str, box: tuple[int, int, int, int]) -> None:
    """A village location in ``box``."""
    x0, y0, x1, y1 = box
    panel(draw, box, fill=VILLAGE_FILL)
    label = location_label(loc)
    text(draw, (x0 + 10, y0 + 8), label, fitting_size(label, 24, x1 - x0 - 60, True), bold=True)
    effect = word(VILLAGE_EFFECT[loc])
    text(draw, (x0 + 10, y0 + 46), effect, 21, fill=MUTED)
    who = view.people_on(loc)
    if who:
        seat, n = who[0]
        people_chip(image, draw, seat, n, (x1 - 84 if n > 1 else x1 - 44, y0 + 8), 34)
    if loc in view.closed:
        closed_mark(image, box, right=True)


def tile_rule(tile_id: str) -> tuple[str, str]:
    """(rule text, points text) of a building tile."""
    tile = building(tile_id)
    if tile.kind == "fixed":
        return "", str(tile.points)
    if tile.kind == "count_kinds":
        return words("{count} of {kinds} kind", "{count} of {kinds} kinds", by="kinds", count=tile.count,
                     kinds=tile.kinds), named("?", "？")
    return word("{least}–{most} any", least=tile.min_count, most=tile.max_count), named("?", "？")


STACK_COLUMNS = 4       # building stacks side by side (fewer players: fewer stacks, as wide)


def building_row(image, draw, view: StoneAgeView, top: int) -> int:
    building_title(draw, top)
    top += ROW_TITLE
    for k, box in zip(range(1, len(view.stacks) + 1), columns(STACK_COLUMNS, top, BUILDING_HEIGHT)):
        paste_cell(image, box, lambda i, d, b, k=k: building_cell(i, d, view, k, b))
    return top + BUILDING_HEIGHT + GAP


def building_title(draw, top: int) -> None:
    text(draw, (MARGIN + 2, top), word("9 Buildings (top tile of each stack)"), 20, fill=MUTED, bold=True)


def building_cell(image, draw, view: StoneAgeView, k: int, box: tuple[int, int, int, int]) -> None:
    """Building stack ``k`` (from 1) in ``box``: its top tile, what is left, who is on it."""
    tile_id, left = view.stacks[k - 1]
    x0, y0, x1, y1 = box
    panel(draw, box, fill=STACK_FILL if tile_id else STACK_EMPTY)
    text(draw, (x0 + 8, y0 + 6), word("Stack {n}", n=k), 21, bold=True)
    text(draw, (x1 - 8, y0 + 8), word("{n} left", n=left), 19, fill=MUTED, anchor="ra")
    if tile_id is None:
        text(draw, ((x0 + x1) // 2, y0 + 70), word("empty"), 24, fill=MUTED, anchor="mm")
    else:
        tile = building(tile_id)
        rule, points = tile_rule(tile_id)
        if tile.kind == "fixed":
            for i, good in enumerate(tile.cost):
                good_square(draw, good, (x0 + 8 + i * 38, y0 + 40), 34)
        else:
            text(draw, (x0 + 8, y0 + 46), rule, fitting_size(rule, 22, x1 - x0 - 16, True), bold=True)
        text(draw, (x0 + 8, y0 + 86), word("= {points} pts", points=points), 22, bold=True)
        text(draw, (x1 - 8, y0 + 90), tile_id, 16, fill=MUTED, anchor="ra")
    who = view.people_on(f"building{k}")
    if who:
        person(image, who[0][0], (x1 - 42, y1 - 40), 34)


def top_label(cid: str) -> tuple[str, str | None]:
    """Short text for a card's top half and a resource square to show with it."""
    c = card(cid)
    good = word(RESOURCE.get(c.resource or "", c.resource or ""))
    return {
        "dice_for_all": (word("Dice for all"), None),
        "food": (word("+{n} {good}", n=c.amount, good=word("food")), "food"),
        "resource": (word("+{n} {good}", n=c.amount, good=good), c.resource),
        "resource_roll": (word("2 dice: {good}", good=good), c.resource),
        "points": (words("+{count} point", "+{count} points", count=c.amount), None),
        "tool": (word("+1 tool"), None),
        "agriculture": (word("Agriculture +1"), None),
        "extra_card": (word("Extra card"), None),
        "one_use_tool": (word("Tool {n} (once)", n=c.value), None),
        "any_two_resources": (word("Any 2 resources"), None),
    }[c.top]


def bottom_label(cid: str) -> tuple[str, tuple[int, int, int]]:
    c = card(cid)
    if c.bottom_type == "culture":
        return word(SYMBOL.get(c.symbol or "", (c.symbol or "").capitalize())), CULTURE_BAND
    return word("{n} × {figure}", n=c.figures, figure=word(FIGURE_LABEL[c.bottom_type])), SAND_BAND


def card_face(image, draw, cid: str, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    panel(draw, box, fill=CARD_FILL, outline=CARD_EDGE)
    label, good = top_label(cid)
    size = fitting_size(label, 22, x1 - x0 - 16 - (30 if good else 0), True)
    text(draw, (x0 + 8, y0 + 10), label, size, bold=True)
    if good:
        good_square(draw, good, (x1 - 34, y0 + 8), 26)
    bottom, band = bottom_label(cid)
    draw.rounded_rectangle((x0 + 2, y1 - 44, x1 - 2, y1 - 2), radius=8, fill=band)
    bsize = fitting_size(bottom, 22, x1 - x0 - 14, True)
    text(draw, (x0 + 8, y1 - 23), bottom, bsize, fill=WHITE if band == CULTURE_BAND else INK, bold=True,
         anchor="lm")
    text(draw, (x1 - 8, y1 - 62), cid, 16, fill=MUTED, anchor="ra")


#: the card slots left to right: in the order of their numbers (and costs), as the text lists them
CARD_SLOTS = (1, 2, 3, 4)


def card_row(image, draw, view: StoneAgeView, top: int) -> int:
    card_title(draw, top)
    top += ROW_TITLE
    for box, slot in zip(columns(4, top, CARD_HEIGHT), CARD_SLOTS):
        paste_cell(image, box, lambda i, d, b, slot=slot: card_cell(i, d, view, slot, b))
    return top + CARD_HEIGHT + GAP


def card_title(draw, top: int) -> None:
    text(draw, (MARGIN + 2, top), word("10 Cards (cost = slot number)"), 20, fill=MUTED, bold=True)


def card_cell(image, draw, view: StoneAgeView, slot: int, box: tuple[int, int, int, int]) -> None:
    """Card slot ``slot`` in ``box``: its cost, its card, who is on it."""
    x0, y0, x1, y1 = box
    text(draw, (x0 + 4, y0 + 2), word("Card {n}", n=slot), 21, bold=True)
    for i in range(slot):
        draw.rounded_rectangle((x1 - 22 - i * 22, y0 + 6, x1 - 4 - i * 22, y0 + 24), radius=4,
                               fill=CARD_PRICE, outline=CARD_PRICE_EDGE)
    cid = view.display[slot - 1]
    face = (x0, y0 + 32, x1, y1)
    if cid is None:
        panel(draw, face, fill=CARD_TAKEN)
        text(draw, ((x0 + x1) // 2, (y0 + y1) // 2 + 16), word("taken"), 22, fill=MUTED, anchor="mm")
    else:
        card_face(image, draw, cid, face)
    who = view.people_on(f"card{slot}")
    if who:
        person(image, who[0][0], (x0 + 8, y1 - 86), 34)


def dice_lines(view: StoneAgeView) -> list[str]:
    """The lines of the dice row: the roll ("roll"), the dice for all ("dfa")."""
    return (["roll"] if (view.roll or view.last_roll) is not None else []) + \
        (["dfa"] if view.dice_for_all is not None else [])


def dice_height(view: StoneAgeView) -> int:
    """How tall the dice row is (GAP below it included; none without dice)."""
    lines = len(dice_lines(view))
    return 8 + DICE_LINE * lines + GAP if lines else 0


def dice_row(image, draw, view: StoneAgeView, names: list[str], top: int) -> int:
    """The roll waiting for tools, else the last roll, and the dice for all of this round."""
    rows = dice_lines(view)
    if not rows:
        return top
    roll = view.roll or view.last_roll
    height = 8 + DICE_LINE * len(rows)
    waiting = view.roll is not None or (view.dice_for_all is not None and view.dice_for_all.picker is not None)
    panel(draw, (MARGIN, top, WIDTH - MARGIN, top + height), fill=TURN_FILL if waiting else PANEL,
          outline=TURN_FRAME if waiting else LINE, width=4 if waiting else 2)
    y = top + 8
    for kind in rows:
        if kind == "roll":
            assert roll is not None
            source = word(GATHER_LABEL[roll.source]) if roll.source in GATHER_LABEL else roll.source
            who = names[roll.seat] if roll.seat < len(names) else word("seat {n}", n=roll.seat + 1)
            person(image, roll.seat, (MARGIN + 8, y + 4), 30)
            who, size = fit_name(who, 20, 220, True, after=f" · {source}")
            with drawlog.field("name", who):
                text(draw, (MARGIN + 44, y + 2), f"{who} · {source}", size, bold=True)
            x = MARGIN + 44
            for face in roll.dice[:10]:
                die(image, face, (x, y + 30), 38)
                x += 41
            tools = list(roll.tools) + [f"u{v}" for v in roll.one_use]
            div = {"food": 2, "wood": 3, "brick": 4, "stone": 5, "gold": 6}[roll.resource]
            if view.roll is not None:
                result = word("= {total} → {gain} {good} · tools?", total=roll.total, gain=roll.total // div,
                              good=word(RESOURCE[roll.resource]))
            else:
                plus = word(" +tools {tools}", tools=" ".join(map(str, tools))) if tools else ""
                result = plus + word(" = {total} → {gain} {good}", total=roll.total, gain=roll.gain,
                                     good=word(RESOURCE[roll.resource]))
            rx = x + 16
            text(draw, (rx, y + 34), result, fitting_size(result, 24, WIDTH - MARGIN - rx - 8, True), bold=True)
        else:
            dfa = view.dice_for_all
            assert dfa is not None
            who = names[dfa.buyer] if dfa.buyer < len(names) else word("seat {n}", n=dfa.buyer + 1)
            before, _, after = word("Dice for all ({player}, {card}): 1-4 res · 5 tool · 6 agri", player="\0",
                                    card=dfa.card).partition("\0")
            who, size = fit_name(who, 20, WIDTH - 2 * MARGIN - 20, True, before, after)
            with drawlog.field("name", who):
                text(draw, (MARGIN + 10, y + 2), before + who + after, size, bold=True)
            x = MARGIN + 10
            for seat, face in dfa.picks:
                die(image, face, (x, y + 30), 38, dim=True)
                person(image, seat, (x + 40, y + 34), 30)
                x += 80
            for face in sorted(dfa.left):
                die(image, face, (x, y + 30), 38)
                x += 44
        y += DICE_LINE
    return top + height + GAP


def draw_board(image, draw, view: StoneAgeView, names: list[str], top: int) -> int:
    y = header(image, draw, view, names, top) + GAP
    y = gather_row(image, draw, view, y)
    y = village_row(image, draw, view, y)
    y = building_row(image, draw, view, y)
    y = card_row(image, draw, view, y)
    y = dice_row(image, draw, view, names, y)
    return y


