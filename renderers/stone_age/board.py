"""The main board: header, locations 1-8, building stacks (9), card display (10) and dice."""
from __future__ import annotations

from PIL import Image, ImageDraw

from games.stone_age.components import GATHER, building, card
from games.stone_age.view import StoneAgeView
from renderers.stone_age.draw import (
    CULTURE_BAND, INK, LINE, MUTED, PANEL, RESOURCE_FILL, SAND_BAND, TURN_FILL, TURN_FRAME, closed_mark, die, fit,
    good_square, panel, people_chip, person, text,
)

WIDTH = 720
MARGIN = 8
GAP = 6

GATHER_LABEL = {"hunt": "Hunt", "forest": "Forest", "clay": "Clay", "quarry": "Quarry", "river": "River"}
VILLAGE_LABEL = {"toolmaker": "Tool maker", "field": "Field", "hut": "Hut"}
NUMBER = {"hunt": 1, "forest": 2, "clay": 3, "quarry": 4, "river": 5, "toolmaker": 6, "field": 7, "hut": 8}
PHASE = {"place": "Placement", "act": "Actions", "feed": "Feeding", "over": "Game over"}
FIGURE_LABEL = {"farmer": "farmer", "tool_maker": "tool maker", "hut_builder": "hut builder", "shaman": "shaman"}


def columns(count: int, top: int, height: int) -> list[tuple[int, int, int, int]]:
    width = (WIDTH - 2 * MARGIN - GAP * (count - 1)) // count
    return [(MARGIN + i * (width + GAP), top, MARGIN + i * (width + GAP) + width, top + height) for i in range(count)]


def header(image: Image.Image, draw: ImageDraw.ImageDraw, view: StoneAgeView, names: list[str], top: int) -> int:
    height = 74
    draw.rectangle((0, top, WIDTH, top + height), fill=(70, 52, 36))
    title = f"Round {view.round} · {PHASE.get(view.phase, view.phase)}"
    text(draw, (MARGIN + 4, top + 8), title, 28, fill=(255, 246, 220), bold=True)
    stacks = "/".join(str(n) for _, n in view.stacks)
    info = f"Buildings {stacks} · Deck {view.deck_count}"
    text(draw, (WIDTH - MARGIN - 4, top + 12), info, 22, fill=(255, 230, 190), anchor="ra")
    line = turn_line(view, names)
    if line:
        text(draw, (MARGIN + 4, top + 44), line, fit(line, 22, WIDTH - 2 * MARGIN), fill=(255, 246, 220))
    return top + height


def turn_line(view: StoneAgeView, names: list[str]) -> str:
    def name(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"
    first = f"1st: {name(view.first)}"
    if view.phase == "over":
        winners = [name(r.seat) for r in view.final or () if r.rank == 1]
        why = "a building stack is empty" if view.end_reason == "stack" else "no cards to refill"
        return f"Winner: {', '.join(winners)} · ended: {why}"
    if view.phase == "feed":
        return "Feeding: " + ", ".join(name(s) for s in view.to_act) + " to choose · " + first
    if view.dice_for_all is not None and view.dice_for_all.picker is not None:
        return f"{name(view.dice_for_all.picker)} picks a die · {first}"
    if view.roll is not None:
        return f"{name(view.roll.seat)}: add tools or ok · {first}"
    verb = "to place" if view.phase == "place" else "resolving"
    return f"{name(view.turn)} {verb} · {first}"


def occupant_chips(image, draw, who, box, size: int = 30, per_row: int = 2) -> None:
    x0, y0, x1, _ = box
    col_w = (x1 - x0 - 8) // per_row
    for i, (seat, n) in enumerate(who):
        x = x0 + 6 + (i % per_row) * col_w
        y = y0 + (i // per_row) * (size + 4)
        people_chip(image, draw, seat, n, (x, y), size)


def gather_row(image, draw, view: StoneAgeView, top: int) -> int:
    height = 142
    for loc, box in zip(GATHER, columns(5, top, height)):
        x0, y0, x1, y1 = box
        good = GATHER[loc]
        panel(draw, box)
        draw.rounded_rectangle((x0, y0, x1, y0 + 34), radius=10, fill=RESOURCE_FILL[good])
        draw.rectangle((x0, y0 + 20, x1, y0 + 34), fill=RESOURCE_FILL[good])
        label = f"{NUMBER[loc]} {GATHER_LABEL[loc]}"
        text(draw, (x0 + 8, y0 + 17), label, fit(label, 22, x1 - x0 - 12, True),
             fill=(255, 255, 255) if good != "gold" else (40, 30, 0), bold=True, anchor="lm")
        who = view.people_on(loc)
        people = sum(n for _, n in who)
        capacity = "no limit" if loc == "hunt" else f"{people}/7"
        divisor = {"food": 2, "wood": 3, "brick": 4, "stone": 5, "gold": 6}[good]
        text(draw, (x0 + 8, y0 + 38), f"÷{divisor}", 22, fill=MUTED, bold=True)
        text(draw, (x1 - 8, y0 + 38), capacity, fit(capacity, 22, x1 - x0 - 50), fill=INK, anchor="ra")
        occupant_chips(image, draw, who, (x0, y0 + 68, x1, y1))
        if loc in view.closed:
            closed_mark(image, (x0, y0 + 34, x1, y1))
    return top + height + GAP


def village_row(image, draw, view: StoneAgeView, top: int) -> int:
    height = 84
    for loc, box in zip(VILLAGE_LABEL, columns(3, top, height)):
        x0, y0, x1, y1 = box
        panel(draw, box, fill=(236, 228, 210))
        label = f"{NUMBER[loc]} {VILLAGE_LABEL[loc]}"
        text(draw, (x0 + 10, y0 + 8), label, 24, bold=True)
        effect = {"toolmaker": "+1 tool", "field": "agriculture +1", "hut": "+1 person"}[loc]
        text(draw, (x0 + 10, y0 + 46), effect, 21, fill=MUTED)
        who = view.people_on(loc)
        if who:
            seat, n = who[0]
            people_chip(image, draw, seat, n, (x1 - 84 if n > 1 else x1 - 44, y0 + 8), 34)
        if loc in view.closed:
            closed_mark(image, box, right=True)
    return top + height + GAP


def tile_rule(tile_id: str) -> tuple[str, str]:
    """(rule text, points text) of a building tile."""
    tile = building(tile_id)
    if tile.kind == "fixed":
        return "", str(tile.points)
    if tile.kind == "count_kinds":
        return f"{tile.count} of {tile.kinds} kind{'s' if tile.kinds > 1 else ''}", "?"
    return f"{tile.min_count}–{tile.max_count} any", "?"


def building_row(image, draw, view: StoneAgeView, top: int) -> int:
    height = 150
    text(draw, (MARGIN + 2, top), "9 Buildings (top tile of each stack)", 20, fill=MUTED, bold=True)
    top += 28
    boxes = columns(4, top, height)
    for k, ((tile_id, left), box) in enumerate(zip(view.stacks, boxes), start=1):
        x0, y0, x1, y1 = box
        panel(draw, box, fill=(233, 222, 200) if tile_id else (220, 214, 204))
        text(draw, (x0 + 8, y0 + 6), f"Stack {k}", 21, bold=True)
        text(draw, (x1 - 8, y0 + 8), f"{left} left", 19, fill=MUTED, anchor="ra")
        if tile_id is None:
            text(draw, ((x0 + x1) // 2, y0 + 70), "empty", 24, fill=MUTED, anchor="mm")
        else:
            tile = building(tile_id)
            rule, points = tile_rule(tile_id)
            if tile.kind == "fixed":
                for i, good in enumerate(tile.cost):
                    good_square(draw, good, (x0 + 8 + i * 38, y0 + 40), 34)
            else:
                text(draw, (x0 + 8, y0 + 46), rule, fit(rule, 22, x1 - x0 - 16, True), bold=True)
            text(draw, (x0 + 8, y0 + 86), f"= {points} pts", 22, bold=True)
            text(draw, (x1 - 8, y0 + 90), tile_id, 16, fill=MUTED, anchor="ra")
        who = view.people_on(f"building{k}")
        if who:
            person(image, who[0][0], (x1 - 42, y1 - 40), 34)
    return top + height + GAP


def top_label(cid: str) -> tuple[str, str | None]:
    """Short English text for a card's top half and a resource square to show with it."""
    c = card(cid)
    return {
        "dice_for_all": ("Dice for all", None),
        "food": (f"+{c.amount} food", "food"),
        "resource": (f"+{c.amount} {c.resource}", c.resource),
        "resource_roll": (f"2 dice: {c.resource}", c.resource),
        "points": (f"+{c.amount} points", None),
        "tool": ("+1 tool", None),
        "agriculture": ("Agriculture +1", None),
        "extra_card": ("Extra card", None),
        "one_use_tool": (f"Tool {c.value} (once)", None),
        "any_two_resources": ("Any 2 resources", None),
    }[c.top]


def bottom_label(cid: str) -> tuple[str, tuple[int, int, int]]:
    c = card(cid)
    if c.bottom_type == "culture":
        return (c.symbol or "").capitalize(), CULTURE_BAND
    return f"{c.figures} × {FIGURE_LABEL[c.bottom_type]}", SAND_BAND


def card_face(image, draw, cid: str, box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    panel(draw, box, fill=(250, 246, 236), outline=(120, 100, 70))
    label, good = top_label(cid)
    size = fit(label, 22, x1 - x0 - 16 - (30 if good else 0), True)
    text(draw, (x0 + 8, y0 + 10), label, size, bold=True)
    if good:
        good_square(draw, good, (x1 - 34, y0 + 8), 26)
    bottom, band = bottom_label(cid)
    draw.rounded_rectangle((x0 + 2, y1 - 44, x1 - 2, y1 - 2), radius=8, fill=band)
    bsize = fit(bottom, 22, x1 - x0 - 14, True)
    text(draw, (x0 + 8, y1 - 23), bottom, bsize, fill=(255, 255, 255) if band == CULTURE_BAND else INK, bold=True,
         anchor="lm")
    text(draw, (x1 - 8, y1 - 62), cid, 16, fill=MUTED, anchor="ra")


def card_row(image, draw, view: StoneAgeView, top: int) -> int:
    text(draw, (MARGIN + 2, top), "10 Cards (cost = slot number)", 20, fill=MUTED, bold=True)
    top += 28
    height = 176
    boxes = columns(4, top, height)
    for box, slot in zip(boxes, (4, 3, 2, 1)):               # slot 4 leftmost, as on the board
        x0, y0, x1, y1 = box
        text(draw, (x0 + 4, y0 + 2), f"Card {slot}", 21, bold=True)
        for i in range(slot):
            draw.rounded_rectangle((x1 - 22 - i * 22, y0 + 6, x1 - 4 - i * 22, y0 + 24), radius=4,
                                   fill=(150, 140, 125), outline=(80, 70, 60))
        cid = view.display[slot - 1]
        face = (x0, y0 + 32, x1, y1)
        if cid is None:
            panel(draw, face, fill=(225, 220, 210))
            text(draw, ((x0 + x1) // 2, (y0 + y1) // 2 + 16), "taken", 22, fill=MUTED, anchor="mm")
        else:
            card_face(image, draw, cid, face)
        who = view.people_on(f"card{slot}")
        if who:
            person(image, who[0][0], (x0 + 8, y1 - 86), 34)
    return top + height + GAP


def dice_row(image, draw, view: StoneAgeView, names: list[str], top: int) -> int:
    """The roll waiting for tools, else the last roll, and the dice for all of this round."""
    rows = []
    roll = view.roll or view.last_roll
    if roll is not None:
        rows.append("roll")
    if view.dice_for_all is not None:
        rows.append("dfa")
    if not rows:
        return top
    height = 8 + 74 * len(rows)
    waiting = view.roll is not None or (view.dice_for_all is not None and view.dice_for_all.picker is not None)
    panel(draw, (MARGIN, top, WIDTH - MARGIN, top + height), fill=TURN_FILL if waiting else PANEL,
          outline=TURN_FRAME if waiting else LINE, width=4 if waiting else 2)
    y = top + 8
    for kind in rows:
        if kind == "roll":
            assert roll is not None
            source = GATHER_LABEL.get(roll.source, roll.source)
            who = names[roll.seat] if roll.seat < len(names) else f"seat {roll.seat + 1}"
            person(image, roll.seat, (MARGIN + 8, y + 4), 30)
            label = f"{who} · {source}"
            text(draw, (MARGIN + 44, y + 2), label, fit(label, 20, 220, True), bold=True)
            x = MARGIN + 44
            for face in roll.dice[:10]:
                die(image, face, (x, y + 30), 38)
                x += 41
            tools = list(roll.tools) + [f"u{v}" for v in roll.one_use]
            div = {"food": 2, "wood": 3, "brick": 4, "stone": 5, "gold": 6}[roll.resource]
            if view.roll is not None:
                result = f"= {roll.total} → {roll.total // div} {roll.resource} · tools?"
            else:
                plus = f" +tools {' '.join(map(str, tools))}" if tools else ""
                result = f"{plus} = {roll.total} → {roll.gain} {roll.resource}"
            rx = x + 16
            text(draw, (rx, y + 34), result, fit(result, 24, WIDTH - MARGIN - rx - 8, True), bold=True)
        else:
            dfa = view.dice_for_all
            assert dfa is not None
            who = names[dfa.buyer] if dfa.buyer < len(names) else f"seat {dfa.buyer + 1}"
            label = f"Dice for all ({who}, {dfa.card}): 1-4 res · 5 tool · 6 agri"
            text(draw, (MARGIN + 10, y + 2), label, fit(label, 20, WIDTH - 2 * MARGIN - 20, True), bold=True)
            x = MARGIN + 10
            for seat, face in dfa.picks:
                die(image, face, (x, y + 30), 38, dim=True)
                person(image, seat, (x + 40, y + 34), 30)
                x += 80
            for face in sorted(dfa.left):
                die(image, face, (x, y + 30), 38)
                x += 44
        y += 74
    return top + height + GAP


def draw_board(image, draw, view: StoneAgeView, names: list[str], top: int) -> int:
    y = header(image, draw, view, names, top) + GAP
    y = gather_row(image, draw, view, y)
    y = village_row(image, draw, view, y)
    y = building_row(image, draw, view, y)
    y = card_row(image, draw, view, y)
    y = dice_row(image, draw, view, names, y)
    return y


