"""What every game's renderer answers: its pictures, the regions ``/board`` shows, the seats'
colours, the colours a palette must keep exactly, and a warm-up.

A renderer is an object of a :class:`Renderer` subclass, registered under its game's name
(renderers.registry). The base class answers every question but the picture itself with the
plain default (no regions, the shared player colours, nothing to warm up), so every renderer
answers every method and a caller never asks whether one exists.

The public turn image is the picture a turn posts: no region, drawn from the public's view
(``view.seat is None``). :func:`is_turn_image` says so once; a renderer draws that
picture from parts kept across turns (renderers.common.layers), every other picture whole.
"""
from __future__ import annotations

import io
import sys
from abc import ABC, abstractmethod
from pathlib import Path
from typing import Any, Hashable, Sequence

from PIL import Image

from renderers.common.colors import PlayerColour, player_colour

RGB = tuple[int, int, int]
#: seats the shared player colours are given for when a caller does not say how many
SEATS = 8


def is_turn_image(view: Any, region: str | None) -> bool:
    """Whether a picture is the public turn image: no region, the public's view."""
    return region is None and view.seat is None


class Renderer(ABC):
    """A game's pictures. Subclasses draw :meth:`render` (and :meth:`render_image` where the
    RGB picture is had without a PNG); the rest has defaults."""

    #: what ``/board`` shows without a region (None: the turn image)
    board_region: str | None = None

    @abstractmethod
    def render(self, view: Any, names: Sequence[str], *, scale: float = 1.0, region: str | None = None,
               cache_key: Hashable | None = None) -> bytes:
        """PNG of ``view``: the turn image (``region`` None) or a region of :meth:`regions`
        (ValueError for one it cannot read). ``cache_key`` names the palette kept across
        pictures (the service gives a game's public pictures one key, a private viewer one of
        their own)."""

    def render_image(self, view: Any, names: Sequence[str], *, scale: float = 1.0, region: str | None = None,
                     height: int | None = None) -> Image.Image:
        """The picture as an RGB image, before its palette and PNG; ``height``: the tallest the
        picture may be, for renderers that fill the height they are given (replays)."""
        png = self.render(view, names, scale=scale, region=region)
        return Image.open(io.BytesIO(png)).convert("RGB")

    def regions(self, view: Any, names: Sequence[str]) -> list[str]:
        """The regions ``/board REGION`` shows for this view besides the turn image."""
        return []

    def shows_nothing(self, view: Any, region: str) -> bool:
        """Whether ``region`` (one the renderer can read) would show only an empty part of the
        board, such as a zoom on squares far from every tile."""
        return False

    def seat_colours(self, view: Any | None, players: int = SEATS) -> list[PlayerColour]:
        """Each seat's colour and letter as the pictures draw them, for at least ``players``
        seats (``view`` None: every colour the renderer may give a seat)."""
        return [player_colour(seat) for seat in range(players)]

    def key_colours(self) -> list[RGB]:
        """Colours a palette made for these pictures must hold exactly (besides the seats' and
        the colour literals of the renderer's package)."""
        return []

    def warm_up(self, *, scale: float = 1.0, palette: Hashable | None = None) -> None:
        """Make ahead what a first turn would otherwise make (sprites, geometry): a drawing
        worker calls this as it starts. ``palette``: the key of the palette public pictures
        share, which a renderer may make and fill here."""

    def is_turn_image(self, view: Any, region: str | None) -> bool:
        """Whether the picture asked for is the public turn image (:func:`is_turn_image`)."""
        return is_turn_image(view, region)

    def package(self) -> Path:
        """The folder of the renderer's package (its colour literals go into replay palettes)."""
        return Path(str(sys.modules[type(self).__module__].__file__)).parent
