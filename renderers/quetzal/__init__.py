"""Quetzal renderer: a QuetzalView drawn as a tall, phone-friendly PNG (800 px wide at scale 1).

Sections from top to bottom: header, board spaces with teams, Temple display, Village display and
counts, discovery track, one panel per player. ``region`` picks one part: "board" (header,
spaces, display, village, track) or "players" (header and player panels)."""
from __future__ import annotations

from PIL import Image

from games.quetzal.view import QuetzalView
from renderers.common import encode_png
from renderers.quetzal.palette import to_palette
from renderers.quetzal.panels import Canvas, draw_board, draw_header, draw_players

WIDTH = 800
REGIONS = (None, "board", "players")


def render(view: QuetzalView, names: list[str], scale: float = 1.0, region: str | None = None) -> bytes:
    if region not in REGIONS:
        raise ValueError(f"unknown region {region!r}; use one of {REGIONS}")
    parts = []
    parts.append(draw_header(view, names, scale))
    if region in (None, "board"):
        parts.append(draw_board(view, names, scale))
    if region in (None, "players"):
        parts.append(draw_players(view, names, scale))
    return encode_png(to_palette(stack(parts, scale)))


def stack(parts: list[Canvas], scale: float) -> Image.Image:
    width = max(part.image.width for part in parts)
    height = sum(part.height for part in parts)
    image = Image.new("RGB", (width, height), (248, 243, 230))
    y = 0
    for part in parts:
        image.paste(part.image.crop((0, 0, part.image.width, part.height)), (0, y))
        y += part.height
    return image


__all__ = ["WIDTH", "render"]
