"""A tiny test-only game that exercises every part of the pipeline, laid out as every game is
(see the README's "Adding a game")."""
from tests.toygame.game import Countdown

GAME = Countdown()

__all__ = ["GAME", "Countdown"]
