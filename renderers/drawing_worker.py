"""Drawing work as plain functions of plain data, so that it can run in a worker thread or in a
worker process (bot/service/drawing.py): a game is named by its name (its renderer is the one
renderers.registry holds under that name), never passed as an object."""
from __future__ import annotations

import ctypes
import gc
import logging
from typing import Any, Hashable, Sequence

from games import registry as games
from games.core.outcome import Outcome
from renderers import registry
from renderers.common import fontchain
from renderers.common.fonts import measuring_font
from renderers.common.picture_words import LANGUAGES, translations
from renderers.common.layers import configure as configure_layers
from renderers.common.png import configure as configure_png

log = logging.getLogger(__name__)


M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3       # glibc's mallopt parameters
IMAGE_BUFFERS = 32 * 2**20          # picture buffers up to this come from memory malloc keeps
KEEP_FREE = 256 * 2**20             # freed memory malloc keeps before giving it back


def keep_image_memory() -> None:
    """Have glibc's malloc serve picture buffers (a few MB each, made and freed for every part of
    every picture) from memory it keeps, not from fresh pages of the kernel each time: mapping
    and faulting in a canvas costs about as much as drawing on it. glibc adapts its own
    threshold to what was freed last, so a worker's speed depended on the sizes of the pictures
    it happened to draw (docs/performance.md). Linux with glibc only; elsewhere nothing."""
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(M_MMAP_THRESHOLD, IMAGE_BUFFERS)
        libc.mallopt(M_TRIM_THRESHOLD, KEEP_FREE)
    except (OSError, AttributeError):
        pass


def prepare(extra_games: Sequence[str] = (), full: bool = True, layers: int | None = None,
            png_bands: int | None = None, palette: Hashable | None = None, text_layouts: int | None = None) -> None:
    """Set a worker up: register the operator's plugin games, then draw one picture of every game
    (fonts, sprites and tile geometry are made here, not during the first real turn); ``full``:
    also every sprite a renderer can make ahead (its ``warm_up``: worker processes do it as they
    start, the threads of a small bot leave it to the first turns). ``layers``: how
    many picture parts are kept in their palette form (renderers.common.layers); ``png_bands``: how
    many compressed bands of pictures are kept (renderers.common.png); ``palette``: the key of the
    palette public pictures share, which a renderer's warm-up may make and fill ahead;
    ``text_layouts``: how many layouts of text through the font chain are kept
    (renderers.common.fontchain)."""
    keep_image_memory()
    if layers is not None:
        configure_layers(layers)
    if png_bands is not None:
        configure_png(png_bands)
    if text_layouts is not None:
        fontchain.configure(text_layouts)
    for spec in extra_games:
        games.load(spec)
    for locale in LANGUAGES:            # the catalogues of the pictures' words, read once here
        translations(locale)
    if full:                            # the character maps every text that is not ASCII is checked against
        fontchain.warm_up([measuring_font(12), measuring_font(12, bold=True)])
    for name in games.names():
        game = games.get(name)
        if game is None or not registry.has_pictures(name):
            continue
        try:
            options = frozenset(s.name for s in game.options if s.default)
            state = game.setup(game.min_players, options, 0)
            registry.render(name, game.view(state, None), [f"Player {i + 1}" for i in range(game.min_players)])
            renderer = registry.renderer_for(name)
            if full and renderer is not None:
                renderer.warm_up(palette=palette)
        except Exception:       # a game that cannot draw will say so at its first table
            log.exception("%s: drawing a first picture failed", name)
    settle_memory()


def settle_memory() -> None:
    """Collect what the warm-up left, then leave what it made (fonts, sprites, catalogues, game
    data: kept for the life of the worker) out of every later garbage collection: a full
    collection otherwise walks them all again, a pause inside some turn's picture."""
    gc.collect()
    gc.freeze()


def picture(game_name: str, view: Any, names: list[str], scale: float, region: str | None, cache_key: Any,
            locale: str | None = None) -> bytes | None:
    """PNG of a view with its words in ``locale`` (see renderers.registry.render)."""
    if games.get(game_name) is None:
        raise LookupError(f"no game {game_name!r} in this worker")
    return registry.render(game_name, view, names, scale, region=region, cache_key=cache_key, locale=locale)


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
