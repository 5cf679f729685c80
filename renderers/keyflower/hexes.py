"""One hex tile: season colour, water and road stubs on its edges (roads end short of the middle,
so no line runs through the words), the tile's name, ability and VP; plus the counters
(resources, use-keeples) drawn over it. Static sprites are cached per size and text floor."""
from __future__ import annotations

import math
from typing import Sequence

from PIL import Image, ImageChops, ImageDraw

from games.keyflower.rules import geometry
from games.keyflower.components import tile as tile_def
from renderers.common import linebreak, textfit
from renderers.common import text_cache
from renderers.keyflower import style as S
from renderers.keyflower.palette import GOLD_EDGE, INK, ROAD, SEASON_FILL, WATER, WHITE, YELLOW_TEXT
from renderers.keyflower.tilewords import cjk, tile_words
from renderers.keyflower.words import keeple_mark

SQ3 = math.sqrt(3)
ROAD_REACH = 0.34       # a road runs from its edge this fraction of the way to the middle


def wrap(draw: ImageDraw.ImageDraw, text: str, fnt, width: float, lines: int) -> list[str]:
    """``text`` in at most ``lines`` lines of ``width`` pixels, the last cut with an ellipsis."""
    out: list[str] = []
    line = ""
    words = [piece for w in text.split(" ") for piece in _breakable(w, fnt, width)]
    for i, w in enumerate(words):
        trial = f"{line} {w}".strip()
        if S.length(trial, fnt) <= width or not line:
            line = trial
            continue
        out.append(line)
        line = w
        if len(out) == lines:
            line = " ".join([out.pop(), *words[i:]])
            break
    out.append(line)
    out = out[:lines]
    out[-1] = textfit.fit(out[-1], width, lambda t: S.length(t, fnt))
    return out


def _breakable(word: str, fnt, width: float) -> list[str]:
    """A word as pieces that each fit ``width``: Japanese is written without spaces, so a long
    Japanese name may break between two characters where JLReq allows it, a katakana word kept
    whole where it fits (a Latin word stays whole)."""
    if S.length(word, fnt) <= width or not cjk(word):
        return [word]
    pieces, start = [], 0
    for i in range(1, len(word)):
        if S.length(word[start:i + 1], fnt) <= width:
            continue
        allowed = [k for k in range(start + 1, i + 1) if linebreak.allowed(word[k - 1], word[k])]
        whole = [k for k in allowed if not linebreak.inside_word(word[k - 1], word[k])]
        cut = (whole or allowed or [i])[-1]
        pieces.append(word[start:cut])
        start = cut
    return pieces + [word[start:]]


def fitted(draw: ImageDraw.ImageDraw, text: str, width: float, size: float, floor: int, bold: bool, lines: int):
    """The largest font from ``size`` down to ``floor`` whose lines of ``text`` fit ``width``;
    returns (font, lines)."""
    size = max(size, floor)
    while True:
        fnt = S.f(size, bold)
        got = wrap(draw, text, fnt, width, lines)
        if not got[-1].endswith(textfit.ELLIPSIS) or size <= floor:
            return fnt, got
        size = max(floor, size * 0.92)


def _plate_text(draw, xy, lines: list[str], fnt, plate, fill=INK, shifts: Sequence[float] = ()) -> None:
    """Lines of text centred on ``xy`` (each moved right by its ``shifts``, if any) over a plate
    of the tile's colour: roads and water end at the plate's edge instead of running through the
    words."""
    x, y = xy
    line_h = fnt.size * 1.1
    top = y - line_h * (len(lines) - 1) / 2
    moved = list(shifts) or [0.0] * len(lines)
    widths = [S.length(line, fnt) for line in lines]
    left = min(x + dx - w / 2 for dx, w in zip(moved, widths))
    right = max(x + dx + w / 2 for dx, w in zip(moved, widths))
    pad = max(2, fnt.size * 0.2)
    draw.rounded_rectangle((left - pad, top - line_h / 2, right + pad, top + line_h * (len(lines) - 0.5)),
                           radius=pad * 1.5, fill=plate)
    for i, (line, dx) in enumerate(zip(lines, moved)):
        S.centred(draw, (x + dx, top + i * line_h), line, fnt, fill=fill)


@text_cache(maxsize=1024)
def tile_sprite(tid: str, upgraded: bool, k: int, s: int, floor: int, detail: str, purple: bool = False) -> Image.Image:
    """The static face of a tile: RGBA, centre at the image centre. ``detail``: "auction" (name,
    ability, upgrade cost), "village" (name, ability) or "name"."""
    w, h = int(2 * s + 6), int(SQ3 * s + 6)
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    cx, cy = w / 2, h / 2
    defn = tile_def(tid)
    fill = SEASON_FILL.get(defn.season, SEASON_FILL["home"])
    if upgraded:
        fill = tuple(min(255, int(c * 0.9 + 30)) for c in fill)
    corners = S.hex_corners(cx, cy, s)
    draw.polygon(corners, fill=fill)
    edges = geometry.rotated(defn.edges, k)
    for d, kind in enumerate(edges):
        if kind == "W":
            a, b = S.edge_segment(cx, cy, s, d)
            ia = (cx + (a[0] - cx) * 0.82, cy + (a[1] - cy) * 0.82)
            ib = (cx + (b[0] - cx) * 0.82, cy + (b[1] - cy) * 0.82)
            draw.polygon([a, b, ib, ia], fill=WATER)
    road_w = max(4, int(s * 0.14))
    for d, kind in enumerate(edges):
        if kind == "R":
            end = S.edge_point(cx, cy, s, d)
            inner = S.edge_point(cx, cy, s, d, 1 - ROAD_REACH)
            draw.line([inner, end], fill=ROAD, width=road_w)
            r = road_w / 2
            draw.ellipse((inner[0] - r, inner[1] - r, inner[0] + r, inner[1] + r), fill=ROAD)
    draw.polygon(corners, outline=GOLD_EDGE if upgraded else INK)
    if upgraded:
        draw.line(corners + [corners[0]], fill=GOLD_EDGE, width=max(3, s // 12))
    words = tile_words(tid, upgraded, s, floor, detail, purple)
    for block in words.blocks:
        _plate_text(draw, (cx, cy + block.centre), list(block.lines), block.font, fill, fill=block.ink,
                    shifts=block.shifts)
    # nothing outside the hex (a plate's corners, a long word)
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).polygon(corners, fill=255, outline=255)
    image.putalpha(ImageChops.darker(image.getchannel("A"), mask))
    draw = ImageDraw.Draw(image)
    if words.badge is not None:
        bx, by, r = words.badge
        vx, vy = cx + bx, cy + by
        draw.ellipse((vx - r, vy - r, vx + r, vy + r), fill=WHITE, outline=INK, width=2)
        S.centred(draw, (vx, vy), words.points, S.f(max(floor, r * 1.2), True))
    return image


def paste_tile(canvas: Image.Image, cx: float, cy: float, tid: str, upgraded: bool, k: int, s: int, floor: int,
               detail: str = "village", purple: bool = False) -> None:
    sprite = tile_sprite(tid, upgraded, k, s, floor, detail, purple)
    canvas.paste(sprite, (int(round(cx - sprite.width / 2)), int(round(cy - sprite.height / 2))), sprite)


def draw_resources(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float, res: Sequence[tuple[str, int]],
                   floor: int) -> None:
    """Resources on a tile: counters with counts in a row near the bottom."""
    if not res:
        return
    r = max(s * 0.17, floor * 0.62)
    step = r * 2.15
    x0 = cx - step * (len(res) - 1) / 2
    y = cy + s * 0.6
    for i, (name, n) in enumerate(res):
        colour, _, text = S.RESOURCE[name]
        S.token(draw, x0 + i * step, y, r, colour, "", text, count=n, floor=floor)


def uses_text(uses) -> tuple[list[tuple[str, tuple[int, int, int]]], str]:
    """The use-keeples as coloured pieces ("Y1", "+R2"; in Japanese "黄1", "+赤2") and the total
    ("3/6")."""
    pieces = []
    for use in uses:
        for j, (c, n) in enumerate(use.keeples):
            colour = S.KEEPLE[c][0] if c != "yellow" else YELLOW_TEXT
            pieces.append((("+" if j else " ") + f"{keeple_mark(c)}{n}", colour))
    total = sum(n for use in uses for _, n in use.keeples)
    return pieces, f" ({total}/6)"


def draw_uses(draw: ImageDraw.ImageDraw, cx: float, cy: float, uses, floor: int) -> None:
    """Use-keeples grouped per use ("Y1 R2") and the total out of 6, on a white plate at (cx, cy)."""
    if not uses:
        return
    pieces, total = uses_text(uses)
    fnt = S.f(floor, True)
    tw = sum(S.length(p, fnt) for p, _ in pieces) + S.length(total, fnt)
    th = fnt.size
    draw.rounded_rectangle((cx - tw / 2 - 4, cy - th / 2 - 3, cx + tw / 2 + 4, cy + th / 2 + 4), radius=5,
                           fill=WHITE, outline=INK)
    x = cx - tw / 2
    for piece, colour in pieces:
        S.text(draw, (x, cy), piece, font=fnt, fill=colour, anchor="lm")
        x += S.length(piece, fnt)
    S.text(draw, (x, cy), total, font=fnt, fill=INK, anchor="lm")
