"""Counted nouns for the bot's messages ("1 game", "2 games"; Japanese by its own rules): a
message puts one in as a parameter, so a line with several numbers gets each one right."""
from __future__ import annotations

from bot.i18n import tn
from games.core.messages import Msg


def games(n: int) -> Msg:
    return tn("{count} game", "{count} games", count=n)


def wins(n: int) -> Msg:
    return tn("{count} win", "{count} wins", count=n)


def actions(n: int) -> Msg:
    return tn("{count} action", "{count} actions", count=n)


def moves(n: int) -> Msg:
    return tn("{count} move", "{count} moves", count=n)


def pictures(n: int) -> Msg:
    return tn("{count} picture", "{count} pictures", count=n)


def points(n: int | float | str) -> Msg:
    """``n`` may be written out already (a tournament's '1.5')."""
    return tn("{count} point", "{count} points", count=n)


def players(n: int) -> Msg:
    return tn("{count} player", "{count} players", count=n)


def rounds(n: int) -> Msg:
    return tn("{count} round", "{count} rounds", count=n)


def days(n: int) -> Msg:
    return tn("{count} day", "{count} days", count=n)
