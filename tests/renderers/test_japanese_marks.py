"""The short marks of Japanese pictures and lines are Japanese: Keyflower's resource column heads
and short costs (木 石 鉄 金, not W S I Au), the use-keeples on a tile (黄1+赤2, not Y1+R2), the
codes of its log lines (春04, not Sp-04), Quetzal's cost per worker (2/人, not 2/w), and a
half-edge the help picture names as the compass does (南東, not 東南). In English they stay."""
from __future__ import annotations

import re

from bot.i18n import I18n
from games import registry
from games.core import Msg, SeatRef
from games.keyflower.components import tile as keyflower_tile
from games.keyflower.words import season_code
from renderers import registry as renderers
from renderers.common.picture_words import speaking, word
from renderers.keyflower.hexes import uses_text
from renderers.keyflower.words import cost_letters, keeple_mark, resource_mark
from tests.renderers.drawnwords import recording
from tests.renderers.positions import JAPANESE, configs, positions


def _drawn(name: str, locale: str) -> list[str]:
    game = registry.get(name)
    assert game is not None
    players, options = configs(game)[1]
    state = game.from_json(positions(name, players, options)["late"])
    with recording() as drawn:
        renderers.render(name, game.view(state, None), JAPANESE[:players], locale=locale)
    return drawn.texts


def test_keyflower_marks_in_japanese():
    with speaking("ja"):
        assert [resource_mark(r) for r in ("wood", "stone", "iron", "gold")] == ["木", "石", "鉄", "金"]
        assert [keeple_mark(c) for c in ("red", "blue", "yellow", "green")] == ["赤", "青", "黄", "緑"]
        assert cost_letters(keyflower_tile("goldmine")) == "石+鉄"
    assert [resource_mark(r) for r in ("wood", "stone", "iron", "gold")] == ["W", "S", "I", "Au"]
    assert cost_letters(keyflower_tile("goldmine")) == "S+I"


def test_keyflower_use_keeples_in_japanese():
    class Use:
        keeples = (("yellow", 1), ("red", 2))
    with speaking("ja"):
        pieces, total = uses_text([Use()])
    assert [text for text, _ in pieces] == [" 黄1", "+赤2"] and total == " (3/6)"


def test_keyflower_pictures_mark_resources_and_keeples_in_japanese():
    """Column heads, counters and the chips of keeples, bids and locks (R3 B3 Y2 was English)."""
    texts = _drawn("keyflower", "ja")
    assert {"木", "石", "鉄", "金"} <= set(texts) and not {"W", "S", "I", "Au", "R", "B", "Y", "G"} & set(texts)
    assert {"W", "S", "I", "Au", "R", "B", "Y", "G"} & set(_drawn("keyflower", "en"))


def test_keyflower_log_codes_in_japanese():
    i18n = I18n(["games.keyflower"])
    msg = Msg("{code} {player}: {command}", {"code": season_code(0, 4), "player": SeatRef(0), "command": "pass"})
    assert i18n.render(msg, "ja", ["さくら"]).startswith("春04")
    assert i18n.render(msg, "en", ["Ann"]) == "Sp-04 Ann: pass"
    placed = Msg("{code}-place {player}: place {tile} {q},{r} r{k}",
                 {"code": season_code(3), "player": SeatRef(0), "tile": "well", "q": 1, "r": 0, "k": 2})
    assert i18n.render(placed, "ja", ["さくら"]).startswith("冬・配置")
    assert i18n.render(placed, "en", ["Ann"]).startswith("Wi-place Ann")


def test_quetzal_cost_per_worker_in_japanese():
    with speaking("ja"):
        assert word("{cost}/w", cost=2) == "2/人"
    texts = _drawn("quetzal", "ja")
    assert not [t for t in texts if re.fullmatch(r"\d+/w", t)]
    assert any(re.fullmatch(r"\d+/人", t) for t in texts)


def test_a_half_edge_is_named_as_the_compass_names_it():
    with speaking("ja"):
        legend = word("a farmer on the field at a half-edge: north-west, north-east, east-south")
    assert "南東" in legend and "東南" not in legend


def test_keyflower_stock_gold_is_marked_in_japanese():
    """The stock's gold counter and the legend's line for it: "A" in English, 金 in Japanese (the
    Japanese help picture explained an "A" no Japanese picture draws, as gold "(Au)")."""
    from renderers.helppicture import help_picture
    from renderers.keyflower.words import stock_mark
    from renderers.legends import legend_rows

    assert [stock_mark(r) for r in ("wood", "stone", "iron", "gold")] == ["W", "S", "I", "A"]
    with speaking("ja"):
        assert [stock_mark(r) for r in ("wood", "stone", "iron", "gold")] == ["木", "石", "鉄", "金"]
        rows = legend_rows("keyflower")
    assert not [(token, meaning) for token, meaning in rows if re.search(r"\b(?:A|Au)\b", token + meaning)], rows
    game = registry.get("keyflower")
    assert game is not None
    with recording() as drawn:
        help_picture(game, "ja")
    assert not [t for t in drawn.texts if re.search(r"(?<![A-Za-z])(?:A|Au)(?![A-Za-z])", t)]
    assert "金" in _drawn("keyflower", "ja") and "A" in _drawn("keyflower", "en")
