"""Player boards (one strip per seat) and the final score-breakdown table."""
from __future__ import annotations

from collections import Counter

from PIL import Image, ImageDraw

from games.stone_age.components import RESOURCES, card
from games.stone_age.rules.checks import figure_totals
from games.stone_age.view import StoneAgePlayerView, StoneAgeView
from renderers.common.text import length
from renderers.stone_age.board import GAP, MARGIN, WIDTH
from renderers.stone_age.draw import box, colour, fit_name, good_square, panel, person, text
from renderers.stone_age.palette import (
    BG, CLOSED, CULTURE_BAND, HIGHLIGHT, HUNGER, INK, MULTIPLIER, MUTED, ONE_USE, ONE_USE_EDGE, PANEL, RANK, TOOL_EDGE,
    TOOL_EMPTY, TOOL_STRUCK, TOOL_USED, TURN_FILL, TURN_FRAME, WHITE,
)
from renderers.common import N_, drawlog, text_cache, word

STRIP = 132
SYMBOL_SHORT = {"art": N_("Art"), "healing": N_("Heal"), "music": N_("Mus"), "pottery": N_("Pot"), "sundial": N_("Sun"),
                "transport": N_("Trn"), "weaving": N_("Wea"), "writing": N_("Wri")}


def player_strip(image, draw, view: StoneAgeView, p: StoneAgePlayerView, name: str, top: int) -> int:
    x0, y0, x1, y1 = MARGIN, top, WIDTH - MARGIN, top + STRIP
    acting = p.seat in view.to_act
    image.paste(_strip_base(p.seat, acting), (x0, y0))
    marks = ("  " + word("★ first")) if p.seat == view.first and view.phase != "over" else ""
    if acting and view.phase != "over":
        marks = "  " + word("▶ to act") + marks
    name, size = fit_name(name, 26, 430, True, after=marks)
    with drawlog.field("name", name):
        text(draw, (x0 + 60, y0 + 12), name + marks, size, bold=True)
    text(draw, (x1 - 12, y0 + 4), str(p.score), 40, bold=True, anchor="ra")
    text(draw, (x1 - 12 - _width(str(p.score), 40) - 6, y0 + 20), word("pts"), 18, fill=MUTED, anchor="ra")

    # Row 2: people, food, agriculture, resources.
    y = y0 + 54
    x = x0 + 18
    x = _stat(draw, x, y, word("people"), f"{p.home}/{p.people}")
    good_square(draw, "food", (x, y), 30)
    x = _stat(draw, x + 34, y, "", str(p.food))
    x = _stat(draw, x, y, word("agri"), str(p.agriculture))
    for good, n in zip(RESOURCES, p.res):
        good_square(draw, good, (x, y), 30, dim=n == 0)
        text(draw, (x + 34, y + 15), str(n), 26, bold=True, fill=INK if n else MUTED, anchor="lm")
        x += 34 + _width(str(n), 26, True) + 12

    # Row 3: tools, one-use tools, buildings, cards.
    y = y0 + 94
    x = x0 + 18
    text(draw, (x, y + 15), word("tools"), 20, fill=MUTED, anchor="lm")
    x += max(52, _width(word("tools"), 20) + 8)
    tools = list(p.tools) + [(0, False)] * (3 - len(p.tools))
    for value, used in tools:
        fill = TOOL_USED if used else (WHITE if value else TOOL_EMPTY)
        box(image, (x, y), 30, 30, 5, fill, TOOL_EDGE, 2, str(value) if value else "", 20, MUTED if used else INK,
            TOOL_STRUCK if value and used else None)
        x += 34
    for value in p.one_use:
        box(image, (x, y), 40, 30, 5, ONE_USE, ONE_USE_EDGE, 2, f"u{value}", 19)
        x += 44
    x += 8
    built = sum(p.building_points)
    x = _stat(draw, x, y, word("bld"), f"{len(p.buildings)} ({built})")
    x = card_summary(image, draw, p, x, y, x1 - 12)
    badges = []
    if p.c36:
        badges.append((word("+2 res to claim"), ONE_USE, INK))
    if p.hunger:
        badges.append((word("{n} food short", n=p.hunger), HUNGER, CLOSED))
    bx = x1 - 12
    for label, fill, ink in badges:
        w = _width(label, 18, True) + 14
        draw.rounded_rectangle((bx - w, y0 + 54, bx, y0 + 84), radius=8, fill=fill, outline=ink, width=2)
        text(draw, (bx - w / 2, y0 + 69), label, 18, bold=True, fill=ink, anchor="mm")
        bx -= w + 6
    return y1 + GAP


@text_cache(maxsize=16)
def _strip_base(seat: int, acting: bool) -> Image.Image:
    """A strip's panel (framed as whose turn it is or in the seat's colour), its colour bar and its
    person, on the background, kept per seat and turn: what every drawing of a strip starts from."""
    image = Image.new("RGB", (WIDTH - 2 * MARGIN + 1, STRIP + 1), BG)
    draw = ImageDraw.Draw(image)
    x1, y1 = WIDTH - 2 * MARGIN, STRIP
    panel(draw, (0, 0, x1, y1), fill=TURN_FILL if acting else PANEL,
          outline=TURN_FRAME if acting else colour(seat).fill, width=5 if acting else 3)
    draw.rectangle((3, 8, 11, y1 - 8), fill=colour(seat).fill)
    person(image, seat, (18, 8), 36)
    return image


#: the marks of the farmers, tool makers, hut builders and shamans on a player's cards, explained
#: by the key of the help picture (``F T H S``; in Japanese the first kanji of their names,
#: ``農・道・小・呪``), and the marks with their counts (``F2 T1 H0 S1``, ``農2・道1・小0・呪1``)
FIGURE_MARKS = N_("F T H S")
FIGURE_COUNTS = N_("F{farmers} T{tool_makers} H{hut_builders} S{shamans}")


def card_summary(image, draw, p: StoneAgePlayerView, x: int, y: int, right: int) -> int:
    """Culture symbols (doubles marked ×2) and the four multipliers, or just the card count."""
    if p.cards is None:
        return _stat(draw, x, y, word("cards"), str(p.card_count))
    symbols = Counter(card(c).symbol for c in p.cards if card(c).bottom_type == "culture")
    figures = figure_totals(p.cards)
    multi = word(FIGURE_COUNTS, farmers=figures["farmer"], tool_makers=figures["tool_maker"],
                 hut_builders=figures["hut_builder"], shamans=figures["shaman"])
    limit = right - _width(multi, 21, True) - 44
    ordered = sorted(symbol for symbol in symbols if symbol is not None)
    for i, symbol in enumerate(ordered):
        label = word(SYMBOL_SHORT[symbol]) + ("×2" if symbols[symbol] > 1 else "")
        w = _width(label, 16, True) + 8
        if x + w > limit:
            text(draw, (x + 2, y + 15), f"+{len(ordered) - i}", 18, bold=True, fill=CULTURE_BAND, anchor="lm")
            x += 34
            break
        box(image, (x, y + 2), w, 26, 6, CULTURE_BAND, None, 1, label, 16, WHITE)
        x += w + 3
    text(draw, (right, y + 15), multi, 21, bold=True, fill=MULTIPLIER, anchor="rm")
    return x


def _width(value: str, size: int, bold: bool = False) -> int:
    from renderers.common import font
    return int(length(value, font(size, bold=bold)))


def _stat(draw, x: int, y: int, label: str, value: str) -> int:
    if label:
        text(draw, (x, y + 15), label, 20, fill=MUTED, anchor="lm")
        x += _width(label, 20) + 4
    text(draw, (x, y + 15), value, 26, bold=True, anchor="lm")
    return x + _width(value, 26, True) + 12


def draw_players(image, draw, view: StoneAgeView, names: list[str], top: int) -> int:
    y = top
    for p in view.players:
        y = player_strip(image, draw, view, p, player_name(names, p.seat), y)
    return y


def player_name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else word("Seat {n}", n=seat + 1)


ROWS = (("track", N_("Track")), ("culture", N_("Culture")), ("farmers", N_("Farmers")), ("tool_makers", N_("Tool makers")),
        ("hut_builders", N_("Hut builders")), ("shamans", N_("Shamans")), ("resources", N_("Resources")), ("total", N_("Total")))


def draw_scores(image, draw, view: StoneAgeView, names: list[str], top: int) -> int:
    """The final score breakdown: one column per player, winner highlighted."""
    rows = view.final or ()
    if not rows:
        return top
    count = len(rows)
    label_w = 170
    col_w = (WIDTH - 2 * MARGIN - label_w) // count
    row_h = 36
    height = 48 + 60 + row_h * (len(ROWS) + 1) + 12
    panel(draw, (MARGIN, top, WIDTH - MARGIN, top + height), fill=PANEL)
    text(draw, (MARGIN + 12, top + 10), word("Final scoring"), 26, bold=True)
    y = top + 48
    for i, row in enumerate(rows):
        cx = MARGIN + label_w + i * col_w + col_w // 2
        person(image, row.seat, (cx - 15, y - 4), 30)
        label, size = fit_name(player_name(names, row.seat), 20, col_w - 8, True)
        with drawlog.field("name", label):
            text(draw, (cx, y + 40), label, size, bold=True, anchor="mm")
    y += 60
    for key, label in ROWS:
        bold = key == "total"
        if bold:
            draw.line((MARGIN + 8, y - 2, WIDTH - MARGIN - 8, y - 2), fill=INK, width=2)
        text(draw, (MARGIN + 12, y + row_h // 2), word(label), 21, bold=bold, fill=INK if bold else MUTED, anchor="lm")
        for i, row in enumerate(rows):
            cx = MARGIN + label_w + i * col_w + col_w // 2
            value = getattr(row, key)
            if bold and row.rank == 1:
                draw.rounded_rectangle((cx - col_w // 2 + 6, y + 2, cx + col_w // 2 - 6, y + row_h - 2), radius=8,
                                       fill=HIGHLIGHT)
            text(draw, (cx, y + row_h // 2), str(value), 24 if bold else 22, bold=bold, anchor="mm")
        y += row_h
    for i, row in enumerate(rows):
        cx = MARGIN + label_w + i * col_w + col_w // 2
        text(draw, (cx, y + row_h // 2), f"#{row.rank}", 22, bold=True, fill=RANK, anchor="mm")
    text(draw, (MARGIN + 12, y + row_h // 2), word("Rank"), 21, fill=MUTED, anchor="lm")
    return top + height + GAP


