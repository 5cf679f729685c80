"""Japanese typography in every game's pictures drawn in Japanese (early, late and final positions
with the fewest and the most players; every region, every private view, the result), by JLReq
(tests/typography.py): every text wrapped into lines breaks where Japanese allows (no line
starting with closing punctuation or a small kana, none ending with an opening bracket, no
katakana word broken where it could have moved whole to the next line), and every text drawn
has no space around particles and counters and full-width punctuation (a component's id beside
its name, the notation players type, is set apart as it is)."""
from __future__ import annotations

import importlib
import re

import pytest

from renderers.common import text as common_text, textfit
from renderers.keyflower import hexes, tilewords
from renderers.keyflower.hexfit import fits_across, phrase_breaks, split_katakana
from tests.renderers.test_japanese_pictures import GAMES, draw_all, notation
from tests.test_japanese_typography import RESOURCE_CODES
from tests.typography import count_faults, faults, line_break_faults

#: the modules that draw a text with numbers a digit at a time (renderers.common.text.digit_pieces):
#: the whole text is read before it is cut
DIGIT_DRAWERS = ("renderers.carcassonne.panel", "renderers.carcassonne.text", "renderers.florenza.draw",
                 "renderers.keyflower.style", "renderers.stone_age.draw")
#: the Japanese names of what each game's pictures count: a count goes after them, never before
THINGS = {"keyflower": ("木", "石", "鉄", "金", "任意", "のこぎり", "つるはし", "鉄床", "緑", "赤", "青", "黄"),
          "stoneage": ("食料", "木材", "レンガ", "石", "金", "道具")}


def _recorded(function, laid: list[tuple[str, list[str]]], text_at: int = 0, lines_of=lambda got: got):
    """``function`` that also keeps each text it wraps with the lines it made."""
    def wrapped(*args, **kwargs):
        got = function(*args, **kwargs)
        if got is not None:
            laid.append((args[text_at], list(lines_of(got))))
        return got
    return wrapped


def draw_in_japanese(name: str, monkeypatch) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """Every text drawn in the game's Japanese pictures, and every text wrapped with its lines."""
    laid: list[tuple[str, list[str]]] = []
    monkeypatch.setattr(textfit, "wrap", _recorded(textfit.wrap, laid))
    monkeypatch.setattr(hexes, "wrap", _recorded(hexes.wrap, laid, text_at=1))
    monkeypatch.setattr(tilewords, "fit_in_hex", _recorded(tilewords.fit_in_hex, laid, lines_of=lambda got: got[1]))
    texts: list[str] = []

    def whole(text: str) -> list[str]:
        texts.append(text)
        return common_text.digit_pieces(text)
    for module in DIGIT_DRAWERS:
        monkeypatch.setattr(importlib.import_module(module), "digit_pieces", whole)
    drawn, _ = draw_all(name, "ja")
    return texts + drawn, laid


def typed_in(name: str):
    """Whether a token is the game's notation (an id or code players type)."""
    words, patterns = notation(name)
    pattern = re.compile("|".join(f"(?:{p})" for p in patterns)) if patterns else None
    return lambda token: token in words or (pattern is not None and pattern.fullmatch(token) is not None)


@pytest.mark.parametrize("name", GAMES)
def test_japanese_pictures_follow_jlreq(name, monkeypatch):
    texts, laid = draw_in_japanese(name, monkeypatch)
    assert laid or name not in ("keyflower",), "no text was wrapped"
    breaks = sorted({fault for _, lines in laid for fault in line_break_faults(lines)})
    assert not breaks, f"{name}: lines broken against JLReq: {breaks[:20]}"
    typed = typed_in(name)
    words = sorted({f"{text!r}: {fault}" for text in set(texts) for fault in faults(text, typed)})
    assert not words, f"{name}: Japanese typography in pictures: {words[:20]}"
    counts = sorted({f"{text!r}: {fault}" for text in set(texts)
                     for fault in count_faults(text, typed, RESOURCE_CODES.get(name), THINGS.get(name, ()),
                                               drawn_in_japanese=True)})
    assert not counts, f"{name}: counts written the English way in Japanese pictures: {counts[:20]}"


def test_line_breaks_keep_katakana_words_and_kinsoku():
    """The common wrap: a loanword moves whole to the next line, no line starts with closing
    punctuation or ends with an opening bracket; a katakana word wider than a line still breaks."""
    lines = textfit.wrap("特別なキーフラワー号（船）、使う。", 6, len, 5)
    assert lines == ["特別な", "キーフラワー", "号（船）、使", "う。"], lines
    assert line_break_faults(lines) == []
    assert line_break_faults(["特別なキーフラ", "ワー号"]) and line_break_faults(["村（", "家）"])
    assert line_break_faults(["村", "、家"]) and line_break_faults(["キ", "ャンプ"])
    long = textfit.wrap("キーフラワーキーフラワー", 7, len, 3)
    assert all(len(line) <= 7 for line in long) and "".join(long) == "キーフラワーキーフラワー"


def test_keyflower_names_break_between_their_words():
    """A Keyflower name too long for a hex breaks after its "キー" (key), not inside the loanword
    after it ("キー|フラワー号", never "キーフラ|ワー号"); the keeple (キープル) stays whole."""
    assert 2 in phrase_breaks("キーフラワー号") and phrase_breaks("キーマーケット") == {2}
    assert not {3, 4, 5} & phrase_breaks("キーフラワー号")
    assert phrase_breaks("キープル1個引く") == set()


def test_a_boat_breaks_before_its_last_kanji_rather_than_inside_its_name():
    """A boat's 号 may go to the next line ("イアンビンシブル|号"); the loanword stays whole."""
    assert phrase_breaks("イアンビンシブル号") == {8} and phrase_breaks("キーフラワー号") == {2, 6}
    assert phrase_breaks("シー・バスティオン号") == {3, 9}


def test_keyflower_hexes_keep_katakana_words_whole(monkeypatch):
    """No Keyflower hex in a Japanese picture breaks a katakana word that fits whole on a line
    across the hex at the font drawn (フリッ|パー号 and シー・バス|ティオン号 did in the boats'
    row at the smallest font): such a name moves to where the hex is wider, breaks before its 号,
    or the boats' hexes grow within their row. Only a word wider than the hex (イアンビンシブル in
    a six-player row) is broken."""
    faces: list[tuple[str, float, tilewords.TileWords]] = []

    def recorded(tid, upgraded, s, floor, detail, purple=False):
        got = tilewords.tile_words(tid, upgraded, s, floor, detail, purple)
        faces.append((tid, s, got))
        return got
    monkeypatch.setattr(hexes, "tile_words", recorded)
    draw_in_japanese("keyflower", monkeypatch)
    assert faces
    broken = sorted({f"{tid} (hex {s}): {list(block.lines)}" for tid, s, face in faces for block in face.blocks
                     for word in split_katakana(list(block.lines)) if fits_across(s, word, block.font)})
    assert not broken, broken
    assert any(tid == "flipper" and ("フリッパー号" in face.blocks[0].lines) for tid, _, face in faces)
