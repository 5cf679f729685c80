"""What keeps Keyflower's turn image cheap to draw from one turn to the next: numbers drawn apart
from their words (a new action number rasterises digits already kept), and a warm-up that leaves
no auction tile or boat to draw in a game."""
from __future__ import annotations

import random
import re

from games.keyflower import GAME
from renderers.common.phone import floors
from renderers.common.picture_words import LANGUAGES, speaking
from renderers.keyflower import render, warm_up
from renderers.keyflower.board import auction, boats_row
from renderers.keyflower.hexes import tile_sprite
from tests.renderers.drawnwords import recording

NAMES = ["Ann", "Bob", "Cara", "Dan", "Eve", "Finn"]


def _views(players: int, seed: int) -> list:
    """The public views of a whole random game."""
    rng = random.Random(seed)
    st = GAME.setup(players, frozenset(), seed)
    views = [GAME.view(st, None)]
    while GAME.outcome(st) is None:
        seat = rng.choice(sorted(GAME.to_act(st)))
        GAME.apply(st, seat, rng.choice(GAME.legal_actions(st, seat)))
        views.append(GAME.view(st, None))
    return views


def test_a_changing_number_is_drawn_apart_from_its_words():
    views = [v for v in _views(4, 5) if v.phase == "actions"][:6]
    with recording() as drawn:
        for view in views:
            render(view, NAMES[:4], cache_key=("test", "digits"))
    assert "action " in drawn.texts and "passes " in drawn.texts
    assert not [t for t in drawn.texts if re.search(r"(action|passes|bag|skills) \d", t)]
    assert {str(view.action_no + 1)[-1] for view in views} <= set(drawn.texts)


def test_after_the_warm_up_a_game_draws_no_auction_tile_or_boat():
    warm_up()
    drawn = tile_sprite.cache_info().misses
    fl = floors(800)
    for players, seed in ((2, 3), (6, 4)):
        views = _views(players, seed)[::3]
        for locale in LANGUAGES:
            with speaking(locale):
                for view in views:
                    auction(view, 800, fl)
                    boats_row(view, 800, fl)
    assert tile_sprite.cache_info().misses == drawn
