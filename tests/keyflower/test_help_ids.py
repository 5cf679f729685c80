"""What /help keyflower tells players to type works, and the pictures show the ids it talks
about: the use example acts on the actor's own home in any fresh game (the homes are dealt at
random, so ``home1`` may be no one's), and every turn image, in English as in Japanese, writes
the id players type under each tile's name (in English where the name does not begin with
it), a home tile's own number included."""
from __future__ import annotations

import re

import pytest

from games import registry
from games.keyflower.components import tile
from games.keyflower.help import LINES
from renderers import registry as renderers
from tests.renderers.drawnwords import recording

GAME = registry.get("keyflower")


def _examples(verb: str) -> list[str]:
    return [text for line in LINES for text in re.findall(r"'([^']+)'", str(line.english))
            if text.startswith(verb + " ")]


@pytest.mark.parametrize("players", range(2, 7))
def test_the_help_use_example_works_in_every_fresh_game(players):
    examples = [text for text in _examples("use") if text.split()[1].startswith("home")]
    assert examples, "the help shows how to use a home tile"
    for seed in range(1, 11):
        for text in examples:
            state = GAME.setup(players, frozenset(), seed)
            seat = sorted(GAME.to_act(state))[0]
            action = GAME.parse(state, seat, text)
            assert action.tile == state.seats[seat].home, (text, seed)
            GAME.apply(state, seat, action)        # legal: no IllegalAction


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_the_turn_image_writes_every_tile_id_and_the_home_number(locale):
    state = GAME.setup(3, frozenset(), 2)
    view = GAME.view(state, None)
    seat = view.to_act[0]
    with recording() as drawn:
        renderers.render("keyflower", view, ["Ann", "Bob", "Cid"], locale=locale)
    words = {w for text in drawn.texts for w in text.split()}
    home = state.seats[seat].home
    assert home in words, f"{locale}: the acting seat's home {home} is not labelled"
    named_by_id = {tid for tid in [t.id for t in view.auction + view.orders]
                   if not (locale == "en" and tile(tid).en.lower().split()[0] == tid)}      # "Stable", "Hiring Fair"
    assert named_by_id and any(tid.startswith("to") for tid in named_by_id)
    missing = sorted(named_by_id - words)
    assert not missing, f"{locale}: ids not drawn under their names: {missing}"
