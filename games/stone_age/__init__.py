"""Stone Age (2-4 players) as played on Board Game Arena; rules: shared/rules/stone-age.md."""
from games.stone_age.game import StoneAge

GAME = StoneAge()

__all__ = ["GAME", "StoneAge"]
