"""Words inside a flat-topped hex: every line only as wide as the hex is at that line's height
(a line near a corner gets less room than one across the middle), the font shrunk down to the
picture's floor, then a word still too long hyphenated (Japanese broken between characters) so
that nothing is cut by the hex's edge or hidden under its neighbour; an ellipsis only when even
that cannot fit."""
from __future__ import annotations

import functools
import itertools
import math
import unicodedata
from typing import Any, Callable, Literal, overload

import pyphen

from renderers.keyflower import style as S

SQ3 = math.sqrt(3)
LINE = 1.1              # line height / font size (as renderers.keyflower.hexes draws the lines)
EDGE = 2                # pixels kept between a line's plate and the hex's edge

#: where a block of ``n`` lines of height ``h`` is centred, as an offset from the hex's centre
Centre = Callable[[int, float], float]


def chord(s: float, top: float, bottom: float) -> float:
    """How wide a flat-topped hex of size ``s`` is all across the band ``top``..``bottom``
    (offsets from its centre): the narrowest point of the band."""
    return max(0.0, 2 * s - 2 * max(abs(top), abs(bottom)) / SQ3)


def line_centres(n: int, size: float, centre: Centre) -> list[float]:
    """Where each of ``n`` lines of a font of ``size`` px goes (offsets from the hex's centre), in
    a block placed by ``centre``."""
    h = size * LINE
    top = centre(n, h) - h * (n - 1) / 2
    return [top + i * h for i in range(n)]


def fits(s: float, line: str, fnt, y: float) -> bool:
    """Whether the letters of ``line``, centred at height ``y``, lie inside the hex (a plate round
    them may be cut by the edge, the words never)."""
    left, top, right, bottom = fnt.getbbox(line, anchor="mm")
    return max(-left, right) + EDGE <= chord(s, y + top, y + bottom) / 2


@functools.lru_cache(maxsize=1)
def _hyphenator() -> pyphen.Pyphen:
    return pyphen.Pyphen(lang="en_US")


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


def _pieces(text: str, hyphenate: bool) -> list[tuple[str, str]]:
    """``text`` as (joint, piece) pairs: a line may break before any piece; the joint is what
    stands between it and the piece before on one line ("" for a syllable or a Japanese
    character, " " between words). Without ``hyphenate``, only between words."""
    out: list[tuple[str, str]] = []
    for word in text.split():
        if not hyphenate:
            parts = [word]
        elif any(_wide(ch) for ch in word):
            parts = list(word)
        else:
            positions = _hyphenator().positions(word)
            parts = [word[a:b] for a, b in zip([0, *positions], [*positions, len(word)])]
        out += [(" " if out else "", parts[0])] + [("", part) for part in parts[1:]]
    return out


def _line(pieces: list[tuple[str, str]]) -> str:
    """One line of pieces, with a hyphen when it ends inside a Latin word."""
    return "".join((joint if i else "") + piece for i, (joint, piece) in enumerate(pieces))


def _wrap(text: str, fnt, s: float, ys: list[float], hyphenate: bool) -> list[str] | None:
    """``text`` in exactly ``len(ys)`` lines, line i centred at ``ys[i]``, each inside the hex
    (fewest hyphens, then the most even); None if it does not fit."""
    pieces = _pieces(text, hyphenate)
    n = len(ys)
    if n > len(pieces):
        return None
    best: tuple[tuple[int, float], list[str]] | None = None
    for cuts in itertools.combinations(range(1, len(pieces)), n - 1):
        bounds = [0, *cuts, len(pieces)]
        lines, hyphens, longest = [], 0, 0.0
        for i, (a, b) in enumerate(zip(bounds, bounds[1:])):
            line = _line(pieces[a:b])
            if b < len(pieces) and pieces[b][0] == "" and not _wide(pieces[b][1][0]):
                line += "-"
                hyphens += 1
            if not fits(s, line, fnt, ys[i]):
                break
            lines.append(line)
            longest = max(longest, S.length(line, fnt))
        else:
            score = (hyphens, longest)
            if best is None or score < best[0]:
                best = (score, lines)
    return best[1] if best is not None else None


def _cut(text: str, fnt, s: float, ys: list[float]) -> list[str]:
    """The last resort: the lines filled word by word, the last cut with an ellipsis."""
    words = text.split()
    lines: list[str] = []
    for i, y in enumerate(ys):
        if i == len(ys) - 1:
            last = " ".join(words)
            if not fits(s, last, fnt, y):
                while last and not fits(s, last + "…", fnt, y):
                    last = last[:-1]
                last += "…"
            lines.append(last)
            break
        line = ""
        while words and (not line or fits(s, f"{line} {words[0]}", fnt, y)):
            line = f"{line} {words.pop(0)}".strip()
        lines.append(line)
        if not words:
            break
    return lines


@overload
def fit_in_hex(text: str, s: float, size: float, floor: int, bold: bool, max_lines: int, centre: Centre,
               last_resort: Literal[True] = True) -> tuple[Any, list[str]]: ...
@overload
def fit_in_hex(text: str, s: float, size: float, floor: int, bold: bool, max_lines: int, centre: Centre,
               last_resort: bool) -> tuple[Any, list[str]] | None: ...
def fit_in_hex(text: str, s: float, size: float, floor: int, bold: bool, max_lines: int, centre: Centre,
               last_resort: bool = True) -> tuple[Any, list[str]] | None:
    """(font, lines) of ``text`` in a hex of size ``s``: the largest font from ``size`` down to
    ``floor``, in as few lines as fit, each within the hex at its height; at the floor, long words
    hyphenated. ``last_resort``: when nothing fits, the lines cut with an ellipsis (otherwise
    None)."""
    size = max(size, floor)
    while True:
        fnt = S.f(size, bold)
        at_floor = size <= floor
        for hyphenate in ((False, True) if at_floor else (False,)):
            for n in range(1, max_lines + 1):
                lines = _wrap(text, fnt, s, line_centres(n, fnt.size, centre), hyphenate)
                if lines is not None:
                    return fnt, lines
        if at_floor:
            break
        size = max(floor, size * 0.92)
    if not last_resort:
        return None
    fnt = S.f(floor, bold)
    return fnt, _cut(text, fnt, s, line_centres(max_lines, fnt.size, centre))
