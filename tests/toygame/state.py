"""Countdown's state and its exact JSON form."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from games.core import SeededRng


@dataclass
class CountdownState:
    players: int
    options: frozenset[str]
    total: int = 0
    turn: int = 0
    bonus: list[int] = field(default_factory=list)
    bets: list[str | None] = field(default_factory=list)
    finisher: int | None = None
    rng: SeededRng = field(default_factory=lambda: SeededRng(0))


def to_json(state: CountdownState) -> dict[str, Any]:
    return {"players": state.players, "options": sorted(state.options), "total": state.total,
            "turn": state.turn, "bonus": list(state.bonus), "bets": list(state.bets),
            "finisher": state.finisher, "rng": state.rng.to_json()}


def from_json(data: dict[str, Any]) -> CountdownState:
    return CountdownState(players=data["players"], options=frozenset(data["options"]), total=data["total"],
                          turn=data["turn"], bonus=list(data["bonus"]), bets=list(data["bets"]),
                          finisher=data["finisher"], rng=SeededRng.from_json(data["rng"]))
