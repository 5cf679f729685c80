"""games/stone_age/locale/ja.yaml covers every English template the engine uses."""
from __future__ import annotations

import string

import yaml

from bot.i18n import I18n
from games.core import SeatRef
from games.stone_age import GAME
from tests.stone_age.helpers import BLUE, RED, act, new, start_actions
from tests.stone_age.templates import PACKAGE, scan


def placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


def catalogue() -> dict[str, str]:
    return yaml.safe_load((PACKAGE / "locale" / "ja.yaml").read_text(encoding="utf-8"))


def test_every_template_is_a_literal():
    _, problems = scan()
    assert problems == []


def test_japanese_covers_every_template_with_the_same_placeholders():
    templates, _ = scan()
    ja = catalogue()
    assert len(templates) > 100
    assert sorted(templates - set(ja)) == []
    assert sorted(set(ja) - templates) == []            # no stale entries
    for english, japanese in ja.items():
        literal = "".join(text for text, _, _, _ in string.Formatter().parse(english))
        assert japanese.strip()
        if any(c.isalpha() for c in literal):
            assert japanese != english, english          # translated, not copied
        assert placeholders(english) == placeholders(japanese), english


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
    assert I18n(("games.stone_age",)).render(line, "ja") == "このラウンド閉鎖中: 小屋。"
