"""Pictures drawn for players with hard names (tests/renderers/hardnames.py: emoji of each kind,
many scripts, 64 characters, combining marks, bidi controls, Markdown): ``python
docs/hard_names_images.py`` writes into docs/images/:

* ``names_keyflower_en.png``: Keyflower's turn image at six players, in English,
* ``names_quetzal_ja.png``: Quetzal's turn image at five players, in Japanese.

Each name is drawn in the fonts that have its letters, shrunk to the room its layout gives it
and, at the picture's smallest readable size, cut between grapheme clusters with an ellipsis.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games import registry  # noqa: E402
from renderers import registry as renderers  # noqa: E402
from tests.renderers.hardnames import NAMES  # noqa: E402
from tests.renderers.positions import all_options, positions  # noqa: E402

OUT = ROOT / "docs" / "images"
PICTURES = {  # file: (game, players, moment, language, the first of the names)
    "names_keyflower_en.png": ("keyflower", 6, "late", "en", 7),
    "names_quetzal_ja.png": ("quetzal", 5, "early", "ja", 13),
}


def picture(game_name: str, players: int, moment: str, language: str, first: int) -> bytes:
    game = registry.get(game_name)
    state = game.from_json(positions(game_name, players, all_options(game))[moment])
    names = [NAMES[(first + k) % len(NAMES)] for k in range(players)]
    png = renderers.render(game_name, game.view(state, None), names, locale=language)
    assert png is not None
    return png


def main() -> None:
    for file, (game_name, players, moment, language, first) in PICTURES.items():
        (OUT / file).write_bytes(picture(game_name, players, moment, language, first))
        print(OUT / file)


if __name__ == "__main__":
    main()
