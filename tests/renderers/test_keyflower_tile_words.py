"""What a Keyflower tile's face says (renderers.keyflower.tilewords): at the auction's hex size
every tile's ability and upgrade cost are shown whole in English and Japanese, inside the hex and
one block under the other; Japanese lines break between phrases where they can and never start
with a small kana, a long vowel mark or closing punctuation; the last resort cuts Japanese
inside the hex; a name keeps clear of the points badge when it can."""
from __future__ import annotations

import math

import pytest

from games.keyflower.components import tiles
from renderers.common.phone import floors
from renderers.common.picture_words import speaking
from renderers.keyflower import style as S
from renderers.keyflower.hexfit import LINE, NO_LINE_START, _cut, fit_in_hex, phrase_breaks
from renderers.keyflower.words import ability_text, cost_letters
from renderers.keyflower.palette import COST_INK
from renderers.keyflower.tilewords import name_alone, tile_words
from renderers.keyflower.villages import S_MAX

SQ3 = math.sqrt(3)
WIDTH = 800
FLOOR = floors(WIDTH).text
AUCTION_S = 74          # renderers.keyflower.board.auction_shape at 800 px wide


def _inside(s: float, x: float, y: float) -> bool:
    return abs(y) <= s * SQ3 / 2 and abs(x) <= s - abs(y) / SQ3


def _line_boxes(block):
    h = block.font.size * LINE
    top = block.centre - h * (len(block.lines) - 1) / 2
    for i, line in enumerate(block.lines):
        left, upper, right, lower = block.font.getbbox(line, anchor="mm")
        dx = block.shifts[i] if block.shifts else 0
        yield line, (left + dx, top + i * h + upper, right + dx, top + i * h + lower)


def _plain(text: str) -> str:
    return text.replace(" ", "").replace("-", "")


@pytest.mark.parametrize("locale", ["en", "ja"])
@pytest.mark.parametrize("tid", sorted(t for t, d in tiles().items() if d.kind not in ("home", "boat")))
def test_every_auction_tile_shows_its_ability_and_cost_whole(tid, locale):
    defn = tiles()[tid]
    with speaking(locale):
        words = tile_words(tid, False, AUCTION_S, FLOOR, "auction", purple=tid.startswith("to"))
        ability = ability_text(defn, False)
        short_cost = cost_letters(defn)
    title, *below = words.blocks
    assert below or not (ability or defn.upgradable), f"{tid}: the ability was left out"
    if ability:
        assert below[0].font.size >= FLOOR
        shown = _plain("".join(below[0].lines))
        assert shown.startswith(_plain(ability)), f"{tid}: {below[0].lines} is not {ability!r}"
    if defn.upgradable:
        cost = [block for block in below if block.ink == COST_INK]
        assert cost, f"{tid}: the upgrade cost was left out"
        assert _plain(short_cost) in _plain("".join(cost[0].lines))
    boxes = []
    for block in words.blocks:
        for line, (left, upper, right, lower) in _line_boxes(block):
            assert not line.endswith("…"), f"{tid}: {line!r} is cut"
            for x, y in ((left, upper), (right, upper), (left, lower), (right, lower)):
                assert _inside(AUCTION_S, x, y), f"{tid}: {line!r} crosses the hex's edge"
        boxes.append((block.centre - block.font.size * LINE * len(block.lines) / 2,
                      block.centre + block.font.size * LINE * len(block.lines) / 2))
    for (_, bottom), (top, _) in zip(boxes, boxes[1:]):
        assert bottom <= top + 0.5, f"{tid}: two blocks of words overlap"


def test_japanese_breaks_between_phrases_first():
    assert phrase_breaks("鉄床を払う：鉄+3") == {3, 6}          # 鉄床を|払う：|鉄+3
    assert phrase_breaks("ボート選択3・紫キープル") == {3, 7}      # ボート|選択3・|紫キープル
    assert phrase_breaks("キーの石切り場") == {3}                   # not 石切り|場
    assert phrase_breaks("+家タイル") == {2}
    assert phrase_breaks("フリッパー号") == {5}                    # one word of katakana, then its 号
    fnt, lines = fit_in_hex("鉄床を払う：鉄+3", 58, 58 * 0.22, FLOOR, False, 2, lambda n, h: 0)
    assert lines == ["鉄床を払う：", "鉄+3"] or lines == ["鉄床を", "払う：鉄+3"]


@pytest.mark.parametrize("text", ["キャッシュフローのチェック・ショップ", "スタートプレイヤー・ボーナス", "ジェットストリームアタック"])
def test_no_japanese_line_starts_with_a_small_kana_or_long_vowel(text):
    for s in (40, 48, 56, 64):
        fnt, lines = fit_in_hex(text, s, s * 0.3, FLOOR, True, 3, name_alone(s))
        assert all(line[:1] not in NO_LINE_START for line in lines), lines


def test_the_last_resort_cuts_japanese_inside_the_hex():
    s = 58
    fnt = S.f(FLOOR, False)
    lines = _cut("スキルを払う：キープル3個と鉄床と金を得る", fnt, s, [7.0, 25.0])
    assert lines[-1].endswith("…") and len(lines) == 2
    for i, (line, y) in enumerate(zip(lines, [7.0, 25.0])):
        left, upper, right, lower = fnt.getbbox(line, anchor="mm")
        assert _inside(s, left, y + upper) and _inside(s, right, y + lower), line


@pytest.mark.parametrize("tid", ["apprentice", "goldmine", "hiring"])
def test_a_name_keeps_clear_of_the_points_badge_when_it_can(tid):
    # at the largest village hex these upgraded names fit above their ability beside the badge
    # (they used to run under it)
    with speaking("en"):
        words = tile_words(tid, True, S_MAX, FLOOR, "village")
    assert words.badge is not None and len(words.blocks) == 2
    bx, by, r = words.badge
    for line, (left, upper, right, lower) in _line_boxes(words.blocks[0]):
        assert not (upper < by + r and right > bx - r), f"+{tid}: {line!r} runs under the points badge"
