"""The turn image of a game in play as parts (renderers.common.layers): the header, each row of
the board and each player's strip, every part drawn once per what it shows, so that a move
redraws only the parts it changed. Each key holds everything its part draws."""
from __future__ import annotations

from typing import Callable

from PIL import Image

from games.stone_age.components import GATHER
from games.stone_age.view import StoneAgeView
from renderers.common.layers import Part
from renderers.stone_age.board import (
    GAP, VILLAGE_LABEL, WIDTH, building_row, card_row, dice_row, gather_row, header, turn_line, village_row,
)
from renderers.stone_age.draw import BG, Canvas
from renderers.stone_age.players import player_name, player_strip

TALLEST = 400           # no part is taller (a row cut at the height it says it takes)

Row = Callable[[Image.Image, Canvas, int], int]


def _row(draw_row: Row) -> Image.Image:
    """A row drawn on a canvas of its own from its top, cut where it says it ends."""
    image = Image.new("RGB", (WIDTH, TALLEST), BG)
    bottom = draw_row(image, Canvas(image), 0)
    return image.crop((0, 0, WIDTH, bottom))


def _part(key: tuple, draw_row: Row) -> Part:
    return ("stone_age",) + key, lambda: _row(draw_row)


def turn_parts(view: StoneAgeView, names: list[str]) -> list[Part]:
    """The parts of the turn image of a game in play, top to bottom (as render_image stacks
    them; GAP of background below them)."""
    at = [(view.people_on(loc), loc in view.closed) for loc in GATHER]
    village = [(view.people_on(loc), loc in view.closed) for loc in VILLAGE_LABEL]
    buildings = [view.people_on(f"building{k}") for k in range(1, len(view.stacks) + 1)]
    cards = [view.people_on(f"card{slot}") for slot in range(1, 5)]
    parts = [
        _part(("header", view.round, view.phase, view.stacks, view.deck_count, turn_line(view, names)),
              lambda image, draw, top: header(image, draw, view, names, top) + GAP),
        _part(("gather", tuple(at)), lambda image, draw, top: gather_row(image, draw, view, top)),
        _part(("village", tuple(village)), lambda image, draw, top: village_row(image, draw, view, top)),
        _part(("buildings", view.stacks, tuple(buildings)), lambda image, draw, top: building_row(image, draw, view, top)),
        _part(("cards", view.display, tuple(cards)), lambda image, draw, top: card_row(image, draw, view, top)),
        _part(("dice", view.roll, view.last_roll, view.dice_for_all, tuple(names)),
              lambda image, draw, top: dice_row(image, draw, view, names, top)),
    ]
    for p in view.players:
        name = player_name(names, p.seat)
        parts.append(_part(("strip", p, name, p.seat in view.to_act, p.seat == view.first, view.phase == "over"),
                           lambda image, draw, top, p=p, name=name: player_strip(image, draw, view, p, name, top)))
    return parts
