"""The renderers of the games, by game name, and the calls the bot and tools draw through.

The shipped games' renderers are in :data:`BUILTIN`, one entry per game; a game added by an
operator or a test registers its own with :func:`register`. A renderer's package is imported at
the first look-up of its game, so a process that never draws never loads its drawing code.
"""
from __future__ import annotations

from typing import Any, Callable, Hashable, Sequence

from PIL import Image

from games.core.contract import Game
from games.core.outcome import Outcome
from renderers.common import PlayerColour, player_colour
from renderers.common.palette import literal_colours
from renderers.common.picture_words import speaking
from renderers.contract import RGB, SEATS, Renderer


def _carcassonne() -> Renderer:
    from renderers.carcassonne import RENDERER
    return RENDERER


def _florenza() -> Renderer:
    from renderers.florenza import RENDERER
    return RENDERER


def _keyflower() -> Renderer:
    from renderers.keyflower import RENDERER
    return RENDERER


def _quetzal() -> Renderer:
    from renderers.quetzal import RENDERER
    return RENDERER


def _stone_age() -> Renderer:
    from renderers.stone_age import RENDERER
    return RENDERER


#: the shipped games' renderers: game name -> the function that imports it
BUILTIN: dict[str, Callable[[], Renderer]] = {
    "carcassonne": _carcassonne,
    "florenza": _florenza,
    "keyflower": _keyflower,
    "quetzal": _quetzal,
    "stoneage": _stone_age,
}

_RENDERERS: dict[str, Renderer] = {}


def register(game_name: str, renderer: Renderer) -> Renderer:
    """Give the game named ``game_name`` its pictures (a game added by an operator or a test)."""
    _RENDERERS[game_name] = renderer
    return renderer


def renderer_for(game_name: str) -> Renderer | None:
    """The renderer of the game named ``game_name`` (None: the game has no pictures)."""
    found = _RENDERERS.get(game_name)
    if found is None and game_name in BUILTIN:
        found = register(game_name, BUILTIN[game_name]())
    return found


def has_pictures(game_name: str) -> bool:
    """Whether the game named ``game_name`` has a renderer."""
    return game_name in _RENDERERS or game_name in BUILTIN


def render(game_name: str, view: Any, names: Sequence[str], scale: float = 1.0, region: str | None = None,
           cache_key: Hashable | None = None, locale: str | None = None) -> bytes | None:
    """PNG bytes of ``view`` (Renderer.render), or None when the game has no renderer;
    ``locale``: the language of the words drawn (English by default)."""
    renderer = renderer_for(game_name)
    if renderer is None:
        return None
    with speaking(locale):
        return renderer.render(view, list(names), scale=scale, region=region, cache_key=cache_key)


def render_image(game_name: str, view: Any, names: Sequence[str], scale: float = 1.0, height: int | None = None,
                 locale: str | None = None, region: str | None = None) -> Image.Image | None:
    """The picture of ``view`` as an RGB image (Renderer.render_image), or None."""
    renderer = renderer_for(game_name)
    if renderer is None:
        return None
    with speaking(locale):
        return renderer.render_image(view, list(names), scale=scale, region=region, height=height)


def regions(game_name: str, view: Any, names: Sequence[str]) -> list[str]:
    """The regions of the board ``/board`` can show for this view (none when the game has none)."""
    renderer = renderer_for(game_name)
    return list(renderer.regions(view, list(names))) if renderer is not None else []


def shows_nothing(game_name: str, view: Any, region: str) -> bool:
    """Whether ``region`` of ``view`` would show only an empty part of the board (Renderer.shows_nothing)."""
    renderer = renderer_for(game_name)
    return renderer.shows_nothing(view, region) if renderer is not None else False


def board_region(game_name: str) -> str | None:
    """The region ``/board`` shows when none is given (None: the turn image)."""
    renderer = renderer_for(game_name)
    return renderer.board_region if renderer is not None else None


def seat_colours(game_name: str, view: Any, players: int) -> list[PlayerColour]:
    """Each seat's colour and letter as the game's images draw them."""
    renderer = renderer_for(game_name)
    if renderer is None:
        return [player_colour(seat) for seat in range(players)]
    return list(renderer.seat_colours(view, players))


def key_colours(game_name: str) -> list[RGB]:
    """Colours a palette made for this game's images must hold exactly: the seat colours, the
    renderer's own list, then every colour literal of the renderer's package."""
    renderer = renderer_for(game_name)
    if renderer is None:
        return []
    seats = renderer.seat_colours(None, SEATS)
    colours = [c.fill for c in seats] + [c.text for c in seats] + list(renderer.key_colours())
    colours += literal_colours(renderer.package())
    return list(dict.fromkeys(colours))


def render_result(game: Game, outcome: Outcome, names: Sequence[str], view: Any = None, scale: float = 1.0,
                  locale: str | None = None) -> bytes:
    """PNG of a finished game's result: winner, ranking with ties, the score by category."""
    from renderers.common.result import render_result as draw

    with speaking(locale):
        return draw(game.title, outcome, list(names), seat_colours(game.name, view, len(outcome.scores)), scale)
