"""Carcassonne as the BSW site ran it."""
from games.carcassonne.game import Carcassonne

GAME = Carcassonne()

__all__ = ["GAME", "Carcassonne"]
