"""Japanese typography by JLReq (tests/typography.py) in every line of every Japanese catalogue:
no space between Japanese words, particles, counters, names and placeholders; full-width
punctuation in Japanese lines; what players type kept as it is."""
from __future__ import annotations

import pytest

from bot.i18n.catalogues import catalogued_code
from tests.catalogues import japanese
from tests.typography import faults


@pytest.mark.parametrize("line", [
    "alice が カルカソンヌ の卓",          # spaces around a name and particles
    "黄 のキープル",
    "{player} さんの番です。",
    "3 点",
    "{count} 枚",
    "残りタイル: 101(引いたタイルを含む)",  # half-width colon and parentheses
    "場所: hunt（狩り場）, forest（森）",
    "本当ですか?",
    "/help ゲーム名 で説明が出ます。",       # a particle spaced off a command
    "'ok' と書いてください。",
])
def test_faults_are_found(line):
    assert faults(line), line


@pytest.mark.parametrize("line", [
    "aliceがカルカソンヌの卓を立てました。",
    "黄のキープル",
    "3点",
    "残りタイル：101（引いたタイルを含む）",
    "例：2,-1 r1 cn。入力を始めると置ける場所が表示されます。",   # notation keeps its own punctuation
    "「/place 3,4」で置きます。",
    "'bid タイル N 色 [from タイル,...]'と書いてください。",       # quoted notation is one word
    "/option 名前 [値] — 開始前にオプションを設定する（例：/option lang ja）",
    "{player}: {total} = ゲーム中{play} + 草原{farm}",            # an operator between spaces
    "姫：部下を戻す、!x,y",                                        # Carcassonne's princess code
    "Reminder: Bob, it is your turn.",                           # not a Japanese line
])
def test_good_lines_pass(line):
    assert faults(line) == [], line


def catalogue_lines() -> list[tuple[str, str, str]]:
    lines = []
    for folder in catalogued_code():
        for msgid, msgstr in japanese(folder).items():
            for line in msgstr if isinstance(msgstr, tuple) else (msgstr,):
                lines.append((folder.name, str(msgid), line))
    return lines


def test_every_japanese_catalogue_line_follows_jlreq():
    lines = catalogue_lines()
    assert len(lines) > 1000
    found = [(where, line, fault) for where, _, line in lines for fault in faults(line)]
    assert not found, "\n".join(f"{where}: {line}  <- {fault}" for where, line, fault in found[:40])


def test_a_list_in_a_japanese_line_is_set_off_by_the_ideographic_comma():
    from bot.i18n import I18n
    from games.core import Msg, SeatRef

    line = Msg("It is not your turn: waiting for {players}.", {"players": (SeatRef(0), SeatRef(1))})
    assert I18n().render(line, "en", ["Ann", "Bob"]).endswith("Ann, Bob.")
    shown = I18n().render(line, "ja", ["さくら", "たろう"])
    assert "さくら、たろう" in shown and faults(shown) == [], shown


def test_an_id_beside_its_name_is_set_apart_only_as_notation():
    """In a picture a component's id stands beside its name (``キャンプ camp``): kept when the id
    is the game's notation, a fault when the word is not."""
    typed = {"camp", "R3"}.__contains__
    assert faults("キャンプ camp", typed) == [] and faults("R3 ヴィニョーラ", typed) == []
    assert faults("キャンプ camp") and faults("王 6", typed) and faults("さくら が", typed)


def test_log_lines_of_the_games_read_as_japanese_lines():
    """Templates made only of placeholders still make Japanese lines: their colon and brackets
    are full-width, a name is not spaced from what follows, a list of tiles is set off by "、"."""
    from bot.i18n import I18n
    from games.core import Msg, SeatRef
    from games.keyflower.words import named

    names = ["さくら", "たろう"]
    typed = {"place", "pass", "bid", "to1", "1", "red"}.__contains__
    florenza = I18n(["games.florenza"]).render(
        Msg("R{round}.T{turn} {player}: {action}", {"round": 2, "turn": 3, "player": SeatRef(0), "action": "pass"}),
        "ja", names)
    assert florenza == "R2.T3　さくら：pass" and faults(florenza, typed) == []
    keyflower = I18n(["games.keyflower"])
    bid = keyflower.render(Msg("{player}: {command}", {"player": SeatRef(1), "command": "bid to1 1 red"}), "ja", names)
    assert bid == "たろう：bid to1 1 red"
    begins = keyflower.render(named(Msg("{season} begins: {tiles} on auction; {player} starts.",
                                        {"season": Msg("Summer"), "tiles": "tavern, store", "player": SeatRef(0)})),
                              "ja", names)
    assert "酒場（tavern）、店（store）" in begins and faults(begins) == [], begins
    carcassonne = I18n(["games.carcassonne"]).render(
        Msg("{turn}. {player} ({colour}): {tile} {x},{y} r{rotation} {deploy}",
            {"turn": 5, "player": SeatRef(0), "colour": "red", "tile": "D", "x": 1, "y": 0, "rotation": 1, "deploy": "cn"}),
        "ja", names)
    assert carcassonne.startswith("5手目　さくら（") and faults(carcassonne, typed) == [], carcassonne
