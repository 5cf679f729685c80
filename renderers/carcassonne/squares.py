"""One square of the board, drawn on its own: its tile (or the empty square's grid lines), the
grey of a legal square with its label, the last tile's frame, the figures on it and the marks of
the add-ons that point at it. A :class:`Square` holds everything the square shows, so its picture
is kept by it (bounded) and a board is its squares pasted side by side: a new turn draws only the
squares that changed. Nothing a square draws reaches into its neighbours (a figure or a code near
an edge is moved in until it fits), so the squares of a board fit together without seams.
"""
from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.carcassonne.rules.geometry import OFFSETS
from renderers.carcassonne import figures, palette as P
from renderers.carcassonne.deploy import segment_of
from renderers.carcassonne.overlays import DRAGON, FAIRY, FAIRY_SPOT, PORTAL, PORTAL_LABELS_FROM, PRINCESS, WHITE
from renderers.carcassonne.text import draw_text, text_width
from renderers.carcassonne.tilesprites import anchor, tile_sprite
from renderers.common import text_cache
from renderers.common.phone import Floors

SQUARE_IMAGES = 1024        # squares kept drawn (RGB, a few KB each)
RLINE = (50, 50, 50)        # the rotations that fit, on a legal square

#: a figure on a square: kind, owner's colour (None: neutral), lying (a farmer), centre (u, v)
Figure = tuple[str, str | None, bool, float, float]
#: a legal square's label: the coordinates (None: too small to read) and size, the rotations and size
Legal = tuple[str | None, int, str | None, int]


@dataclass(frozen=True)
class Square:
    """Everything one square shows (a key for its picture)."""

    tile: int                                   # pixels
    scale: float
    floors: Floors
    placed: tuple[str, int] | None = None       # tile type and rotation
    legal: Legal | None = None
    last: bool = False
    figures: tuple[Figure, ...] = ()
    path: tuple[tuple[int, int], ...] = ()      # the dragon's path, relative to this square (when it passes here)
    steps: tuple[int, ...] = ()                 # directions of the dragon's next steps that end here
    portal: tuple[str, ...] | None = None       # a portal may put a follower here (segment codes)
    fairy: bool = False
    princess: tuple[tuple[str, float, float], ...] = ()     # "!" marks and where they stand
    spots: tuple[tuple[str, tuple[float, float]], ...] = ()  # deploy codes and where they put the figure


def figure_height(tile: int) -> int:
    return max(16, round(tile * 0.4))


def figure_sprite(kind: str, colour: str | None, lying: bool, tile: int, mark: int) -> Image.Image:
    h = figure_height(tile)
    if kind == "dragon":
        return figures.dragon(max(18, round(tile * 0.46)))
    if kind == "fairy":
        return figures.fairy(max(16, round(tile * 0.36)))
    colour = colour or "black"
    if kind == "builder":
        return figures.builder(colour, h, mark)
    if kind == "pig":
        return figures.pig(colour, round(h * 0.8), mark)
    return figures.follower(colour, h, lying=lying, large=kind == "large", letter_min=mark)


def _inside(centre: float, half: float, tile: int) -> float:
    """``centre`` moved so that something ``2 * half`` wide around it stays on the square."""
    return min(max(centre, half), tile - half)


def _paste_inside(image: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    t = image.width
    x = round(_inside(centre[0], sprite.width / 2, t) - sprite.width / 2)
    y = round(_inside(centre[1], sprite.height / 2, t) - sprite.height / 2)
    image.paste(sprite, (x, y), sprite)


def label(image: Image.Image, centre: tuple[float, float], text: str, size: int, colour, fill=WHITE,
          ink=(0, 0, 0), width: int | None = None) -> None:
    """A code in a box (``fill``, edged in ``colour``), moved in from the square's edges."""
    d = ImageDraw.Draw(image)
    w = text_width(text, size, True) + size * 0.5
    h = size * 1.25
    t = image.width
    cx, cy = _inside(centre[0], w / 2 + 1, t), _inside(centre[1], h / 2 + 1, t)
    d.rectangle((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), fill=fill, outline=colour,
                width=max(2, size // 7) if width is None else width)
    draw_text(image, (cx, cy), text, size, True, ink)


def _empty(t: int) -> Image.Image:
    image = Image.new("RGB", (t, t), P.BOARD_BG)
    d = ImageDraw.Draw(image)
    d.line((0, 0, 0, t - 1), fill=P.GRID_LINE)          # the faint grid, so empty squares can be counted
    d.line((0, 0, t - 1, 0), fill=P.GRID_LINE)
    return image


def _legal(image: Image.Image, legal: Legal) -> None:
    t = image.width
    d = ImageDraw.Draw(image)
    inset = max(1, t // 24)
    d.rectangle((inset, inset, t - inset - 1, t - inset - 1), fill=P.LEGAL, outline=(120, 120, 120))
    text, size, rline, small = legal
    if text is None:
        return
    cy = t / 2
    if rline is not None:
        draw_text(image, (t / 2, cy + size * 0.55), rline, small, False, RLINE)
        cy -= size * 0.35
    draw_text(image, (t / 2, cy), text, size, True, P.LEGAL_TEXT)


def _last(image: Image.Image) -> None:
    t = image.width
    d = ImageDraw.Draw(image)
    w = max(3, round(t / 14))
    d.rectangle((-1, -1, t, t), outline=P.OUTLINE_DARK, width=w + 2)
    d.rectangle((1, 1, t - 2, t - 2), outline=P.OUTLINE_LIGHT, width=w)


def _dragon(image: Image.Image, sq: Square) -> None:
    """The dragon's path through this square, and the boxes of its next steps that end here."""
    t = image.width
    d = ImageDraw.Draw(image)
    width = max(3, round(t / 12))
    centres = [(dx * t + t / 2, dy * t + t / 2) for dx, dy in sq.path]
    if len(centres) > 1:
        d.line(centres, fill=DRAGON, width=width, joint="curve")
    for cx, cy in centres[:-1]:
        r = width * 0.9
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=DRAGON)
    size = step_size(t, sq.scale, sq.floors)
    for direction in sq.steps:
        dx, dy = OFFSETS[direction]
        # the box sits near the edge this square shares with the dragon's tile
        label(image, ((0.5 - 0.28 * dx) * t, (0.5 - 0.28 * dy) * t), "nesw"[direction], size, DRAGON, fill=DRAGON,
              ink=WHITE)


def _targets(image: Image.Image, sq: Square) -> None:
    """A portal's target outlined in violet (with its codes when the tile is big enough), the
    fairy's ``~``, the princess's ``!``."""
    t = image.width
    size = spot_size(t, sq.scale, sq.floors)
    if sq.portal is not None:
        w = max(2, round(t / 22))
        ImageDraw.Draw(image).rectangle((w // 2, w // 2, t - 1 - w // 2, t - 1 - w // 2), outline=PORTAL, width=w)
        if sq.placed is not None and t >= PORTAL_LABELS_FROM * sq.scale:
            tile, rotation = sq.placed
            for code in sq.portal:
                seg = segment_of(tile, rotation, code)
                at = anchor(tile, rotation, *seg) if seg else None
                if at:
                    label(image, (at[0] * t, at[1] * t), code, size, PORTAL)
    if sq.fairy:
        label(image, (FAIRY_SPOT[0] * t, FAIRY_SPOT[1] * t), "~", size, FAIRY)
    for text, u, v in sq.princess:
        label(image, (u * t, v * t), text, size, PRINCESS, fill=PRINCESS, ink=WHITE)


#: how opaque a deploy code's box is: the tile's features show through it
SPOT_FILL = (255, 255, 255, 150)


def _spots(image: Image.Image, sq: Square) -> None:
    """BSW's white squares: where each deploy code of the placed tile would put the figure. The
    boxes fit their codes tightly and let the tile show through (seven codes used to hide a tile
    whole)."""
    t = image.width
    size = spot_size(t, sq.scale, sq.floors)
    boxes = Image.new("RGBA", image.size, (0, 0, 0, 0))
    d = ImageDraw.Draw(boxes)
    places = []
    for code, (u, v) in sq.spots:
        w = text_width(code, size, True) + size * 0.3
        h = size * 1.1
        cx, cy = _inside(u * t, w / 2 + 1, t), _inside(v * t, h / 2 + 1, t)
        d.rectangle((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2), fill=SPOT_FILL, outline=(0, 0, 0, 255), width=1)
        core = size * 0.3                   # BSW's white square, where the figure would stand
        x, y = _inside(u * t, core + 1, t), _inside(v * t, core + 1, t)
        d.rectangle((x - core, y - core, x + core, y + core), fill=(255, 255, 255, 255))
        places.append((code, cx, cy))
    image.paste(Image.alpha_composite(image.convert("RGBA"), boxes).convert("RGB"))
    for code, cx, cy in places:
        draw_text(image, (cx, cy), code, size, True, (0, 0, 0))


@text_cache(maxsize=SQUARE_IMAGES)
def square_image(sq: Square) -> Image.Image:
    """The square's picture (RGB, ``sq.tile`` pixels square; kept: never change it)."""
    t = sq.tile
    image = tile_sprite(sq.placed[0], sq.placed[1], t).copy() if sq.placed is not None else _empty(t)
    if sq.legal is not None:
        _legal(image, sq.legal)
    if sq.last:
        _last(image)
    for kind, colour, lying, u, v in sq.figures:
        _paste_inside(image, figure_sprite(kind, colour, lying, t, sq.floors.mark), (u * t, v * t))
    if sq.path or sq.steps:
        _dragon(image, sq)
    if sq.portal is not None or sq.fairy or sq.princess:
        _targets(image, sq)
    if sq.spots:
        _spots(image, sq)
    return image


def step_size(tile: int, scale: float, floors: Floors) -> int:
    """The size of the letters of the dragon's next steps."""
    return max(floors.text, min(round(24 * scale), round(tile * 0.26)))


def spot_size(tile: int, scale: float, floors: Floors) -> int:
    """The size of the deploy codes on a tile ``tile`` pixels; too large for the tile (a small
    tile), the codes are left out."""
    return max(floors.text, min(round(16 * scale), round(tile * 0.17)))


def legal_label(x: int, y: int, rotations: set[int], tile: int, scale: float, floors: Floors) -> Legal:
    """What a legal square at (x, y) says: the coordinates to type and, when there is room, the
    rotations that fit there."""
    text = f"{x},{y}"
    size = min(round(26 * scale), int(tile * 0.9 / max(3, len(text) * 0.58)))
    if size < floors.text:
        return None, size, None, 0            # too small to read: the square alone says the tile fits
    rline = " ".join(f"r{r}" for r in sorted(rotations))
    small = max(floors.text, round(size * 0.62))
    if tile >= 64 * scale and text_width(rline, small) <= tile * 0.92 and size * 1.2 + small * 1.2 <= tile:
        return text, size, rline, small
    return text, size, None, small


__all__ = ["Square", "square_image", "figure_height", "figure_sprite", "label", "legal_label", "spot_size", "step_size",
           "SQUARE_IMAGES", "RLINE"]
