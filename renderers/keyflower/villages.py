"""A player's hex village (section 8.5): tiles at their axial cells with road stubs, water,
upgraded sides, resources and use-keeples (tiles are named, so no coordinates); during village expansion the owner also
sees labelled candidate cells and the legal rotations. The hexes shrink to fit the width given
(never the words: they keep the picture's text floor)."""
from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.keyflower.rules import geometry
from games.keyflower.components import tile as tile_def
from games.keyflower.view import KeyflowerView, KeyflowerPlayerView
from renderers.common import drawlog, textfit, text_cache, word, words
from renderers.common.phone import Floors
from renderers.keyflower import style as S
from renderers.keyflower.hexes import draw_resources, draw_uses, fitted, paste_tile
from renderers.keyflower.palette import (
    INK, NEW_TILE, PANEL, PAPER, RIVER_CHAIN, SPOT, SPOT_COORDS, SPOT_EDGE, SPOT_LABEL, VILLAGE_INFO, WATER,
)
from renderers.keyflower.words import tile_title

SQ3 = math.sqrt(3)
S_MAX = 70          # hex size at 800 px wide
#: the share of the village's title bar its owner's name and points may take
TITLE_SHARE = 0.68
NAME_MIN = 54       # the smallest hex (at 800 px wide) holding every tile's name at the text floor
SPAN_MARGIN = 2.2   # hex sizes a village's picture spans beyond its cells' centres, across and down


def _pixel(q: int, r: int, s: float) -> tuple[float, float]:
    return s * 1.5 * q, s * SQ3 * (r + q / 2)


def village_cells(view: KeyflowerView, seat: int) -> tuple[set[tuple[int, int]], list]:
    own_turn = view.seat == seat and view.phase == "placement"
    return _cells(view.players[seat], view.labels if own_turn else ())


def _cells(player: KeyflowerPlayerView, own_labels) -> tuple[set[tuple[int, int]], list]:
    """The cells a village's picture spans: its tiles, the owner's building spots, the river's next."""
    occupied = {(t.q, t.r) for t in player.village}
    labels = [(lab, q, r) for lab, q, r in own_labels]
    edges_at = {(t.q, t.r): geometry.rotated(tile_def(t.id).edges, t.k) for t in player.village}
    cells = set(occupied) | {(q, r) for _, q, r in labels}
    river_next = geometry.river_next(edges_at)
    if river_next not in occupied:
        cells.add(river_next)
    return cells, labels


def largest_size(height: float) -> float:
    """The largest hex size any village can have in ``height`` (one cell spans
    :data:`SPAN_MARGIN` sizes): an upper bound of :func:`village_size` without looking at it."""
    return height / SPAN_MARGIN


def village_size(view: KeyflowerView, seat: int, width: int, height: float | None = None) -> float:
    """The hex size at which the village fits ``width`` (and ``height``, when given)."""
    cells, _ = village_cells(view, seat)
    xs = [_pixel(q, r, 1)[0] for q, r in cells]
    ys = [_pixel(q, r, 1)[1] for q, r in cells]
    span_x = max(xs) - min(xs) + SPAN_MARGIN
    span_y = max(ys) - min(ys) + SPAN_MARGIN
    s = min(S_MAX * width / 800, (width - 8) / span_x)
    if height is not None:
        s = min(s, height / span_y)
    return s


def render_village(view: KeyflowerView, seat: int, name: str, width: int, fl: Floors,
                   s: float | None = None) -> Image.Image:
    """The village of ``seat``: drawn once per state of the village (see _village)."""
    own_turn = view.seat == seat and view.phase == "placement"
    key = VillageKey(view.players[seat], seat, view.labels if own_turn else (), view.placements if own_turn else (),
                     view.final[seat] if view.final is not None else None)
    return _village(key, name, width, fl, int(s or village_size(view, seat, width)))


@dataclass(frozen=True)
class VillageKey:
    """What a village's picture shows: the seat's view, the owner's building spots (only in the
    owner's view while placing) and the final score."""

    player: KeyflowerPlayerView
    seat: int
    labels: tuple
    placements: tuple
    final: tuple | None


@text_cache(maxsize=128)
def _village(view: VillageKey, name: str, width: int, fl: Floors, s: int) -> Image.Image:
    seat = view.seat
    player: KeyflowerPlayerView = view.player
    tiles = list(player.village)
    occupied = {(t.q, t.r) for t in tiles}
    cells, labels = _cells(player, view.labels)
    edges_at = {(t.q, t.r): geometry.rotated(tile_def(t.id).edges, t.k) for t in tiles}
    chain = geometry.river_chain(edges_at)
    river_next = geometry.river_next(edges_at)
    xs = [_pixel(q, r, s)[0] for q, r in cells]
    ys = [_pixel(q, r, s)[1] for q, r in cells]
    margin = int(s * 1.1)
    body = S.f(max(fl.text, 19 * width / 800))
    probe = ImageDraw.Draw(Image.new("RGB", (4, 4)))
    legend: list[str] = []
    if labels and player.pending:
        by_tile: dict[str, dict[tuple[int, int], list[int]]] = {}
        for tid, q, r, k in view.placements:
            by_tile.setdefault(tid, {}).setdefault((q, r), []).append(k)
        label_of = {(q, r): lab for lab, q, r in labels}
        for tid in player.pending:
            spots = by_tile.get(tid, {})
            parts = [f"{label_of.get(c, '?')} " + " ".join(f"r{k}" for k in ks) for c, ks in
                     sorted(spots.items(), key=lambda item: (len(label_of.get(item[0], "")), label_of.get(item[0], "")))]
            legend += fitted(probe, f"{tile_title(tile_def(tid))}: " + " · ".join(parts), width - 2 * fl.text,
                             body.size, fl.text, False, 4)[1]
    inner_w = int(max(xs) - min(xs) + 2 * margin)
    inner_h = int(max(ys) - min(ys) + 2 * margin)
    line_h = round(body.size * 1.35)
    title_h = round(max(fl.text, 22 * width / 800) * 2)
    out = Image.new("RGB", (width, title_h + inner_h + line_h * len(legend) + 8), PAPER)
    ox = (width - inner_w) / 2 + margin - min(xs)
    oy = title_h + margin - min(ys)
    draw = ImageDraw.Draw(out)
    small = S.f(fl.text)
    # the river: the next free cell
    if river_next not in occupied:
        cx, cy = _pixel(*river_next, s)
        corners = S.hex_corners(cx + ox, cy + oy, s * 0.92)
        draw.line(corners + [corners[0]], fill=WATER, width=3)
        S.centred(draw, (cx + ox, cy + oy), word("river"), small, fill=WATER)
    for lab, q, r in labels:
        cx, cy = _pixel(q, r, s)
        corners = S.hex_corners(cx + ox, cy + oy, s * 0.92)
        draw.polygon(corners, fill=SPOT, outline=SPOT_EDGE)
        S.centred(draw, (cx + ox, cy + oy + s * 0.1), lab, S.f(max(fl.text, s * 0.55), True), fill=SPOT_LABEL)
        S.centred(draw, (cx + ox, cy + oy - s * 0.55), f"{q},{r}", small, fill=SPOT_COORDS)
    for t in tiles:
        cx, cy = _pixel(t.q, t.r, s)
        cx, cy = cx + ox, cy + oy
        paste_tile(out, cx, cy, t.id, t.upgraded, t.k, s, fl.text, "village" if s >= 52 * width / 800 else "name")
        if t.tentative:
            draw.polygon(S.hex_corners(cx, cy, s * 0.96), outline=NEW_TILE, width=3)
            S.centred(draw, (cx - s * 0.4, cy - s * 0.62), word("new"), S.f(fl.text, True), fill=NEW_TILE, stroke=2)
        draw_uses(draw, cx, cy + s * 0.36, t.uses, fl.text)
        draw_resources(draw, cx, cy, s, t.res, fl.text)
    for cell in chain:
        cx, cy = _pixel(*cell, s)
        draw.arc((cx + ox - s * 0.3, cy + oy + s * 0.66, cx + ox + s * 0.3, cy + oy + s * 0.86), 200, 340,
                 fill=RIVER_CHAIN, width=3)
    # title bar
    draw.rectangle((0, 0, width, title_h), fill=PANEL)
    big = S.f(max(fl.text, 22 * width / 800), True)
    S.seat_badge(draw, title_h * 0.45, title_h / 2, title_h * 0.28, seat, mark=fl.mark)
    points = words("{count} point", "{count} points", count=dict(view.final)["total"]) if view.final is not None else \
        word("{vp} VP on tiles so far", vp=player.vp)
    before, _, after = word("{name}: {points}", name="\0", points=points).partition("\0")
    # the title leaves the last third of the bar to the village's transport and river
    fitted_name, size = textfit.fit_name(name, width * TITLE_SHARE - title_h * 0.9, int(big.size),
                                         lambda t, step: S.length(t, S.f(step, True)), fl.text, before, after)
    title, big = before + fitted_name + after, S.f(size, True)
    with drawlog.field("name", fitted_name):
        S.text(draw, (title_h * 0.9, title_h / 2), title, font=big, fill=INK, anchor="lm")
    tx = title_h * 0.9 + S.length(title, big) + fl.text * 0.8
    extra = []
    if player.transport_capacity:
        extra.append(word("transport {n}", n=player.transport_capacity))
    extra.append(word("river {n}", n=player.river))
    if player.pending:
        extra.append(word("to place: {tiles}", tiles=word(", ").join(tile_title(tile_def(p)) for p in player.pending)))
    info, info_lines = fitted(draw, " · ".join(extra), width - tx - 6, fl.text, fl.text, False, 1)
    S.text(draw, (tx, title_h / 2), info_lines[0], font=info, fill=VILLAGE_INFO, anchor="lm")
    y = title_h + inner_h
    for line in legend:
        S.text(draw, (fl.text, y + line_h / 2), line, font=body, fill=INK, anchor="lm")
        y += line_h
    return out
