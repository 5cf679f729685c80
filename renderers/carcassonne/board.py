"""The board part of the image: tiles, figures, legal squares, last tile, coordinate labels.

A board is its squares (renderers.carcassonne.squares, each drawn once for what it shows and
kept) pasted side by side, and the margins round them in pieces (a coordinate label each). The turn image
pastes the squares' palette forms (:func:`board_in_palette`), so a turn draws and maps only the
squares its move changed; the RGB board (:func:`draw_board`) pastes the same squares, so both are
the same pixels.
"""
from __future__ import annotations

import threading
from collections import OrderedDict, defaultdict
from dataclasses import dataclass
from typing import Hashable

from PIL import Image, ImageDraw

from games.carcassonne.addons.drache import DragonPart
from games.carcassonne.rules.geometry import OFFSETS
from games.carcassonne.view import LETTERS, CarcassonneView, FigureView, PlacedTileView
from renderers.carcassonne import palette as P
from renderers.carcassonne.deploy import spots
from renderers.carcassonne.overlays import targets
from renderers.carcassonne.squares import Figure, Square, legal_label, spot_size, square_image
from renderers.carcassonne.text import draw_text, text_width
from renderers.carcassonne.tilesprites import anchor
from renderers.common import text_cache
from renderers.common.fonts import forget_with_text_caches
from renderers.common.layers import PartCache
from renderers.common.phone import Floors
from renderers.common.picture_words import drawing_key

#: squares and margin pieces kept in their palette form (per palette): a few boards' worth
SQUARES_MAPPED = 3072
_MAPPED = PartCache(SQUARES_MAPPED)
#: boards kept in their palette form, the last one of each palette and window (about 0.5 MB each)
BOARDS = 32
_BOARDS: OrderedDict[Hashable, tuple[Image.Image, Image.Image, list[Square | None]]] = OrderedDict()
_LOCK = threading.Lock()


def _forget() -> None:
    _MAPPED.clear()
    with _LOCK:
        _BOARDS.clear()


forget_with_text_caches(_forget)            # a font audit sees every label drawn again

# tile-level pieces (feature "") stand in fixed corners so they hide no follower
TILE_LEVEL_ANCHOR = {"dragon": (0.27, 0.27), "fairy": (0.76, 0.24)}


@dataclass(frozen=True)
class Window:
    """The squares shown: x0..x1, y0..y1 inclusive, each ``tile`` pixels."""
    x0: int
    y0: int
    x1: int
    y1: int
    tile: int

    @property
    def cols(self) -> int:
        return self.x1 - self.x0 + 1

    @property
    def rows(self) -> int:
        return self.y1 - self.y0 + 1

    def contains(self, x: int, y: int) -> bool:
        return self.x0 <= x <= self.x1 and self.y0 <= y <= self.y1


def label_size(tile: int, scale: float, floors: Floors | None = None) -> int:
    """Font size of the coordinate labels round the board."""
    return max(floors.text if floors else 0, round(14 * scale), min(round(24 * scale), round(tile * 0.3)))


#: where a monk stands relative to its monastery: beside the building, so that both show
MONK_OFFSET = (0.2, 0.16)


def _figure_centre(f: FigureView, placed: PlacedTileView | None) -> tuple[float, float]:
    if placed is not None and f.feature == "monastery":
        # the engine numbers the monastery -1; the monk stands beside the building wherever it is drawn
        u, v = anchor(placed.tile, placed.rotation, "monastery", 0) or (0.5, 0.5)
        du = MONK_OFFSET[0] if u <= 0.6 else -MONK_OFFSET[0]
        return min(0.84, max(0.16, u + du)), min(0.8, max(0.2, v + MONK_OFFSET[1]))
    if f.feature == "" or f.segment < 0 or placed is None:
        return TILE_LEVEL_ANCHOR.get(f.kind, (0.5, 0.5))
    return anchor(placed.tile, placed.rotation, f.feature, f.segment) or (0.5, 0.5)


def margins(window: Window, scale: float, floors: Floors | None = None) -> tuple[int, int]:
    """Width of the row-label columns (left, right) and height of the column-label rows."""
    fs = label_size(window.tile, scale, floors)
    widest = max(text_width(str(v), fs, True) for v in (window.y0, window.y1, -abs(window.y0) - 1))
    return round(widest + fs * 0.7), round(fs * 1.5)




def _squares(view: CarcassonneView, window: Window, scale: float, floors: Floors) -> list[tuple[tuple[int, int], Square]]:
    """Every square of ``window`` with what it shows, and where it goes on the board."""
    t = window.tile
    mx, my = margins(window, scale, floors)
    empty = Square(t, scale, floors)
    shows: dict[tuple[int, int], dict] = defaultdict(dict)
    placed: dict[tuple[int, int], PlacedTileView] = {}
    for p in view.tiles:
        placed[(p.x, p.y)] = p
        if window.contains(p.x, p.y):
            shows[(p.x, p.y)]["placed"] = (p.tile, p.rotation)
    rotations: dict[tuple[int, int], set[int]] = defaultdict(set)
    for x, y, r in view.legal_placements:
        if window.contains(x, y):
            rotations[(x, y)].add(r)
    for (x, y), rots in rotations.items():
        shows[(x, y)]["legal"] = legal_label(x, y, rots, t, scale, floors)
    if view.last_placed and window.contains(*view.last_placed):
        shows[view.last_placed]["last"] = True
    for (x, y), found in _figures(view, window, placed).items():
        shows[(x, y)]["figures"] = tuple(found)
    dragon = view.part(DragonPart)
    if view.phase == "dragon" and dragon is not None:
        path = list(dragon.path)
        for x, y in path:
            if window.contains(x, y):
                shows[(x, y)]["path"] = tuple((px - x, py - y) for px, py in path)
        if path:
            x0, y0 = path[-1]
            for direction in dragon.steps:
                dx, dy = OFFSETS[direction]
                if window.contains(x0 + dx, y0 + dy):
                    spot = shows[(x0 + dx, y0 + dy)]
                    spot["steps"] = spot.get("steps", ()) + (direction,)
    if view.phase == "deploy":
        _targets(view, window, placed, shows)
        last = view.last_placed
        if last and last in placed and window.contains(*last) and spot_size(t, scale, floors) <= t * 0.26:
            p = placed[last]
            shows[last]["spots"] = tuple(spots(p.tile, p.rotation, view.deploy_options))
    return [((mx + (x - window.x0) * t, my + (y - window.y0) * t),
             Square(t, scale, floors, **shows[(x, y)]) if (x, y) in shows else empty)
            for y in range(window.y0, window.y1 + 1) for x in range(window.x0, window.x1 + 1)]


def _figures(view: CarcassonneView, window: Window, placed: dict[tuple[int, int], PlacedTileView]
             ) -> dict[tuple[int, int], list[Figure]]:
    """The figures on each square of ``window``, in the order they are drawn, and where they stand."""
    colour_of = {p.seat: p.colour for p in view.players}
    seen: dict[tuple[int, int, int, int], int] = defaultdict(int)
    found: dict[tuple[int, int], list[Figure]] = defaultdict(list)
    for f in sorted(view.figures, key=lambda f: (f.kind in ("dragon", "fairy"), f.y, f.x)):
        if not window.contains(f.x, f.y):
            continue
        u, v = _figure_centre(f, placed.get((f.x, f.y)))
        key = (f.x, f.y, round(u * 8), round(v * 8))
        k = seen[key]
        seen[key] += 1
        u, v = u + 0.16 * k, v + 0.06 * k          # two figures on one spot (rare): side by side
        colour = colour_of.get(f.seat) if f.seat is not None else None
        found[(f.x, f.y)].append((f.kind, colour, f.feature == "field", u, v))
    return found


def _targets(view: CarcassonneView, window: Window, placed: dict[tuple[int, int], PlacedTileView],
             shows: dict[tuple[int, int], dict]) -> None:
    """Where a portal may put a follower, where the fairy may go, which knights the princess may
    send home (rules §14)."""
    found = targets(view)
    for (x, y), codes in found.portal.items():
        if window.contains(x, y):
            shows[(x, y)]["portal"] = tuple(codes)
    for x, y in found.fairy:
        if window.contains(x, y):
            shows[(x, y)]["fairy"] = True
    for code, x, y, letter in found.princess:
        if not window.contains(x, y):
            continue
        p = placed.get((x, y))
        knight = next((f for f in view.figures if (f.x, f.y) == (x, y) and f.feature == "city"
                       and (letter is None or (f.seat is not None and LETTERS[f.seat] == letter))), None)
        at = anchor(p.tile, p.rotation, "city", knight.segment) if p and knight else None
        u, v = at or (0.5, 0.5)
        spot = shows[(x, y)]
        spot["princess"] = spot.get("princess", ()) + (("!" if letter is None else f"!{letter}", u, max(0.12, v - 0.24)),)


#: pieces of the board's edges kept drawn (a coordinate label each, RGB)
EDGES = 1024


@dataclass(frozen=True)
class _Edge:
    """A piece of the board's margin: its coordinate labels and where their middles go, and the
    grid's last line along its top or left side ("top", "left"; "dot": its top-left pixel)."""

    size: tuple[int, int]
    labels: tuple[tuple[str, tuple[float, float]], ...]
    fs: int
    line: str = ""


def _edges(window: Window, scale: float, floors: Floors) -> list[tuple[tuple[int, int], _Edge]]:
    """The pieces of the margins round the squares, and where they go: one per column (or row) and
    its label; a whole side as one piece when its labels are every second one (they may be wider
    than a square)."""
    t = window.tile
    fs = label_size(t, scale, floors)
    mx, my = margins(window, scale, floors)
    right, bottom = mx + window.cols * t, my + window.rows * t
    pieces = [((0, 0), _Edge((mx, my), (), fs)), ((right, 0), _Edge((mx, my), (), fs)),
              ((0, bottom), _Edge((mx, my), (), fs)), ((right, bottom), _Edge((mx, my), (), fs, "dot"))]
    # column labels: every column, or every second one when the numbers would touch
    step = 1 if max(text_width(str(v), fs, True) for v in (window.x0, window.x1)) <= t * 0.92 else 2
    columns = [(str(window.x0 + c), (c * t + t / 2, my / 2)) for c in range(window.cols) if (window.x0 + c) % step == 0]
    if step == 1:
        for c, (text, (x, y)) in enumerate(columns):
            pieces += [((mx + c * t, 0), _Edge((t, my), ((text, (t / 2, y)),), fs)),
                       ((mx + c * t, bottom), _Edge((t, my), ((text, (t / 2, y)),), fs, "top"))]
    else:
        pieces += [((mx, 0), _Edge((window.cols * t, my), tuple(columns), fs)),
                   ((mx, bottom), _Edge((window.cols * t, my), tuple(columns), fs, "top"))]
    step = 1 if fs * 1.1 <= t else 2
    rows = [(str(window.y0 + r), (mx / 2, r * t + t / 2)) for r in range(window.rows) if (window.y0 + r) % step == 0]
    if step == 1:
        for r, (text, (x, y)) in enumerate(rows):
            pieces += [((0, my + r * t), _Edge((mx, t), ((text, (x, t / 2)),), fs)),
                       ((right, my + r * t), _Edge((mx, t), ((text, (x, t / 2)),), fs, "left"))]
    else:
        pieces += [((0, my), _Edge((mx, window.rows * t), tuple(rows), fs)),
                   ((right, my), _Edge((mx, window.rows * t), tuple(rows), fs, "left"))]
    return pieces


@text_cache(maxsize=EDGES)
def _edge_image(edge: _Edge) -> Image.Image:
    image = Image.new("RGB", edge.size, P.BOARD_BG)
    d = ImageDraw.Draw(image)
    if edge.line == "top":
        d.line((0, 0, edge.size[0] - 1, 0), fill=P.GRID_LINE)
    elif edge.line == "left":
        d.line((0, 0, 0, edge.size[1] - 1), fill=P.GRID_LINE)
    elif edge.line == "dot":
        d.point((0, 0), fill=P.GRID_LINE)
    for text, centre in edge.labels:
        draw_text(image, centre, text, edge.fs, True, P.LABEL)
    return image


def board_size(window: Window, scale: float, floors: Floors) -> tuple[int, int]:
    mx, my = margins(window, scale, floors)
    return window.cols * window.tile + 2 * mx, window.rows * window.tile + 2 * my


def draw_board(view: CarcassonneView, window: Window, scale: float, floors: Floors) -> Image.Image:
    """The board of ``view`` inside ``window``, with coordinate labels on all four sides (RGB).
    Text that would be smaller than ``floors`` allows is left out (the labels on legal squares,
    deploy codes on small tiles): the turn image and ``/board x,y`` show them large enough."""
    image = Image.new("RGB", board_size(window, scale, floors), P.BOARD_BG)
    for at, square in _squares(view, window, scale, floors):
        image.paste(square_image(square), at)
    for at, edge in _edges(window, scale, floors):
        image.paste(_edge_image(edge), at)
    return image


def paste_board(target: Image.Image, at: tuple[int, int], view: CarcassonneView, window: Window, scale: float,
                floors: Floors, palette: Image.Image, key: Hashable) -> None:
    """Paste :func:`draw_board` mapped to ``palette`` (palette ``key``'s, the "P" image ``target``'s)
    at ``at``, from the squares' palette forms (each mapped once per palette and kept). The board
    last pasted for this palette and window is kept (a few, see BOARDS): the next turn that shows
    the same window pastes only the squares that changed."""
    squares = _squares(view, window, scale, floors)
    name = (key, window, scale, floors, drawing_key())
    with _LOCK:
        kept = _BOARDS.pop(name, None)        # this drawing's own while it changes it
    if kept is None or kept[0] is not palette:
        image = Image.new("P", board_size(window, scale, floors))
        image.putpalette(palette.getpalette() or [])
        for place, edge in _edges(window, scale, floors):
            image.paste(_mapped(key, edge, _edge_image, palette), place)
        before: list[Square | None] = [None] * len(squares)
    else:
        _, image, before = kept
    mapped: dict[Square, Image.Image] = {}
    for (place, square), old in zip(squares, before):
        if square != old:
            found = mapped.get(square)
            if found is None:
                found = mapped[square] = _mapped(key, square, square_image, palette)
            image.paste(found, place)
    target.paste(image, at)
    with _LOCK:
        _BOARDS[name] = (palette, image, [square for _, square in squares])
        while len(_BOARDS) > BOARDS:
            _BOARDS.popitem(last=False)


def map_tiles_ahead(key: Hashable, palette: Image.Image, tiles: list[str], size: int, scale: float,
                    floors: Floors) -> None:
    """Map the squares of ``tiles`` in every rotation at ``size`` pixels, nothing else on them
    (most squares of a board), to ``palette`` (palette ``key``'s) and keep them: a turn image in
    that palette then pastes them instead of mapping each the first time it shows it."""
    for tile in tiles:
        for rotation in range(4):
            _mapped(key, Square(size, scale, floors, placed=(tile, rotation)), square_image, palette)


def _mapped(key: Hashable, shows: Hashable, draw, palette: Image.Image) -> Image.Image:
    found = _MAPPED.get(key, shows)
    if found is None:
        found = draw(shows).quantize(palette=palette, dither=Image.Dither.NONE)
        _MAPPED.put(key, shows, found)
    return found
