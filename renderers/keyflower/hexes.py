"""One hex tile: season colour, roads and water on its edges, name, VP, ability; plus the
counters (resources, use-keeples) drawn over it. Static sprites are cached."""
from __future__ import annotations

import math
from typing import Sequence

from PIL import Image, ImageDraw

from renderers.common import text_cache

from games.keyflower import geometry
from games.keyflower.data import tile as tile_def
from renderers.keyflower import style as S
from renderers.keyflower.text import ability_text, cost_text, vp_text


def _fit(draw: ImageDraw.ImageDraw, text: str, width: float, size: float, bold: bool = True):
    """The largest font up to ``size`` that fits ``text`` in ``width`` (never below 60%)."""
    fnt = S.f(size, bold)
    while S.text_size(draw, text, fnt)[0] > width and size > 10:
        size *= 0.92
        fnt = S.f(size, bold)
    return fnt


@text_cache(maxsize=512)
def tile_sprite(tid: str, upgraded: bool, k: int, s: int, detail: bool) -> Image.Image:
    """The static face of a tile: RGBA, centre at the image centre."""
    w, h = int(2 * s + 6), int(math.sqrt(3) * s + 6)
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    cx, cy = w / 2, h / 2
    defn = tile_def(tid)
    fill = S.SEASON_FILL.get(defn.season, S.SEASON_FILL["home"])
    if upgraded:
        fill = tuple(min(255, int(c * 0.9 + 30)) for c in fill)
    corners = S.hex_corners(cx, cy, s)
    draw.polygon(corners, fill=fill)
    edges = geometry.rotated(defn.edges, k)
    for d, kind in enumerate(edges):
        if kind == "W":
            a, b = S.edge_segment(cx, cy, s, d)
            ia = (cx + (a[0] - cx) * 0.78, cy + (a[1] - cy) * 0.78)
            ib = (cx + (b[0] - cx) * 0.78, cy + (b[1] - cy) * 0.78)
            draw.polygon([a, b, ib, ia], fill=S.WATER)
    road_w = max(4, int(s * 0.16))
    for d, kind in enumerate(edges):
        if kind == "R":
            end = S.edge_point(cx, cy, s, d)
            draw.line([(cx, cy), end], fill=S.ROAD, width=road_w)
    if "R" in edges:
        r = road_w * 0.8
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=S.ROAD)
    draw.polygon(corners, outline=S.GOLD_EDGE if upgraded else S.INK)
    if upgraded:
        draw.line(corners + [corners[0]], fill=S.GOLD_EDGE, width=max(3, s // 12))
    # name, ability, VP badge (top right corner), upgrade cost (auction only)
    name = defn.id[:-1] if defn.kind == "summer_boat" else defn.id
    label = ("+" if upgraded else "") + name
    name_font = _fit(draw, label, s * 1.62, max(15, s * 0.31))
    name_y = cy - s * 0.28
    S.centred(draw, (cx, name_y), label, name_font, stroke=3)
    line = ability_text(defn, upgraded)
    if defn.kind == "summer_boat":
        line = f"({defn.id[-1]}) " + line
    if line:
        small = _fit(draw, line, s * 1.5, max(13, s * 0.23), bold=False)
        S.centred(draw, (cx, cy + s * 0.0), line, small, stroke=3)
    vp = vp_text(defn, upgraded)
    if vp and vp != "0":
        r = s * 0.2
        vx, vy = cx + s * 0.5, cy - s * 0.64
        draw.ellipse((vx - r, vy - r, vx + r, vy + r), fill=(255, 255, 255), outline=S.INK, width=2)
        S.centred(draw, (vx, vy), vp, S.f(r * 1.25, True))
    if detail and defn.upgradable and not upgraded:
        cost = "up " + cost_text(defn) + f" = {defn.vp[1]}VP"
        small = _fit(draw, cost, s * 1.4, max(12, s * 0.2), bold=False)
        S.centred(draw, (cx, cy + s * 0.6), cost, small, fill=(60, 40, 10), stroke=3)
    return image


def paste_tile(canvas: Image.Image, cx: float, cy: float, tid: str, upgraded: bool, k: int, s: int,
               detail: bool = False) -> None:
    sprite = tile_sprite(tid, upgraded, k, s, detail)
    canvas.paste(sprite, (int(round(cx - sprite.width / 2)), int(round(cy - sprite.height / 2))), sprite)


def draw_resources(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float, res: Sequence[tuple[str, int]]) -> None:
    """Resources on a tile: counters with counts in a row near the bottom."""
    if not res:
        return
    r = s * 0.18
    step = r * 2.15
    x0 = cx - step * (len(res) - 1) / 2
    y = cy + s * 0.58
    for i, (name, n) in enumerate(res):
        colour, _, text = S.RESOURCE[name]
        S.token(draw, x0 + i * step, y, r, colour, "", text, count=n)


def draw_uses(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float, uses, y_factor: float = 0.05) -> None:
    """Use-keeples grouped per use ("Y1 Y2") and the total out of 6."""
    if not uses:
        return
    groups = []
    for use in uses:
        groups.append("+".join(f"{S.KEEPLE[c][1]}{n}" for c, n in use.keeples))
    total = sum(n for use in uses for _, n in use.keeples)
    text = " ".join(groups) + f" ({total}/6)"
    fnt = _fit(draw, text, s * 1.7, s * 0.23)
    y = cy + s * y_factor
    tw, th = draw.textlength(text, font=fnt), S.text_size(draw, text, fnt)[1]
    draw.rounded_rectangle((cx - tw / 2 - 4, y - th / 2 - 4, cx + tw / 2 + 4, y + th / 2 + 5), radius=5,
                           fill=(255, 255, 255), outline=S.INK)
    # colour the letters: draw each group separately
    x = cx - tw / 2
    for i, use in enumerate(uses):
        for j, (c, n) in enumerate(use.keeples):
            piece = ("+" if j else "") + f"{S.KEEPLE[c][1]}{n}"
            colour = S.KEEPLE[c][0] if c != "yellow" else (170, 130, 0)
            draw.text((x, y), piece, font=fnt, fill=colour, anchor="lm")
            x += draw.textlength(piece, font=fnt)
        x += draw.textlength(" ", font=fnt)
    draw.text((x, y), f"({total}/6)", font=fnt, fill=S.INK, anchor="lm")
