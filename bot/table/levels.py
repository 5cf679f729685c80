"""The computer levels a table may seat: what players call them in each language, what each one
does, and the short name of a computer's seat.

A level's key (``random``, ``greedy``, ``strong``) is what config, the store and the benchmarks
name; players read its name in their language (weak, normal, strong; よわい, ふつう, つよい) and
may type either.
"""
from __future__ import annotations

from typing import Iterable, Sequence

from bot.i18n import LOCALES, I18n, t
from games.core import Msg
from games.core.contract import Game

#: each level's name as players read it
NAMES: dict[str, Msg] = {"random": t("weak"), "greedy": t("normal"), "strong": t("strong")}
#: what each level does, in a few words (the /addbot choices, /help)
WHAT: dict[str, Msg] = {
    "random": t("weak: moves at random among the legal moves"),
    "greedy": t("normal: takes the move worth most right now, one move ahead"),
    "strong": t("strong: thinks about a second a move, searching several moves ahead over what it cannot see"),
}
#: how strong the levels are, as measured (bench/arena.py, bench/carcassonne_greedy.py; docs/performance.md)
HOW_STRONG = t("How strong, measured in Carcassonne: normal beat weak in all of 200 games; strong beat normal in "
               "12 of 20 two-player games (60 %, by 5.2 points on average) thinking a quarter of a second a move. "
               "Twenty games are a small sample: its true share may lie anywhere from 39 % to 78 %. "
               "Thinking 0.9 s a move, as at tables, strong beat normal in 55.5 of 61 Keyflower games (91 %, "
               "a tie counts half) and in all 30 Quetzal games.")
#: the level that plays best, first (a resigned or timed-out seat's default falls back in this order)
STRONGEST_FIRST = ("strong", "greedy", "random")


def level_lines(games: Sequence[Game]) -> list[Msg]:
    """What /help says of the computer levels: what each does, how strong, and the games that
    have ``strong``."""
    searching = [Msg(game.title) for game in games if "strong" in table_levels(game)]
    lines = [t("Computer levels (/addbot LEVEL):"), *(WHAT[level] for level in ("random", "greedy", "strong")), HOW_STRONG]
    if searching:
        lines.append(t("strong is offered in: {games}.", games=listed(searching)))
    return lines


def level_name(level: str) -> Msg:
    """The name players read for ``level`` (a level this module does not know is shown as it is)."""
    return NAMES.get(level) or Msg(level)


def listed(items: Sequence[Msg]) -> Msg:
    """``items`` (at least one) as one list in the reader's language ("weak, normal, strong";
    「よわい、ふつう、つよい」)."""
    joined = items[-1]
    for item in reversed(items[:-1]):
        joined = t("{first}, {rest}", first=item, rest=joined)
    return joined


def level_names(levels: Iterable[str]) -> Msg:
    """Several levels' names, for a message that lists them."""
    return listed([level_name(level) for level in levels])


def seat_name(number: int, level: str) -> Msg:
    """The short seat name of the ``number``-th computer at a table: "CPU 1 (strong)"."""
    return t("CPU {number} ({level})", number=number, level=level_name(level))


def table_levels(game: Game) -> list[str]:
    """The levels a table of ``game`` may seat: the game's own list (a game lists ``strong`` once
    the arena shows it beats ``greedy``), without ``strong`` where the game cannot search."""
    return [level for level in game.computer_levels() if level != "strong" or game.supports_search()]


def level_named(text: str, levels: Sequence[str]) -> str | None:
    """The level of ``levels`` that ``text`` names: its key or its name in any language."""
    wanted = text.strip().casefold()
    i18n = I18n()
    for level in levels:
        if wanted == level.casefold() or any(wanted == i18n.render(level_name(level), locale).casefold() for locale in LOCALES):
            return level
    return None


def best_level(levels: Sequence[str], preferred: str) -> str:
    """``preferred`` if the game offers it, else the best level it does offer."""
    if preferred in levels:
        return preferred
    return next((level for level in STRONGEST_FIRST if level in levels), levels[-1])
