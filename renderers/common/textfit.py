"""Fitting text into a width, for every renderer: measure it, cut it with an ellipsis, shrink its
font until it fits, wrap it into lines.

Text is cut between grapheme clusters (what a reader sees as one character), never inside one:
a letter and its combining marks, an emoji and its skin tone or variation selector, a ZWJ
sequence (a family, a flag of tags) and a pair of regional indicators (a flag) stay whole or go
together, and so does an Indic conjunct. The clusters are those of UAX #29
(renderers.common.graphemes).
"""
from __future__ import annotations

from typing import Callable

from PIL import ImageFont

from renderers.common import linebreak
from renderers.common.bidi import isolate
from renderers.common.graphemes import graphemes
from renderers.common.text import length

__all__ = ["ELLIPSIS", "NO_LINE_START", "break_pieces", "ellipsize", "fit", "fit_count", "fit_name", "graphemes", "measure",
           "shrink", "shrink_and_fit", "wrap"]

ELLIPSIS = "…"
#: what never starts a line (JLReq; see renderers.common.linebreak)
NO_LINE_START = linebreak.NO_LINE_START

Face = ImageFont.FreeTypeFont | ImageFont.ImageFont
#: the width of a text in pixels, as the caller draws it
Measure = Callable[[str], float]


def measure(text: str, face: Face) -> float:
    """The width of ``text`` in ``face`` (kept: renderers.common.text.length)."""
    return length(text, face)


def ellipsize(text: str, fits: Callable[[str], bool], rstrip: bool = False) -> str:
    """``text`` when it ``fits``; else its longest run of first clusters that fits with an
    ellipsis after it, and the ellipsis (alone when nothing fits). ``rstrip``: no space is left
    before the ellipsis."""
    if fits(text):
        return text
    clusters = graphemes(text)
    while clusters and not fits("".join(clusters) + ELLIPSIS):
        clusters.pop()
    kept = "".join(clusters)
    return (kept.rstrip() if rstrip else kept) + ELLIPSIS


def fit(text: str, width: float, width_of: Measure, rstrip: bool = False) -> str:
    """``text`` cut with an ellipsis to be at most ``width`` pixels wide (as ``width_of``
    measures it)."""
    return ellipsize(text, lambda t: width_of(t) <= width, rstrip)


def fit_count(text: str, limit: int) -> str:
    """``text`` in at most ``limit`` clusters, the last an ellipsis when it is cut (a column of
    a table cut by characters, not pixels)."""
    clusters = graphemes(text)
    if len(clusters) <= limit:
        return text
    return "".join(clusters[:max(1, limit - 1)]) + ELLIPSIS


def shrink(text: str, width: float, size: int, width_at: Callable[[str, int], float], smallest: int) -> int:
    """The largest font size from ``size`` down to ``smallest`` at which ``text`` fits ``width``
    (``width_at(text, size)``: its width at that size); ``smallest`` when none does (and
    ``size`` itself when it is below ``smallest``)."""
    while size > smallest and width_at(text, size) > width:
        size -= 1
    return size


def shrink_and_fit(text: str, width: float, size: int, width_at: Callable[[str, int], float],
                   smallest: int) -> tuple[str, int]:
    """(text, font size): the largest size down to ``smallest`` at which ``text`` fits
    ``width``; at ``smallest``, the text cut with an ellipsis if it still does not fit."""
    size = shrink(text, width, size, width_at, smallest)
    return fit(text, width, lambda t: width_at(t, size)), size


def break_pieces(text: str) -> list[str]:
    """``text`` cut where a line may break: after a space, or after a Japanese character where
    JLReq allows it (renderers.common.linebreak): never before what cannot start a line, after
    what cannot end one, nor inside a katakana or Latin word."""
    pieces, piece = [], ""
    for c, after in zip(text, text[1:] + "\0"):
        piece += c
        if after == "\0":
            break
        if c == " " and after not in NO_LINE_START or \
                linebreak.japanese(c) and linebreak.allowed(c, after) and not linebreak.inside_word(c, after):
            pieces.append(piece)
            piece = ""
    return pieces + ([piece] if piece else [])


def _split_wide(piece: str) -> list[str]:
    """A piece too wide for a line (a long katakana word) cut wherever JLReq lets a line break."""
    parts, part = [], ""
    for c, after in zip(piece, piece[1:] + "\0"):
        part += c
        if after != "\0" and linebreak.japanese(c) and linebreak.allowed(c, after):
            parts.append(part)
            part = ""
    return parts + ([part] if part else [])


def wrap(text: str, width: float, width_of: Measure, most: int) -> list[str]:
    """``text`` in lines of at most ``width`` pixels (between words, or between Japanese
    characters where JLReq allows a break, a katakana word kept whole unless it is wider than a
    line), at most ``most`` lines, the last (and any single piece too wide for a line) cut with an
    ellipsis."""
    lines: list[str] = []
    line = ""
    pieces = [part for piece in break_pieces(text)
              for part in (_split_wide(piece) if width_of(piece.strip()) > width else [piece])]
    for piece in pieces:
        trial = line + piece
        if line and width_of(trial.rstrip()) > width:
            lines.append(line.rstrip())
            line = piece.lstrip()
        else:
            line = trial
    if line:
        lines.append(line.rstrip())
    if len(lines) > most:
        lines = lines[:most - 1] + [fit(" ".join(lines[most - 1:]), width, width_of)]
    return [fit(each, width, width_of) for each in lines]


def _largest_fitting(text: str, width: float, size: int, width_at: Callable[[str, int], float], smallest: int) -> int:
    """:func:`shrink`'s size, found from the size the text's width at ``size`` points to (a text's
    width grows with its size): two or three measures instead of one a size (each size of a name
    in another script is shaped anew)."""
    full = width_at(text, size)
    if full <= width or size <= smallest:
        return size
    guess = max(smallest, min(size - 1, int(size * width / full)))
    if width_at(text, guess) <= width:
        while guess + 1 < size and width_at(text, guess + 1) <= width:
            guess += 1
        return guess
    while guess > smallest and width_at(text, guess) > width:
        guess -= 1
    return guess


def fit_name(name: str, room: float, size: int, width_at: Callable[[str, int], float], smallest: int,
             before: str = "", after: str = "") -> tuple[str, int]:
    """(name, font size) for a line ``before + name + after`` that must fit ``room`` pixels
    (``width_at(text, size)``: its width at that size): the largest size down to ``smallest`` at
    which the whole line fits; at ``smallest``, the name cut by grapheme clusters with an ellipsis
    (what is around it stays whole: a rank, a star, "passed", a mark after the name).

    A name with right-to-left letters comes back isolated (renderers.common.bidi.isolate): it is
    laid out in its own direction, so it turns nothing around it, and the ellipsis of a cut
    Arabic or Hebrew name stands at its reading end, on its left."""
    size = _largest_fitting(before + isolate(name) + after, room, size, width_at, smallest)
    if width_at(before + isolate(name) + after, size) <= room:
        return isolate(name), size
    return isolate(_cut(name, lambda t: width_at(before + isolate(t) + after, size) <= room)), size


def _cut(name: str, fits: Callable[[str], bool]) -> str:
    """:func:`ellipsize` (no space before the ellipsis) of a name that does not fit, its longest
    fitting run of first clusters found by halving (a text's width grows with its clusters): a
    64-character name is measured six or seven times, not once for each cluster it loses."""
    clusters = graphemes(name)
    kept, most = 0, len(clusters)         # the first ``kept`` clusters fit; more than ``most`` do not
    while kept < most:
        trial = (kept + most + 1) // 2
        if fits("".join(clusters[:trial]) + ELLIPSIS):
            kept = trial
        else:
            most = trial - 1
    return "".join(clusters[:kept]).rstrip() + ELLIPSIS
