"""Save board images of a real Carcassonne game (greedy computer players) for the README:
``python docs/carcassonne_game_images.py`` writes docs/images/carcassonne_game_*.png."""
from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.carcassonne import GAME  # noqa: E402
from renderers.carcassonne import render  # noqa: E402

NAMES = ["Alice", "ボブ", "Chloé", "田中 太郎"]


def main(seed: int = 11) -> None:
    state = GAME.setup(len(NAMES), frozenset(), seed)
    rng = random.Random(seed)
    player = GAME.computer_player("greedy")
    out = ROOT / "docs" / "images"
    saved = {12: "early", 45: "middle"}
    moves = 0
    while not GAME.is_over(state):
        seat = sorted(GAME.to_act(state))[0]
        GAME.apply(state, seat, player.choose(GAME, state, seat, rng))
        moves += 1
        placed = len(GAME.view(state, None).tiles)
        if placed in saved and GAME.view(state, None).phase == "place":
            (out / f"carcassonne_game_{saved.pop(placed)}.png").write_bytes(render(GAME.view(state, None), NAMES))
    view = GAME.view(state, None)
    (out / "carcassonne_game_final.png").write_bytes(render(view, NAMES))
    (out / "carcassonne_game_region.png").write_bytes(render(view, NAMES, region="0,0"))
    print(f"{moves} moves; images in {out}")


if __name__ == "__main__":
    main()
