"""Computer players that choose among ``legal_actions``."""
from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from games.core.contract import Game


class ComputerPlayer(ABC):
    """Base class: ``choose`` returns one of the legal actions for ``seat``."""

    name = "random"

    @abstractmethod
    def choose(self, game: "Game", state: Any, seat: int, rng: random.Random) -> Any:
        """Pick an action; ``rng`` is seeded by the table so choices are reproducible."""


class RandomPlayer(ComputerPlayer):
    name = "random"

    def choose(self, game: "Game", state: Any, seat: int, rng: random.Random) -> Any:
        actions = game.legal_actions(state, seat)
        if not actions:
            raise RuntimeError(f"{game.name}: seat {seat} must act but has no legal action")
        return rng.choice(actions)
