"""The turn image (the public picture of the whole table) as parts (renderers.common.layers):
the header and each section drawn once per what it shows, so that a move redraws only the
sections it changed. Each key holds everything its section draws."""
from __future__ import annotations

from typing import Callable

from PIL import Image

from games.florenza.view import FlorenzaView
from renderers.common.layers import Part
from renderers.florenza.draw import Canvas

# a part's canvas starts this tall: as tall as the parts drawn every few turns (the header's lines,
# the supply, a player's line) with the room Canvas.ensure asks for, so they never grow it; the
# taller sections, drawn seldom, grow it as the whole page grows (a page that grows is copied)
START = 140

Section = Callable[[Canvas], None]

LOCATION_COLUMNS = 3    # locations in a row of the common area (a row is a part)


def section(key: tuple, width: int, draw_section: Section) -> Part:
    """The part ``draw_section`` draws from the top of a canvas of its own, cut where it ends."""
    def draw() -> Image.Image:
        canvas = Canvas(width, 1.0, START)
        draw_section(canvas)
        return canvas.image.crop((0, 0, width, canvas.y))
    return ("florenza", width) + key, draw


def keys(view: FlorenzaView, names: list[str]) -> dict[str, tuple]:
    """What each section of the turn image shows."""
    return {
        "title": ("title", view.over, view.phase_no, view.round, view.turn),
        "to act": ("to act", view.over, view.phase_no, view.step, view.to_act, view.eligible, tuple(names)),
        "monuments": ("monuments", view.monument_deck, view.monuments),
        "artists": ("artists", view.artist_deck, view.artists, view.anonymous),
        "locations": ("locations",),
        "decks": ("decks", view.draw_deck, view.discard, view.bank_low),
        "supply": ("supply", view.supply),
        "players": ("players",),
    }


def location_row_key(view: FlorenzaView, first: int) -> tuple:
    """What the row of locations starting with the ``first`` shows."""
    return ("location row", first, view.locations[first:first + LOCATION_COLUMNS])


def line_key(view: FlorenzaView, seat: int, names: list[str]) -> tuple:
    """What a player's line of the turn image shows."""
    return ("player line", view.players[seat], seat in view.to_act and not view.over, names[seat])
