"""What a seat (or the public, ``seat=None``) sees of a Countdown game: all that the renderer
and the messages read."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CountdownView:
    seat: int | None
    players: int
    total: int
    target: int
    turn: int | None
    phase: str
    my_bonus: int | None
    my_bet: str | None
    answered: tuple[bool, ...]
    revealed_bets: tuple[str | None, ...] | None
    revealed_bonus: tuple[int, ...] | None
    finisher: int | None
