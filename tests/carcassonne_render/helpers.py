"""Small helpers for the renderer tests: decoding, colour distance, hand-made views."""
from __future__ import annotations

import io

from PIL import Image

from games.carcassonne.view import COLOURS, LETTERS, CarcassonneView, FigureView, PlacedTileView, PlayerView


def decode(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(png))
    image.load()
    return image.convert("RGB")


def pixels(image: Image.Image) -> list:
    """All pixel values (Pillow 14 renames getdata)."""
    flat = getattr(image, "get_flattened_data", None)
    return list(flat() if flat else image.getdata())


def close(a, b, tolerance: int = 14) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def count_near(image: Image.Image, box: tuple[int, int, int, int], colour, tolerance: int = 14) -> int:
    crop = image.crop(box)
    return sum(1 for px in pixels(crop) if close(px, colour, tolerance))


def players(n: int, **kw) -> tuple[PlayerView, ...]:
    return tuple(PlayerView(seat=s, colour=COLOURS[s], letter=LETTERS[s], score=10 * s, followers=7 - s, **kw)
                 for s in range(n))


def small_view(**changes) -> CarcassonneView:
    """Start tile D at 0,0; E above it closing the city; U east of the start tile.

    A red knight in the city of the start tile, a yellow farmer south of the road on U, the drawn
    tile V with one legal square."""
    base = dict(
        seat=None, options=(), turn=3, to_act=(0,), phase="place",
        tiles=(PlacedTileView(0, 0, "D", 0), PlacedTileView(0, -1, "E", 2), PlacedTileView(1, 0, "U", 0)),
        figures=(FigureView(0, 0, 0, "follower", "city", 0), FigureView(1, 0, 1, "follower", "field", 1)),
        players=players(2), drawn="V", tiles_left=69,
        legal_placements=((-1, 0, 0), (-1, 0, 1), (2, 0, 1)), last_placed=(1, 0),
    )
    base.update(changes)
    return CarcassonneView(**base)
