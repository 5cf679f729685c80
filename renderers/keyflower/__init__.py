"""Keyflower renderer: a phone-friendly vertical board built from a view only.

``region``: None (everything), "board" (header, boats, auction, players), "villages",
"village:N" (seat N, 0-based).
"""
from __future__ import annotations

from PIL import Image

from games.keyflower.view import KeyflowerView
from renderers.common import encode_png
from renderers.keyflower import style as S
from renderers.keyflower.board import auction, boats_row, header, info_panel, section_title
from renderers.keyflower.villages import render_village

BASE_WIDTH = 800


def _stack(parts: list[Image.Image], width: int) -> Image.Image:
    height = sum(p.height for p in parts)
    out = Image.new("RGB", (width, max(1, height)), S.PAPER)
    y = 0
    for part in parts:
        out.paste(part, (0, y))
        y += part.height
    return out


def _board(view: KeyflowerView, names: list[str], width: int, scale: float) -> list[Image.Image]:
    parts = [header(view, names, width, scale), info_panel(view, names, width, scale)]
    if view.boats:
        parts += [section_title("Boats", width, scale), boats_row(view, width, scale)]
    if view.orders or view.auction:
        parts += [section_title("Auction", width, scale), auction(view, width, scale)]
    return parts


def _villages(view: KeyflowerView, names: list[str], width: int, scale: float,
              seats: list[int] | None = None) -> list[Image.Image]:
    order = seats if seats is not None else list(range(view.players))
    if seats is None and view.seat is not None and 0 <= view.seat < view.players:
        order = [view.seat] + [s for s in order if s != view.seat]
    parts = []
    for seat in order:
        name = names[seat] if seat < len(names) else f"Player {seat + 1}"
        parts.append(render_village(view, seat, name, width, scale))
    return parts


def render(view: KeyflowerView, names: list[str], scale: float = 1.0, region: str | None = None) -> bytes:
    width = int(BASE_WIDTH * scale)
    if region == "board":
        parts = _board(view, names, width, scale)
    elif region == "villages":
        parts = _villages(view, names, width, scale)
    elif region and region.startswith("village:"):
        seat = region[8:]
        if not (seat.isascii() and seat.isdigit() and int(seat) < view.players):
            raise ValueError(f"no village {seat!r}: seats are 0 to {view.players - 1}")
        parts = _villages(view, names, width, scale, [int(seat)])
    elif region is None:
        parts = _board(view, names, width, scale) + [section_title("Villages", width, scale)] + \
            _villages(view, names, width, scale)
    else:
        raise ValueError(f"unknown region {region!r}; use board, villages or village:N")
    return encode_png(_stack(parts, width))
