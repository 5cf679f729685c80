"""Carcassonne as the BSW site ran it."""
from games.carcassonne.engine import Carcassonne

GAME = Carcassonne()

__all__ = ["GAME", "Carcassonne"]
