"""A tiny test-only game that exercises every part of the pipeline, laid out as every game is
(see the README's "Adding a game")."""
from renderers.registry import register
from tests.toygame.game import Countdown
from tests.toygame.render import CountdownRenderer

GAME = Countdown()
register(GAME.name, CountdownRenderer())

__all__ = ["GAME", "Countdown"]
