"""Quetzal (City of the Sacred Birds), as played on Board Game Arena."""
from games.quetzal.game import Quetzal

GAME = Quetzal()

__all__ = ["GAME", "Quetzal"]
