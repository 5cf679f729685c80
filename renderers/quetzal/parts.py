"""The turn image as parts (renderers.common.layers): the header, each row of board spaces, the
Temple display, the Village, the discovery track, the players' title and each player's line. A
placement changes a row of spaces, the header and a line or two; the other parts are pasted
from their palette form. Each part is drawn where the whole picture draws it (on a canvas down
to the part's bottom) and cut out, so it is pixel for pixel that band of the whole picture; each
key holds everything its part draws."""
from __future__ import annotations

from typing import Callable

from PIL import Image, ImageDraw

from games.quetzal.view import QuetzalView
from renderers.common.layers import Part
from renderers.quetzal.palette import PAPER
from renderers.quetzal.panels import WIDTH, draw_header, new_canvas
from renderers.quetzal.places import (
    board_layout, display_end, draw_display, draw_space, draw_track, draw_village, space_rows, spaces_skeleton,
    track_end, village_end,
)
from renderers.quetzal.players import (
    PLAYER_LINES_TOP, PLAYER_ROW, draw_player_line, player_lines_end, player_lines_title,
)
from renderers.quetzal.sprites import px

Draw = Callable[[Image.Image, ImageDraw.ImageDraw], object]    # draws on the canvas (what it returns is unused)


def _band(scale: float, top: float, bottom: float, paint: Draw) -> Image.Image:
    """Pixels ``top``..``bottom`` (unscaled) of a canvas that ``paint`` drew from its top."""
    image, draw = new_canvas(scale, bottom)
    paint(image, draw)
    return image.crop((0, round(top * scale), image.width, px(bottom, scale)))


def _part(key: tuple, scale: float, top: float, bottom: float, paint: Draw) -> Part:
    return ("quetzal", scale) + key, lambda: _band(scale, top, bottom, paint)


def board_parts(view: QuetzalView, s: float) -> tuple[list[Part], float]:
    """The board's parts top to bottom, and where the board ends (unscaled)."""
    parts: list[Part] = []
    closed = tuple(view.closed)
    cards = dict(view.surroundings)
    for top, bottom, spots in space_rows():
        codes = [spot.code for spot in spots]
        shows = ("spaces", top, closed, tuple(cards.get(code, ()) for code in codes),
                 tuple(team for team in view.teams if team.space in codes))

        def paint(image: Image.Image, draw: ImageDraw.ImageDraw, spots=spots) -> None:
            image.paste(spaces_skeleton(s, closed), (0, 0))
            for spot in spots:
                draw_space(image, draw, view, spot, s)
        parts.append(_part(shows, s, top, bottom, paint))
    _, start = board_layout()
    village = display_end(start)
    track = village_end(village)
    end = track_end(view, track)
    parts.append(_part(("display", view.display, view.deck_count, view.discard_count), s, start, village,
                       lambda image, draw: draw_display(image, draw, view, start, s)))
    parts.append(_part(("village", view.village, view.stack_count), s, village, track,
                       lambda image, draw: draw_village(image, draw, view, village, s)))
    parts.append(_part(("track", tuple(seat.discovery for seat in view.players)), s, track, end,
                       lambda image, draw: draw_track(image, draw, view, track, s)))
    return parts, end


def turn_parts(view: QuetzalView, names: list[str], s: float) -> tuple[list[Part], int]:
    """The parts of the public turn image top to bottom, and the background below them (pixels)."""
    def header() -> Image.Image:
        drawn = draw_header(view, names, s)
        return drawn.image.crop((0, 0, drawn.image.width, drawn.height))
    parts: list[Part] = [(("quetzal", s, "header", view.round, view.rounds, view.phase, view.prompts, tuple(names)),
                          header)]
    board, _ = board_parts(view, s)
    parts += board
    parts.append(_part(("players",), s, 0, PLAYER_LINES_TOP, lambda image, draw: player_lines_title(draw, s)))
    for k, seat in enumerate(view.players):
        top = PLAYER_LINES_TOP + PLAYER_ROW * k
        shows = ("line", k, seat, seat.seat in view.to_act, names[seat.seat] if seat.seat < len(names) else None)
        parts.append(_part(shows, s, top, top + PLAYER_ROW,
                           lambda image, draw, seat=seat, top=top: draw_player_line(image, draw, view, seat, names, top, s)))
    end = player_lines_end(view)
    last = PLAYER_LINES_TOP + PLAYER_ROW * len(view.players)
    return parts, px(end, s) - px(last, s)


__all__ = ["turn_parts", "WIDTH", "PAPER"]
