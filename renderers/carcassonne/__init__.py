"""Carcassonne board renderer: ``render(view, names, scale, region) -> PNG bytes``.

Every picture is made for a phone (renderers.common.phone): 800 px wide at scale 1, at most
twice as tall, the board on top and the panel (players, the drawn tile in its four rotations, a
legend of the symbols in play) below.

* ``region=None``, the turn image: the whole board while its tiles stay large; once the board is
  too big for that, the part round the last tile placed (the recent play; round the dragon while
  it moves, and round the nearest place the drawn tile fits when none is near the last tile) at a
  readable tile size, with a line saying what it is round and that ``/board`` shows everything.
* ``region="board"`` (what ``/board`` shows): the whole board, tiles never below 40 px; the
  picture grows instead (and stays at most twice as tall as wide).
* ``region="x,y"``: a 7 x 7 window round (x, y) at full tile size (BSW's zoom).
"""
from __future__ import annotations

import functools
from typing import Hashable, Sequence

from PIL import Image

from games.carcassonne.components import all_tiles
from games.carcassonne.view import LETTERS, CarcassonneView
from renderers.carcassonne import palette as P
from renderers.carcassonne.board import draw_board, label_size, map_tiles_ahead, margins, paste_board
from renderers.carcassonne.figures import builder, follower, pig
from renderers.carcassonne.overlays import WHITE
from renderers.carcassonne.squares import RLINE, figure_height, figure_sprite, legal_label, spot_size, step_size
from renderers.carcassonne.tilesprites import tile_sprite
from renderers.carcassonne.geometry import geometry
from renderers.carcassonne.panel import Fonts, drawn_tile_size, warm_up as warm_panel
from renderers.carcassonne.parts import drawn_width, panel_parts
from renderers.carcassonne.palettes import PALETTES, to_palette
from renderers.carcassonne.text import draw_text, fit, text_sprite, text_width
from renderers.carcassonne.windows import (
    FOCUS_BELOW, FOCUS_DEPLOY, FOCUS_NOTES, FOCUS_TILE, GAP, LADDER, WHOLE, WIDTH, even_size, layout, panel_picture,
    region_window, square_box, whole_window,
)
from renderers.common import PLAYER_COLOURS, PlayerColour, encode_png, word
from renderers.common.layers import Placed, compose_at
from renderers.common.phone import Floors, floors
from renderers.common.picture_words import LANGUAGES, speaking
from renderers.contract import RGB, SEATS, Renderer, is_turn_image

__all__ = ["RENDERER", "CarcassonneRenderer", "PALETTES", "render", "render_image", "layout", "whole_window", "region_window", "square_box", "warm_up",
           "regions", "shows_nothing", "seat_colours", "key_colours"]

def regions(view: CarcassonneView, names: list[str]) -> list[str]:
    """What ``/board`` shows besides a zoom ``x,y``: the whole board; for tests, the zoom round
    the last tile placed."""
    found = ["board"]
    if view.last_placed:
        found.append(f"{view.last_placed[0]},{view.last_placed[1]}")
    return found


def shows_nothing(view: CarcassonneView, region: str) -> bool:
    """Whether the zoom ``x,y`` holds no tile and no square where the drawn tile fits."""
    if region.strip().lower() in WHOLE:
        return False
    window = region_window(region)
    squares = [(t.x, t.y) for t in view.tiles] + [(x, y) for x, y, _ in view.legal_placements]
    return not any(window.x0 <= x <= window.x1 and window.y0 <= y <= window.y1 for x, y in squares)


def seat_colours(view: CarcassonneView | None) -> list[PlayerColour]:
    if view is None:
        return list(PLAYER_COLOURS.values())
    return [PLAYER_COLOURS[p.colour] for p in sorted(view.players, key=lambda p: p.seat)]


def key_colours() -> list[tuple[int, int, int]]:
    from renderers.carcassonne.palettes import key_colours as keys

    return keys()


def render_image(view: CarcassonneView, names: list[str], scale: float = 1.0, region: str | None = None,
                 height: int | None = None) -> Image.Image:
    """The picture as a Pillow image (RGB); ``height``: see :func:`layout`."""
    gap = round(GAP * scale)
    panel_image = None
    if region is None:
        width = round(WIDTH * scale)
        fl = floors(width)
        panel_image = panel_picture(view, names, width, Fonts(scale, fl.text, fl.mark), gap)
    plan = layout(view, names, scale, region, panel_image.height if panel_image is not None else None, height)
    fl = plan.floors
    board = draw_board(view, plan.window, scale, fl)
    fonts = Fonts(scale, fl.text, fl.mark)
    parts: list[tuple[Image.Image, tuple[int, int]]] = [(board, plan.board_at)]
    y = plan.board_at[1] + board.height
    notes: list[str] = []
    if plan.focus:
        notes.append(word(FOCUS_NOTES[plan.focus]))
    if not plan.panel:
        title = word("The whole board · turn {turn}", turn=view.turn)
        notes_top = [(title, round(30 * scale))]
    else:
        notes_top = []
    height = y
    line_h = round(40 * scale)
    height += line_h * len(notes)
    if plan.panel:
        panel = panel_image if panel_image is not None else panel_picture(view, names, plan.width, fonts, gap)
        parts.append((panel, (0, height + gap)))
        height += gap + panel.height
    image = Image.new("RGB", (plan.width, height), P.PANEL_BG)
    image.paste(P.BOARD_BG, (0, 0, plan.width, plan.board_at[1] + board.height))
    for part, at in parts:
        image.paste(part, at)
    for text, size in notes_top:
        draw_text(image, (round(12 * scale), plan.board_at[1] / 2), fit(text, max(fl.text, size), True, plan.width - 24 * scale),
                  max(fl.text, size), True, P.TEXT, "lm")
    for k, text in enumerate(notes):
        size = max(fl.text, round(20 * scale))
        draw_text(image, (plan.width / 2, y + line_h * (k + 0.5)), fit(text, size, False, plan.width - 24 * scale), size,
                  False, P.MUTED)
    return image


def render(view: CarcassonneView, names: list[str], scale: float = 1.0, region: str | None = None,
           cache_key: Hashable | None = None) -> bytes:
    """PNG of the picture of ``view`` (see the module's docstring for ``region``). ``cache_key``:
    the table's (its palette is made once and kept for its later pictures, with the parts of its
    turn images: renderers.common.layers)."""
    if is_turn_image(view, region):
        return encode_png(_turn_image(view, names, scale, cache_key))
    return encode_png(to_palette(render_image(view, names, scale, region), cache_key))


def _turn_image(view: CarcassonneView, names: list[str], scale: float, cache_key: Hashable | None) -> Image.Image:
    """The turn image as a palette image put together from parts: the board (drawn every turn),
    the line under a focused board, and the panel's parts (most of them kept from earlier turns);
    pixel for pixel ``render_image`` mapped to the table's palette."""
    gap = round(GAP * scale)
    width = round(WIDTH * scale)
    fl = floors(width)
    panel, panel_h, stamped = panel_parts(view, names, width, Fonts(scale, fl.text, fl.mark), gap)
    plan = layout(view, names, scale, None, panel_h)
    window, (left, top) = plan.window, plan.board_at
    mx, my = margins(window, scale, plan.floors)
    board_w, board_h = window.cols * window.tile + 2 * mx, window.rows * window.tile + 2 * my
    palette = PALETTES.known(cache_key) if cache_key is not None else None
    # the board from its squares' palette forms, pasted on the rest (the table's first picture
    # draws it in RGB with the rest: the palette is made from the whole picture)
    parts: list[Placed] = [] if palette is not None else [
        ((None, lambda: draw_board(view, window, scale, plan.floors)), (left, top))]
    for x, w in ((0, left), (left + board_w, plan.width - left - board_w)):      # the board's background beside it
        if w > 0:
            parts.append(((("carcassonne", "fill", w, top + board_h, P.BOARD_BG),
                           lambda w=w: Image.new("RGB", (w, top + board_h), P.BOARD_BG)), (x, 0)))
    y = top + board_h
    if plan.focus:
        line_h = round(40 * scale)
        text = word(FOCUS_NOTES[plan.focus])
        size = max(plan.floors.text, round(20 * scale))

        def note(y: int = y) -> Image.Image:
            image = Image.new("RGB", (plan.width, y + line_h), P.PANEL_BG)
            draw_text(image, (plan.width / 2, y + line_h * 0.5), fit(text, size, False, plan.width - 24 * scale), size,
                      False, P.MUTED)
            return image.crop((0, y, plan.width, y + line_h))
        parts.append(((("carcassonne", "note", plan.width, y, line_h, size, text), note), (0, y)))
        y += line_h
    y += gap
    parts += [(part, (x, y + dy)) for part, (x, dy) in panel]
    if palette is None:
        for (shows, draw), (x, dy) in (part.part() for part in stamped):
            parts.append(((shows, draw), (x, y + dy)))
    image = compose_at(parts, (plan.width, y + panel_h), P.PANEL_BG, PALETTES, cache_key)
    if palette is not None and cache_key is not None:
        paste_board(image, (left, top), view, window, scale, plan.floors, palette, cache_key)
        for part in stamped:
            part.paste(image, y, palette, cache_key)
    return image


def warm_up(scale: float = 1.0, palette: Hashable | None = None) -> None:
    """Work out the geometry of every tile type and draw its landscape at every size of the ladder
    (in every rotation at the sizes of a focused turn image), every player's figures at those
    sizes, the panel's sprites and the labels a turn draws (in a drawing worker as it starts), so
    that no turn of a freshly started bot pays for a sprite. ``palette``: the key
    of the palette the public pictures share (the service's), made here from a picture of a game
    in play and every tile, with every tile's square mapped to it at the focused sizes."""
    width = round(WIDTH * scale)
    drawn = drawn_tile_size(drawn_width(width, scale), scale)
    sizes = sorted({even_size(size * scale) for size in LADDER} | {even_size(FOCUS_DEPLOY * scale), drawn}, reverse=True)
    focus = {even_size(FOCUS_TILE * scale), even_size(FOCUS_DEPLOY * scale)}
    for tile_id in all_tiles():
        geometry(tile_id)
        for size in sizes:
            for rotation in range(4) if size in focus else (0,):     # a large board's turn image: every rotation
                tile_sprite(tile_id, rotation, size)
    for locale in LANGUAGES:            # sprites with a letter or a word are kept per language
        with speaking(locale):
            _warm_figures(scale, sizes)
            _warm_labels(scale, sizes)
    if palette is not None:
        _warm_palette(palette, scale)


def _warm_palette(key: Hashable, scale: float) -> None:
    """Palette ``key``, made (when it is not yet) as a table's first picture would make it, from
    a game in play with every option and as many players as play, with every tile type beside it
    (a board seldom shows them all at once); then every tile's square at the focused sizes mapped
    to it (a turn image in this palette maps only the squares with something on them), and turn
    images of that game drawn in it in every language, a few turns of each phase (every player's
    row, highlighted and not, the legends, the numbers: mapped once here, not in a table's first
    turns)."""
    palette = PALETTES.known(key)
    if palette is None:
        PALETTES.palette(_sample_picture(scale), key)
        palette = PALETTES.known(key)
    if palette is None:
        return
    width = round(WIDTH * scale)
    fl = floors(width)
    tiles = list(all_tiles())
    for size in sorted({even_size(FOCUS_TILE * scale), even_size(FOCUS_DEPLOY * scale)}):
        map_tiles_ahead(key, palette, tiles, size, scale, fl)
    views = _sample_views()
    names = [f"Player {n + 1}" for n in range(len(views[0].players))]
    for locale in LANGUAGES:
        with speaking(locale):
            for view in views[1:]:
                _turn_image(view, names, scale, key)


HALF_PLAYED = 120      # actions into the sample game where its views start
WARM_VIEWS = 16        # turn images of the sample game drawn in the public palette, per language


@functools.lru_cache(maxsize=1)
def _sample_views() -> tuple[CarcassonneView, ...]:
    """Public views of a random game with every option and as many players as play: half played
    (the first), then the turns after it."""
    import random

    from games.carcassonne import GAME
    from games.core.options import OptionError, default_options, toggle_option

    options = default_options(GAME.options)
    for spec in GAME.options:           # every add-on that can be on with the others: all their pieces
        if spec.name not in options:
            try:
                options = toggle_option(GAME.options, options, spec.name)
            except OptionError:
                pass
    state = GAME.setup(GAME.max_players, options, 1)
    rng = random.Random(1)
    views = []
    for step in range(HALF_PLAYED + WARM_VIEWS):
        if GAME.outcome(state) is not None:
            break
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        if step >= HALF_PLAYED - 1:
            views.append(GAME.view(state, None))
    return tuple(views)


def _sample_picture(scale: float) -> Image.Image:
    """A turn image of a random game half played (RGB), every tile type in a row under it."""
    view = _sample_views()[0]
    picture = render_image(view, [f"Player {n + 1}" for n in range(len(view.players))], scale)
    tile = even_size(FOCUS_TILE * scale)
    tiles = list(all_tiles())
    per_row = max(1, picture.width // tile)
    sample = Image.new("RGB", (picture.width, picture.height + tile * -(-len(tiles) // per_row)), P.BOARD_BG)
    sample.paste(picture, (0, 0))
    for n, tile_id in enumerate(tiles):
        sample.paste(tile_sprite(tile_id, 0, tile), ((n % per_row) * tile, picture.height + (n // per_row) * tile))
    return sample


def _warm_figures(scale: float, sizes: list[int]) -> None:
    """Every player's figures at the board's sizes, the dragon and the fairy, the panel's sprites."""
    fl = floors(round(WIDTH * scale))
    for size in sizes:
        height = figure_height(size)
        for colour in PLAYER_COLOURS:
            for lying in (False, True):
                for large in (False, True):
                    follower(colour, height, lying=lying, large=large, letter_min=fl.mark)
            builder(colour, height, fl.mark)
            pig(colour, round(height * 0.8), fl.mark)
        figure_sprite("dragon", None, False, size, fl.mark)
        figure_sprite("fairy", None, False, size, fl.mark)
    warm_panel(Fonts(scale, fl.text, fl.mark))


#: coordinates whose labels are drawn ahead: round the start tile (the turn image's focus) and
#: within a smaller reach at the larger tiles of a small board
WARM_REACH, WARM_REACH_LARGE = 12, 6


def _marks(size: int, scale: float, fl: Floors) -> list[tuple[str, tuple[int, int, int]]]:
    """The codes a tile ``size`` pixels may show while a figure is placed (deploy codes, the
    fairy's, the princess's), with their ink."""
    if spot_size(size, scale, fl) > size * 0.26:
        return []
    places = [*"nesw", *(a + b for a in "nesw" for b in "nesw" if a != b), "i", "i2"]
    codes = [f"{prefix}{kind}{where}" for prefix in ("", "B", "P") for kind, where in
             [("c", w) for w in "nesw"] + [("r", w) for w in "nesw"] + [("f", w) for w in places if len(w) != 1]]
    return [(code, (0, 0, 0)) for code in codes + ["m", "~"]] + [(f"!{c}", WHITE) for c in ("", *LETTERS)]


def _warm_labels(scale: float, sizes: list[int]) -> None:
    """The labels of the board's squares and edges (coordinates, the rotations that fit, the
    codes of a placed tile), and the drawn tile's title for every tile type: drawn, and measured
    where the drawing measures them."""
    fl = floors(round(WIDTH * scale))
    focus = even_size(FOCUS_TILE * scale)
    lines = {" ".join(f"r{r}" for r in range(4) if k >> r & 1) for k in range(1, 16)}
    for size in sizes:
        if size < FOCUS_BELOW * scale and size != focus:
            continue
        reach = WARM_REACH if size == focus else WARM_REACH_LARGE
        small = 0
        for x in range(-reach, reach + 1):
            for y in range(-reach, reach + 1):
                text, big, _, small = legal_label(x, y, {0}, size, scale, fl)
                if text is not None:
                    text_sprite(text, big, True, P.LEGAL_TEXT, "mm")
        if small:
            for line in lines:
                text_sprite(line, small, False, RLINE, "mm")
                text_width(line, small)
    for size in sizes:
        fs = label_size(size, scale, fl)
        for n in range(-2 * WARM_REACH, 2 * WARM_REACH + 1):
            text_sprite(str(n), fs, True, P.LABEL, "mm")
            text_width(str(n), fs, True)
        for text, ink in _marks(size, scale, fl):
            text_sprite(text, spot_size(size, scale, fl), True, ink, "mm")
            text_width(text, spot_size(size, scale, fl), True)
        for letter in "nesw":
            text_sprite(letter, step_size(size, scale, fl), True, WHITE, "mm")
            text_width(letter, step_size(size, scale, fl), True)
    f = Fonts(scale, fl.text, fl.mark)
    for tile_id in all_tiles():
        text_sprite(word("Drawn: {tile}", tile=tile_id), f.title, True, P.TEXT, "lm")
        text_width(word("Drawn: {tile}", tile=tile_id), f.title, True)


class CarcassonneRenderer(Renderer):
    """Carcassonne's pictures (see the module's docstring)."""

    board_region = "board"      # /board without a region: the whole board

    def render(self, view: CarcassonneView, names: Sequence[str], *, scale: float = 1.0, region: str | None = None,
               cache_key: Hashable | None = None) -> bytes:
        return render(view, list(names), scale, region, cache_key)

    def render_image(self, view: CarcassonneView, names: Sequence[str], *, scale: float = 1.0, region: str | None = None,
                     height: int | None = None) -> Image.Image:
        return render_image(view, list(names), scale, region, height)

    def regions(self, view: CarcassonneView, names: Sequence[str]) -> list[str]:
        return regions(view, list(names))

    def shows_nothing(self, view: CarcassonneView, region: str) -> bool:
        return shows_nothing(view, region)

    def seat_colours(self, view: CarcassonneView | None, players: int = SEATS) -> list[PlayerColour]:
        return seat_colours(view)

    def key_colours(self) -> list[RGB]:
        return key_colours()

    def warm_up(self, *, scale: float = 1.0, palette: Hashable | None = None) -> None:
        warm_up(scale, palette)


RENDERER = CarcassonneRenderer()
