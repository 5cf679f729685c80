"""Points by rank and the standings with tie-breakers. Pure functions.

Points: at a table of ``s`` players, place ``p`` (1-based) is worth ``s - p`` points, scaled to
the tournament's table size ``k`` (``(k - 1) * (s - p) / (s - 1)``) so a win at a smaller table is
worth as much as at a full one; tied players share the points of the places they cover. Two-player
tables thus give 1 for a win, 0.5 for a draw, 0 for a loss; four-player tables 3/2/1/0.
A bye is worth ``ceil((k - 1) / 2)``: a win at two-player tables, the upper half elsewhere.

Order: points, then Buchholz (for each table played, the average current points of the
opponents there, summed), then wins, then the sum of game scores, then entry order.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Sequence

from bot.store.records import Entry


def table_points(ranks: Sequence[int], size: int) -> list[float]:
    """Points for each player of one table from their competition ranks (1, 1, 3, ...)."""
    seats = len(ranks)
    if seats < 2:
        return [bye_points(size)] * seats
    scale = (size - 1) / (seats - 1)
    points = []
    for rank in ranks:
        tied = sum(1 for other in ranks if other == rank)
        places = range(rank, rank + tied)
        points.append(scale * sum(seats - place for place in places) / tied)
    return [round(p, 4) for p in points]


def bye_points(size: int) -> float:
    return float(math.ceil((size - 1) / 2))


@dataclass
class Line:
    user_id: int
    name: str
    entry: int
    dropped: bool = False
    points: float = 0.0
    buchholz: float = 0.0
    wins: int = 0
    score: int = 0
    games: int = 0
    byes: int = 0
    by_round: dict[int, float] = field(default_factory=dict)
    place: int = 0

    def key(self) -> tuple:
        return (-self.points, -self.buchholz, -self.wins, -self.score, self.entry)


def standings(players: Sequence[tuple[int, str, int, bool]], entries: Sequence[Entry]) -> list[Line]:
    """Lines sorted best first; ``players`` are (user_id, name, entry order, dropped)."""
    lines = {user: Line(user, name, entry, dropped) for user, name, entry, dropped in players}
    for e in entries:
        line = lines.get(e.user_id)
        if line is None:
            continue
        line.points += e.points
        line.score += e.score
        line.by_round[e.round] = line.by_round.get(e.round, 0.0) + e.points
        if e.bye:
            line.byes += 1
        else:
            line.games += 1
            line.wins += int(e.rank == 1)
    for e in entries:
        if e.bye or not e.opponents or e.user_id not in lines:
            continue
        known = [lines[o].points for o in e.opponents if o in lines]
        if known:
            lines[e.user_id].buchholz += sum(known) / len(known)
    ordered = sorted(lines.values(), key=Line.key)
    for index, line in enumerate(ordered):
        previous = ordered[index - 1] if index else None
        line.points, line.buchholz = round(line.points, 4), round(line.buchholz, 4)
        line.place = previous.place if previous and previous.key()[:4] == line.key()[:4] else index + 1
    return ordered


def number(value: float) -> str:
    """1.0 -> '1', 1.5 -> '1.5', 1.3333 -> '1.33'."""
    return f"{value:.2f}".rstrip("0").rstrip(".")
