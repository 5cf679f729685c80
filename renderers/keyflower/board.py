"""The shared board: the players' table, boats and the auction (each tile's bids in chips under
it); the header above them is in header.py. Every size follows the picture's text floor
(renderers.common.phone)."""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, Callable

from PIL import Image, ImageDraw

from games.keyflower.components import RESOURCES, boats_for
from games.keyflower.view import BidView, KeyflowerView, TileView
from renderers.common import drawlog, textfit
from renderers.common import text_cache, word
from renderers.common.fonts import measuring_font
from renderers.common.picture_words import current_locale
from renderers.common.phone import Floors
from renderers.keyflower import style as S
from renderers.keyflower.hexes import SQ3, draw_uses, fitted, paste_tile
from renderers.keyflower.hexfit import needless_split
from renderers.keyflower.tilewords import tile_words
from renderers.keyflower.palette import (
    BID_BEHIND, BID_BEHIND_TEXT, COLUMN_TITLE, FAINT, INK, OWN_PANEL, PANEL, PAPER, SECTION_NOTE, SECTION_RULE,
    SECTION_TITLE, TAKEN_EDGE, TAKEN_TEXT, WHITE,
)
from renderers.keyflower.words import counted_thing, keeple_mark, listed, resource_mark, thing, tile_title
from games.keyflower.components import tile as tile_def


#: the most grapheme clusters of a name the table holds before it is fitted to its column's pixels
NAME_CLUSTERS = 64


def player_name(names: list[str], seat: int, limit: int = 14) -> str:
    name = names[seat] if seat < len(names) else word("Player {n}", n=seat + 1)
    return textfit.fit_count(name, limit)


def players_height(view: KeyflowerView, width: int, fl: Floors) -> int:
    """The height of the players' table."""
    body = S.f(max(fl.text, 20 * width / 800))
    return round(body.size * 1.75) * (len(view.players) + 1) + round(fl.text * 0.4)


def players_shows(view: KeyflowerView, names: list[str]) -> tuple:
    """Everything the players' table draws besides its sizes (a key for its picture)."""
    return (len(view.players), tuple(row_shows(view, names, seat) for seat in range(len(view.players))), view.final)


@dataclass(frozen=True)
class TableShape:
    """The players' table's fonts and columns: a row for the column titles, then one per player."""
    body: Any
    bold: Any
    head: Any
    row: int
    final: bool
    unit: float
    cols: tuple[float, ...]
    token_r: float


def table_shape(view: KeyflowerView, width: int, fl: Floors) -> TableShape:
    body = S.f(max(fl.text, 20 * width / 800))
    row = round(body.size * 1.75)
    final = view.final is not None
    unit = width / 800
    cols = (44, 300, 400) if final else (44, 270, 370, 460, 540, 610)
    return TableShape(body, S.f(max(fl.text, 20 * width / 800), True), S.f(fl.text, True), row, final, unit,
                      tuple(c * unit for c in cols), max(row * 0.36, fl.text * 0.84))


def table_order(view: KeyflowerView) -> list[int]:
    """The seats by row: by seat number, as the seat badges count (the clockwise turn order is in
    the status text); the final table by rank."""
    order = list(range(len(view.players)))
    if view.final is not None:
        totals = {seat: dict(f)["total"] for seat, f in enumerate(view.final)}
        order.sort(key=lambda seat: -totals[seat])
    return order


def players_table(view: KeyflowerView, names: list[str], width: int, fl: Floors) -> Image.Image:
    """One row per player in seat order: the VP of the tiles so far (or, once the game is over,
    the final score), keeples, skills, winter tiles and the resources in the village."""
    image = Image.new("RGB", (width, players_height(view, width, fl)), PANEL)
    d = ImageDraw.Draw(image)
    shape = table_shape(view, width, fl)
    table_head(d, shape)
    for i, seat in enumerate(table_order(view)):
        table_row(d, view, names, shape, i, seat, width, fl)
    return image


def table_head(d: ImageDraw.ImageDraw, shape: TableShape) -> None:
    """The column titles (the resource columns named by their letters, in Japanese by kanji)."""
    row, cols, head = shape.row, shape.cols, shape.head
    if shape.final:
        titles = [word("player"), word("score"), word("tiles + boats… + storage + winter + gold")]
    else:
        titles = [word("player"), word("tile VP"), word("keeples"), word("skills"), word("winter"), ""]
    for c, t in zip(cols, titles):
        S.text(d, (c, row / 2), t, font=head, fill=COLUMN_TITLE, anchor="lm")
    if not shape.final:
        for i, res in enumerate(RESOURCES):
            S.text(d, (cols[5] + shape.token_r + i * shape.token_r * 2.4, row / 2), resource_mark(res), font=head,
                   fill=COLUMN_TITLE, anchor="mm")


def _acting(view: KeyflowerView, seat: int) -> bool:
    return seat in view.to_act and view.phase != "over"


def row_highlight(d: ImageDraw.ImageDraw, shape: TableShape, i: int, width: int, origin: int = 0) -> None:
    """The ``i``-th row marked as the one acting: white, a dark bar at its left (one pixel taller
    than the row: it reaches into the next). ``origin``: the table's pixel row at the top of
    ``d``'s image."""
    row = shape.row
    y = row * (i + 1) + row / 2 - origin
    d.rectangle((0, y - row / 2, width, y + row / 2), fill=WHITE)
    d.rectangle((0, y - row / 2, round(6 * shape.unit), y + row / 2), fill=INK)


def row_shows(view: KeyflowerView, names: list[str], seat: int) -> tuple:
    """Everything a player's row of the table (in play) draws besides its sizes and place."""
    p = view.players[seat]
    return (p.seat, p.purple, p.passed, p.vp, p.keeple_total, p.skill_total, p.winter_count,
            tuple(t.res for t in p.village), p.seat in view.to_act and view.phase != "over", p.seat == view.seat,
            player_name(names, p.seat, NAME_CLUSTERS))


def table_row(d: ImageDraw.ImageDraw, view: KeyflowerView, names: list[str], shape: TableShape, i: int, seat: int,
              width: int, fl: Floors, origin: int = 0) -> None:
    """The ``i``-th player row (from the top, under the titles): seat ``seat``; ``origin``: the
    table's pixel row at the top of ``d``'s image."""
    row, cols, body, bold, unit, final = shape.row, shape.cols, shape.body, shape.bold, shape.unit, shape.final
    p = view.players[seat]
    y = row * (i + 1) + row / 2 - origin
    if _acting(view, seat):
        row_highlight(d, shape, i, width, origin)
    S.seat_badge(d, 22 * unit, y, row * 0.34, p.seat, mark=fl.mark)
    after = (" ★" if p.purple else "") + (" · " + word("passed") if p.passed and not final else "")
    before = ""
    if final:
        totals = {seat: dict(f)["total"] for seat, f in enumerate(view.final or ())}
        rank = 1 + sum(1 for t in totals.values() if t > totals[p.seat])
        before = f"{rank}. "
    face = bold if p.seat == view.seat else body
    name, size = textfit.fit_name(player_name(names, p.seat, NAME_CLUSTERS), cols[1] - cols[0] - fl.text * 0.6,
                                  int(face.size), lambda t, step: S.length(t, S.f(step, face is bold)), fl.text, before, after)
    with drawlog.field("name", name):
        S.text(d, (cols[0], y), before + name + after, font=S.f(size, face is bold), fill=INK, anchor="lm")
    if final:
        result = dict((view.final or ())[p.seat])
        S.text(d, (cols[1], y), str(result["total"]), font=bold, fill=INK, anchor="lm")
        parts = f"{result['fixed']} + {result['auto']} + {result['storage']} + {result['alloc']} + {result['gold']}"
        S.text(d, (cols[2], y), parts, font=body, fill=INK, anchor="lm")
        return
    for c, value in zip(cols[1:5], (p.vp, p.keeple_total, p.skill_total, p.winter_count)):
        S.text(d, (c, y), str(value), font=bold if c == cols[1] else body, fill=INK, anchor="lm")
    totals_res = {r: 0 for r in RESOURCES}
    for t in p.village:
        for r, n in t.res:
            totals_res[r] += n
    r = shape.token_r
    x = cols[5] + r
    for res in RESOURCES:
        colour, letter, text = S.RESOURCE[res]
        S.token(d, x, y, r, colour, "", text, count=totals_res[res], floor=fl.text)
        x += r * 2.4


def players_parts(view: KeyflowerView, names: list[str], width: int, fl: Floors) -> list[tuple[tuple, Callable[[], Image.Image], int]]:
    """The players' table of a game in play as parts (what each shows, how to draw it, its
    height): the titles, each row, the margin below. A row is drawn on a canvas that starts at an
    even pixel row of the table at most one above it: shifted by an even number of pixels,
    coordinates round as they do in the whole table (halves to even), so the band is the whole
    table's, pixel for pixel."""
    shape = table_shape(view, width, fl)
    row = shape.row

    def head() -> Image.Image:
        image = Image.new("RGB", (width, row), PANEL)
        table_head(ImageDraw.Draw(image), shape)
        return image
    parts: list[tuple[tuple, Callable[[], Image.Image], int]] = [(("keyflower", "table head", width, fl), head, row)]
    order = table_order(view)
    below = players_height(view, width, fl) - row * (len(view.players) + 1)
    # a highlighted row reaches one pixel into the next band: each band draws the highlight of
    # the row above it (its key says whether there is one) and then its own row
    for i in range(len(order) + 1):
        top, height = row * (i + 1), row if i < len(order) else below
        above = i > 0 and _acting(view, order[i - 1])

        def band(i: int = i, top: int = top, height: int = height, above: bool = above) -> Image.Image:
            origin = top - top % 2
            image = Image.new("RGB", (width, top - origin + height), PANEL)
            d = ImageDraw.Draw(image)
            if above:
                row_highlight(d, shape, i - 1, width, origin)
            if i < len(order):
                table_row(d, view, names, shape, i, order[i], width, fl, origin)
            return image if origin == top else image.crop((0, top - origin, width, top - origin + height))
        shows = row_shows(view, names, order[i]) if i < len(order) else None
        parts.append((("keyflower", "table row", width, fl, i, height, above, shows), band, height))
    return parts


def own_panel(view: KeyflowerView, names: list[str], width: int, fl: Floors) -> Image.Image | None:
    """What only the viewing seat sees: its keeples, skills and winter tiles."""
    own = view.seat if view.seat is not None and 0 <= view.seat < len(view.players) else None
    me = view.me
    if own is None or me is None:
        return None
    body = S.f(max(fl.text, 20 * width / 800))
    row = round(body.size * 1.9)
    pad = round(fl.text * 0.6)
    probe = ImageDraw.Draw(Image.new("RGB", (4, 4)))
    winter = [tile_title(tile_def(t)) for t in me.winter_hand]
    lines = [word("Winter tiles: {tiles}", tiles=word(", ").join(winter))] if winter else []
    wrapped = []
    for line in lines:
        wrapped += fitted(probe, line, width - 2 * pad, body.size, fl.text, False, 3)[1]
    image = Image.new("RGB", (width, row * (2 + len(wrapped)) + pad), OWN_PANEL)
    d = ImageDraw.Draw(image)
    title = word("Only you see this: {name}", name="\0")
    before, _, after = title.partition("\0")
    name, size = textfit.fit_name(player_name(names, own, NAME_CLUSTERS), width - 2 * pad, int(body.size),
                                  lambda t, step: S.length(t, S.f(step, True)), fl.text, before, after)
    with drawlog.field("name", name):
        S.text(d, (pad, row / 2), before + name + after, font=S.f(size, True), fill=INK, anchor="lm")
    y = row * 1.5
    x = pad
    chip_h = max(body.size * 1.2, fl.mark / 0.72)
    for c, n in me.keeples:
        colour, _, text = S.KEEPLE[c]
        x += S.chip(d, x, y, chip_h, colour, keeple_mark(c), text, n, count_font=S.f(body.size, True)) + pad
    skills = listed(counted_thing(n, k) for k, n in me.skills)
    if skills:
        S.text(d, (x + pad, y), skills, font=body, fill=INK, anchor="lm")
    for i, line in enumerate(wrapped):
        S.text(d, (pad, row * (2.5 + i)), line, font=body, fill=INK, anchor="lm")
    return image


@text_cache(maxsize=64)
def section_title(text: str, width: int, fl: Floors, note: str = "") -> Image.Image:
    face = S.f(max(fl.text, 20 * width / 800), True)
    h = round(face.size * 1.7)
    image = Image.new("RGB", (width, h), PAPER)
    d = ImageDraw.Draw(image)
    pad = round(fl.text * 0.6)
    S.text(d, (pad, h / 2), text, font=face, fill=SECTION_TITLE, anchor="lm")
    x = pad + S.length(text, face) + pad
    if note:
        small = S.f(fl.text)
        S.text(d, (x, h / 2), note, font=small, fill=SECTION_NOTE, anchor="lm")
        x += S.length(note, small) + pad
    d.line((x, h / 2, width - pad, h / 2), fill=SECTION_RULE, width=2)
    return image


def boats_row(view: KeyflowerView, width: int, fl: Floors) -> Image.Image:
    """The boats with their cargo (drawn once per cargo: see _boats), all the game's boats the
    same size from the first season to the last (see :func:`boat_size`)."""
    return _boats(view.boats, width, fl, boat_size(boats_for(len(view.players)), width, fl.text))


def boat_size(boats: tuple[str, ...], width: int, floor: int) -> int:
    """The hex size of the boats in a row of ``boats`` (the game's, by id): the row's usual size, larger
    (up to the room each has in the row, a few pixels apart) while a boat's name breaks a katakana
    word that a larger hex keeps whole (シー・バス|ティオン号: Japanese names are longer than the
    English ones, which always fit)."""
    usual = int(min(width / max(len(boats), 4) / 2.1, 58 * width / 800))
    room = int(width / max(len(boats), 4) / 2.08)
    s = usual
    while s < room and any(_breaks_a_word(boat, s, floor, current_locale()) for boat in boats):
        s += 1
    return s


@functools.lru_cache(maxsize=256)
def _breaks_a_word(boat: str, s: int, floor: int, locale: str) -> bool:
    """Whether the boat's name breaks a katakana word it could keep whole in a hex of size ``s``
    (in ``locale``, the language the picture is drawn in)."""
    return any(needless_split(list(block.lines), s, block.font)
               for block in tile_words(boat, False, s, floor, "village").blocks)


@text_cache(maxsize=64)
def _boats(boats: tuple, width: int, fl: Floors, s: int) -> Image.Image:
    n = max(1, len(boats))
    cell = width / max(n, 4)
    chip_h = max(fl.text * 1.25, fl.mark / 0.72)
    has_cargo = any(boat.cargo for boat in boats)
    h = int(SQ3 * s + (chip_h * 2.4 if has_cargo else 0) + fl.text)
    image = Image.new("RGB", (width, h), PAPER)
    d = ImageDraw.Draw(image)
    x0 = (width - cell * n) / 2
    cy = SQ3 * s / 2 + 4
    for i, boat in enumerate(boats):
        cx = x0 + cell * (i + 0.5)
        paste_tile(image, cx, cy, boat.id, False, 0, s, fl.text, "village")
        if not boat.available:
            d.polygon(S.hex_corners(cx, cy, s), fill=None, outline=TAKEN_EDGE)
            S.centred(d, (cx, cy + s * 0.55), word("taken"), S.f(fl.text, True), fill=TAKEN_TEXT, stroke=3)
        y = cy + SQ3 * s / 2 + chip_h * 0.7
        items = [(c, n_) for c, n_ in boat.cargo if c in S.KEEPLE]
        skills = [(k, n_) for k, n_ in boat.cargo if k not in S.KEEPLE]
        count_font = S.f(max(fl.text, chip_h * 0.9), True)
        widths = [chip_h * 1.15 + S.length(str(count), count_font) for _, count in items]
        x = cx - (sum(widths) + 4 * (len(items) - 1)) / 2
        for (c, count), w in zip(items, widths):
            colour, _, text = S.KEEPLE[c]
            S.chip(d, x, y, chip_h, colour, keeple_mark(c), text, count, count_font=count_font)
            x += w + 4
        if skills:
            label = listed(counted_thing(count, k) if count > 1 else thing(k) for k, count in skills)
            S.centred(d, (cx, y + chip_h * 1.15), label, S.f(fl.text), fill=INK)
    return image


def _bid_count(bid: BidView) -> str:
    """The count a bid chip shows ("/4a": a bid of the other colour, boat 4a's ability)."""
    return f"{bid.count}" + ("/4a" if bid.off else "")


def _bid_chip_width(bid: BidView, fl: Floors) -> float:
    """How wide :func:`_bid_chip` draws ``bid`` (measured, not drawn)."""
    fnt = measuring_font(fl.text, True)
    h = fnt.size * 1.5
    return h * 0.95 + S.length(_bid_count(bid), fnt) + h * 0.95 + 6


def _bid_chip(d: ImageDraw.ImageDraw, x: float, y: float, bid: BidView, fl: Floors) -> float:
    """Seat shape + count + keeple-colour square; thick frame when leading, grey when losing.
    Returns the width."""
    colour, _, text_colour = S.KEEPLE[bid.colour]
    letter = keeple_mark(bid.colour)
    fnt = S.f(fl.text, True)
    h = fnt.size * 1.5
    count = _bid_count(bid)
    w = _bid_chip_width(bid, fl)
    fill = WHITE if bid.leading else BID_BEHIND
    outline = INK if bid.leading else FAINT
    d.rounded_rectangle((x, y - h / 2, x + w, y + h / 2), radius=5, fill=fill, outline=outline, width=3 if bid.leading else 1)
    S.seat_badge(d, x + h * 0.48, y, h * 0.4, bid.seat, dim=not bid.leading, mark=fl.mark)
    tx = x + h * 0.95
    S.text(d, (tx, y), count, font=fnt, fill=INK if bid.leading else BID_BEHIND_TEXT, anchor="lm")
    tx += S.length(count, fnt) + 3
    side = h * 0.72
    d.rounded_rectangle((tx, y - side / 2, tx + side, y + side / 2), radius=3, fill=colour, outline=INK)
    S.centred(d, (tx + side / 2, y), letter, S.f(max(fl.mark, side * 0.7), True, mark=True), fill=text_colour)
    return w


def _lock_chip(d: ImageDraw.ImageDraw, x: float, y: float, colour_name: str, fl: Floors) -> float:
    """A padlock in the colour the tile is locked to, with the colour's letter (in Japanese its
    colour's kanji); returns the width."""
    colour, _, text = S.KEEPLE[colour_name]
    letter = keeple_mark(colour_name)
    h = fl.text * 1.5
    body_w, body_h = h * 0.8, h * 0.62
    top = y - h / 2 + h * 0.38
    d.arc((x + body_w * 0.2, y - h / 2, x + body_w * 0.8, top + body_h * 0.4), 180, 360, fill=INK, width=3)
    d.rounded_rectangle((x, top, x + body_w, top + body_h), radius=3, fill=colour, outline=INK, width=2)
    S.centred(d, (x + body_w / 2, top + body_h / 2), letter, S.f(max(fl.mark, body_h * 0.8), True, mark=True), fill=text)
    return body_w


def _chip_rows(t: TileView, width: float, fl: Floors) -> list[list[tuple[str, object, float]]]:
    """The lock and the bids of an auction tile as rows of chips that fit ``width``."""
    items: list[tuple[str, object, float]] = []
    if t.lock:
        items.append(("lock", t.lock, fl.text * 1.2))
    for bid in sorted(t.bids, key=lambda b: (not b.leading, b.seat)):
        items.append(("bid", bid, _bid_chip_width(bid, fl)))
    rows: list[list[tuple[str, object, float]]] = []
    for item in items:
        if rows and sum(w for _, _, w in rows[-1]) + 5 * len(rows[-1]) + item[2] <= width:
            rows[-1].append(item)
        else:
            rows.append([item])
    return rows


@dataclass(frozen=True)
class AuctionShape:
    """The auction's grid: tiles four to a row, each row as tall as its tallest column of chips."""
    width: int
    cell_w: float
    s: int
    hex_h: float
    chip_h: float
    rows: tuple[tuple[TileView, ...], ...]
    heights: tuple[float, ...]

    @property
    def height(self) -> int:
        return int(sum(self.heights)) + 4

    def top(self, k: int) -> float:
        return sum(self.heights[:k], 0.0)


def _chips(tiles: tuple[TileView, ...], cell_w: float, fl: Floors) -> dict[int, list]:
    return {id(t): _chip_rows(t, cell_w - 8, fl) for t in tiles}


def auction_shape(tiles: tuple[TileView, ...], width: int, fl: Floors) -> AuctionShape:
    cols = 4
    cell_w = width / cols
    s = int(min(cell_w / 2.25, 74 * width / 800))
    hex_h = SQ3 * s
    chip_h = fl.text * 1.5
    chips = _chips(tiles, cell_w, fl)
    rows = tuple(tiles[i:i + cols] for i in range(0, len(tiles), cols))
    heights = tuple(hex_h + 14 + max((len(chips[id(t)]) + (1 if t.uses else 0) for t in row), default=0) * (chip_h + 5)
                    for row in rows)
    return AuctionShape(width, cell_w, s, hex_h, chip_h, rows, heights)


def auction(view: KeyflowerView, width: int, fl: Floors) -> Image.Image:
    """The auction's tiles (turn-order tiles first) in a grid of four; under each tile its colour
    lock, its bids (seat, count, colour; the leading bid framed) and the keeples using it, drawn
    whole (the turn image takes it a row at a time: auction_parts). Drawn once per state of the
    auction (replays draw it for every frame)."""
    return _auction(tuple(view.orders) + tuple(view.auction), width, fl)


@text_cache(maxsize=64)
def _auction(tiles: tuple[TileView, ...], width: int, fl: Floors) -> Image.Image:
    shape = auction_shape(tiles, width, fl)
    image = Image.new("RGB", (width, shape.height), PAPER)
    for k, row in enumerate(shape.rows):
        for col in range(len(row)):
            x0, y0, _, _ = cell_box(shape, k, col)
            image.paste(auction_cell(shape, k, col, fl), (x0, y0))
    return image


def cell_box(shape: AuctionShape, k: int, col: int) -> tuple[int, int, int, int]:
    """The box (left, top, right, bottom) of the auction's cell in row ``k``, column ``col``: a
    tile with its chips, cut at whole pixels (the last row reaches the auction's bottom)."""
    bottom = int(shape.top(k + 1)) if k + 1 < len(shape.rows) else shape.height
    return int(shape.cell_w * col), int(shape.top(k)), int(shape.cell_w * (col + 1)) if col < 3 else shape.width, bottom


def auction_cell(shape: AuctionShape, k: int, col: int, fl: Floors) -> Image.Image:
    """The tile in row ``k``, column ``col`` of the auction with its lock, bids and uses, drawn
    where the whole auction has it and cut out at its cell's box."""
    x0, y0, x1, y1 = cell_box(shape, k, col)
    image = Image.new("RGB", (x1 - x0, y1 - y0), PAPER)
    d = ImageDraw.Draw(image)
    t = shape.rows[k][col]
    cx = shape.cell_w * (col + 0.5) - x0
    cy = shape.top(k) + shape.hex_h / 2 + 4 - y0
    paste_tile(image, cx, cy, t.id, False, 0, shape.s, fl.text, "auction", purple=t.purple)
    y = cy + shape.hex_h / 2 + 8 + shape.chip_h / 2
    for line in _chip_rows(t, shape.cell_w - 8, fl):
        x = cx - (sum(w for _, _, w in line) + 5 * (len(line) - 1)) / 2
        for kind, payload, w in line:
            if kind == "lock":
                _lock_chip(d, x, y, str(payload), fl)
            elif isinstance(payload, BidView):
                _bid_chip(d, x, y, payload, fl)
            x += w + 5
        y += shape.chip_h + 5
    if t.uses:
        draw_uses(d, cx, y, t.uses, fl.text)
    return image


#: a cell of the auction as a part: what it shows, how to draw it, its box in the auction
Cell = tuple[tuple, Callable[[], Image.Image], tuple[int, int, int, int]]


def auction_cells(view: KeyflowerView, width: int, fl: Floors) -> tuple[list[Cell], int]:
    """The auction as parts, a tile (with its lock, bids and uses) each, and the auction's height:
    a bid redraws its tile's cell alone (its row's height kept)."""
    tiles = tuple(view.orders) + tuple(view.auction)
    shape = auction_shape(tiles, width, fl)
    cells: list[Cell] = []
    for k, row in enumerate(shape.rows):
        for col, t in enumerate(row):
            box = cell_box(shape, k, col)
            cells.append((("keyflower", "auction cell", width, fl, shape.top(k), box, t),
                          lambda k=k, col=col: auction_cell(shape, k, col, fl), box))
    return cells, shape.height
