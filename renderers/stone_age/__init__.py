"""Stone Age renderer: a phone-friendly portrait PNG (720 px wide at scale 1).

``region``: ``None`` = everything; ``"board"`` = locations, stacks, cards and dice;
``"players"`` = the player boards; ``"scores"`` = the final breakdown (game end only).
At game end the full image puts the score breakdown right under the header.
"""
from __future__ import annotations

from pathlib import Path
from typing import Hashable, Sequence

from PIL import Image

from games.stone_age.view import StoneAgeView
from renderers.common import encode_png
from renderers.stone_age.board import GAP, WIDTH, dice_row, draw_board, header
from renderers.common import PlayerColour
from renderers.common.layers import compose_at
from renderers.common.palette import Palettes, literal_colours
from renderers.contract import RGB, SEATS, Renderer, is_turn_image
from renderers.stone_age.draw import SEAT_ORDER, Canvas, colour
from renderers.stone_age.palette import BG
from renderers.stone_age.parts import turn_parts
from renderers.stone_age.players import draw_players, draw_scores

MAX_HEIGHT = 3000
REGIONS = (None, "board", "players", "scores")


def regions(view: StoneAgeView, names: list[str]) -> list[str]:
    """What /board shows besides the whole picture: the board, the player boards, the scores."""
    return ["board", "players"] + (["scores"] if view.phase == "over" else [])


def seat_colours(view: StoneAgeView | None) -> list[PlayerColour]:
    return [colour(seat) for seat in range(len(SEAT_ORDER))]


def key_colours() -> list[tuple[int, int, int]]:
    return [colour(seat).fill for seat in range(len(SEAT_ORDER))] + [colour(seat).text for seat in range(len(SEAT_ORDER))] + \
        [BG] + literal_colours(Path(__file__).parent)


PALETTES = Palettes(key_colours())


def render(view: StoneAgeView, names: list[str], scale: float = 1.0, region: str | None = None,
           cache_key: Hashable | None = None) -> bytes:
    """PNG (palette: the same look, faster to encode, smaller) of the picture; ``cache_key``:
    the table's (its palette is kept across turns)."""
    if is_turn_image(view, region) and view.phase != "over" and scale == 1.0:      # a game in play
        placed, size = turn_parts(view, names)
        return encode_png(compose_at(placed, size, BG, PALETTES, cache_key))
    return encode_png(PALETTES.to_palette(render_image(view, names, scale, region), cache_key))


def render_image(view: StoneAgeView, names: list[str], scale: float = 1.0, region: str | None = None) -> Image.Image:
    """The picture (RGB)."""
    if region not in REGIONS:
        raise ValueError(f"unknown region {region!r}; use one of {REGIONS}")
    image = Image.new("RGB", (WIDTH, MAX_HEIGHT), BG)
    draw = Canvas(image)
    if region == "players":
        y = draw_players(image, draw, view, names, GAP)
    elif region == "scores":
        y = header(image, draw, view, names, 0) + GAP
        y = draw_scores(image, draw, view, names, y)
    elif region == "board":
        y = draw_board(image, draw, view, names, 0)
    elif view.phase == "over":
        y = header(image, draw, view, names, 0) + GAP
        y = draw_scores(image, draw, view, names, y)
        y = draw_players(image, draw, view, names, y)
        y = dice_row(image, draw, view, names, y)
    else:
        y = draw_board(image, draw, view, names, 0)
        y = draw_players(image, draw, view, names, y)
    image = image.crop((0, 0, WIDTH, min(MAX_HEIGHT, y + GAP)))
    if scale != 1.0:
        image = image.resize((max(1, int(image.width * scale)), max(1, int(image.height * scale))), Image.Resampling.LANCZOS)
    return image


class StoneAgeRenderer(Renderer):
    """Stone Age's pictures (see the module's docstring)."""

    def render(self, view: StoneAgeView, names: Sequence[str], *, scale: float = 1.0, region: str | None = None,
               cache_key: Hashable | None = None) -> bytes:
        return render(view, list(names), scale, region, cache_key)

    def render_image(self, view: StoneAgeView, names: Sequence[str], *, scale: float = 1.0, region: str | None = None,
                     height: int | None = None) -> Image.Image:
        return render_image(view, list(names), scale, region)

    def regions(self, view: StoneAgeView, names: Sequence[str]) -> list[str]:
        return regions(view, list(names))

    def seat_colours(self, view: StoneAgeView | None, players: int = SEATS) -> list[PlayerColour]:
        return seat_colours(view)

    def key_colours(self) -> list[RGB]:
        return key_colours()


RENDERER = StoneAgeRenderer()
