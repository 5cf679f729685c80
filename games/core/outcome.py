"""Final result of a game."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from games.core.messages import Msg


@dataclass(frozen=True)
class Outcome:
    """Scores and ranks per seat (rank 1 is the winner; tied seats share a rank).

    ``breakdown`` lists the scoring categories in the rules' order, each with its points per seat
    (a penalty is negative); per seat they add up to the score. ``tiebreak`` names what decided
    between equal scores, when the rules have a tie-break. Both are English templates, for the
    result image and the messages."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    details: tuple[Msg, ...] = field(default_factory=tuple)
    breakdown: tuple[tuple[str, tuple[int, ...]], ...] = ()
    tiebreak: str = ""

    def winners(self) -> list[int]:
        return [seat for seat, rank in enumerate(self.ranks) if rank == 1]


def ranks_from_scores(keys: Sequence[Sequence[int] | int]) -> tuple[int, ...]:
    """Competition ranking (1, 1, 3) from per-seat sort keys, higher is better.

    A key may be a tuple (score, tie-break, ...) so games can express their tie-breaks.
    """
    normal = [tuple(k) if isinstance(k, (tuple, list)) else (k,) for k in keys]
    return tuple(1 + sum(1 for other in normal if other > mine) for mine in normal)


def categories(parts: Sequence[tuple[str, Sequence[int]]]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """A breakdown from (category, points per seat) pairs, leaving out categories nobody scored in."""
    return tuple((name, tuple(points)) for name, points in parts if any(points))
