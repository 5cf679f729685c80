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
    BUILDING_HEIGHT, CARD_HEIGHT, DICE_TALLEST, GAP, GATHER_HEIGHT, HEADER, HEADER_SPLIT, ROW_TITLE, VILLAGE_HEIGHT,
    VILLAGE_LABEL, WIDTH, building_row, card_row, dice_row, gather_row, header_stock, header_turn, turn_line, village_row,
)
from renderers.stone_age.draw import BG, Canvas
from renderers.stone_age.players import STRIP, player_name, player_strip

Row = Callable[[Image.Image, Canvas, int], int]


def _row(draw_row: Row, tallest: int) -> Image.Image:
    """A row drawn on a canvas of its own from its top, cut where it says it ends (``tallest``: no
    drawing of the row is taller)."""
    image = Image.new("RGB", (WIDTH, tallest), BG)
    bottom = draw_row(image, Canvas(image), 0)
    return image.crop((0, 0, WIDTH, bottom)) if bottom < tallest else image


def _part(key: tuple, tallest: int, draw_row: Row) -> Part:
    return ("stone_age",) + key, lambda: _row(draw_row, tallest)


def turn_parts(view: StoneAgeView, names: list[str]) -> list[Part]:
    """The parts of the turn image of a game in play, top to bottom (as render_image stacks
    them; GAP of background below them)."""
    at = [(view.people_on(loc), loc in view.closed) for loc in GATHER]
    village = [(view.people_on(loc), loc in view.closed) for loc in VILLAGE_LABEL]
    buildings = [view.people_on(f"building{k}") for k in range(1, len(view.stacks) + 1)]
    cards = [view.people_on(f"card{slot}") for slot in range(1, 5)]
    parts = [
        _part(("stock", view.round, view.phase, view.stacks, view.deck_count), HEADER_SPLIT,
              lambda image, draw, top: header_stock(draw, view, top)),
        _part(("turn", turn_line(view, names)), HEADER - HEADER_SPLIT + GAP,
              lambda image, draw, top: header_turn(draw, view, names, top) + GAP),
        _part(("gather", tuple(at)), GATHER_HEIGHT + GAP, lambda image, draw, top: gather_row(image, draw, view, top)),
        _part(("village", tuple(village)), VILLAGE_HEIGHT + GAP, lambda image, draw, top: village_row(image, draw, view, top)),
        _part(("buildings", view.stacks, tuple(buildings)), ROW_TITLE + BUILDING_HEIGHT + GAP,
              lambda image, draw, top: building_row(image, draw, view, top)),
        _part(("cards", view.display, tuple(cards)), ROW_TITLE + CARD_HEIGHT + GAP,
              lambda image, draw, top: card_row(image, draw, view, top)),
        _part(("dice", view.roll, view.last_roll, view.dice_for_all, tuple(names)), DICE_TALLEST,
              lambda image, draw, top: dice_row(image, draw, view, names, top)),
    ]
    for p in view.players:
        name = player_name(names, p.seat)
        parts.append(_part(("strip", p, name, p.seat in view.to_act, p.seat == view.first, view.phase == "over"),
                           STRIP + GAP, lambda image, draw, top, p=p, name=name: player_strip(image, draw, view, p, name, top)))
    return parts
