"""The board part of the image: tiles, figures, legal squares, last tile, coordinate labels."""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.carcassonne.view import CarcassonneView, FigureView, PlacedTileView
from renderers.carcassonne import figures, palette as P
from renderers.carcassonne.deploy import spots
from renderers.carcassonne.icons import paste_centred
from renderers.carcassonne.overlays import draw_dragon, draw_targets
from renderers.carcassonne.text import draw_text, text_width
from renderers.carcassonne.tilesprites import anchor, tile_sprite
from renderers.common.phone import Floors

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


def figure_height(tile: int) -> int:
    return max(16, round(tile * 0.4))


def _figure_sprite(f: FigureView, colour: str | None, tile: int, mark: int) -> Image.Image:
    h = figure_height(tile)
    if f.kind == "dragon":
        return figures.dragon(max(18, round(tile * 0.46)))
    if f.kind == "fairy":
        return figures.fairy(max(16, round(tile * 0.36)))
    colour = colour or "black"
    if f.kind == "builder":
        return figures.builder(colour, h, mark)
    if f.kind == "pig":
        return figures.pig(colour, round(h * 0.8), mark)
    return figures.follower(colour, h, lying=f.feature == "field", large=f.kind == "large", letter_min=mark)


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


def draw_board(view: CarcassonneView, window: Window, scale: float, floors: Floors) -> Image.Image:
    """The board of ``view`` inside ``window``, with coordinate labels on all four sides. Text that
    would be smaller than ``floors`` allows is left out (the labels on legal squares, deploy codes
    on small tiles): the turn image and ``/board x,y`` show them large enough."""
    t = window.tile
    fs = label_size(t, scale, floors)
    margin_x, margin_y = margins(window, scale, floors)
    width, height = window.cols * t + 2 * margin_x, window.rows * t + 2 * margin_y
    image = Image.new("RGB", (width, height), P.BOARD_BG)
    d = ImageDraw.Draw(image)

    def px(x: int, y: int) -> tuple[int, int]:
        return margin_x + (x - window.x0) * t, margin_y + (y - window.y0) * t

    # faint grid so empty squares can be counted
    for c in range(window.cols + 1):
        x = margin_x + c * t
        d.line((x, margin_y, x, margin_y + window.rows * t), fill=P.GRID_LINE)
    for r in range(window.rows + 1):
        y = margin_y + r * t
        d.line((margin_x, y, margin_x + window.cols * t, y), fill=P.GRID_LINE)

    placed: dict[tuple[int, int], PlacedTileView] = {}
    for p in view.tiles:
        placed[(p.x, p.y)] = p
        if window.contains(p.x, p.y):
            image.paste(tile_sprite(p.tile, p.rotation, t), px(p.x, p.y))

    _legal_squares(image, d, view, window, px, scale, floors)
    if view.last_placed and window.contains(*view.last_placed):
        x, y = px(*view.last_placed)
        w = max(3, round(t / 14))
        d.rectangle((x - 1, y - 1, x + t, y + t), outline=P.OUTLINE_DARK, width=w + 2)
        d.rectangle((x + 1, y + 1, x + t - 2, y + t - 2), outline=P.OUTLINE_LIGHT, width=w)
    _figures(image, view, window, placed, px, floors)
    draw_dragon(image, view, window.contains, px, t, scale, floors.text)
    if view.phase == "deploy":
        draw_targets(image, view, placed, window.contains, px, t, scale, floors.text)
    if view.phase == "deploy" and view.last_placed and view.last_placed in placed:
        _deploy_spots(image, view, placed[view.last_placed], window, px, scale, floors)

    # column labels: every column, or every second one when the numbers would touch
    step = 1 if max(text_width(str(v), fs, True) for v in (window.x0, window.x1)) <= t * 0.92 else 2
    for c in range(window.cols):
        if (window.x0 + c) % step:
            continue
        x = margin_x + c * t + t / 2
        for y in (margin_y / 2, height - margin_y / 2):
            draw_text(image, (x, y), str(window.x0 + c), fs, True, P.LABEL)
    for r in range(window.rows):
        if (window.y0 + r) % (1 if fs * 1.1 <= t else 2):
            continue
        y = margin_y + r * t + t / 2
        for x in (margin_x / 2, width - margin_x / 2):
            draw_text(image, (x, y), str(window.y0 + r), fs, True, P.LABEL)
    return image


def _legal_squares(image: Image.Image, d: ImageDraw.ImageDraw, view: CarcassonneView, window: Window, px,
                   scale: float, floors: Floors) -> None:
    """Grey squares where the drawn tile fits, labelled with the coordinates to type (and, when
    there is room, the rotations that fit there)."""
    rotations: dict[tuple[int, int], set[int]] = defaultdict(set)
    for x, y, r in view.legal_placements:
        rotations[(x, y)].add(r)
    t = window.tile
    for (x, y), rots in rotations.items():
        if not window.contains(x, y):
            continue
        left, top = px(x, y)
        inset = max(1, t // 24)
        d.rectangle((left + inset, top + inset, left + t - inset - 1, top + t - inset - 1), fill=P.LEGAL,
                    outline=(120, 120, 120))
        text = f"{x},{y}"
        size = min(round(26 * scale), int(t * 0.9 / max(3, len(text) * 0.58)))
        if size < floors.text:
            continue                  # too small to read: the square alone says the tile fits
        cy = top + t / 2
        rline = " ".join(f"r{r}" for r in sorted(rots))
        small = max(floors.text, round(size * 0.62))
        if t >= 64 * scale and text_width(rline, small) <= t * 0.92 and size * 1.2 + small * 1.2 <= t:
            draw_text(image, (left + t / 2, cy + size * 0.55), rline, small, False, (50, 50, 50))
            cy -= size * 0.35
        draw_text(image, (left + t / 2, cy), text, size, True, P.LEGAL_TEXT)


def _figures(image: Image.Image, view: CarcassonneView, window: Window,
             placed: dict[tuple[int, int], PlacedTileView], px, floors: Floors) -> None:
    colour_of = {p.seat: p.colour for p in view.players}
    t = window.tile
    seen: dict[tuple[int, int, int, int], int] = defaultdict(int)
    for f in sorted(view.figures, key=lambda f: (f.kind in ("dragon", "fairy"), f.y, f.x)):
        if not window.contains(f.x, f.y):
            continue
        u, v = _figure_centre(f, placed.get((f.x, f.y)))
        key = (f.x, f.y, round(u * 8), round(v * 8))
        k = seen[key]
        seen[key] += 1
        u, v = u + 0.16 * k, v + 0.06 * k          # two figures on one spot (rare): side by side
        left, top = px(f.x, f.y)
        sprite = _figure_sprite(f, colour_of.get(f.seat) if f.seat is not None else None, t, floors.mark)
        paste_centred(image, sprite, (left + u * t, top + v * t))


def _deploy_spots(image: Image.Image, view: CarcassonneView, p: PlacedTileView, window: Window, px,
                  scale: float, floors: Floors) -> None:
    """BSW's white squares: where each deploy code of the placed tile would put the figure (left
    out when the tile is too small for readable codes)."""
    d = ImageDraw.Draw(image)
    left, top = px(p.x, p.y)
    t = window.tile
    size = max(floors.text, min(round(18 * scale), round(t * 0.2)))
    if size > t * 0.26:
        return
    for code, (u, v) in spots(p.tile, p.rotation, view.deploy_options):
        w = text_width(code, size, True) + size * 0.5
        h = size * 1.25
        cx, cy = left + u * t, top + v * t
        d.rectangle((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), fill=(255, 255, 255), outline=(0, 0, 0))
        draw_text(image, (cx, cy), code, size, True, (0, 0, 0))
