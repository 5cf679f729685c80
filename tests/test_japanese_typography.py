"""Japanese typography by JLReq (tests/typography.py) in every line of every Japanese catalogue:
no space between Japanese words, particles, counters, names and placeholders; full-width
punctuation in Japanese lines; what players type kept as it is."""
from __future__ import annotations

import itertools
import random

import pytest

from bot.i18n.catalogues import catalogued_code
from tests.catalogues import japanese
from tests.typography import count_faults, faults


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


#: the Latin codes each game writes its resources and keeples by in English lines and pictures
#: (Keyflower's keeples R2 B3 Y1 G1 and resources W S I Au, with a count before or after;
#: Florenza's resources and florins ma2 sp1 fl50, ma+1, fl−100; Stone Age's farmers, tool makers,
#: hut builders and shamans on a player's cards F0 T1 H2 S0)
RESOURCE_CODES = {
    "florenza": r"(?:ma|wo|me|fa|go|sp|fl)[+\u2212-]?\d+",
    "keyflower": r"(?:[RBYGWSI]|Au)\d+|\d+(?:[RBYGWSI]|Au)",
    "stoneage": r"[FTHS]\d+",
}
#: the catalogue packages of each game
PACKAGES = {"carcassonne": "games.carcassonne", "florenza": "games.florenza", "keyflower": "games.keyflower",
            "quetzal": "games.quetzal", "stoneage": "games.stone_age"}


@pytest.mark.parametrize("line", [
    "Aliceはキー鉱山（keymine）に3 鉄を得ます。",     # the count before the thing, spaced
    "カード2（C20、コスト2）：石 +1 / 文化：交通",    # the count spaced from the thing
    "森でのダイス：5 = 5 → 木材 2。",
    "Bobはフリッパー号（flipper）の積み荷を取ります：R2 Y2 のこぎり。",     # keeples by Latin code
    "1Bを払う：+1G",
])
def test_english_order_counts_are_faults(line):
    assert count_faults(line, codes=RESOURCE_CODES["keyflower"]), line


@pytest.mark.parametrize("line", [
    "H1 abside — 地方教会：アプシデ（後陣） · コストma2 sp1 fl50 · 4名声点",
    "R1.P4　収入：さくら ma1 wo1 fl200",
    "R2.T2　たろう：market sell me — me−1, fl+100",
])
def test_florenza_codes_in_japanese_lines_are_faults(line):
    assert count_faults(line, codes=RESOURCE_CODES["florenza"]), line


@pytest.mark.parametrize("line", [
    "H1 abside — 地方教会：アプシデ（後陣） · コスト大理石2個、香辛料1個、50フロリン · 4名声点",
    "R2.T2　たろう：market sell me — 金属−1、フロリン+100",
    "R1.T1　けんじ：market trade ma+fa>wo — 大理石−1、布−1、材木+1",    # the move as typed
    "例：'use baratto wo>go'、'market trade ma+ma>go'",
])
def test_florenza_names_in_japanese_lines_pass(line):
    assert count_faults(line, codes=RESOURCE_CODES["florenza"]) == [], line


@pytest.mark.parametrize("line", [
    "Aliceはキー鉱山（keymine）に鉄3個を得ます。",
    "カード2（C20、コスト2）：石+1 / 文化：交通",
    "森でのダイス：5 = 5 → 木材2個。",
    "Bobはフリッパー号（flipper）の積み荷を取ります：赤2個、黄2個、のこぎり。",
    "黄1を払う：緑+1",
    "春04　さくら：bid to1 1 red",                  # notation keeps its own order
    "R2.T3　さくら：pass",
])
def test_japanese_order_counts_pass(line):
    assert count_faults(line, codes=RESOURCE_CODES["keyflower"]) == [], line


def japanese_lines(name: str, seed: int = 7, every: int = 5) -> set[str]:
    """Every line a seeded random game of ``name`` writes in Japanese at the engine: each event
    (public and private), and every few moves the status, each seat's private lines and the turn
    prompt of the seats to act."""
    from bot.i18n import I18n
    from games import registry
    from tests.renderers.positions import JAPANESE, all_options

    game = registry.get(name)
    assert game is not None
    i18n = I18n([PACKAGES[name]])
    players = min(game.max_players, 4)
    names = JAPANESE[:players]
    lines: set[str] = set()

    def say(msgs) -> None:
        for msg in msgs:
            lines.update(i18n.render(getattr(msg, "msg", msg), "ja", names).splitlines())

    for options in (frozenset(s.name for s in game.options if s.default), all_options(game)):
        rng = random.Random(seed)
        state = game.setup(players, options, seed)
        for move in itertools.count():
            if game.outcome(state) is not None:
                break
            if move % every == 0:
                say(game.status(game.view(state, None)))
                for seat in range(players):
                    say(game.private_lines(game.view(state, seat)) + game.turn_prompt(game.view(state, seat)))
            seat = rng.choice(sorted(game.to_act(state)))
            say(game.apply(state, seat, rng.choice(game.legal_actions(state, seat))))
        say(game.status(game.view(state, None)))
    return lines


@pytest.mark.parametrize("name", sorted(PACKAGES))
def test_the_lines_of_a_whole_game_write_counts_the_japanese_way(name):
    """Counts in the games' Japanese lines follow what they count (石1個, 石+1, 赤2個), never the
    English way (1 石, 石 +1, R2): the engines write counts into messages, which the catalogue
    lines alone do not show."""
    found = sorted({f"{line!r}: {fault}" for line in japanese_lines(name)
                    for fault in count_faults(line, codes=RESOURCE_CODES.get(name))})
    assert not found, f"{name}: {len(found)} lines:\n" + "\n".join(found[:30])
