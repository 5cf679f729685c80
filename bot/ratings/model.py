"""Rating arithmetic: OpenSkill's Plackett-Luce model (the ``openskill`` package).

Why OpenSkill: it rates games of any number of players from a finishing order (ties allowed),
which Elo does not; it is a maintained, MIT-licensed, pure-Python library, and unlike TrueSkill
it carries no patent. Each player has a mean ``mu`` and an uncertainty ``sigma``; leaderboards
sort by the conservative ``mu - 3 sigma`` ("ordinal"), so one lucky game does not top the list.

Players see :func:`displayed`: the ordinal on a scale where a new player starts at 1000 (the
ordinal starts at 0 and dips below it after a first loss, which read as a punishment).
"""
from __future__ import annotations

from typing import Sequence

from openskill.models import PlackettLuce

from bot.store.records import Skill

MODEL = PlackettLuce()
START = Skill(MODEL.mu, MODEL.sigma)
"""The skill of a player's first rated game."""


#: the rating a new player is shown, and how many shown points one point of ``mu - 3 sigma`` is
DISPLAY_START = 1000
DISPLAY_SCALE = 40


def displayed(skill: Skill) -> int:
    """The rating players see: ``1000 + 40 (mu - 3 sigma)``, a whole number, never below 0.
    It orders players as the ordinal does; a new player has 1000 and a first lost game takes
    a few dozen points, not the player below zero."""
    return max(0, round(DISPLAY_START + DISPLAY_SCALE * skill.ordinal))


def places(values: Sequence[int]) -> list[int]:
    """Standard competition places of values sorted best first: ties share a place, the next
    place skips (1, 2, 2, 4)."""
    return [1 + sum(1 for other in values if other > value) for value in values]


def rate(skills: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """New skills after one game; ``ranks`` as in an Outcome (1 = first, equal ranks tie)."""
    if len(skills) != len(ranks) or len(skills) < 2:
        raise ValueError("a rated game needs two or more players, each with a rank")
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    result = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [Skill(team[0].mu, team[0].sigma) for team in result]
