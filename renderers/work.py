"""Drawing work as plain functions of plain data, so that it can run in a worker thread or in a
worker process (bot/service/drawing.py): a game is named by its renderer spec (``module:function``)
and its game module, never passed as an object."""
from __future__ import annotations

import logging
from typing import Any, Sequence

from games import registry as games
from games.core.outcome import Outcome
from renderers import registry
from renderers.common.words import LANGUAGES, translations

log = logging.getLogger(__name__)


def prepare(extra_games: Sequence[str] = (), full: bool = True) -> None:
    """Set a worker up: register the operator's plugin games, then draw one picture of every game
    (fonts, sprites and tile geometry are made here, not during the first real turn); ``full``:
    also every sprite a renderer can make ahead (its ``warm_up``, a few seconds: worker processes
    do it as they start, the threads of a small bot leave it to the first turns)."""
    for spec in extra_games:
        games.load(spec)
    for locale in LANGUAGES:            # the catalogues of the pictures' words, read once here
        translations(locale)
    for name in games.names():
        game = games.get(name)
        if game is None or not game.renderer:
            continue
        try:
            options = frozenset(s.name for s in game.options if s.default)
            state = game.setup(game.min_players, options, 0)
            registry.render(game, game.view(state, None), [f"Player {i + 1}" for i in range(game.min_players)])
            warm = getattr(registry.renderer_module(game), "warm_up", None)
            if warm is not None and full:
                warm()
        except Exception:       # a game that cannot draw will say so at its first table
            log.exception("%s: drawing a first picture failed", name)


def picture(game_name: str, view: Any, names: list[str], scale: float, region: str | None, cache_key: Any,
            locale: str | None = None) -> bytes | None:
    """PNG of a view with its words in ``locale`` (see renderers.registry.render)."""
    game = games.get(game_name)
    if game is None:
        raise LookupError(f"no game {game_name!r} in this worker")
    return registry.render(game, view, names, scale, region=region, cache_key=cache_key, locale=locale)


def help_picture(game_name: str, locale: str | None = None) -> bytes | None:
    """PNG of the game's notation shown on its board (renderers.helppicture), in ``locale``."""
    from renderers.helppicture import help_picture as draw

    game = games.get(game_name)
    if game is None:
        raise LookupError(f"no game {game_name!r} in this worker")
    return draw(game, locale)


def result(game_name: str, outcome: Outcome, names: list[str], view: Any, scale: float,
           locale: str | None = None) -> bytes:
    """PNG of a finished game's result with its words in ``locale``."""
    game = games.get(game_name)
    if game is None:
        raise LookupError(f"no game {game_name!r} in this worker")
    return registry.render_result(game, outcome, names, view, scale, locale=locale)
