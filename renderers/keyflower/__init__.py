"""Keyflower renderer, made for a phone (renderers.common.phone): 800 px wide at scale 1, never
taller than twice that.

* ``region=None``, the turn image: header, the players' table, boats, the auction, and the village
  of the player to act (when one player acts and it fits; otherwise a line says where it is).
* ``"board"``: header, players, boats and auction. A player's name or seat number (``/board Ann``,
  ``/board 2``; ``village:N`` counts from 0): that player's village.
* From a seat's view (``/hand``): that seat's private picture: header, what only it sees (keeples,
  skills, winter tiles) and its own village with the spots it may build on.
"""
from __future__ import annotations

from typing import Callable, Hashable, Sequence

from PIL import Image

from games.keyflower.components import boats_for, tiles
from games.keyflower.view import KeyflowerView
from renderers.common import PlayerColour, encode_png, word
from renderers.common.layers import Drawn, compose, compose_at
from renderers.common.palette import Palettes
from renderers.common.phone import floors, max_height
from renderers.common.regions import seat_named
from renderers.common.picture_words import LANGUAGES, speaking
from renderers.contract import RGB, SEATS, Renderer, is_turn_image
from renderers.keyflower import style as S
from renderers.keyflower.board import (
    auction, auction_cells, auction_shape, boat_size, boats_row, own_panel, player_name, players_height, players_parts, players_shows,
    players_table, section_title,
)
from renderers.keyflower.header import header, header_parts
from renderers.keyflower.hexes import tile_sprite
from renderers.keyflower.palette import INK, PANEL, PAPER, ROAD, SEASON_FILL, WATER
from renderers.keyflower.villages import NAME_MIN, largest_size, render_village, village_size

BASE_WIDTH = 800
VILLAGE_MIN = NAME_MIN  # smallest hex (at 800 px wide) of the village in the turn image


def regions(view: KeyflowerView, names: list[str]) -> list[str]:
    """What /board shows besides the turn image: the board without villages, each village."""
    return ["board"] + [names[seat] for seat in range(min(len(view.players), len(names)))]


def seat_colours(view: KeyflowerView | None) -> list[PlayerColour]:
    return [PlayerColour(f"seat {i + 1}", str(i + 1), style.fill, style.text, style.shape) for i, style in enumerate(S.SEATS)]


def key_colours() -> list[tuple[int, int, int]]:
    return [style.fill for style in S.SEATS] + [c for c, _, _ in S.KEEPLE.values()] + \
        [c for c, _, _ in S.RESOURCE.values()] + list(SEASON_FILL.values()) + [PAPER, PANEL, INK, ROAD, WATER]


def _stack(parts: list[Image.Image], width: int) -> Image.Image:
    out = Image.new("RGB", (width, max(1, sum(p.height for p in parts))), PAPER)
    y = 0
    for part in parts:
        out.paste(part, (0, y))
        y += part.height
    return out


def _seat(view: KeyflowerView, names: list[str], region: str) -> int:
    if region.startswith("village:"):
        number = region[8:]
        if number.isascii() and number.isdigit() and int(number) < len(view.players):
            return int(number)
        raise ValueError(f"no village {number!r}: seats are 0 to {len(view.players) - 1}")
    seat = seat_named(region, names[:len(view.players)])
    if seat is None:
        raise ValueError(f"unknown region {region!r}; use board or a player's name")
    return seat


def _board(view: KeyflowerView, names: list[str], width: int, fl) -> list[Image.Image]:
    """Header, players, boats and auction, each drawn whole (the picture the parts of
    :func:`_board_parts` must give, pixel for pixel)."""
    parts = [header(view, names, width, fl), players_table(view, names, width, fl)]
    if view.boats:
        parts += [section_title(word("Boats"), width, fl), boats_row(view, width, fl)]
    if (view.orders or view.auction) and view.phase != "over":
        parts += [section_title(word("Auction"), width, fl), auction(view, width, fl)]
    return parts


#: a part of the picture: what it shows (None: drawn anew every time), how to draw it, where its
#: top-left corner goes in its band
Piece = tuple[Hashable | None, Callable[[], Image.Image], tuple[int, int]]
#: a band of the picture, as wide as the picture: its parts (side by side or one whole) and its height
Band = tuple[list[Piece], int]


def _whole(shows: Hashable | None, draw: Callable[[], Image.Image], height: int) -> Band:
    """A band that is one part."""
    return [(shows, draw, (0, 0))], height


def _known(image: Image.Image) -> Band:
    """A band drawn already, by a drawing cached by what it shows (known by the image)."""
    return _whole(Drawn(image), lambda: image, image.height)


def _board_parts(view: KeyflowerView, names: list[str], width: int, fl) -> list[Band]:
    """Header, players, boats and auction: the header's lines, the players' table and the
    auction's cells drawn when asked (each keyed by everything it draws), the others from their
    cached drawings."""
    parts: list[Band] = [_whole(*part) for part in header_parts(view, names, width, fl)]
    if view.final is None:          # a game in play: the table's rows as parts of their own
        parts += [_whole(*part) for part in players_parts(view, names, width, fl)]
    else:
        parts.append(_whole(("keyflower", "players", width, fl, players_shows(view, names)),
                            lambda: players_table(view, names, width, fl), players_height(view, width, fl)))
    if view.boats:
        parts += [_known(section_title(word("Boats"), width, fl)), _known(boats_row(view, width, fl))]
    if (view.orders or view.auction) and view.phase != "over":
        cells, height = auction_cells(view, width, fl)
        parts += [_known(section_title(word("Auction"), width, fl)),
                  ([(shows, draw, (x, y)) for shows, draw, (x, y, _, _) in cells], height)]
    return parts


def _turn_village(view: KeyflowerView) -> int | None:
    """Whose village the turn image shows: the one player to act, or the winner at the end."""
    if view.phase == "over" and view.final:
        totals = [dict(f)["total"] for f in view.final]
        return totals.index(max(totals))
    if len(view.to_act) == 1:
        return view.to_act[0]
    return None


def picture_parts(view: KeyflowerView, names: list[str], scale: float = 1.0, region: str | None = None,
                  height: int | None = None) -> list[Image.Image]:
    """The picture's parts, top to bottom, each as wide as the picture (most come from drawings
    cached by what they show); ``height``: the tallest the turn image may be (default: a phone's
    limit)."""
    width = int(BASE_WIDTH * scale)
    fl = floors(width)
    # the region names a player as written (before a long name is cut)
    seat = _seat(view, names, region) if region is not None and region != "board" else None
    names = [player_name(names, seat, 40) for seat in range(len(view.players))]
    if seat is not None:
        return [render_village(view, seat, names[seat], width, fl)]
    if region == "board":
        return _board(view, names, width, fl)
    if view.seat is not None and 0 <= view.seat < len(view.players):      # a seat's own picture
        parts = [header(view, names, width, fl)]
        panel = own_panel(view, names, width, fl)
        if panel is not None:
            parts.append(panel)
        parts.append(render_village(view, view.seat, names[view.seat], width, fl))
        return parts
    board = [_known(image) for image in _board(view, names, width, fl)]
    return [_band_image(band, width) for band in _turn_parts(view, names, scale, width, fl, height, board)]


def _band_image(band: Band, width: int) -> Image.Image:
    """A band's parts drawn and put together."""
    pieces, height = band
    if len(pieces) == 1 and pieces[0][2] == (0, 0):
        return pieces[0][1]()
    image = Image.new("RGB", (width, height), PAPER)
    for _, draw, at in pieces:
        image.paste(draw(), at)
    return image


def _turn_parts(view: KeyflowerView, names: list[str], scale: float, width: int, fl, height: int | None,
                board: list[Band]) -> list[Band]:
    """The public turn image's parts: the board's (``board``), then the acting player's village
    when it fits (else a line saying where the villages are)."""
    parts = list(board)
    seat = _turn_village(view)
    room = min(height or max_height(width), max_height(width)) - sum(h for _, h in parts)
    if seat is not None and largest_size(room - fl.text * 6) >= VILLAGE_MIN * scale:
        s = village_size(view, seat, width, room - fl.text * 6)
        if s >= VILLAGE_MIN * scale:
            village = render_village(view, seat, names[seat], width, fl, s)
            if village.height <= room:
                return parts + [_known(village)]
    return parts + [_known(section_title(word("Villages"), width, fl, word("/board NAME shows a player's village")))]


def render_image(view: KeyflowerView, names: list[str], scale: float = 1.0, region: str | None = None,
                 height: int | None = None) -> Image.Image:
    """The picture (RGB); ``height``: see :func:`picture_parts`."""
    return _stack(picture_parts(view, names, scale, region, height), int(BASE_WIDTH * scale))


PALETTES = Palettes(key_colours())


def warm_up(scale: float = 1.0) -> None:
    """Draw every tile's face as the auction shows it and every boat as the boats' row shows it,
    in every picture language (a drawing worker does this as it starts), so that no turn of a freshly started bot pays for them (a new season brings a dozen tiles)."""
    width = int(BASE_WIDTH * scale)
    fl = floors(width)
    auction_s = auction_shape((), width, fl).s
    for locale in LANGUAGES:
        with speaking(locale):
            boat_sizes = {boat_size(boats_for(players), width, fl.text) for players in range(2, 7)}
            for tid, defn in tiles().items():
                if defn.kind == "boat":
                    for s in boat_sizes:
                        tile_sprite(tid, False, 0, s, fl.text, "village", False)      # as paste_tile asks
                elif defn.kind != "home":
                    for purple in (False, True) if defn.kind == "turn_order" else (False,):
                        tile_sprite(tid, False, 0, auction_s, fl.text, "auction", purple)


def render(view: KeyflowerView, names: list[str], scale: float = 1.0, region: str | None = None,
           cache_key: Hashable | None = None) -> bytes:
    """PNG (palette) of the picture; ``cache_key``: the table's (its palette is kept across turns)."""
    width = int(BASE_WIDTH * scale)
    public = is_turn_image(view, region)
    if public or region == "board":          # the turn image, /board: from parts keyed by what they show
        fl = floors(width)
        names = [player_name(names, seat, 40) for seat in range(len(view.players))]
        board = _board_parts(view, names, width, fl)
        bands = _turn_parts(view, names, scale, width, fl, None, board) if public else board
        placed, y = [], 0
        for pieces, band_height in bands:
            placed += [((shows, draw), (x, y + dy)) for shows, draw, (x, dy) in pieces]
            y += band_height
        return encode_png(compose_at(placed, (width, max(1, y)), PAPER, PALETTES, cache_key))
    parts = picture_parts(view, names, scale, region)
    # a seat's own picture: the header and its panel are drawn anew; the other parts come from
    # drawings cached by what they show (the same image while that stays the same)
    own = region is None
    fresh = len(parts) - 1 if own else 0
    known = [None if i < fresh else Drawn(part) for i, part in enumerate(parts)]
    return encode_png(compose([(shows, lambda part=part: part) for shows, part in zip(known, parts)],
                              width, 0, PAPER, PALETTES, cache_key))


class KeyflowerRenderer(Renderer):
    """Keyflower's pictures (see the module's docstring)."""

    def render(self, view: KeyflowerView, names: Sequence[str], *, scale: float = 1.0, region: str | None = None,
               cache_key: Hashable | None = None) -> bytes:
        return render(view, list(names), scale, region, cache_key)

    def render_image(self, view: KeyflowerView, names: Sequence[str], *, scale: float = 1.0, region: str | None = None,
                     height: int | None = None) -> Image.Image:
        return render_image(view, list(names), scale, region, height)

    def regions(self, view: KeyflowerView, names: Sequence[str]) -> list[str]:
        return regions(view, list(names))

    def seat_colours(self, view: KeyflowerView | None, players: int = SEATS) -> list[PlayerColour]:
        return seat_colours(view)

    def key_colours(self) -> list[RGB]:
        return key_colours()

    def warm_up(self, *, scale: float = 1.0, palette: Hashable | None = None) -> None:
        warm_up(scale)


RENDERER = KeyflowerRenderer()
