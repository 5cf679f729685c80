"""The rules of the game, one module per part of the rules reference (see games/stone_age/game.py)."""
