"""Options every table has, whatever its game (``/option lang ja``), and how they share the
store's options column with the game's own options.

A table's stored options are one list of tokens (see games/core/options.py): the game's
switches and ``name=value`` tokens, plus the table's own ``name=value`` tokens. Reading a
record splits them, so a game only ever sees its own options (``setup``, ``has_secrets``).
"""
from __future__ import annotations

from typing import Iterable

from bot.i18n import LOCALES
from games.core import Choice, OptionSpec, option_value
from games.core.contract import Game
from games.core.options import split_token

LANG = "lang"
#: the languages a table can be set to (the bot's catalogues); ``auto``: each reader's own
LANGUAGES = LOCALES

TABLE_OPTIONS = (
    OptionSpec(LANG, "The language of the table's public messages: en or ja (auto: each reader's own).",
               default="auto", kind=Choice(("auto",) + LANGUAGES)),
)
TABLE_NAMES = frozenset(spec.name for spec in TABLE_OPTIONS)


def is_table_option(name: str) -> bool:
    return split_token(name)[0] in TABLE_NAMES


def split_options(game: Game, tokens: Iterable[str]) -> tuple[frozenset[str], frozenset[str]]:
    """(the game's tokens, the table's tokens) of a stored options list. A stored list of plain
    switch names (every table stored before options had values) is all the game's."""
    mine = frozenset(t for t in tokens if is_table_option(t))
    return frozenset(tokens) - mine, mine


def table_language(tokens: Iterable[str]) -> str | None:
    """The language the table's public messages are set to, or None (each reader's own)."""
    lang = option_value(TABLE_OPTIONS, tokens, LANG)
    return lang if lang in LANGUAGES else None
