"""Registry of games by name. Real games register here; tests and operators may add more."""
from __future__ import annotations

import importlib

from games.core.contract import Game

_GAMES: dict[str, Game] = {}

#: modules that define the built-in games, each with a module-level ``GAME``.
BUILTIN: tuple[str, ...] = ("games.carcassonne", "games.quetzal", "games.stone_age", "games.florenza",
                             "games.keyflower")


def register(game: Game) -> Game:
    if not game.name or not game.name.isascii() or game.name != game.name.lower():
        raise ValueError(f"bad game name {game.name!r}")
    _GAMES[game.name] = game
    return game


def load(spec: str) -> Game:
    """Import ``package.module`` (or ``package.module:ATTR``) and register its game."""
    module_name, _, attr = spec.partition(":")
    module = importlib.import_module(module_name)
    return register(getattr(module, attr or "GAME"))


def load_builtin() -> None:
    for spec in BUILTIN:
        if spec.split(":")[0] not in _loaded_modules:
            load(spec)
            _loaded_modules.add(spec.split(":")[0])


_loaded_modules: set[str] = set()


def get(name: str) -> Game | None:
    load_builtin()
    return _GAMES.get(name.strip().lower())


def names() -> list[str]:
    load_builtin()
    return sorted(_GAMES)
