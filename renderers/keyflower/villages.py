"""A player's hex village (section 8.5): tiles at their axial cells with roads, water, upgraded
sides, resources, use-keeples and coordinates; during village expansion, the owner also sees
labelled candidate cells and the legal rotations."""
from __future__ import annotations

import math

from PIL import Image, ImageDraw

from games.keyflower import geometry
from games.keyflower.data import tile as tile_def
from games.keyflower.view import KeyflowerView, PlayerView
from renderers.keyflower import style as S
from renderers.keyflower.hexes import draw_resources, draw_uses, paste_tile

SQ3 = math.sqrt(3)


def _pixel(q: int, r: int, s: float) -> tuple[float, float]:
    return s * 1.5 * q, s * SQ3 * (r + q / 2)


def _wrap(draw: ImageDraw.ImageDraw, text: str, fnt, width: float) -> list[str]:
    lines, line = [], ""
    for word in text.split(" "):
        trial = f"{line} {word}".strip()
        if draw.textlength(trial, font=fnt) <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    if line:
        lines.append(line)
    return lines


def render_village(view: KeyflowerView, seat: int, name: str, width: int, scale: float) -> Image.Image:
    player: PlayerView = view.seats[seat]
    s = int(66 * scale)
    tiles = list(player.village)
    occupied = {(t.q, t.r) for t in tiles}
    own_turn = view.seat == seat and view.phase == "placement"
    labels = [(lab, q, r) for lab, q, r in view.labels] if own_turn else []
    edges_at = {(t.q, t.r): geometry.rotated(tile_def(t.id).edges, t.k) for t in tiles}
    chain = geometry.river_chain(edges_at)
    river_next = geometry.river_next(edges_at)
    cells = set(occupied) | {(q, r) for _, q, r in labels}
    if river_next not in occupied:
        cells.add(river_next)
    xs = [_pixel(q, r, s)[0] for q, r in cells]
    ys = [_pixel(q, r, s)[1] for q, r in cells]
    margin = int(s * 1.1)
    title_h = int(44 * scale)
    legend_lines: list[str] = []
    if own_turn and player.pending:
        by_tile: dict[str, dict[tuple[int, int], list[int]]] = {}
        for tid, q, r, k in view.placements:
            by_tile.setdefault(tid, {}).setdefault((q, r), []).append(k)
        label_of = {(q, r): lab for lab, q, r in labels}
        for tid in player.pending:
            spots = by_tile.get(tid, {})
            parts = [f"{label_of.get(c, '?')}(" + ",".join(f"r{k}" for k in ks) + ")" for c, ks in
                     sorted(spots.items(), key=lambda item: (len(label_of.get(item[0], "")), label_of.get(item[0], "")))]
            shown = tid[:-1] if tile_def(tid).kind == "summer_boat" else tid
            legend_lines.append(f"{shown}: " + " ".join(parts))
    inner_w = int(max(xs) - min(xs) + 2 * margin)
    inner_h = int(max(ys) - min(ys) + 2 * margin)
    legend_font = S.f(19 * scale)
    probe = ImageDraw.Draw(Image.new("RGB", (4, 4)))
    wrapped: list[str] = []
    for line in legend_lines:
        wrapped += _wrap(probe, line, legend_font, width - 20 * scale)
    legend_h = int(len(wrapped) * 26 * scale + (10 * scale if wrapped else 0))
    image = Image.new("RGB", (max(inner_w, 10), inner_h), S.PAPER)
    draw = ImageDraw.Draw(image)
    ox = margin - min(xs)
    oy = margin - min(ys)

    # the river: next free cell
    if river_next not in occupied:
        cx, cy = _pixel(*river_next, s)
        corners = S.hex_corners(cx + ox, cy + oy, s * 0.92)
        for i in range(6):
            a, b = corners[i], corners[(i + 1) % 6]
            draw.line([a, b], fill=S.WATER, width=max(2, int(3 * scale)))
        S.centred(draw, (cx + ox, cy + oy - s * 0.3), "river", S.f(s * 0.24), fill=S.WATER)
    # candidate cells
    for lab, q, r in labels:
        cx, cy = _pixel(q, r, s)
        corners = S.hex_corners(cx + ox, cy + oy, s * 0.92)
        draw.polygon(corners, fill=(255, 255, 255), outline=(90, 90, 90))
        S.centred(draw, (cx + ox, cy + oy + s * 0.1), lab, S.f(s * 0.55, True), fill=(60, 60, 60))
        S.centred(draw, (cx + ox, cy + oy - s * 0.55), f"{q},{r}", S.f(s * 0.2), fill=(110, 110, 110))
    for t in tiles:
        cx, cy = _pixel(t.q, t.r, s)
        cx, cy = cx + ox, cy + oy
        paste_tile(image, cx, cy, t.id, t.upgraded, t.k, s)
        if t.tentative:
            draw.polygon(S.hex_corners(cx, cy, s * 0.96), outline=(200, 0, 120), width=max(2, int(3 * scale)))
            S.centred(draw, (cx, cy - s * 0.68), "new", S.f(s * 0.2, True), fill=(200, 0, 120))
        else:
            S.centred(draw, (cx - s * 0.42, cy - s * 0.66), f"{t.q},{t.r}", S.f(max(12, s * 0.19)), fill=(90, 90, 90))
        draw_uses(draw, cx, cy, s, t.uses, y_factor=0.3)
        draw_resources(draw, cx, cy, s, t.res)
    for cell in chain:
        cx, cy = _pixel(*cell, s)
        S.centred(draw, (cx + ox, cy + oy + s * 0.62), "~ river ~", S.f(s * 0.18, True), fill=(20, 70, 150))

    scale_fit = min(1.0, (width - 8) / image.width)
    if scale_fit < 1.0:
        image = image.resize((int(image.width * scale_fit), int(image.height * scale_fit)), Image.LANCZOS)
    out = Image.new("RGB", (width, title_h + image.height + legend_h + int(8 * scale)), S.PAPER)
    out.paste(image, ((width - image.width) // 2, title_h))
    d = ImageDraw.Draw(out)
    d.rectangle((0, 0, width, title_h), fill=S.PANEL)
    S.seat_badge(d, 22 * scale, title_h / 2, 13 * scale, seat)
    title = f"{name}: {player.vp} VP"
    extra = []
    if player.transport_capacity:
        extra.append(f"transport {player.transport_capacity}")
    extra.append(f"river {player.river}")
    if player.pending:
        shown = [p[:-1] if tile_def(p).kind == "summer_boat" else p for p in player.pending]
        extra.append("to place: " + ", ".join(shown))
    d.text((44 * scale, title_h / 2), title, font=S.f(22 * scale, True), fill=S.INK, anchor="lm")
    tx = 44 * scale + d.textlength(title, font=S.f(22 * scale, True)) + 12 * scale
    info = " · ".join(extra)
    info_font = S.f(17 * scale)
    while d.textlength(info, font=info_font) > width - tx - 6 and len(info) > 4:
        info = info[:-2]
    d.text((tx, title_h / 2), info, font=info_font, fill=(70, 70, 70), anchor="lm")
    y = title_h + image.height + int(6 * scale)
    for line in wrapped:
        d.text((10 * scale, y), line, font=legend_font, fill=S.INK)
        y += int(26 * scale)
    return out
