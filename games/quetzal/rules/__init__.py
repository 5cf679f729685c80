"""The rules of the game, one module per part of the rules reference (see games/quetzal/game.py)."""
