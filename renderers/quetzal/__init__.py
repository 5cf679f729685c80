"""Quetzal renderer: a QuetzalView drawn for a phone (800 px wide at scale 1, at most twice as tall).

The turn image (``region=None``): header, board spaces with teams, Temple display, Village display
and counts, discovery track, and one line per player. ``/board`` regions: "board" (header and the
board), "players" (header and every player's panel) or a player's name or seat number (that
player's panel). From a seat's view the picture is that seat's own: header and its panel."""
from __future__ import annotations

from typing import Hashable, Sequence

from PIL import Image

from games.quetzal.view import QuetzalView
from renderers.common import PlayerColour, encode_png, word
from renderers.common.regions import seat_named
from renderers.common.layers import compose
from renderers.contract import SEATS, Renderer, is_turn_image
from renderers.quetzal.palette import PAPER
from renderers.quetzal.palettes import PALETTES, to_palette
from renderers.quetzal.parts import turn_parts
from renderers.quetzal.panels import Canvas, draw_header
from renderers.quetzal.places import draw_board
from renderers.quetzal.players import draw_player_lines, draw_players
from renderers.quetzal.sprites import ORDER, px, seat_colour

WIDTH = 800
REGIONS = (None, "board", "players")


def regions(view: QuetzalView, names: list[str]) -> list[str]:
    """What /board shows besides the turn image: the board, every panel, one player's panel."""
    return ["board", "players"] + [names[seat] for seat in range(min(len(view.players), len(names)))]


def seat_colours(view: QuetzalView | None) -> list[PlayerColour]:
    return [seat_colour(seat) for seat in range(len(ORDER))]


def render(view: QuetzalView, names: list[str], scale: float = 1.0, region: str | None = None,
           cache_key: Hashable | None = None) -> bytes:
    """PNG of the picture in the renderer's fixed palette (``cache_key``: accepted like every
    renderer's; Quetzal's palette is the same for every table)."""
    if is_turn_image(view, region):          # from parts
        names = _names(view, names)
        parts, tail = turn_parts(view, names, scale)
        return encode_png(compose(parts, px(WIDTH, scale), tail, PAPER, PALETTES, "quetzal"))
    return encode_png(to_palette(render_image(view, names, scale, region)))


def _names(view: QuetzalView, names: list[str]) -> list[str]:
    """A name for every seat (a seat without one is called by its number)."""
    return [names[i] if i < len(names) else word("Seat {n}", n=i + 1) for i in range(len(view.players))]


def render_image(view: QuetzalView, names: list[str], scale: float = 1.0, region: str | None = None) -> Image.Image:
    """The picture (RGB)."""
    names = _names(view, names)
    seat = None
    if region not in REGIONS:
        seat = seat_named(region, names)
        if seat is None:
            raise ValueError(f"unknown region {region!r}; use board, players or a player's name")
    parts = [draw_header(view, names, scale)]
    if seat is not None:
        parts.append(draw_players(view, names, scale, [seat]))
    elif region is None and view.seat is not None:
        parts.append(draw_players(view, names, scale, [view.seat]))        # a seat's own picture
    elif region == "players":
        parts.append(draw_players(view, names, scale))
    else:
        parts.append(draw_board(view, names, scale))
        if region is None:
            parts.append(draw_player_lines(view, names, scale))
    return stack(parts, scale)


def stack(parts: list[Canvas], scale: float) -> Image.Image:
    width = max(part.image.width for part in parts)
    height = sum(part.height for part in parts)
    image = Image.new("RGB", (width, height), PAPER)
    y = 0
    for part in parts:
        image.paste(part.image.crop((0, 0, part.image.width, part.height)), (0, y))
        y += part.height
    return image


class QuetzalRenderer(Renderer):
    """Quetzal's pictures (see the module's docstring)."""

    def render(self, view: QuetzalView, names: Sequence[str], *, scale: float = 1.0, region: str | None = None,
               cache_key: Hashable | None = None) -> bytes:
        return render(view, list(names), scale, region, cache_key)

    def render_image(self, view: QuetzalView, names: Sequence[str], *, scale: float = 1.0, region: str | None = None,
                     height: int | None = None) -> Image.Image:
        return render_image(view, list(names), scale, region)

    def regions(self, view: QuetzalView, names: Sequence[str]) -> list[str]:
        return regions(view, list(names))

    def seat_colours(self, view: QuetzalView | None, players: int = SEATS) -> list[PlayerColour]:
        return seat_colours(view)


RENDERER = QuetzalRenderer()


__all__ = ["RENDERER", "QuetzalRenderer", "WIDTH", "render", "render_image", "regions", "seat_colours"]
