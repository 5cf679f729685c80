"""Message catalogues (gettext style: the English template is the key).

English needs no catalogue. Japanese comes from ``bot/i18n/locale/ja.yaml`` (the bot's own
strings) plus each game's ``games/<pkg>/locale/ja.yaml`` (its engine's strings).
"""
from __future__ import annotations

import functools
import importlib.util
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

import yaml

from games.core.messages import Msg, SeatRef

HERE = Path(__file__).parent / "locale"


@dataclass(frozen=True)
class UserRef:
    """A message parameter naming a Discord user: a mention in Discord, a name elsewhere."""

    user_id: int
    name: str


def normalise_locale(locale: str | None, default: str = "en") -> str:
    """Discord sends 'ja', 'en-US', 'en-GB', ...; we keep the language part we support."""
    if not locale:
        return default
    lang = str(locale).split("-")[0].split("_")[0].lower()
    return lang if lang in ("en", "ja") else default


def _read(path: Path) -> dict[str, str]:
    if not path.exists():
        return {}
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)) or {}
    return {str(k): str(v) for k, v in data.items()}


@functools.lru_cache(maxsize=None)
def catalogue(locale: str, game_packages: tuple[str, ...] = ()) -> dict[str, str]:
    """Everything translated into ``locale`` (bot strings plus the given games' strings)."""
    if locale == "en":
        return {}
    table = dict(_read(HERE / f"{locale}.yaml"))
    for package in game_packages:
        spec = importlib.util.find_spec(package)
        if spec and spec.submodule_search_locations:
            for folder in spec.submodule_search_locations:
                table.update(_read(Path(folder) / "locale" / f"{locale}.yaml"))
    return table


class I18n:
    """Translates Msgs for a locale; knows the game packages whose catalogues to merge."""

    def __init__(self, game_packages: Iterable[str] = (), default_locale: str = "en") -> None:
        self.game_packages = tuple(sorted(set(game_packages)))
        self.default_locale = default_locale

    def template(self, text: str, locale: str | None) -> str:
        lang = normalise_locale(locale, self.default_locale)
        return catalogue(lang, self.game_packages).get(text, text) if lang != "en" else text

    def render(self, msg: Msg, locale: str | None, names: list[str] | None = None,
               user: Callable[[UserRef], str] | None = None) -> str:
        """Translate ``msg`` and fill in its parameters (nested Msgs are translated too)."""
        values: dict[str, Any] = {}
        for key, value in msg.params.items():
            values[key] = self._value(value, locale, names, user)
        text = self.template(msg.text, locale)
        try:
            return text.format(**values)
        except (KeyError, IndexError, ValueError):
            return msg.text.format(**values) if text != msg.text else text

    def _value(self, value: Any, locale: str | None, names: list[str] | None,
               user: Callable[[UserRef], str] | None) -> Any:
        if isinstance(value, Msg):
            return self.render(value, locale, names, user)
        if isinstance(value, SeatRef):
            return names[value.seat] if names and 0 <= value.seat < len(names) else f"#{value.seat + 1}"
        if isinstance(value, UserRef):
            return user(value) if user else value.name
        if isinstance(value, (list, tuple)) and value and all(isinstance(v, (Msg, SeatRef, UserRef)) for v in value):
            return ", ".join(str(self._value(v, locale, names, user)) for v in value)
        return value

    def lines(self, msgs: Iterable[Msg], locale: str | None, names: list[str] | None = None,
              user: Callable[[UserRef], str] | None = None) -> str:
        return "\n".join(self.render(m, locale, names, user) for m in msgs)


def game_packages(games: Iterable[Any]) -> list[str]:
    """Packages whose ``locale/`` folders hold the games' catalogues (module and its parent)."""
    packages: set[str] = set()
    for game in games:
        module = type(game).__module__
        packages.add(module)
        if "." in module:
            packages.add(module.rsplit(".", 1)[0])
    return sorted(packages)


def t(text: str, /, **params: Any) -> Msg:
    """Shorthand the bot uses for its own strings (scanned by the catalogue test)."""
    return Msg(text, params)

