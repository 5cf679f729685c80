"""The players' sections of the Quetzal image: every player's panel and the turn image's one line
per player."""
from __future__ import annotations

from PIL import Image, ImageDraw

from games.quetzal.components import rules
from games.quetzal.view import QuetzalPlayerView, QuetzalView
from renderers.common import drawlog, font, min_text_px, word, words
from renderers.common.legend import mark
from renderers.common.text import length, text as put_text
from renderers.quetzal.palette import BOX, FAINT_TEXT, HEADER, HEADER_TEXT, HILITE, INK, NOTE, STAR
from renderers.quetzal.panels import GAP, MARGIN, WIDTH, Canvas, fit, fit_name, name_of, new_canvas
from renderers.quetzal.places import mini_card, section_title
from renderers.quetzal.sprites import chip_sprite, icon, px, seat_colour, star, tile_sprite, worker_sprite

# -- players --------------------------------------------------------------------------------------
def draw_players(view: QuetzalView, names: list[str], scale: float, seats: list[int] | None = None) -> Canvas:
    s = scale
    image, draw = new_canvas(s, 120 + 330 * len(view.players))
    y = 4          # (the final scores are the result image's)
    section_title(draw, word("Players"), y, s, word("hands hidden") if not view.open_hands else word("hands open"))
    y += 34
    order = list(range(len(view.players))) if seats is None else seats
    for seat in order:
        y = draw_player(image, draw, view, view.players[seat], names, y, s) + GAP
    return Canvas(image, px(y + 4, s))


def stat(image, draw, kind: str, value: str, x: float, y: float, s: float) -> float:
    """An icon and a number; returns the x after them."""
    icon(draw, kind, x + px(11, s), y, px(11, s))
    f = font(px(26, s), bold=True)
    put_text(draw, (x + px(26, s), y), value, fill=INK, font=f, anchor="lm")
    return x + px(26, s) + length(value, f) + px(14, s)


def draw_player(image, draw, view: QuetzalView, seat: QuetzalPlayerView, names: list[str], y: float, s: float) -> float:
    top = y
    hand_rows = 1 if seat.hand is None else max(1, -(-len(seat.hand) // 8))
    height = 60 + 58 + 42 * hand_rows + 8 + (70 if seat.tiles or seat.stored else 30)
    acting = seat.seat in view.to_act
    colour = seat_colour(seat.seat)
    draw.rounded_rectangle((px(MARGIN, s), px(top, s), px(WIDTH - MARGIN, s), px(top + height, s)), radius=px(10, s),
                           fill=BOX, outline=HILITE if acting else INK, width=px(5 if acting else 2, s))
    draw.rectangle((px(MARGIN + 3, s), px(top + 6, s), px(MARGIN + 10, s), px(top + height - 6, s)),
                   fill=colour.fill)
    chip = chip_sprite(seat.seat, s, 36)
    image.paste(chip, (px(MARGIN + 16, s), px(top + 10, s)), chip)
    after = "  ▶" if acting else ""
    name, size = fit_name(name_of(names, seat.seat), px(26, s), px(300, s), True, after=after,
                          floor=min_text_px(px(WIDTH, s)))
    with drawlog.field("name", name):
        put_text(draw, (px(MARGIN + 60, s), px(top + 28, s)), name + after, fill=INK, font=font(size, bold=True),
                 anchor="lm")
    x = px(WIDTH - MARGIN - 330, s)
    x = stat(image, draw, "vp", str(seat.vp), x, px(top + 28, s), s)
    x = stat(image, draw, "coin", str(seat.coins), x, px(top + 28, s), s)
    x = stat(image, draw, "discovery", str(seat.discovery), x, px(top + 28, s), s)
    if seat.marker:
        draw.rounded_rectangle((x, px(top + 12, s), x + px(52, s), px(top + 44, s)), radius=px(6, s),
                               fill=HEADER)
        put_text(draw, (x + px(26, s), px(top + 28, s)), word("1st"), fill=HEADER_TEXT, font=font(px(20, s), bold=True),
                  anchor="mm")
    y = top + 56
    # workers: pool first, then those on the board (dimmed, with their space)
    x = MARGIN + 16
    pool = [w for w in seat.workers if w.where == "pool"]
    placed = [w for w in seat.workers if w.where != "pool"]
    put_text(draw, (px(x, s), px(y + 25, s)), word("Pool"), fill=INK, font=font(px(20, s), bold=True), anchor="lm")
    x += 54
    for w in pool:
        sprite = worker_sprite(w.wid, w.face, s)
        image.paste(sprite, (px(x, s), px(y + 25, s) - sprite.height // 2), sprite)
        x += sprite.width / s + 4
    if placed:
        x += 10
        where: dict[str, int] = {}
        for w in placed:
            where[w.where] = where.get(w.where, 0) + 1
        text = word("out: {spaces}", spaces=" ".join(f"{code}×{n}" for code, n in where.items()))
        put_text(draw, (px(x, s), px(y + 25, s)), fit(text, px(19, s), px(WIDTH - MARGIN - 10 - x, s)), fill=NOTE,
                  font=font(px(19, s)), anchor="lm")
    y += 58
    # hand
    put_text(draw, (px(MARGIN + 16, s), px(y + 18, s)), word("Hand"), fill=INK, font=font(px(20, s), bold=True), anchor="lm")
    if seat.hand is None:
        put_text(draw, (px(MARGIN + 80, s), px(y + 18, s)), words("{count} card, hidden", "{count} cards, hidden", count=seat.hand_count), fill=INK,
                  font=font(px(22, s)), anchor="lm")
    elif not seat.hand:
        put_text(draw, (px(MARGIN + 80, s), px(y + 18, s)), word("empty"), fill=INK, font=font(px(22, s)), anchor="lm")
    else:
        for i, card in enumerate(seat.hand):
            row, col = divmod(i, 8)
            put_text(draw, (px(MARGIN + 80 + col * 84, s), px(y + row * 42 + 18, s)), str(i + 1), fill=NOTE,
                      font=font(px(16, s), bold=True), anchor="lm")
            mini_card(image, draw, card, px(MARGIN + 94 + col * 84, s), px(y + row * 42, s), s, 68)
    y += 42 * hand_rows + 8
    # upgrades
    if seat.tiles or seat.stored:
        x = MARGIN + 16
        for tile in seat.tiles:
            sprite = tile_sprite(tile, s, 170)
            image.paste(sprite, (px(x, s), px(y - 4, s)), sprite)
            x += 178
        if seat.stored:
            vp = sum(rules().tile[t].vp for t in seat.stored)
            text = word("stored {tiles}", tiles=" ".join(seat.stored))
            put_text(draw, (px(x + 4, s), px(y + 18, s)), fit(text, px(19, s), px(WIDTH - MARGIN - 60 - x, s)),
                      fill=INK, font=font(px(19, s)), anchor="lm")
            star(draw, px(WIDTH - MARGIN - 44, s), px(y + 50, s), px(10, s), STAR, INK)
            mark("★")
            put_text(draw, (px(WIDTH - MARGIN - 30, s), px(y + 50, s)), f"+{vp}", fill=INK, font=font(px(18, s), bold=True),
                      anchor="lm")
    else:
        put_text(draw, (px(MARGIN + 16, s), px(y + 12, s)), word("No upgrades"), fill=FAINT_TEXT, font=font(px(19, s)),
                  anchor="lm")
    return top + height


PLAYER_ROW = 48          # a player's line in the turn image
PLAYER_LINES_TOP = 40   # the lines start under their title


def draw_player_lines(view: QuetzalView, names: list[str], scale: float) -> Canvas:
    """One line per player for the turn image: token, name, the workers in the pool, VP, coins and
    discovery; a player's whole panel (hand, upgrades) is one /board NAME away."""
    s = scale
    image, draw = new_canvas(s, player_lines_end(view))
    player_lines_title(draw, s)
    for k, seat in enumerate(view.players):
        draw_player_line(image, draw, view, seat, names, PLAYER_LINES_TOP + PLAYER_ROW * k, s)
    return Canvas(image, px(PLAYER_LINES_TOP + PLAYER_ROW * len(view.players) + 8, s))


def player_lines_end(view: QuetzalView) -> int:
    """The height of the players' lines (unscaled)."""
    return PLAYER_LINES_TOP + PLAYER_ROW * len(view.players) + 8


def player_lines_title(draw: ImageDraw.ImageDraw, s: float) -> None:
    section_title(draw, word("Players"), 4, s, word("/board NAME: a player's hand and upgrades"))


def draw_player_line(image: Image.Image, draw: ImageDraw.ImageDraw, view: QuetzalView, seat: QuetzalPlayerView,
                     names: list[str], y: float, s: float) -> None:
    """One player's line, ``y`` its top (unscaled)."""
    row = PLAYER_ROW
    acting = seat.seat in view.to_act
    if acting:
        draw.rounded_rectangle((px(MARGIN - 6, s), px(y + 1, s), px(WIDTH - MARGIN + 6, s), px(y + row - 3, s)),
                               radius=px(8, s), outline=HILITE, width=px(4, s))
    chip = chip_sprite(seat.seat, s, 34)
    image.paste(chip, (px(MARGIN, s), px(y + 6, s)), chip)
    mid = px(y + row / 2, s)
    after = "  ▶" if acting else ""
    name, size = fit_name(name_of(names, seat.seat), px(24, s), px(190, s), True, after=after,
                          floor=min_text_px(px(WIDTH, s)))
    with drawlog.field("name", name):
        put_text(draw, (px(MARGIN + 44, s), mid), name + after, fill=INK, font=font(size, bold=True), anchor="lm")
    x = px(MARGIN + 244, s)
    for w in [w for w in seat.workers if w.where == "pool"][:6]:
        sprite = worker_sprite(w.wid, w.face, s)
        image.paste(sprite, (int(x), mid - sprite.height // 2), sprite)
        x += sprite.width + px(3, s)
    x = px(WIDTH - MARGIN - 300, s)
    x = stat(image, draw, "vp", str(seat.vp), x, mid, s)
    x = stat(image, draw, "coin", str(seat.coins), x, mid, s)
    x = stat(image, draw, "discovery", str(seat.discovery), x, mid, s)
    cards = seat.hand_count if seat.hand is None else len(seat.hand)
    put_text(draw, (px(WIDTH - MARGIN, s), mid), words("{count} card", "{count} cards", count=cards),
             fill=INK, font=font(px(20, s)), anchor="rm")
