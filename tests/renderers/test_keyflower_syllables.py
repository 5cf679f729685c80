"""Keyflower's tile words are hyphenated from a stored table (renderers/keyflower/syllables.json),
so a drawing process never loads Pyphen's dictionary for them: the table holds every word a tile
face can say, as Pyphen breaks it, and drawing Keyflower's pictures in both languages asks Pyphen
for nothing."""
from __future__ import annotations

import json

import pytest

from games import registry
from renderers import registry as renderers
from renderers.helppicture import help_picture
from renderers.keyflower import syllables
from renderers.keyflower.syllable_table import build
from tests.renderers.positions import JAPANESE, all_options, positions


def test_the_table_holds_every_tile_word_as_pyphen_breaks_it():
    stored = json.loads(syllables.TABLE_FILE.read_text(encoding="utf-8"))
    assert stored == build(), "tile words changed: python -m renderers.keyflower.syllable_table"
    assert stored["Apprentice"] == [2, 6] and stored["transport"] == [5]


def test_a_word_not_in_the_table_is_hyphenated_by_pyphen():
    assert "Unterwasserbahnhof" not in syllables.table()
    assert syllables.breaks("hyphenation") == syllables.pyphen_breaks("hyphenation") != ()


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_keyflower_pictures_load_no_hyphenation_dictionary(locale):
    game = registry.get("keyflower")
    assert game is not None
    players = game.max_players
    state = game.from_json(positions("keyflower", players, all_options(game))["early"])
    syllables.hyphenator.cache_clear()
    assert renderers.render("keyflower", game.view(state, None), JAPANESE[:players], locale=locale)
    assert renderers.render("keyflower", game.view(state, None), JAPANESE[:players], scale=0.5, locale=locale)
    assert help_picture(game, locale)
    assert syllables.hyphenator.cache_info().misses == 0
