"""The shared text fitting (renderers.common.textfit): cut between grapheme clusters, shrink,
wrap."""
from __future__ import annotations

import pytest

from renderers.common.textfit import (
    ELLIPSIS, ellipsize, fit, fit_count, fit_name, graphemes, shrink, shrink_and_fit, wrap,
)


def by_chars(text: str) -> float:
    """A width of one pixel per code point: tests count what is kept."""
    return len(text)


@pytest.mark.parametrize("text, clusters", [
    ("abc", ["a", "b", "c"]),
    ("e\u0301t\u00e9", ["e\u0301", "t", "\u00e9"]),                         # a combining accent
    ("か\u3099き", ["か\u3099", "き"]),                                      # a combining dakuten
    ("a\U0001F44D\U0001F3FDb", ["a", "\U0001F44D\U0001F3FD", "b"]),         # a skin tone
    ("\U0001F468\u200d\U0001F469\u200d\U0001F467!", ["\U0001F468\u200d\U0001F469\u200d\U0001F467", "!"]),   # ZWJ
    ("\U0001F1EF\U0001F1F5\U0001F1EC\U0001F1E7", ["\U0001F1EF\U0001F1F5", "\U0001F1EC\U0001F1E7"]),         # flags
    ("\u2764\ufe0fx", ["\u2764\ufe0f", "x"]),                               # a variation selector
    ("1\ufe0f\u20e3#\ufe0f\u20e3", ["1\ufe0f\u20e3", "#\ufe0f\u20e3"]),                 # keycaps
    ("\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007Fa",      # a flag of tags
     ["\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F", "a"]),
    ("\u0e01\u0e33\u0e02", ["\u0e01\u0e33", "\u0e02"]),                      # Thai sara am is a spacing mark
    ("\u0915\u094d\u0937\u093f", ["\u0915\u094d\u0937\u093f"]),             # a Devanagari conjunct
    ("\U0001F1EF\U0001F1F5\U0001F1EC", ["\U0001F1EF\U0001F1F5", "\U0001F1EC"]),         # a lone regional indicator
])
def test_text_is_split_into_what_a_reader_sees_as_characters(text, clusters):
    assert graphemes(text) == clusters
    assert "".join(graphemes(text)) == text


def test_a_text_that_fits_is_kept_whole():
    assert fit("Alice", 5, by_chars) == "Alice"


def test_a_long_text_keeps_the_most_that_fits_with_the_ellipsis():
    assert fit("Alexandra", 5, by_chars) == "Alex" + ELLIPSIS
    assert fit("Alexandra", 0, by_chars) == ELLIPSIS


def test_a_cut_never_splits_a_cluster_or_a_surrogate_pair():
    family = "\U0001F468\u200d\U0001F469\u200d\U0001F467"
    cut = fit("ab" + family + "cd", 8, by_chars)
    assert cut == "ab" + family + ELLIPSIS                 # 2 + 5 + 1 code points fit in 8
    assert fit("ab" + family + "cd", 7, by_chars) == "ab" + ELLIPSIS       # the family does not fit: it goes whole
    assert fit("e\u0301e\u0301e\u0301", 4, by_chars) == "e\u0301" + ELLIPSIS
    dragon = "\U0001F409"                                 # two UTF-16 units (a surrogate pair), as Discord counts
    assert fit(dragon * 3, 3, lambda t: len(t.encode("utf-16-le")) // 2) == dragon + ELLIPSIS
    skin = "\U0001F44D\U0001F3FD"
    assert fit("ab" + skin + "cd", 4, by_chars) == "ab" + ELLIPSIS         # never the hand without its tone


def test_rstrip_leaves_no_space_before_the_ellipsis():
    assert ellipsize("ab cdef", lambda t: len(t) <= 4, rstrip=True) == "ab" + ELLIPSIS
    assert ellipsize("ab cdef", lambda t: len(t) <= 4) == "ab " + ELLIPSIS


def test_a_count_limit_counts_clusters():
    assert fit_count("abc", 3) == "abc"
    assert fit_count("abcdef", 4) == "abc" + ELLIPSIS
    assert fit_count("e\u0301e\u0301e\u0301", 3) == "e\u0301e\u0301e\u0301"


def test_shrink_finds_the_largest_size_that_fits():
    def width_at(text: str, size: int) -> float:
        return len(text) * size

    assert shrink("abcd", 40, 12, width_at, 6) == 10
    assert shrink("abcd", 4, 12, width_at, 6) == 6               # none fits: the smallest
    assert shrink("abcd", 40, 5, width_at, 6) == 5               # below the smallest already
    text, size = shrink_and_fit("abcdefgh", 40, 12, width_at, 6)
    assert size == 6 and text == "abcde" + ELLIPSIS and width_at(text, size) <= 40


def test_wrap_breaks_between_words_and_japanese_characters():
    assert wrap("one two three", 7, by_chars, 3) == ["one two", "three"]
    assert wrap("one two three four", 7, by_chars, 2) == ["one two", "three " + ELLIPSIS]
    assert wrap("あいうえお。かき", 3, by_chars, 3) == ["あいう", "えお。", "かき"]      # "。" never starts a line


def _at(text: str, size: int) -> float:
    """A width of ``size`` pixels a code point."""
    return len(text) * size


def test_a_name_shrinks_first_and_keeps_what_is_around_it():
    assert fit_name("Ann", 100, 20, _at, 10, "1. ", " ★") == ("Ann", 12)


def test_a_name_too_long_at_the_smallest_size_is_cut_between_clusters_and_the_rest_stays_whole():
    family = "\U0001F468\u200d\U0001F469\u200d\U0001F467"
    name, size = fit_name("ab" + family + "cdefgh", 10 * 8, 20, _at, 10, after=" x")
    assert size == 10
    assert name == "ab" + ELLIPSIS                       # the family would need its five code points
    name, size = fit_name("ab" + family + "cdefgh", 10 * 12, 20, _at, 10, after=" x")
    assert name == "ab" + family + "cd" + ELLIPSIS and size == 10


@pytest.mark.parametrize("room", range(20, 420, 13))
def test_a_name_shrinks_to_the_same_size_as_shrink_finds(room):
    def at(text: str, size: int) -> float:           # not proportional: a fixed side bearing
        return len(text) * size * 0.6 + 3
    text = "Maximilian Alexander"
    _, size = fit_name(text, room, 30, at, 9)
    assert size == shrink(text, room, 30, at, 9)


@pytest.mark.parametrize("room", range(40, 700, 37))
def test_a_cut_name_keeps_what_measuring_each_cluster_keeps_in_a_few_measures(room):
    """fit_name finds the longest run of first clusters that fits by halving: the same cut as
    taking clusters off one at a time (ellipsize), in a handful of measures for 64 characters."""
    from renderers.common.bidi import isolate
    from tests.renderers.hardnames import NAMES

    for name in NAMES:
        measured: list[str] = []

        def at(text: str, size: int) -> float:
            measured.append(text)
            return sum(2 if ord(ch) > 0x2000 else 1 for ch in text) * size * 0.6 + 3

        cut, size = fit_name(name, room, 12, at, 12, "1. ", " ✗")
        measures = len(measured)
        assert size == 12
        if cut == name:
            continue
        assert cut == isolate(ellipsize(name, lambda t: at("1. " + isolate(t) + " ✗", 12) <= room, rstrip=True))
        assert measures <= 9, (name, room, measures)
