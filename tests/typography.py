"""Faults of Japanese typography in a line, by the W3C's Requirements for Japanese Text Layout
(JLReq) and the way BGA's Japanese pages write:

- ``space``: no ASCII space between Japanese words, nor between a Japanese word and a particle,
  a counter (``3点``, never ``3 点``), a name, a number or a placeholder (``{player}さん``). JLReq
  spaces Japanese and Western text apart by layout (a quarter em), not by a typed space.
- ``punctuation``: the punctuation of a Japanese line is full-width (``：（）、！？；``); a
  half-width ``: ( ) , ! ? ;`` touching a Japanese character is a fault.

What players type stays as it is: notation (``/place 3,4``, ``2,-1 r1 cn``, ``(x,y)``) has no
Japanese character beside its punctuation, so it is never a fault; quoted notation (``'bid タイル
N 色'``, ``「/click N」``) and a command with its words, even where they are named in Japanese
(``/option 名前 値``, :data:`ARGUMENT_NAMES`), are what is typed and are checked as one word.
"""
from __future__ import annotations

import re
from typing import Callable

#: a Japanese character: kana, the long vowel mark, kanji, iteration marks, Japanese punctuation
#: and brackets (CJK symbols) and full-width forms
JAPANESE = "\u3000-\u303f\u3040-\u309f\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff01-\uff60"
JAPANESE_CHAR = re.compile(f"[{JAPANESE}]")
#: the Japanese words standing for what a player types after a command (``/join ゲーム名``)
ARGUMENT_NAMES = ("ゲーム名", "大会名", "名前", "値", "日数", "行動", "レベル", "番号", "結果", "引数")
_ARGUMENT = "(?:" + "|".join(ARGUMENT_NAMES) + ")"
#: what players type, quoted (``'bid タイル N 色'``, ``「/click N」``) or a command with its words
#: (``/option 名前 値``): checked as one word, its inside kept as it is
NOTATION = re.compile(r"'[^']*'|`[^`]*`|「[^」]*」|\"[^\"]*\"|(?<![「'\w/<>])/[a-z]+"
                      rf"(?:[ ](?:[A-Za-z0-9_=,.:~*|+{{}}-]+|[<\[]?{_ARGUMENT}[>\]]?))*")
#: an ASCII space with a Japanese character on one side and a word (Japanese, Latin, a digit, a
#: placeholder or a signed number) on the other; an operator between spaces (``A + B``) is no word
SPACE = re.compile(f"(?<=[{JAPANESE}])[ ]+(?=[{JAPANESE}A-Za-z0-9{{<@#]|[+\u2212~-][^ ])"
                   f"|(?<=[A-Za-z0-9}}>])[ ]+(?=[{JAPANESE}])")
#: half-width punctuation touching a Japanese character (one space between counts as touching); an
#: exclamation mark before a letter or digit is notation (Carcassonne's ``!x,y``)
HALF_WIDTH = re.compile(f"(?<=[{JAPANESE}])[ ]?(?:[:;,?()]|!(?![A-Za-z0-9~@]))|[:;,!?()][ ]?(?=[{JAPANESE}])")


#: a token of Latin letters and digits (an id, a code, a number)
TOKEN = re.compile(r"(?<![A-Za-z0-9])[ ]?([A-Za-z0-9][A-Za-z0-9.-]*)[ ]?(?![A-Za-z0-9])")


def faults(line: str, typed: Callable[[str], bool] | None = None) -> list[str]:
    """What is wrong with the Japanese typography of ``line``: each fault named and shown in its
    place (``space: 'アリス が'``). A line without a Japanese character has none; quoted notation
    and commands count as one word. ``typed``: which tokens are a game's notation (a component's
    id beside its name in a picture, ``キャンプ camp``, ``R3 ヴィニョーラ``): the space that sets
    one apart from its name is kept."""
    if not JAPANESE_CHAR.search(line):
        return []
    masked = NOTATION.sub("X", line)
    if typed is not None:
        masked = TOKEN.sub(lambda m: "X" if typed(m.group(1)) else m.group(0), masked)
    found = []
    for kind, pattern in (("space", SPACE), ("punctuation", HALF_WIDTH)):
        for match in pattern.finditer(masked):
            found.append(f"{kind}: {masked[max(0, match.start() - 4):match.end() + 4]!r}")
    return found


#: what a Japanese line never starts with (JLReq 3.1.7: closing brackets cl-02, hyphens cl-03,
#: dividing punctuation cl-04, middle dots cl-05, full stops cl-06, commas cl-07, iteration marks
#: cl-09, the prolonged sound mark cl-10, small kana cl-11)
LINE_START_FAULTS = frozenset("）〕］｝〉》」』】’”‐゠–〜？！・：；。．、，ヽヾゝゞ々ー"
                              "ぁぃぅぇぉゃゅょっゎァィゥェォャュョッヮヵヶ)]},.:;!?")
#: what a Japanese line never ends with (opening brackets cl-01)
LINE_END_FAULTS = frozenset("（〔［｛〈《「『【‘“([{")


def _katakana(ch: str) -> bool:
    return ("\u30a1" <= ch <= "\u30fa" or ch == "ー") and ch != "・"


def line_break_faults(lines: list[str]) -> list[str]:
    """What is wrong with where ``lines`` (one text wrapped) break, by JLReq's line-breaking
    rules: a line starting with what cannot start one, a line ending with what cannot end one,
    and a katakana word broken across lines although the line it starts on holds something
    before it and the next line with the whole word would be no longer than the longest line
    (the word could have gone whole to the next line). A line cut with an ellipsis ends the
    text; a Latin word hyphenated at a line's end is broken on purpose."""
    longest = max((len(line) for line in lines), default=0)
    found = []
    for before, after in zip(lines, lines[1:]):
        if not before or not after or before.endswith("…"):
            continue
        if after[0] in LINE_START_FAULTS:
            found.append(f"line start: {before!r} / {after!r}")
        if before[-1] in LINE_END_FAULTS:
            found.append(f"line end: {before!r} / {after!r}")
        if _katakana(before[-1]) and _katakana(after[0]):
            run = len(before) - len(before.rstrip("".join(c for c in set(before) if _katakana(c))))
            if run < len(before.strip()) and run + len(after) <= longest:
                found.append(f"katakana word broken: {before!r} / {after!r}")
    return found


#: kana and kanji: the letters of a Japanese word (not its punctuation)
KANA_KANJI = "\u3040-\u309f\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff"
#: a count written the English way inside a Japanese line: before what it counts and spaced from
#: it (``1 石``, ``R2 Y2 2 のこぎり``), or spaced from the thing it follows (``石 +1``, ``木材 6``).
#: Japanese writes the count right after the thing (``石1``, ``石1個``, ``石+1``)
ENGLISH_COUNT = re.compile(f"(?<![A-Za-z0-9.,:/~-])\\d+[ ]+(?=[{KANA_KANJI}])"
                           f"|(?<=[{KANA_KANJI}])[ ]+[+\u2212-]?\\d+(?![\\d,.A-Za-z])")


def count_faults(line: str, typed: Callable[[str], bool] | None = None, codes: str | None = None,
                 things: tuple[str, ...] = (), drawn_in_japanese: bool = False) -> list[str]:
    """Counts written in English order in a Japanese ``line`` (see :data:`ENGLISH_COUNT`): each
    fault named and shown in its place (``count: 'は3 鉄を'``). ``codes``: a pattern of the Latin
    codes a game writes its resources and keeples by in English (``R2``, ``1B``, ``ma2``), a
    fault in a Japanese line, which names them in Japanese (``赤2``); ``things``: the Japanese
    names of what a game counts, a fault when a count stands right before one (``2任意``, where
    Japanese writes ``任意2``). Quoted notation and commands count as one word, as in
    :func:`faults`, and ``typed`` marks the notation's own tokens. ``drawn_in_japanese``: the
    text is drawn in a Japanese picture, where a text of codes alone (``F0 T1 H2 S0``, a chip's
    ``ma2``) has its codes checked although it holds no Japanese character."""
    japanese = JAPANESE_CHAR.search(line) is not None
    if not japanese and not (drawn_in_japanese and codes):
        return []
    masked = NOTATION.sub("X", line)
    if typed is not None:
        masked = TOKEN.sub(lambda m: "X" if typed(m.group(1)) else m.group(0), masked)
    patterns = [("count", ENGLISH_COUNT)] if japanese else []
    if codes:
        patterns.append(("code", re.compile(f"(?<![A-Za-z0-9])(?:{codes})(?![A-Za-z0-9]|\\.[A-Za-z0-9])")))
    if things:
        glued = "|".join(re.escape(thing) for thing in sorted(things, key=len, reverse=True))
        patterns.append(("count", re.compile(f"(?<![A-Za-z0-9])\\d+(?:{glued})")))
    found = []
    for kind, pattern in patterns:
        for match in pattern.finditer(masked):
            found.append(f"{kind}: {masked[max(0, match.start() - 4):match.end() + 4]!r}")
    return found
