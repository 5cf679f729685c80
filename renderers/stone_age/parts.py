"""The turn image of a game in play as parts (renderers.common.layers): the header's two bands,
each location, building stack and card slot of the board (a cell of its row), the dice and each
player's strip, every part drawn once per what it shows, so that a move redraws only the parts it
changed. Each key holds everything its part draws."""
from __future__ import annotations

from typing import Callable

from PIL import Image

from games.stone_age.components import GATHER
from games.stone_age.view import StoneAgeView
from renderers.common.layers import Placed
from renderers.stone_age.board import (
    BUILDING_HEIGHT, CARD_HEIGHT, CARD_SLOTS, GAP, GATHER_HEIGHT, HEADER, HEADER_SPLIT, ROW_TITLE, STACK_COLUMNS,
    VILLAGE_HEIGHT, VILLAGE_LABEL, WIDTH, building_cell, building_title, card_cell, card_title, cell, columns,
    dice_height, dice_row, gather_cell, header_stock, header_turn, turn_line, village_cell,
)
from renderers.stone_age.draw import Canvas
from renderers.stone_age.palette import BG
from renderers.stone_age.players import STRIP, player_name, player_strip

Row = Callable[[Image.Image, Canvas, int], object]       # draws a row from its top (what it returns is not used)
Box = tuple[int, int, int, int]
Cell = Callable[[Image.Image, Canvas, Box], None]


def _row(draw_row: Row, height: int) -> Image.Image:
    """A row ``height`` tall drawn on a canvas of its own from its top."""
    image = Image.new("RGB", (WIDTH, height), BG)
    draw_row(image, Canvas(image), 0)
    return image


class _Stack:
    """Parts placed one under the other, a row's cells side by side."""

    def __init__(self) -> None:
        self.placed: list[Placed] = []
        self.y = 0

    def row(self, key: tuple, height: int, draw_row: Row) -> None:
        """A row across the picture, ``height`` tall."""
        if height:
            self.placed.append(((("stone_age",) + key, lambda: _row(draw_row, height)), (0, self.y)))
        self.y += height

    def cells(self, keys: list[tuple], count: int, height: int, draw_cell: Callable[[int], Cell]) -> None:
        """A row of ``count`` boxes (board.columns), the first ones drawn (box ``i`` by
        ``draw_cell(i)``, one per key), GAP below them."""
        for i, (key, box) in enumerate(zip(keys, columns(count, self.y, height))):
            self.placed.append(((("stone_age",) + key, lambda box=box, i=i: cell(draw_cell(i), box)), box[:2]))
        self.y += height + GAP


def turn_parts(view: StoneAgeView, names: list[str]) -> tuple[list[Placed], tuple[int, int]]:
    """The parts of the turn image of a game in play and where each goes (as render_image draws
    them), and the picture's size (GAP of background below them)."""
    stack = _Stack()
    stack.row(("stock", view.round, view.phase, view.stacks, view.deck_count), HEADER_SPLIT,
              lambda image, draw, top: header_stock(draw, view, top))
    stack.row(("turn", turn_line(view, names)), HEADER - HEADER_SPLIT + GAP,
              lambda image, draw, top: header_turn(draw, view, names, top))
    stack.cells([("gather", loc, view.people_on(loc), loc in view.closed) for loc in GATHER], len(GATHER), GATHER_HEIGHT,
                lambda i: lambda image, draw, box: gather_cell(image, draw, view, list(GATHER)[i], box))
    stack.cells([("village", loc, view.people_on(loc), loc in view.closed) for loc in VILLAGE_LABEL], len(VILLAGE_LABEL),
                VILLAGE_HEIGHT,
                lambda i: lambda image, draw, box: village_cell(image, draw, view, list(VILLAGE_LABEL)[i], box))
    stack.row(("buildings title",), ROW_TITLE, lambda image, draw, top: building_title(draw, top))
    stack.cells([("building", k, view.stacks[k - 1], view.people_on(f"building{k}"))
                 for k in range(1, len(view.stacks) + 1)], STACK_COLUMNS, BUILDING_HEIGHT,
                lambda i: lambda image, draw, box: building_cell(image, draw, view, i + 1, box))
    stack.row(("cards title",), ROW_TITLE, lambda image, draw, top: card_title(draw, top))
    stack.cells([("card", slot, view.display[slot - 1], view.people_on(f"card{slot}")) for slot in CARD_SLOTS],
                len(CARD_SLOTS), CARD_HEIGHT, lambda i: lambda image, draw, box: card_cell(image, draw, view, CARD_SLOTS[i], box))
    stack.row(("dice", view.roll, view.last_roll, view.dice_for_all, tuple(names)), dice_height(view),
              lambda image, draw, top: dice_row(image, draw, view, names, top))
    for p in view.players:
        name = player_name(names, p.seat)
        stack.row(("strip", p, name, p.seat in view.to_act, p.seat == view.first, view.phase == "over"), STRIP + GAP,
                  lambda image, draw, top, p=p, name=name: player_strip(image, draw, view, p, name, top))
    return stack.placed, (WIDTH, stack.y + GAP)
