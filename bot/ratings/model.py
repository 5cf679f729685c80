"""Rating arithmetic: OpenSkill's Plackett-Luce model (the ``openskill`` package).

Why OpenSkill: it rates games of any number of players from a finishing order (ties allowed),
which Elo does not; it is a maintained, MIT-licensed, pure-Python library, and unlike TrueSkill
it carries no patent. Each player has a mean ``mu`` and an uncertainty ``sigma``; leaderboards
sort by the conservative ``mu - 3 sigma`` ("ordinal"), so one lucky game does not top the list.
"""
from __future__ import annotations

from typing import Sequence

from openskill.models import PlackettLuce

from bot.store.records import Skill

MODEL = PlackettLuce()
START = Skill(MODEL.mu, MODEL.sigma)
"""The skill of a player's first rated game."""


def rate(skills: Sequence[Skill], ranks: Sequence[int]) -> list[Skill]:
    """New skills after one game; ``ranks`` as in an Outcome (1 = first, equal ranks tie)."""
    if len(skills) != len(ranks) or len(skills) < 2:
        raise ValueError("a rated game needs two or more players, each with a rank")
    teams = [[MODEL.rating(mu=s.mu, sigma=s.sigma)] for s in skills]
    result = MODEL.rate(teams, ranks=[float(r) for r in ranks])
    return [Skill(team[0].mu, team[0].sigma) for team in result]
