"""Options every table has, whatever its game (``/option lang ja``), and how they share the
store's options column with the game's own options.

A table's stored options are one list of tokens (see games/core/options.py): the game's
switches and ``name=value`` tokens, plus the table's own ``name=value`` tokens. Reading a
record splits them, so a game only ever sees its own options (``setup``, ``has_secrets``).

A table's language (its public messages and pictures) is ``lang`` when a player set it, else
the language of the server the table was opened in: Discord sends the server's preferred
locale with every interaction, and the table keeps it as the token ``server_lang=ja`` (no
player sets that one; it is not an option /option knows). A table opened without an interaction
(a tournament's) takes the language the server's latest interaction said. A table stored before
tables had one speaks the bot's default language (``locale.default``) until a player sets ``lang``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from bot.i18n import LOCALES
from games.core import Choice, OptionSpec, SeatChoice, option_value
from games.core.contract import Game
from games.core.options import split_token

if TYPE_CHECKING:
    from bot.table.live import LiveTable

LANG = "lang"
#: the token name of the server's language, recorded when the table opens (not an option)
SERVER_LANG = "server_lang"
#: the languages a table can be set to (the bot's catalogues); ``auto``: the server's
LANGUAGES = LOCALES

TABLE_OPTIONS = (
    OptionSpec(LANG, "The language of the table's public messages and pictures: en or ja (auto: the server's language).",
               default="auto", kind=Choice(("auto",) + LANGUAGES)),
)
TABLE_NAMES = frozenset(spec.name for spec in TABLE_OPTIONS)
#: every token name the table keeps for itself: its options and the server's language
STORED_NAMES = TABLE_NAMES | {SERVER_LANG}


def is_table_option(name: str) -> bool:
    """Whether ``name`` is an option of every table (one a player may set with /option)."""
    return split_token(name)[0] in TABLE_NAMES


def split_options(game: Game, tokens: Iterable[str]) -> tuple[frozenset[str], frozenset[str]]:
    """(the game's tokens, the table's tokens) of a stored options list. A stored list of plain
    switch names (every table stored before options had values) is all the game's."""
    mine = frozenset(t for t in tokens if split_token(t)[0] in STORED_NAMES)
    return frozenset(tokens) - mine, mine


def table_language(tokens: Iterable[str]) -> str | None:
    """The language a player set the table's public messages to (``/option lang``), or None
    (``auto``: the server's)."""
    lang = option_value(TABLE_OPTIONS, tokens, LANG)
    return lang if lang in LANGUAGES else None


def server_language(tokens: Iterable[str]) -> str | None:
    """The language of the server the table was opened in, as recorded then (None: not known)."""
    for token in tokens:
        name, value = split_token(token)
        if name == SERVER_LANG and value in LANGUAGES:
            return value
    return None


def public_language(tokens: Iterable[str], default: str) -> str:
    """A table's public language from its stored options: ``lang`` when set, else the server's
    as recorded when it opened, else ``default`` (the bot's; for tables stored before either)."""
    tokens = tuple(tokens)
    return table_language(tokens) or server_language(tokens) or default


def server_token(language: str) -> str:
    """The token that records the server's language with a table's options."""
    return f"{SERVER_LANG}={language}"


def specs_of(table: "LiveTable") -> tuple[OptionSpec, ...]:
    """The game's options, then those every table has."""
    return tuple(table.game.options) + TABLE_OPTIONS


def tokens_for(table: "LiveTable", spec: OptionSpec) -> frozenset[str]:
    return table.table_options if spec in TABLE_OPTIONS else table.options


def shown_value(table: "LiveTable", spec: OptionSpec) -> str:
    """A valued option's value as the lobby shows it: ``2 (bob)`` for a seat."""
    value = option_value((spec,), tokens_for(table, spec), spec.name)
    if isinstance(spec.kind, SeatChoice) and value.isdigit() and int(value) <= len(table.seats):
        return f"{value} ({table.seats[int(value) - 1].name})"
    return value
