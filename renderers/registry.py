"""Find the renderer of a game (``Game.renderer`` = ``module:function``) and call it."""
from __future__ import annotations

import functools
import importlib
from typing import Any, Callable, Sequence

from games.core.contract import Game

RenderFn = Callable[..., bytes]


@functools.lru_cache(maxsize=None)
def _load(spec: str) -> RenderFn:
    module_name, _, attr = spec.partition(":")
    return getattr(importlib.import_module(module_name), attr or "render")


def render(game: Game, view: Any, names: Sequence[str], scale: float = 1.0, **kwargs: Any) -> bytes | None:
    """PNG bytes of ``view``, or ``None`` when the game has no renderer."""
    if not game.renderer:
        return None
    return _load(game.renderer)(view, list(names), scale=scale, **kwargs)
