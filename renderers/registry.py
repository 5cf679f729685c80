"""Find the renderer of a game (``Game.renderer`` = ``module:function``) and call it.

A renderer module has ``render(view, names, scale=1.0, region=None) -> bytes`` and may have:

* ``regions(view, names) -> list[str]``: the regions ``/board REGION`` shows (besides the
  turn image, region ``None``);
* ``seat_colours(view) -> list[PlayerColour]``: each seat's colour and letter as its images
  draw them (default: the shared player colours in seat order);
* ``key_colours() -> list[RGB]``: colours that must stay exact in a palette image (replays);
* ``BOARD_REGION``: what ``/board`` shows without a region, when that is not the turn image.
"""
from __future__ import annotations

import functools
import importlib
import inspect
import io
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Sequence

from PIL import Image

from games.core.contract import Game
from games.core.outcome import Outcome
from renderers.common import PlayerColour, player_colour
from renderers.common.palette import literal_colours
from renderers.common.picture_words import speaking

RenderFn = Callable[..., bytes]
RGB = tuple[int, int, int]


@functools.lru_cache(maxsize=None)
def _module(spec: str) -> ModuleType:
    return importlib.import_module(spec.partition(":")[0])


@functools.lru_cache(maxsize=None)
def _load(spec: str) -> RenderFn:
    return getattr(_module(spec), spec.partition(":")[2] or "render")


def renderer_module(game: Game) -> ModuleType | None:
    """The module of the game's renderer (None without one)."""
    return _module(game.renderer) if game.renderer else None


def render(game: Game, view: Any, names: Sequence[str], scale: float = 1.0, cache_key: Any = None,
           locale: str | None = None, **kwargs: Any) -> bytes | None:
    """PNG bytes of ``view``, or ``None`` when the game has no renderer. ``cache_key`` names the
    palette a renderer keeps across pictures, and the parts it keeps in that palette (the service
    gives a game's public pictures one key, a private viewer a key of their own); ``locale``: the
    language of the words drawn (English by default)."""
    if not game.renderer:
        return None
    draw = _load(game.renderer)
    if cache_key is not None and _takes(draw, "cache_key"):
        kwargs["cache_key"] = cache_key
    with speaking(locale):
        return draw(view, list(names), scale=scale, **kwargs)


@functools.lru_cache(maxsize=None)
def _takes(function: Callable[..., Any], parameter: str) -> bool:
    return parameter in inspect.signature(function).parameters


def regions(game: Game, view: Any, names: Sequence[str]) -> list[str]:
    """The regions of the board ``/board`` can show for this view (none when the game has none)."""
    if not game.renderer:
        return []
    find = getattr(_module(game.renderer), "regions", None)
    return list(find(view, list(names))) if find else []


def board_region(game: Game) -> str | None:
    """The region ``/board`` shows when none is given (``BOARD_REGION`` of the renderer, such as
    Carcassonne's whole board; None: the turn image)."""
    return getattr(_module(game.renderer), "BOARD_REGION", None) if game.renderer else None


def seat_colours(game: Game, view: Any, players: int) -> list[PlayerColour]:
    """Each seat's colour and letter as the game's images draw them."""
    find = getattr(_module(game.renderer), "seat_colours", None) if game.renderer else None
    if find is not None:
        return list(find(view))
    return [player_colour(seat) for seat in range(players)]


def key_colours(game: Game) -> list[RGB]:
    """Colours a palette made for this game's images must hold exactly: the seat colours, the
    renderer's own list (``key_colours()``), then every colour literal of the renderer's package."""
    if not game.renderer:
        return []
    module = _module(game.renderer)
    colours = [c.fill for c in seat_colours(game, None, 8)] + [c.text for c in seat_colours(game, None, 8)]
    find = getattr(module, "key_colours", None)
    if find is not None:
        colours += list(find())
    colours += literal_colours(Path(str(module.__file__)).parent)
    return list(dict.fromkeys(colours))


def render_image(game: Game, view: Any, names: Sequence[str], scale: float = 1.0, height: int | None = None,
                 locale: str | None = None, **kwargs: Any) -> Image.Image | None:
    """The picture of ``view`` as an RGB image (before its palette and PNG), or None. ``height``:
    the tallest the picture may be, for renderers that fill the height they are given."""
    if not game.renderer:
        return None
    draw = getattr(_module(game.renderer), "render_image", None)
    if draw is not None:
        if height is not None and _takes(draw, "height"):
            kwargs["height"] = height
        with speaking(locale):
            return draw(view, list(names), scale=scale, **kwargs)
    png = render(game, view, names, scale, locale=locale, **kwargs)
    return Image.open(io.BytesIO(png)).convert("RGB") if png else None


def render_result(game: Game, outcome: Outcome, names: Sequence[str], view: Any = None, scale: float = 1.0,
                  locale: str | None = None) -> bytes:
    """PNG of a finished game's result: winner, ranking with ties, the score by category."""
    from renderers.common.result import render_result as draw

    with speaking(locale):
        return draw(game.title, outcome, list(names), seat_colours(game, view, len(outcome.scores)), scale)
