"""Florenza renderer: View → PNG, 800 px wide at scale 1 and made for a phone.

The turn image (``region=None``) shows the common area (monuments, artists, locations, supply,
round and turn) and one line per player. ``/board`` regions: ``common``, ``players`` (every
player's tableau) and a player's name or seat number (that tableau). Rendered from a seat's
view, the picture is that seat's private one: its tableau, hand and holdings
(``region="hand"``: the hand and holdings alone). Everything is drawn from the view, so the
public view (which has no hand) can never produce a private image.
"""
from __future__ import annotations

from pathlib import Path
from typing import Hashable, Sequence

from PIL import Image

from games.florenza.view import FlorenzaView
from renderers.common import encode_png, player_colour, word
from renderers.common.layers import compose
from renderers.common.palette import Palettes, literal_colours
from renderers.common.regions import seat_named
from renderers.contract import RGB, Renderer, is_turn_image
from renderers.florenza import parts
from renderers.florenza.board import (
    LOCATION_COLUMNS, draw_artists, draw_decks, draw_header, draw_header_title, draw_header_to_act,
    draw_location_row, draw_locations, draw_locations_title, draw_monuments, draw_supply, draw_supply_chips,
)
from renderers.florenza.cards import draw_hand
from renderers.florenza.draw import Canvas
from renderers.florenza.palette import PAPER
from renderers.florenza.players import (
    draw_final, draw_player, draw_player_line, draw_player_lines, draw_players_title,
)

WIDTH = 800
REGIONS = (None, "common", "players", "hand")
PHASE_NAMES = {3: "actions", 4: "end of round"}


def regions(view: FlorenzaView, names: list[str]) -> list[str]:
    """What /board shows besides the turn image: the common area, all tableaux, one player's."""
    return ["common", "players"] + [names[seat] for seat in range(min(len(view.players), len(names)))]


def key_colours() -> list[tuple[int, int, int]]:
    return [player_colour(seat).fill for seat in range(6)] + [player_colour(seat).text for seat in range(6)] + \
        literal_colours(Path(__file__).parent)


PALETTES = Palettes(key_colours())


def render(view: FlorenzaView, names: list[str], scale: float = 1.0, region: str | None = None,
           cache_key: Hashable | None = None) -> bytes:
    """PNG (palette) of the picture; ``cache_key``: the table's (its palette is kept across turns)."""
    if is_turn_image(view, region) and scale == 1.0:
        return encode_png(compose(_turn_parts(view, names), WIDTH, 8, PAPER, PALETTES, cache_key))
    return encode_png(PALETTES.to_palette(_canvas(view, names, scale, region).page(), cache_key))


def _turn_parts(view: FlorenzaView, names: list[str]) -> list[parts.Part]:
    """The public turn image as parts, each drawn once per what it shows (renderers.florenza.parts),
    stacked as _canvas draws them on one page (8 px of paper below)."""
    names = [names[i] if i < len(names) else word("Player {n}", n=i + 1) for i in range(len(view.players))]
    shows = parts.keys(view, names)

    def section(name: str, draw: parts.Section) -> parts.Part:
        return parts.section(shows[name], WIDTH, draw)

    return [section("title", lambda c: draw_header_title(c, view)), section("to act", lambda c: draw_header_to_act(c, view, names)),
            section("monuments", lambda c: draw_monuments(c, view)), section("artists", lambda c: draw_artists(c, view)),
            section("locations", draw_locations_title)] + \
        [parts.section(parts.location_row_key(view, first), WIDTH, lambda c, first=first: draw_location_row(c, view, first))
         for first in range(0, len(view.locations), LOCATION_COLUMNS)] + \
        [section("decks", lambda c: draw_decks(c, view)), section("supply", lambda c: draw_supply_chips(c, view)),
         section("players", draw_players_title)] + \
        [parts.section(parts.line_key(view, seat, names), WIDTH, lambda c, seat=seat: draw_player_line(c, view, seat, names))
         for seat in view.order]


def render_image(view: FlorenzaView, names: list[str], scale: float = 1.0, region: str | None = None) -> Image.Image:
    """The picture (RGB)."""
    return _canvas(view, names, scale, region).page()


def _canvas(view: FlorenzaView, names: list[str], scale: float, region: str | None) -> Canvas:
    names = [names[i] if i < len(names) else word("Player {n}", n=i + 1) for i in range(len(view.players))]
    seat = None
    if region not in REGIONS:
        seat = seat_named(region, names)
        if seat is None:
            raise ValueError(f"unknown region {region!r}; use common, players, hand or a player's name")
    if region == "hand" and view.me is None:
        raise ValueError("the public view has no hand to draw")
    canvas = Canvas(int(WIDTH * scale), scale)
    if region != "hand":
        draw_header(canvas, view, names)
    if seat is not None:
        draw_player(canvas, view, view.players[seat], names)
    elif view.me is not None and region is None:
        draw_player(canvas, view, view.players[view.me.seat], names)       # a seat's own picture
        draw_hand(canvas, view, names)
    elif region == "hand":
        draw_hand(canvas, view, names)
    else:
        if region in (None, "common"):
            draw_monuments(canvas, view)
            draw_artists(canvas, view)
            draw_locations(canvas, view, names)
            draw_supply(canvas, view)
        if region is None:
            draw_player_lines(canvas, view, names)
        if region == "players":
            if view.final:
                draw_final(canvas, view, names)
            for each in view.order:
                draw_player(canvas, view, view.players[each], names)
    return canvas


class FlorenzaRenderer(Renderer):
    """Florenza's pictures (see the module's docstring)."""

    def render(self, view: FlorenzaView, names: Sequence[str], *, scale: float = 1.0, region: str | None = None,
               cache_key: Hashable | None = None) -> bytes:
        return render(view, list(names), scale, region, cache_key)

    def render_image(self, view: FlorenzaView, names: Sequence[str], *, scale: float = 1.0, region: str | None = None,
                     height: int | None = None) -> Image.Image:
        return render_image(view, list(names), scale, region)

    def regions(self, view: FlorenzaView, names: Sequence[str]) -> list[str]:
        return regions(view, list(names))

    def key_colours(self) -> list[RGB]:
        return key_colours()


RENDERER = FlorenzaRenderer()
