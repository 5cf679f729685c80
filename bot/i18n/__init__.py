"""Message catalogues: gettext catalogues read with Babel; the English template is the msgid.

English needs no catalogue. Japanese comes from ``bot/i18n/locale/ja/LC_MESSAGES/messages.po``
(the bot's own strings) plus each game's ``locale/ja/LC_MESSAGES/messages.po`` (its engine's
strings). A template with a plural form (``counted`` / ``tn``) is looked up with ngettext, so
each language chooses its own forms by its own plural rules. Durations are spelt by Babel
(``format_timedelta``) in the reader's language. ``python -m bot.i18n.catalogues`` extracts the
templates from the code and updates the catalogues (``make catalogues``).
"""
from __future__ import annotations

import functools
import importlib.util
import io
import logging
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any, Callable, Iterable, Literal, Mapping

from babel.dates import format_timedelta
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

from games.core.messages import Msg, SeatRef, Term, counted

HERE = Path(__file__).parent / "locale"
log = logging.getLogger(__name__)
#: the languages the bot speaks (Discord's locale names are reduced to these)
LOCALES = ("en", "ja")
#: the parameters of messages that hold what people wrote (their names, a tournament's name):
#: escaped for the surface (Markdown in Discord) by ``render``'s ``escape``
USER_TEXT = frozenset({"player", "players", "winner", "winners", "tournament", "host"})
DOMAIN = "messages"


@dataclass(frozen=True)
class UserRef:
    """A message parameter naming a Discord user: a mention in Discord, a name elsewhere."""

    user_id: int
    name: str


@dataclass(frozen=True)
class Duration:
    """A message parameter: a span of time, spelt in the reader's language (two largest units)."""

    seconds: float

    def parts(self) -> list[tuple[int, Literal["day", "hour", "minute"]]]:
        rest = max(0, int(self.seconds))
        found: list[tuple[int, Literal["day", "hour", "minute"]]] = []
        units: tuple[tuple[Literal["day", "hour", "minute"], int], ...] = (("day", 86400), ("hour", 3600), ("minute", 60))
        for unit, size in units:
            if rest >= size:
                found.append((rest // size, unit))
                rest %= size
        return found[:2]

    def text(self, locale: str) -> str:
        """Babel's words for each unit ("2 days 3 hours", "2日3時間"); empty under a minute."""
        sizes = {"day": 86400, "hour": 3600, "minute": 60}
        words = [format_timedelta(timedelta(seconds=n * sizes[unit]), granularity=unit, threshold=1, locale=locale)
                 for n, unit in self.parts()]
        return "".join(w.replace(" ", "") for w in words) if locale == "ja" else " ".join(words)

    def __str__(self) -> str:
        return self.text("en") or UNDER_A_MINUTE.text


def normalise_locale(locale: str | None, default: str = "en", available: Iterable[str] = LOCALES) -> str:
    """Discord sends 'ja', 'en-US', 'en-GB', ...; we keep the language part when it is one of
    ``available`` (the operator's ``locale.available``, drawn from LOCALES), else ``default``."""
    if not locale:
        return default
    lang = str(locale).split("-")[0].split("_")[0].lower()
    return lang if lang in LOCALES and lang in available else default


def environment_language(environ: Mapping[str, str]) -> str:
    """The language of an operator's terminal, from the variables gettext reads (LANGUAGE,
    LC_ALL, LC_MESSAGES, LANG, the first one set): one of LOCALES, English otherwise."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        if value := environ.get(name, "").strip():
            first = value.split(":")[0]
            return normalise_locale(first) if first not in ("C", "POSIX") else "en"
    return "en"


def catalogue_path(folder: Path, locale: str) -> Path:
    """Where a package keeps its catalogue for ``locale`` (``folder`` holds its ``locale/``)."""
    return folder / "locale" / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


def _read(path: Path, locale: str) -> Translations | None:
    if not path.exists():
        return None
    with path.open("rb") as source:
        catalog = read_po(source, locale=locale)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(compiled, domain=DOMAIN)


def _package_folders(package: str) -> list[Path]:
    spec = importlib.util.find_spec(package)
    return [Path(folder) for folder in (spec.submodule_search_locations or [])] if spec else []


@functools.lru_cache(maxsize=32)
def translations(locale: str, game_packages: tuple[str, ...] = ()) -> NullTranslations:
    """Everything translated into ``locale``: the bot's catalogue merged with the games' (a few
    combinations exist: one per set of enabled games, hence the small bound)."""
    merged = _read(catalogue_path(HERE.parent, locale), locale) if locale != "en" else None
    if merged is None:
        return NullTranslations()
    for package in game_packages:
        for folder in _package_folders(package):
            if (extra := _read(catalogue_path(folder, locale), locale)) is not None:
                merged.merge(extra)
    return merged


class I18n:
    """Translates Msgs for a locale; knows the game packages whose catalogues to merge."""

    def __init__(self, game_packages: Iterable[str] = (), default_locale: str = "en",
                 available: Iterable[str] = LOCALES) -> None:
        self.game_packages = tuple(sorted(set(game_packages)))
        self.default_locale = default_locale
        #: the languages offered (config ``locale.available``); any other reads as the default
        self.available = tuple(available)

    def language(self, locale: str | None) -> str:
        """The language a reader (or a table) with ``locale`` is answered in."""
        return normalise_locale(locale, self.default_locale, self.available)

    def _translations(self, locale: str | None) -> NullTranslations:
        return translations(self.language(locale), self.game_packages)

    def template(self, text: str, locale: str | None) -> str:
        if not text:        # gettext("") is the catalogue's header, not an empty text
            return ""
        return self._translations(locale).gettext(text)

    def render(self, msg: Msg, locale: str | None, names: list[str] | None = None,
               user: Callable[[UserRef], str] | None = None, escape: Callable[[str], str] | None = None) -> str:
        """Translate ``msg`` and fill in its parameters (nested Msgs are translated too).
        ``escape``: applied to what people wrote (seats' names, users' names, the
        :data:`USER_TEXT` parameters), e.g. Markdown escaping for Discord."""
        if escape is not None and names:
            names = [escape(name) for name in names]
        return self._fill(msg, locale, names, user, escape)

    def _fill(self, msg: Msg, locale: str | None, names: list[str] | None, user: Callable[[UserRef], str] | None,
              escape: Callable[[str], str] | None) -> str:
        """:meth:`render` with ``names`` escaped already."""
        values: dict[str, Any] = {}
        for key, value in msg.params.items():
            if escape is not None and key in USER_TEXT and isinstance(value, str):
                value = escape(value)
            values[key] = self._value(value, locale, names, user, escape)
        if msg.plural is not None:
            count = msg.count()
            text = self._translations(locale).ngettext(msg.text, msg.plural, count)
            english = msg.text if count == 1 else msg.plural
        else:
            text, english = self.template(msg.text, locale), msg.text
        try:
            return text.format(**values)
        except (KeyError, IndexError, ValueError):
            # a template and its parameters do not match: our bug, shown as well as we can
            log.error("message %r cannot be filled in with %s", msg.text, sorted(values))
            try:
                return english.format(**values)
            except (KeyError, IndexError, ValueError):
                return english

    def _value(self, value: Any, locale: str | None, names: list[str] | None,
               user: Callable[[UserRef], str] | None, escape: Callable[[str], str] | None = None) -> Any:
        if isinstance(value, Msg):
            return self._fill(value, locale, names, user, escape)
        if isinstance(value, SeatRef):
            return names[value.seat] if names and 0 <= value.seat < len(names) else f"#{value.seat + 1}"
        if isinstance(value, UserRef):
            return user(value) if user else (escape(value.name) if escape else value.name)
        if isinstance(value, Term):
            return value.text(self.language(locale))
        if isinstance(value, Duration):
            return value.text(self.language(locale)) or self.render(UNDER_A_MINUTE, locale)
        if isinstance(value, (list, tuple)) and value and all(isinstance(v, (Msg, SeatRef, UserRef, Term)) for v in value):
            # a Japanese list is set off by the ideographic comma (JLReq), as BGA's Japanese pages write it
            separator = "、" if self.language(locale) == "ja" else ", "
            return separator.join(str(self._value(v, locale, names, user, escape)) for v in value)
        return value

    def lines(self, msgs: Iterable[Msg], locale: str | None, names: list[str] | None = None,
              user: Callable[[UserRef], str] | None = None, escape: Callable[[str], str] | None = None) -> str:
        return "\n".join(self.render(m, locale, names, user, escape) for m in msgs)


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
    """Shorthand the bot uses for its own strings (extracted into the catalogues by Babel)."""
    return Msg(text, params)


#: what a Duration under a minute reads as
UNDER_A_MINUTE = t("under a minute")


def tn(singular: str, plural: str, /, by: str = "count", **params: Any) -> Msg:
    """A bot string with a plural form, chosen by the number in parameter ``by``."""
    return counted(singular, plural, by=by, **params)
