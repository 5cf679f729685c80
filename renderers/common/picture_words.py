"""Every word drawn into an image goes through :func:`word` (or :func:`words` for a counted
noun, :func:`named` for a component's name from the game's data), in the language the picture is
drawn in.

The language is set around a whole drawing with :func:`speaking` (the registry's entry points do
it), so that drawing code deep down needs no locale parameter. It is a context variable: each
thread (and each task) draws in its own language.

Templates are gettext catalogues read with Babel, English template = msgid:
``renderers/locale/ja/LC_MESSAGES/messages.po`` holds the renderers' own words (extracted from
``word``, ``words`` and ``N_`` calls by ``python -m bot.i18n.catalogues``); a word the games'
catalogues already translate (a Stone Age location, a season) is found there too.
"""
from __future__ import annotations

import functools
import io
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any, Iterator

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

import games
from renderers.common.bidi import isolate

#: the languages images are drawn in (the first is the default)
LANGUAGES = ("en", "ja")
HERE = Path(__file__).resolve().parents[1]
_LOCALE: ContextVar[str] = ContextVar("picture_locale", default="en")
_CODES: ContextVar[bool] = ContextVar("picture_codes", default=False)


def picture_locale(locale: str | None) -> str:
    """One of :data:`LANGUAGES` for a Discord-style locale ('ja', 'en-US', None)."""
    language = str(locale or "").split("-")[0].split("_")[0].lower()
    return language if language in LANGUAGES else LANGUAGES[0]


def current_locale() -> str:
    """The language of the picture being drawn."""
    return _LOCALE.get()


@contextmanager
def speaking(locale: str | None) -> Iterator[str]:
    """Draw in ``locale`` while the block runs (None: in the language already set)."""
    token = _LOCALE.set(picture_locale(locale) if locale is not None else _LOCALE.get())
    try:
        yield _LOCALE.get()
    finally:
        _LOCALE.reset(token)


def _catalogue(path: Path, locale: str) -> Translations | None:
    if not path.exists():
        return None
    with path.open("rb") as source:
        catalog = read_po(source, locale=locale)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return Translations(compiled, domain="messages")


def _po(folder: Path, locale: str) -> Path:
    return folder / "locale" / locale / "LC_MESSAGES" / "messages.po"


@functools.lru_cache(maxsize=len(LANGUAGES))
def translations(locale: str) -> NullTranslations:
    """The games' catalogues for ``locale`` with the renderers' own on top (theirs win)."""
    found = [c for folder in sorted(Path(games.__file__).parent.iterdir()) if folder.is_dir()
             if (c := _catalogue(_po(folder, locale), locale)) is not None]
    if (own := _catalogue(_po(HERE, locale), locale)) is not None:
        found.append(own)
    merged: Translations | None = None
    for catalogue in found:
        if merged is None:
            merged = catalogue
        else:
            merged.merge(catalogue)
    return merged or NullTranslations()


def word(template: str, /, **params: Any) -> str:
    """``template`` in the picture's language with ``params`` filled in (``word("Round {n}", n=3)``)."""
    if not template or current_locale() == "en":
        return _fill(template, template, params)
    text = translations(current_locale()).gettext(template)
    return _fill(text, template, params)


def words(singular: str, plural: str, /, by: str = "count", **params: Any) -> str:
    """A counted noun in the picture's language: ``words("{count} card", "{count} cards", count=n)``."""
    count = params[by]
    english = singular if count == 1 else plural
    text = translations(current_locale()).ngettext(singular, plural, count) if current_locale() != "en" else english
    return _fill(text, english, params)


def named(english: str, japanese: str | None) -> str:
    """A component's name from the game's data, in the picture's language (English when the
    data has no Japanese name)."""
    return japanese if japanese and current_locale() == "ja" else english


def _fill(text: str, english: str, params: dict[str, Any]) -> str:
    if not params:
        return text
    # a name with right-to-left letters is laid out on its own, never turning the line around it
    params = {key: isolate(value) if isinstance(value, str) else value for key, value in params.items()}
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return english.format(**params)


def N_(template: str, /) -> str:
    """Marks a word kept in a table (drawn later as ``word(TABLE[key])``) for the catalogue tools."""
    return template


@contextmanager
def with_codes() -> Iterator[None]:
    """Draw the notation id beside every component's name, in English too (the help picture)."""
    token = _CODES.set(True)
    try:
        yield
    finally:
        _CODES.reset(token)


def codes_shown() -> bool:
    """Whether components' names are drawn with their ids: always in Japanese; in English, where
    the names are nearly the ids, only in a picture that explains the notation."""
    return current_locale() != "en" or _CODES.get()


def drawing_key() -> tuple[str, bool]:
    """What changes the words of a drawing besides its arguments (for caches of drawn text)."""
    return current_locale(), codes_shown()


def coded(name: str, code: str) -> str:
    """A component's name drawn with the notation id players type for it beside it (when
    :func:`codes_shown`, and unless the name is the id already)."""
    same = name.replace(" ", "").lower() == code.lower()          # "Tool maker" is toolmaker already
    return name if not codes_shown() or same else f"{name} {code}"


def circled(number: int) -> str:
    """``number`` in a circle (⓪ ① … ⑳), as the Japanese help pages number the parts of a board;
    a number without one as it is."""
    if number == 0:
        return "\u24ea"
    return chr(0x2460 + number - 1) if 1 <= number <= 20 else str(number)


def numbered(number: int, name: str, code: bool = False) -> str:
    """A numbered place's title: ``1 Hunt``; in Japanese the number circled (``①狩り場``), since
    a plain number before a noun reads as a count of it (``1狩り場``: one hunting ground). A
    ``code`` (what players type, ``t1``) stays apart from its number (``② t1``)."""
    shown = circled(number) if current_locale() == "ja" else number
    if code:
        return word("{number} {code}", number=shown, code=name)
    return word("{number} {name}", number=shown, name=name)
