"""Florenza: The Card Game (2-4 players), as Board Game Arena runs it."""
from games.florenza.game import Florenza

GAME = Florenza()

__all__ = ["Florenza", "GAME"]
