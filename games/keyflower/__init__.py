"""Keyflower (as played on Board Game Arena): rules engine, notation and computer player."""
from games.keyflower.game import Keyflower

GAME = Keyflower()

__all__ = ["GAME", "Keyflower"]
