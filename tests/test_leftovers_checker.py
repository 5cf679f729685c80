"""The checker of tests/test_japanese_leftovers.py finds English in Japanese and lets notation,
names and ids beside names through (so that test can fail, and fails for the right reasons)."""
from tests.leftovers import Notation, english_fragments


def keyflower() -> Notation:
    notation = Notation(named={"keymine", "red", "pick"}, marks=[r"\b(?:Sp|Su|Au|Wi)-\d+\b"])
    for action in ("bid keymine 2 red", "use keymine 1 red pay pick", "pass"):
        notation.add_action(action)
    return notation


def test_english_words_and_ids_standing_alone_in_a_sentence_are_found():
    notation = keyflower()
    assert english_fragments("Bob が keymine で red 1 個でトップです。", notation, ["Bob"]) == ["keymine", "red 1"]
    assert english_fragments("このラウンド閉鎖中: hut。") == ["hut"]
    assert english_fragments("Alice：0 VP、6 コイン", names=["Alice"]) == ["0 VP"]
    assert english_fragments("Ann (computer) が投了しました。", names=["Ann"]) == ["computer"]
    assert english_fragments("キーフラワー spring: 1 手目") == ["spring"]


def test_notation_names_commands_and_ids_beside_names_pass():
    notation = keyflower()
    assert english_fragments("Bob が キーマイン（keymine） で 赤 2 個でトップです。", notation, ["Bob"]) == []
    assert english_fragments("Sp-03 Bob: bid keymine 2 red", notation, ["Bob"]) == []        # a log line
    assert english_fragments("選んだ手：use keymine 1 red pay pick", notation) == []
    assert english_fragments("色を書いてください。例: red または blue", notation) == []          # examples to type
    assert english_fragments("'bid TILE N COLOUR' と書きます。/option lang ja で変更。<@123> さんの番です。", notation) == []
    assert english_fragments("H2 casa — 邸宅：カーザ · コスト wo2 fl50", Notation()) == []         # id before its name
