"""Where a line of text may break, by the line-breaking rules of JLReq (the W3C's Requirements
for Japanese Text Layout, 3.1.7 and 3.1.10):

- a line never starts with closing brackets, Japanese punctuation, middle dots, iteration marks,
  the prolonged sound mark or a small kana (:data:`NO_LINE_START`), and never ends with an
  opening bracket (:data:`NO_LINE_END`);
- between any other two Japanese characters a line may break, but a run of katakana (a loanword:
  キーフラワー) and a run of Latin letters or digits (a word, a number) are kept whole wherever
  they fit a line (:func:`inside_word`): breaking one is the last resort.

Every renderer that wraps text breaks it where these functions allow.
"""
from __future__ import annotations

#: closing brackets (JLReq cl-02), hyphens (cl-03), dividing punctuation (cl-04), middle dots
#: (cl-05), full stops and commas (cl-06, cl-07), iteration marks (cl-09), the prolonged sound
#: mark (cl-10) and small kana (cl-11), with their half-width Western counterparts
NO_LINE_START = frozenset("）〕］｝〉》」』】〙〗〟’”｠»"
                          "‐゠–〜～"
                          "？！‼⁇⁈⁉"
                          "・：；"
                          "。．、，"
                          "ヽヾゝゞ々〻"
                          "ー"
                          "ぁぃぅぇぉゃゅょっゎゕゖァィゥェォャュョッヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"
                          ")]},.:;!?%")
#: opening brackets (JLReq cl-01), with their half-width Western counterparts
NO_LINE_END = frozenset("（〔［｛〈《「『【〘〖〝‘“｟«([{")


def katakana(ch: str) -> bool:
    """A character of a katakana word: katakana and the prolonged sound mark (not the middle dot,
    which stands between words)."""
    return ("\u30a1" <= ch <= "\u30fa" or ch == "ー" or "\u31f0" <= ch <= "\u31ff") and ch != "・"


def latin(ch: str) -> bool:
    """A character of a Latin word or a number."""
    return ch.isascii() and ch.isalnum()


def japanese(ch: str) -> bool:
    """A character of Japanese text (after which a line may break without a space)."""
    return ord(ch) > 0x2E80


def allowed(before: str, after: str) -> bool:
    """Whether a line may end after ``before`` with the next starting at ``after`` (kinsoku)."""
    return after not in NO_LINE_START and before not in NO_LINE_END


def inside_word(before: str, after: str) -> bool:
    """Whether a break between ``before`` and ``after`` would split a katakana or a Latin word."""
    return (katakana(before) and katakana(after)) or (latin(before) and latin(after))
