"""Computer player for Keyflower."""
from __future__ import annotations

import random
from typing import Any

from games.core import ComputerPlayer


class KeyflowerPlayer(ComputerPlayer):
    name = "greedy"

    def choose(self, game: Any, state: Any, seat: int, rng: random.Random) -> Any:
        return rng.choice(game.legal_actions(state, seat))
