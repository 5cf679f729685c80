"""Marks for the add-on choices that point beyond the placed tile (rules §14): where a magic
portal may put a follower, where the fairy may go, which knights the princess may send home, and
the dragon's path with the steps it may take next.

Each mark carries the text a player types (``cn`` of ``cn@x,y`` on a portal target, ``~`` for the
fairy, ``!`` for the princess, the step letter for the dragon), so the picture reads like the
notation."""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.carcassonne.addons.drache import DragonPart
from games.carcassonne.rules.geometry import OFFSETS
from games.carcassonne.view import LETTERS, CarcassonneView, PlacedTileView
from renderers.carcassonne.deploy import segment_of
from renderers.carcassonne.text import draw_text, text_width
from renderers.carcassonne.tilesprites import anchor

PORTAL = (150, 60, 190)
FAIRY = (120, 70, 200)
PRINCESS = (200, 30, 110)
DRAGON = (200, 30, 30)
WHITE = (255, 255, 255)
FAIRY_SPOT = (0.76, 0.24)          # where the fairy stands on a tile (the board's tile-level anchor)
PORTAL_LABELS_FROM = 80            # tile size (pixels at scale 1) from which portal spots get their codes
_POINT = re.compile(r"(-?\d+),(-?\d+)")


@dataclass(frozen=True)
class Targets:
    """The deploy codes of a view that point at other tiles, sorted by kind."""

    portal: dict[tuple[int, int], list[str]]      # tile -> segment codes (without "@x,y")
    fairy: list[tuple[int, int]]
    princess: list[tuple[str, int, int, str | None]]   # (code, x, y, colour letter or None)

    @property
    def any(self) -> bool:
        return bool(self.portal or self.fairy or self.princess)


def targets(view: CarcassonneView) -> Targets:
    portal: dict[tuple[int, int], list[str]] = defaultdict(list)
    fairy: list[tuple[int, int]] = []
    princess: list[tuple[str, int, int, str | None]] = []
    if view.phase != "deploy":
        return Targets({}, [], [])
    for code in view.deploy_options:
        if "@" in code:
            segment, _, where = code.partition("@")
            m = _POINT.fullmatch(where)
            if m and not segment.startswith("L"):
                portal[(int(m.group(1)), int(m.group(2)))].append(segment)
            elif m:
                portal.setdefault((int(m.group(1)), int(m.group(2))), [])
        elif code.startswith("~"):
            m = _POINT.fullmatch(code[1:])
            if m:
                fairy.append((int(m.group(1)), int(m.group(2))))
        elif code.startswith("!"):
            m = re.fullmatch(r"!(-?\d+),(-?\d+)(?::L?([RYGBK]))?", code)
            if m:
                princess.append((code, int(m.group(1)), int(m.group(2)), m.group(3)))
    return Targets(dict(portal), fairy, princess)


def _label(image: Image.Image, centre: tuple[float, float], text: str, size: int, colour, fill=WHITE,
           ink=(0, 0, 0)) -> None:
    d = ImageDraw.Draw(image)
    w = text_width(text, size, True) + size * 0.5
    h = size * 1.25
    cx, cy = centre
    d.rectangle((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), fill=fill, outline=colour,
                width=max(2, size // 7))
    draw_text(image, (cx, cy), text, size, True, ink)


def draw_targets(image: Image.Image, view: CarcassonneView, tiles: dict[tuple[int, int], PlacedTileView],
                 contains, px, t: int, scale: float, smallest: int = 0) -> None:
    """Portal targets outlined in violet (with their codes when the tiles are big enough), the
    fairy's possible tiles marked ``~``, the princess's knights marked ``!``."""
    found = targets(view)
    if not found.any:
        return
    d = ImageDraw.Draw(image)
    size = max(smallest, min(round(18 * scale), round(t * 0.2)))
    w = max(2, round(t / 22))
    for (x, y), codes in found.portal.items():
        if not contains(x, y):
            continue
        left, top = px(x, y)
        d.rectangle((left + w // 2, top + w // 2, left + t - 1 - w // 2, top + t - 1 - w // 2), outline=PORTAL, width=w)
        placed = tiles.get((x, y))
        if placed is None or t < PORTAL_LABELS_FROM * scale:
            continue
        for code in codes:
            seg = segment_of(placed.tile, placed.rotation, code)
            at = anchor(placed.tile, placed.rotation, *seg) if seg else None
            if at:
                _label(image, (left + at[0] * t, top + at[1] * t), code, size, PORTAL)
    for x, y in found.fairy:
        if contains(x, y):
            left, top = px(x, y)
            _label(image, (left + FAIRY_SPOT[0] * t, top + FAIRY_SPOT[1] * t), "~", size, FAIRY)
    for code, x, y, letter in found.princess:
        if not contains(x, y):
            continue
        left, top = px(x, y)
        placed = tiles.get((x, y))
        knight = next((f for f in view.figures if (f.x, f.y) == (x, y) and f.feature == "city"
                       and (letter is None or (f.seat is not None and LETTERS[f.seat] == letter))), None)
        at = anchor(placed.tile, placed.rotation, "city", knight.segment) if placed and knight else None
        u, v = at or (0.5, 0.5)
        text = "!" if letter is None else f"!{letter}"
        _label(image, (left + u * t, top + max(0.12, v - 0.24) * t), text, size, PRINCESS, fill=PRINCESS, ink=WHITE)


def draw_dragon(image: Image.Image, view: CarcassonneView, contains, px, t: int, scale: float, smallest: int = 0) -> None:
    """During the dragon's movement: its path so far as a red line, and a red box with the step
    letter on every tile it may enter next."""
    dragon = view.part(DragonPart)
    if view.phase != "dragon" or dragon is None:
        return
    path = list(dragon.path)
    d = ImageDraw.Draw(image)
    width = max(3, round(t / 12))
    centres = [(px(x, y)[0] + t / 2, px(x, y)[1] + t / 2) for x, y in path]
    if len(centres) > 1:
        d.line(centres, fill=DRAGON, width=width, joint="curve")
    for cx, cy in centres[:-1]:
        r = width * 0.9
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=DRAGON)
    if not path:
        return
    x0, y0 = path[-1]
    size = max(smallest, min(round(24 * scale), round(t * 0.26)))
    for direction in dragon.steps:
        dx, dy = OFFSETS[direction]
        x, y = x0 + dx, y0 + dy
        if not contains(x, y):
            continue
        left, top = px(x, y)
        # the box sits in the neighbour, near the edge it shares with the dragon's tile
        u, v = 0.5 - 0.28 * dx, 0.5 - 0.28 * dy
        _label(image, (left + u * t, top + v * t), "nesw"[direction], size, DRAGON, fill=DRAGON, ink=WHITE)


__all__ = ["Targets", "targets", "draw_targets", "draw_dragon", "PORTAL", "FAIRY", "PRINCESS", "DRAGON"]
