"""Words inside a flat-topped hex: every line only as wide as the hex is at that line's height
(a line near a corner gets less room than one across the middle), the font shrunk down to the
picture's floor, then a word still too long hyphenated (Japanese broken between characters) so
that nothing is cut by the hex's edge or hidden under its neighbour; an ellipsis only when even
that cannot fit. Japanese breaks first between phrases (after a particle or punctuation), and
never puts a small kana, a long vowel mark or closing punctuation at a line's start."""
from __future__ import annotations

import itertools
import math
import unicodedata
from typing import Any, Callable, Iterator, Literal, overload

from renderers.common import linebreak, textfit
from renderers.common.text import ink_box
from renderers.keyflower import style as S
from renderers.keyflower import syllables

SQ3 = math.sqrt(3)
LINE = 1.1              # line height / font size (as renderers.keyflower.hexes draws the lines)
EDGE = 2                # pixels kept between a line's plate and the hex's edge

#: where a block of ``n`` lines of height ``h`` is centred, as an offset from the hex's centre
Centre = Callable[[int, float], float]
#: a corner kept clear of words (a points badge): words above ``bottom`` end left of ``left``
#: (offsets from the hex's centre), moved left off the middle if need be
Clear = tuple[float, float] | None


def chord(s: float, top: float, bottom: float) -> float:
    """How wide a flat-topped hex of size ``s`` is all across the band ``top``..``bottom``
    (offsets from its centre): the narrowest point of the band; nothing above its flat top or
    below its flat bottom."""
    reach = max(abs(top), abs(bottom))
    return 0.0 if reach > s * SQ3 / 2 else 2 * s - 2 * reach / SQ3


def line_centres(n: int, size: float, centre: Centre) -> list[float]:
    """Where each of ``n`` lines of a font of ``size`` px goes (offsets from the hex's centre), in
    a block placed by ``centre``."""
    h = size * LINE
    top = centre(n, h) - h * (n - 1) / 2
    return [top + i * h for i in range(n)]


def shift(s: float, line: str, fnt, y: float, clear: Clear = None) -> float | None:
    """How far right of the middle ``line`` goes at height ``y`` (0, or less than 0 to keep out
    of the ``clear`` corner) so that its letters lie inside the hex (a plate round them may be cut
    by the edge, the words never); None when it cannot."""
    left, top, right, bottom = ink_box(line, fnt, "mm")
    room = chord(s, y + top, y + bottom) / 2
    if max(-left, right) + EDGE > room:
        return None
    if clear is None or y + top >= clear[1] or right + EDGE <= clear[0]:
        return 0.0
    moved = clear[0] - EDGE - right
    return moved if left + moved - EDGE >= -room else None


def fits(s: float, line: str, fnt, y: float, clear: Clear = None) -> bool:
    """Whether ``line`` fits the hex at height ``y`` (see :func:`shift`)."""
    return shift(s, line, fnt, y, clear) is not None


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


#: characters a Japanese line never starts with (kinsoku, JLReq): small kana, the long vowel mark,
#: closing brackets, punctuation and the middle dot
NO_LINE_START = linebreak.NO_LINE_START
#: the first word of Keyflower's compound names (Keyflower, Keymarket, Keythedral: キーフラワー)
KEY = "キー"
#: the cost of breaking inside a katakana word (a loanword such as キーフラワー): only when nothing
#: else fits, after every break between other Japanese characters (cost 1)
INSIDE_KATAKANA = 3
#: kana a broken loanword's second line should not start with (the syllabic n reads as the end
#: of the syllable before it: "イアン|ビンシブル号", not "イアンビ|ンシブル号")
SOFT_START = frozenset("ン")
#: characters after which a Japanese line may end as naturally as after a word
BREAK_AFTER = frozenset("・：、。）」』")


def _hiragana(ch: str) -> bool:
    return "\u3041" <= ch <= "\u309f"


def _katakana(ch: str) -> bool:
    return "\u30a0" <= ch <= "\u30ff"


def _kanji(ch: str) -> bool:
    return "\u4e00" <= ch <= "\u9fff"


def phrase_breaks(word: str) -> set[int]:
    """Where a Japanese run of characters breaks as naturally as English between words: after
    punctuation (・ ： 、); where a hiragana run (a particle, a verb's ending) meets a kanji or
    katakana ("鉄床を|払う：|鉄+3"); between the kanji and katakana words of a compound ("+家|タイル")
    — these two only with two characters or more on each side ("キーの|石切り場", not
    "石切り|場"); after the "キー" (key) that begins a compound loanword ("キー|フラワー号",
    "キー|マーケット": never "キーフラ|ワー号"); before a kanji that ends a word after a loanword
    (a boat's "号": "イアンビンシブル|号", rather than a break inside the loanword); never before a
    character a line cannot start with."""
    marks, joins, suffixes = set(), [], []
    for i in range(1, len(word)):
        before, after = word[i - 1], word[i]
        if not linebreak.allowed(before, after):
            continue
        if before in BREAK_AFTER or after in "（「『":
            marks.add(i)
        elif _katakana(before) and _kanji(after) and i == len(word) - 1:
            suffixes.append(i)
        elif (_hiragana(before) and _wide(after) and not _hiragana(after)) or \
                (_kanji(before) and _katakana(after)) or (_katakana(before) and _kanji(after)) or \
                (word[i - len(KEY):i] == KEY and (i == len(KEY) or not _katakana(word[i - len(KEY) - 1]))
                 and all(_katakana(ch) for ch in word[i:i + 3]) and len(word[i:i + 3]) == 3):
            joins.append(i)
    breaks = set(marks)
    for i in joins:
        earlier = max([0, *(b for b in breaks if b < i)])
        later = min([len(word), *(b for b in marks | set(joins) if b > i)])
        if i - earlier >= 2 and later - i >= 2:
            breaks.add(i)
    for i in suffixes:              # a boat's 号 after its loanword: "イアンビンシブル|号"
        if i - max([0, *(b for b in breaks if b < i)]) >= 2:
            breaks.add(i)
    return breaks


def split_katakana(lines: list[str]) -> list[str]:
    """The katakana words ``lines`` (one text wrapped) break between two of their characters
    anywhere but where :func:`phrase_breaks` allows (after the "キー" of a compound loanword)."""
    found = []
    for before, after in zip(lines, lines[1:]):
        if not before or not after or not linebreak.inside_word(before[-1], after[0]) or not _katakana(after[0]):
            continue
        head, tail = before.split(" ")[-1], after.split(" ")[0]
        if len(head) not in phrase_breaks(head + tail):
            found.append(head[_run_start(head):] + tail[:_run_end(tail)])
    return found


def _run_start(word: str) -> int:
    """Where the katakana run that ends ``word`` starts."""
    i = len(word)
    while i > 0 and linebreak.katakana(word[i - 1]):
        i -= 1
    return i


def _run_end(word: str) -> int:
    """Where the katakana run that starts ``word`` ends."""
    i = 0
    while i < len(word) and linebreak.katakana(word[i]):
        i += 1
    return i


def splits_katakana(lines: list[str]) -> bool:
    """Whether ``lines`` break a katakana word (see :func:`split_katakana`)."""
    return bool(split_katakana(lines))


def fits_across(s: float, word: str, fnt) -> bool:
    """Whether ``word`` fits one line of a hex of size ``s`` where the hex is widest (its middle)."""
    left, top, right, bottom = ink_box(word, fnt, "mm")
    return fits(s, word, fnt, -(top + bottom) / 2)


def needless_split(lines: list[str], s: float, fnt) -> bool:
    """Whether ``lines`` (in ``fnt``, in a hex of size ``s``) break a katakana word that would fit
    whole on a line across the hex's middle: one a better layout (or a larger hex) keeps whole.
    A word wider than the hex (イアンビンシブル in a small boat) has to break."""
    return any(fits_across(s, word, fnt) for word in split_katakana(lines))


#: a piece of text on a line: (joint, piece, cost) — the joint stands between it and the piece
#: before on one line ("" inside a word, " " between words); the cost of breaking the line
#: before it (0 between words and Japanese phrases, 1 inside a word)
Piece = tuple[str, str, int]


def _pieces(text: str, hyphenate: bool) -> list[Piece]:
    """``text`` as pieces a line may break before. Without ``hyphenate``, only between words and
    Japanese phrases; with it, between syllables and between any two Japanese characters a line
    may be broken at, at a cost (the highest inside a katakana word)."""
    out: list[Piece] = []
    for word in text.split():
        if any(_wide(ch) for ch in word):
            natural = phrase_breaks(word)
            # not inside a run of Latin letters or digits, nor a lone character off a word's end
            anywhere = {i for i in range(2, len(word) - 1)
                        if linebreak.allowed(word[i - 1], word[i]) and (_wide(word[i - 1]) or _wide(word[i]))}
            cuts = sorted(natural | (anywhere if hyphenate else set()))
            costs = [0 if cut in natural else INSIDE_KATAKANA + (word[cut] in SOFT_START)
                     if linebreak.inside_word(word[cut - 1], word[cut]) else 1 for cut in cuts]
        elif hyphenate:
            cuts = list(syllables.breaks(word))
            costs = [1] * len(cuts)
        else:
            cuts, costs = [], []
        parts = [word[a:b] for a, b in zip([0, *cuts], [*cuts, len(word)])]
        out += [(" " if out else "", parts[0], 0)] + [("", part, cost) for part, cost in zip(parts[1:], costs)]
    return out


def _line(pieces: list[Piece]) -> str:
    """One line of pieces."""
    return "".join((joint if i else "") + piece for i, (joint, piece, _) in enumerate(pieces))


def _latin_break(pieces: list[Piece], at: int) -> bool:
    """Whether a line broken before piece ``at`` ends inside a Latin word (and takes a hyphen)."""
    joint, piece, _ = pieces[at]
    return joint == "" and not _wide(piece[0]) and not _wide(pieces[at - 1][1][-1])


def _wrap(text: str, fnt, s: float, ys: list[float], hyphenate: bool, clear: Clear = None) -> list[str] | None:
    """``text`` in exactly ``len(ys)`` lines, line i centred at ``ys[i]``, each inside the hex
    (fewest breaks inside a word, then the most even); None if it does not fit."""
    pieces = _pieces(text, hyphenate)
    n = len(ys)
    if n > len(pieces):
        return None
    best: tuple[tuple[int, float], list[str]] | None = None
    for cuts in itertools.combinations(range(1, len(pieces)), n - 1):
        bounds = [0, *cuts, len(pieces)]
        lines, inside, longest = [], 0, 0.0
        for i, (a, b) in enumerate(zip(bounds, bounds[1:])):
            line = _line(pieces[a:b])
            if b < len(pieces):
                inside += pieces[b][2]
                if _latin_break(pieces, b):
                    line += "-"
            if not fits(s, line, fnt, ys[i], clear):
                break
            lines.append(line)
            longest = max(longest, S.length(line, fnt))
        else:
            score = (inside, longest)
            if best is None or score < best[0]:
                best = (score, lines)
    return best[1] if best is not None else None


def _cut(text: str, fnt, s: float, ys: list[float], clear: Clear = None) -> list[str]:
    """The last resort: the lines filled piece by piece (words; Japanese between characters), the
    last cut with an ellipsis."""
    pieces: list[Piece] = []
    for i, piece in enumerate(_pieces(text, True)):
        if i and _latin_break([pieces[-1], piece], 1):     # a Latin word stays whole
            pieces[-1] = (pieces[-1][0], pieces[-1][1] + piece[1], pieces[-1][2])
        else:
            pieces.append(piece)
    lines: list[str] = []
    at = 0
    for i, y in enumerate(ys):
        if i == len(ys) - 1:
            lines.append(textfit.ellipsize(_line(pieces[at:]), lambda t: fits(s, t, fnt, y, clear), rstrip=True))
            break
        end = at + 1
        while end < len(pieces) and fits(s, _line(pieces[at:end + 1]), fnt, y, clear):
            end += 1
        lines.append(_line(pieces[at:end]))
        at = end
        if at == len(pieces):
            break
    return lines


def _shrinking(size: float, floor: int, bold: bool, hyphenate: bool = True) -> Iterator[tuple[Any, bool]]:
    """(font, whether words may be broken) to try, in order: the fonts from ``size`` down to
    ``floor`` a step at a time, words whole; at the floor, then broken too (if ``hyphenate``)."""
    size = max(size, floor)
    while True:
        fnt = S.f(size, bold)
        at_floor = size <= floor
        for broken in ((False, True) if at_floor and hyphenate else (False,)):
            yield fnt, broken
        if at_floor:
            return
        size = max(floor, size * 0.92)


@overload
def fit_in_hex(text: str, s: float, size: float, floor: int, bold: bool, max_lines: int, centre: Centre,
               last_resort: Literal[True] = True, clear: Clear = None, hyphenate: bool = True,
               ) -> tuple[Any, list[str]]: ...
@overload
def fit_in_hex(text: str, s: float, size: float, floor: int, bold: bool, max_lines: int, centre: Centre,
               last_resort: bool, clear: Clear = None, hyphenate: bool = True) -> tuple[Any, list[str]] | None: ...
def fit_in_hex(text: str, s: float, size: float, floor: int, bold: bool, max_lines: int, centre: Centre,
               last_resort: bool = True, clear: Clear = None, hyphenate: bool = True) -> tuple[Any, list[str]] | None:
    """(font, lines) of ``text`` in a hex of size ``s``: the largest font from ``size`` down to
    ``floor``, in as few lines as fit, each within the hex at its height; at the floor, long words
    hyphenated (unless not ``hyphenate``); none in the ``clear`` corner. ``last_resort``: when
    nothing fits, the lines cut with an ellipsis (otherwise None)."""
    for fnt, broken in _shrinking(size, floor, bold, hyphenate):
        for n in range(1, max_lines + 1):
            lines = _wrap(text, fnt, s, line_centres(n, fnt.size, centre), broken, clear)
            if lines is not None:
                return fnt, lines
    if not last_resort:
        return None
    fnt = S.f(floor, bold)
    return fnt, _cut(text, fnt, s, line_centres(max_lines, fnt.size, centre), clear)


#: a block of lines and the height of its first line's centre (an offset from the hex's centre)
Block = tuple[list[str], float]


def fit_below(ability: str, cost: str, s: float, size: float, floor: int, top: float, bottom: float,
              ) -> tuple[Any, Block | None, Block | None] | None:
    """(font, ability block, cost block) of an auction tile's ability and upgrade cost (either may
    be empty) in the lines between ``top`` and ``bottom`` (centres of its first and lowest possible
    line): the largest font from ``size`` down to ``floor``, in the fewest lines; the ability from
    the top, the cost in the lowest lines it fits (at the bottom, as a tile prints it); at the
    floor, long words hyphenated. None when they do not fit whole."""
    for fnt, broken in _shrinking(size, floor, False):
        h = fnt.size * LINE
        slots = [top + i * h for i in range(max(1, int((bottom - top) / h) + 1))]
        found = _stack(ability, cost, fnt, s, slots, broken)
        if found is not None:
            return (fnt, *found)
    return None


def _stack(ability: str, cost: str, fnt, s: float, slots: list[float], hyphenate: bool,
           ) -> tuple[Block | None, Block | None] | None:
    for total in range(bool(ability) + bool(cost), len(slots) + 1):
        for used in range(1, total + 1 - bool(cost)) if ability else (0,):
            lines = _wrap(ability, fnt, s, slots[:used], hyphenate) if used else []
            if lines is None:
                continue
            block = (lines, slots[0]) if used else None
            if not cost:
                return block, None
            count = total - used
            for first in range(len(slots) - count, used - 1, -1):     # as low as it fits
                cost_lines = _wrap(cost, fnt, s, slots[first:first + count], hyphenate)
                if cost_lines is not None:
                    return block, (cost_lines, slots[first])
    return None
