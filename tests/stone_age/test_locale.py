"""Stone Age's names (locations, goods, card effects) are kept in tables and reach messages as
nested Msgs: each is marked for the catalogue and translated (the catalogue as a whole is checked
by tests/test_i18n.py)."""
from __future__ import annotations

from bot.i18n import I18n
from games.core import SeatRef
from games.stone_age import GAME, words
from tests.stone_age.helpers import BLUE, RED, act, new, start_actions
from tests.catalogues import japanese as ja_catalogue
from tests.test_i18n import PLACES

PACKAGE = next(folder for folder in PLACES if folder.name == "stone_age")


def test_every_name_in_the_tables_is_translated():
    catalogue = ja_catalogue(PACKAGE)
    tables = [words.LOCATION, words.GOOD, words.CULTURE]
    kept = [text for table in tables for text in table.values()]
    assert len(kept) > 20
    for text in kept:
        assert catalogue.get(text) and catalogue[text] != text, text


def test_resources_are_listed_by_count():
    """The status line and the events count resources (``wood 24``) instead of repeating a
    letter per resource (``w w w …``), in both languages."""
    state = new(first=RED)
    state.players[RED].res = [24, 3, 0, 1]
    line = next(m for m in GAME.status(GAME.view(state, None)) if "resources" in m.text)
    english = line.english(["Red", "Blue"])
    assert "resources wood 24, brick 3, gold 1 ·" in english and "w w" not in english
    i18n = I18n(("games.stone_age",))
    assert "木材24、レンガ3、金1" in i18n.render(line, "ja", ["Red", "Blue"])
    blue = next(m for m in GAME.status(GAME.view(state, None)) if m.params.get("player") == SeatRef(BLUE))
    assert "resources none" in blue.english(["Red", "Blue"])
    start_actions(state, {RED: {"card1": 1}})
    events = act(state, RED, "buy card 1 with w")
    assert events[0].startswith("Red buys ") and " (card 1) with wood 1: " in events[0]


def test_closed_locations_are_named_in_the_readers_language():
    state = new(first=RED)
    act(state, RED, "place field")
    act(state, BLUE, "place toolmaker")                      # two village locations: the hut closes
    line = next(m for m in GAME.status(GAME.view(state, None)) if m.text.startswith("Closed"))
    assert line.english() == "Closed this round: hut."
    assert I18n(("games.stone_age",)).render(line, "ja") == "このラウンド閉鎖中：小屋。"
