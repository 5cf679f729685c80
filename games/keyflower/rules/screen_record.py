"""The public record of each screen (``Player.seen_keeples`` / ``seen_skills``, read by
``screens.py``): what everyone saw go behind a screen and has not seen leave it.

The rules call ``entering`` where keeples or skill tiles go behind a screen in public view (losing
bids, won tiles' and one's own village's use-keeples returned at the end of a season, boat cargo,
summer boat 1b's green keeple, the green keeples of the Peddler, Store and Fair), ``leaving``
where they come out in public (bids and uses from the supply, keeples paid, skill tiles paid
by type), and ``skills_leaving_unseen`` where skill tiles of a hidden type are paid. Private
draws (the first eight keeples, Alehouse, Inn, Tavern, Brewer, Apprentice Hall, Hiring Fair,
summer boat 1a) are never recorded. The record only counts what everyone watched, so it stays
a lower bound of what is behind each screen: what leaves is taken off it but never below zero
(a keeple of a colour the record does not hold came from the unknown part of the screen).
"""
from __future__ import annotations

from games.keyflower.components import SKILLS
from games.keyflower.state import Player


def entering(player: Player, keeples: dict[str, int] | None = None, skills: dict[str, int] | None = None) -> None:
    """Keeples and skill tiles everyone saw go behind ``player``'s screen."""
    for seen, items in ((player.seen_keeples, keeples), (player.seen_skills, skills)):
        for key, n in (items or {}).items():
            seen[key] += n


def leaving(player: Player, keeples: dict[str, int] | None = None, skills: dict[str, int] | None = None) -> None:
    """Keeples and skill tiles everyone saw come out of ``player``'s screen."""
    for seen, items in ((player.seen_keeples, keeples), (player.seen_skills, skills)):
        for key, n in (items or {}).items():
            seen[key] = max(0, seen[key] - n)


def skills_leaving_unseen(player: Player, n: int) -> None:
    """``n`` skill tiles of types no one else saw came out of ``player``'s screen: each may have
    been of any type, so each type's record loses ``n``."""
    leaving(player, skills={s: n for s in SKILLS})
