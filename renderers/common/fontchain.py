"""A font chain for text that the picture's own font cannot draw: player names in Arabic, Hebrew,
Thai, Devanagari and the other scripts of the Noto families, and colour emoji.

A text whose every character the picture's font has (and that holds no right-to-left letter
and no emoji sequence) is not touched here: it is drawn by Pillow's basic layout as before, to
the same pixels. Any other text is cut into grapheme clusters, each cluster given the first font
of the chain that has all its characters (by the font's cmap: renderers.common.cmap), and the
clusters drawn in runs of one font:

- runs in a font of the chain are shaped by Raqm (HarfBuzz), so Arabic letters join and Indic
  conjuncts form; right-to-left runs are laid out right to left;
- the line's direction is always left to right (the pictures' languages are): a right-to-left
  stretch of a text is turned around within itself only, so a name never reorders anything
  around it;
- emoji (ZWJ sequences, flags, skin tones, keycaps) come from Noto Color Emoji, a bitmap font
  that only loads at 109 pixels: each is drawn there in colour and scaled to the text's size;
- a stretch of clusters no font has is drawn as one replacement mark (U+FFFD), never a row of
  boxes.

Fonts and their cmaps load once per process, when first needed.
"""
from __future__ import annotations

import functools
import glob
import logging
import os
import struct
import unicodedata
from dataclasses import dataclass
from typing import Iterable

from PIL import Image, ImageDraw, ImageFont, features

from renderers.common import drawlog
from renderers.common.bidi import first_strong_right_to_left, isolated_spans, right_to_left
from renderers.common.cmap import Coverage, read_coverage
from renderers.common.fonts import has_cjk_font
from renderers.common.graphemes import graphemes
from renderers.common.lru import LRUCache

FONT_DIRS = ("/usr/share/fonts/truetype/noto", "/usr/share/fonts/noto", "/usr/share/fonts/opentype/noto")
#: the scripts tried first (the most used by players), then every other Noto Sans script font
FIRST = ("NotoSans", "NotoSansArabic", "NotoSansHebrew", "NotoSansThai", "NotoSansDevanagari", "NotoSansBengali",
         "NotoSansTamil", "NotoSansTelugu", "NotoSansGujarati", "NotoSansGurmukhi", "NotoSansKannada",
         "NotoSansMalayalam", "NotoSansSinhala", "NotoSansKhmer", "NotoSansLao", "NotoSansMyanmar",
         "NotoSansGeorgian", "NotoSansArmenian", "NotoSansEthiopic")
#: symbols last: they have many characters that a script font draws better
LAST = ("NotoSansSymbols", "NotoSansSymbols2", "NotoSansMath", "DejaVuSans")
EMOJI_FILE = "NotoColorEmoji.ttf"
#: Noto Color Emoji's only bitmap size
EMOJI_SIZE = 109
#: what a stretch of characters that no font has is drawn as
MISSING = "\ufffd"
#: the fonts without which names in common scripts or emoji cannot be drawn (warned at start-up)
NEEDED = ("NotoSans", "NotoSansArabic", "NotoSansHebrew", "NotoSansThai", "NotoSansDevanagari")
#: characters that make a cluster an emoji: variation selector 16, ZWJ, a keycap, a skin tone,
#: a regional indicator (flags), a tag (subdivision flags)
_EMOJI_MARKS = frozenset("\ufe0f\u200d\u20e3")
#: characters a font need not have for a cluster: joiners and variation selectors
_IGNORABLE = frozenset("\u200c\u200d\ufe0e\ufe0f")

#: bidi embeddings, overrides, isolates and marks: dropped here (the line's order is laid out
#: by the chain, and a name must not turn what follows it around)
_BIDI_CONTROLS = dict.fromkeys([*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F])

#: Raqm (HarfBuzz shaping, FriBiDi order) where Pillow has it; else letters in their order, unjoined
RAQM = features.check("raqm")

log = logging.getLogger(__name__)


def _emoji_mark(ch: str) -> bool:
    return (ch in _EMOJI_MARKS or "\U0001F3FB" <= ch <= "\U0001F3FF" or "\U0001F1E6" <= ch <= "\U0001F1FF"
            or "\U000E0020" <= ch <= "\U000E007F")


@functools.lru_cache(maxsize=None)
def _find(stem: str) -> str | None:
    for folder in FONT_DIRS + ("/usr/share/fonts/truetype/dejavu",):
        path = os.path.join(folder, stem)
        if os.path.exists(path):
            return path
    return None


@functools.lru_cache(maxsize=None)
def chain_paths(bold: bool) -> tuple[str, ...]:
    """The chain's font files, in the order they are tried (bold faces where a script has one)."""
    weight = "Bold" if bold else "Regular"
    found: dict[str, str] = {}
    for folder in FONT_DIRS:
        for path in sorted(glob.glob(os.path.join(folder, "NotoSans*-Regular.ttf"))):
            stem = os.path.basename(path)[:-len("-Regular.ttf")]
            if stem.endswith(("UI", "Mono", "Display")) or stem in found:
                continue
            found[stem] = _find(f"{stem}-{weight}.ttf") or path
    dejavu = _find("DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf")
    if dejavu:
        found["DejaVuSans"] = dejavu
    middle = sorted(stem for stem in found if stem not in FIRST and stem not in LAST)
    return tuple(found[stem] for stem in FIRST + tuple(middle) + LAST if stem in found)


def emoji_path() -> str | None:
    return _find(EMOJI_FILE)


def missing_fonts() -> list[str]:
    """The fonts of :data:`NEEDED`, the emoji font and Noto Sans CJK that are not installed, and
    Raqm when Pillow cannot use it."""
    stems = [f"{stem}-Regular.ttf" for stem in NEEDED] + [EMOJI_FILE]
    missing = [stem for stem in stems if _find(stem) is None]
    if not has_cjk_font():
        missing.insert(0, "NotoSansCJK-Regular.ttc")
    if not RAQM:
        missing.append("libraqm/libfribidi (right-to-left names are drawn unjoined)")
    return missing


def warm_up(faces: Iterable[ImageFont.FreeTypeFont]) -> None:
    """Read the character maps of ``faces`` (the pictures' own fonts): every text that is not
    ASCII is checked against them, so a drawing process reads them once as it starts."""
    for face in faces:
        if isinstance(getattr(face, "path", None), str):
            cmap(str(face.path))


def warn_missing_fonts() -> None:
    """A warning (not a failure) naming the fonts that are missing: names in those scripts, or
    emoji, are drawn as a replacement mark until they are installed."""
    missing = missing_fonts()
    if missing:
        log.warning("fonts missing for player names in pictures: %s (Debian/Ubuntu: make fonts, or apt-get install "
                    "fonts-noto-cjk fonts-noto-core fonts-noto-color-emoji libfribidi0); names in those scripts "
                    "or emoji are drawn as %s", ", ".join(missing), MISSING)


@functools.lru_cache(maxsize=None)
def cmap(path: str) -> Coverage:
    """The code points ``path`` has a glyph for (the first face of a collection), read once."""
    try:
        return read_coverage(path)
    except (OSError, ValueError, struct.error):        # an unreadable font file covers nothing
        log.warning("cannot read the character map of %s", path)
        return Coverage()


@functools.lru_cache(maxsize=4096)
def _plain(text: str, primary: str) -> bool:
    """Whether ``text`` is drawn by the picture's font alone: it has every character, and there is
    no right-to-left letter and no emoji sequence."""
    covered = cmap(primary)
    return all(ord(ch) in covered and not right_to_left(ch) and not _emoji_mark(ch) for ch in text)


def plain(text: str, face: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> bool:
    """Whether ``text`` is drawn in ``face`` as it is (no chain needed)."""
    if text.isascii():
        return True
    path = getattr(face, "path", None)
    if not isinstance(path, str):
        return True
    return _plain(text, path)


@functools.lru_cache(maxsize=4096)
def _font_for(cluster: str, primary: str, bold: bool) -> str | None:
    """The file of the first font that has every character of ``cluster`` (``EMOJI_FILE``'s path
    for an emoji); None when no font has it."""
    needed = [ord(ch) for ch in cluster if ch not in _IGNORABLE] or [ord(cluster[0])]
    emoji = emoji_path()
    if emoji and (any(_emoji_mark(ch) for ch in cluster) or ord(cluster[0]) >= 0x1F000) and ord(cluster[0]) in cmap(emoji):
        return emoji                      # an emoji sequence, or a character shown as an emoji by default
    for path in (primary,) + chain_paths(bold):
        covered = cmap(path)
        if all(code in covered for code in needed):
            return path
    if emoji and all(code in cmap(emoji) for code in needed):
        return emoji
    return None


@dataclass(frozen=True)
class Run:
    """Clusters drawn together: in one font (None: the primary face; ``emoji``: the emoji font),
    in one direction."""
    text: str
    path: str | None
    rtl: bool
    emoji: bool = False


class Layouts:
    """What laying a text out through the chain finds, kept (bounded, least recently used out):
    a text's runs, each run's advance and ink box at a size, each emoji scaled to a size, and the
    ink boxes of whole texts in one font (``texts``: renderers.common.text.ink_box). Names are
    measured at a few sizes and cut to fit (:func:`renderers.common.textfit.fit_name`), then
    drawn in several lines of a picture: each run is shaped once, not at every measure."""

    def __init__(self, size: int) -> None:
        self.runs: LRUCache[tuple[str, str], tuple[Run, ...]] = LRUCache(size)
        self.advances: LRUCache[tuple[Run, str, int], float] = LRUCache(size)
        self.boxes: LRUCache[tuple[Run, str, int, int], tuple[float, float, float, float]] = LRUCache(size)
        self.emoji: LRUCache[tuple[str, str, int], tuple[Image.Image, float, float]] = LRUCache(max(1, size // 16))
        self.texts: LRUCache[tuple[str, str, float, str], tuple[float, float, float, float]] = LRUCache(size)

    def resize(self, size: int) -> None:
        for cache in (self.runs, self.advances, self.boxes, self.texts):
            cache.resize(size)
        self.emoji.resize(max(1, size // 16) if size else 0)


#: the default of ``rendering.text_layouts``
LAYOUTS_KEPT = 8192
LAYOUTS = Layouts(LAYOUTS_KEPT)


def configure(size: int) -> None:
    """How many runs, advances and boxes of text laid out through the chain are kept
    (``rendering.text_layouts``)."""
    LAYOUTS.resize(size)


def runs(text: str, face: ImageFont.FreeTypeFont) -> list[Run]:
    """``text`` in runs of one font, in visual order from left to right; each isolate (a name
    filled into a line: :func:`isolate`) is ordered on its own, in the direction of its first
    letter, so it never turns what is around it (the line is left to right) and a name in Arabic
    or Hebrew has its ends (an ellipsis, a closing bracket) on its left, where it is read from.
    Kept (:data:`LAYOUTS`): a name is measured and drawn in many lines and sizes."""
    key = (text, str(face.path))
    found = LAYOUTS.runs.get(key)
    if found is None:
        found = tuple(_runs(text, face))
        LAYOUTS.runs.put(key, found)
    return list(found)


def _runs(text: str, face: ImageFont.FreeTypeFont) -> list[Run]:
    parts = isolated_spans(text)
    if len(parts) == 1 and not parts[0][1]:
        return _part_runs(parts[0][0], face, False)
    return [run for part, isolated in parts
            for run in _part_runs(part, face, isolated and first_strong_right_to_left(part.translate(_BIDI_CONTROLS)))]


def _part_runs(text: str, face: ImageFont.FreeTypeFont, right_to_left_part: bool) -> list[Run]:
    primary = str(face.path)
    bold = "Bold" in os.path.basename(primary)
    emoji = emoji_path()
    clusters = graphemes(text.translate(_BIDI_CONTROLS))
    paths: list[str | None] = []
    for cluster in clusters:
        path = _font_for(cluster, primary, bold)
        paths.append(None if path == primary else (path if path is not None else MISSING))
    # a stretch of clusters that no font has: one mark
    merged: list[tuple[str, str | None]] = []
    for cluster, path in zip(clusters, paths):
        if path == MISSING and merged and merged[-1][1] == MISSING:
            continue
        merged.append((MISSING if path == MISSING else cluster, path))
    strong = [_direction(cluster) for cluster, _ in merged]
    rtl = _resolve(strong, right_to_left_part)
    out: list[Run] = []
    for (cluster, path), right in zip(merged, rtl):
        if path == MISSING:
            path = _missing_path(primary, bold)
        is_emoji = path is not None and path == emoji
        if out and out[-1].path == path and out[-1].rtl == right and not is_emoji:
            last = out[-1]
            # without Raqm a right-to-left run is laid out as it is given: its clusters turned around here
            out[-1] = Run(cluster + last.text if right and not RAQM else last.text + cluster, path, right)
        else:
            out.append(Run(cluster, path, right, is_emoji))
    return _visual_order(out, right_to_left_part)


def _direction(cluster: str) -> bool | str | None:
    """True: right to left; False: left to right; "number": a number (it follows the letters
    before it); None: neutral (takes its neighbours')."""
    kind = unicodedata.bidirectional(cluster[0])
    if kind in ("R", "AL"):
        return True
    if kind == "L":
        return False
    if kind in ("EN", "AN"):
        return "number"
    return None


def _resolve(kinds: list[bool | str | None], base: bool = False) -> list[bool]:
    """Each cluster's direction in a stretch laid out in the direction ``base`` (True: right to
    left): a number after right-to-left letters is part of their stretch (it is still read left
    to right: Raqm lays it out), neutrals between two clusters of one direction take it, every
    other cluster (neutrals at the ends or between the two directions) takes ``base``."""
    strong: list[bool | None] = []
    last = base
    for kind in kinds:
        if kind == "number":
            strong.append(last)
        else:
            strong.append(kind if isinstance(kind, bool) else None)
            if isinstance(kind, bool):
                last = kind
    resolved = []
    for at, kind in enumerate(strong):
        if kind is not None:
            resolved.append(kind)
            continue
        before = next((k for k in reversed(strong[:at]) if k is not None), base)
        after = next((k for k in strong[at + 1:] if k is not None), base)
        resolved.append(before if before == after else base)
    return resolved


def _visual_order(runs_: list[Run], base: bool = False) -> list[Run]:
    """Each stretch of right-to-left runs turned around (the runs inside keep their own order of
    letters: Raqm lays them out); in a right-to-left part (``base``), the stretches too, from its
    end to its start, each left-to-right stretch keeping its order."""
    stretches: list[list[Run]] = []
    for run in runs_:
        if stretches and stretches[-1][0].rtl == run.rtl:
            stretches[-1].append(run)
        else:
            stretches.append([run])
    ordered_stretches = [list(reversed(stretch)) if stretch[0].rtl else stretch for stretch in stretches]
    if base:
        ordered_stretches.reverse()
    return [run for stretch in ordered_stretches for run in stretch]


@functools.lru_cache(maxsize=None)
def _missing_path(primary: str, bold: bool) -> str | None:
    for path in (primary,) + chain_paths(bold):
        if ord(MISSING) in cmap(path):
            return None if path == primary else path
    return None


@functools.lru_cache(maxsize=512)
def _face(path: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, size=size, layout_engine=ImageFont.Layout.RAQM if RAQM else ImageFont.Layout.BASIC)


def _run_face(run: Run, face: ImageFont.FreeTypeFont) -> ImageFont.FreeTypeFont:
    if run.path is None:
        return face
    if run.emoji:
        return _face(run.path, EMOJI_SIZE)
    return _face(run.path, int(face.size))


def _direction_of(run: Run) -> str | None:
    """The ``direction`` argument for a run (Raqm only; without it a right-to-left run's clusters
    are turned around by :func:`runs`)."""
    return "rtl" if run.rtl and RAQM else None


def _scale(run: Run, face: ImageFont.FreeTypeFont) -> float:
    return face.size / EMOJI_SIZE if run.emoji else 1.0


def _advance(run: Run, face: ImageFont.FreeTypeFont) -> float:
    key = (run, str(face.path), int(face.size))
    found = LAYOUTS.advances.get(key)
    if found is None:
        found = _run_face(run, face).getlength(run.text, direction=_direction_of(run)) * _scale(run, face)
        LAYOUTS.advances.put(key, found)
    return found


def _ink(run: Run, face: ImageFont.FreeTypeFont, stroke_width: int) -> tuple[float, float, float, float]:
    """The ink box of a run (not an emoji) drawn from the pen on the baseline."""
    key = (run, str(face.path), int(face.size), stroke_width)
    found = LAYOUTS.boxes.get(key)
    if found is None:
        found = _run_face(run, face).getbbox(run.text, anchor="ls", stroke_width=stroke_width, direction=_direction_of(run))
        LAYOUTS.boxes.put(key, found)
    return found


def _scaled_emoji(run: Run, face: ImageFont.FreeTypeFont) -> tuple[Image.Image, float, float]:
    """An emoji at the text's size (scaled from the font's only size) and its offset from the pen
    on the baseline."""
    key = (run.text, str(run.path), int(face.size))
    found = LAYOUTS.emoji.get(key)
    if found is None:
        image, left, top = _emoji_image(run.text, str(run.path))
        scale = _scale(run, face)
        scaled = image.resize((max(1, round(image.width * scale)), max(1, round(image.height * scale))),
                              Image.Resampling.LANCZOS)
        found = (scaled, left * scale, top * scale)
        LAYOUTS.emoji.put(key, found)
    return found


@functools.lru_cache(maxsize=4096)
def length(text: str, face: ImageFont.FreeTypeFont) -> float:
    """The advance of ``text`` drawn through the chain."""
    return sum(_advance(run, face) for run in runs(text, face))


@functools.lru_cache(maxsize=256)
def _emoji_image(cluster: str, path: str) -> tuple[Image.Image, int, int]:
    """An emoji at the font's own size, in colour, and its offset from the pen on the baseline."""
    font = _face(path, EMOJI_SIZE)
    left, top, right, bottom = (int(edge) for edge in font.getbbox(cluster, anchor="ls"))
    image = Image.new("RGBA", (max(1, right - left), max(1, bottom - top)), (0, 0, 0, 0))
    drawlog.rasterise(ImageDraw.Draw(image), (-left, -top), cluster, font=font, anchor="ls", embedded_color=True)
    return image, left, top


def _baseline(anchor: str, face: ImageFont.FreeTypeFont) -> float:
    """Where the baseline is, below the anchor point, for the anchor's vertical part."""
    ascent, descent = face.getmetrics()
    return {"a": ascent, "t": ascent, "m": (ascent - descent) / 2, "s": 0, "d": -descent, "b": -descent}.get(
        anchor[1] if len(anchor) > 1 else "a", ascent)


def render(text: str, face: ImageFont.FreeTypeFont, anchor: str = "la",
           stroke_width: int = 0) -> tuple[Image.Image, Image.Image | None, int, int]:
    """``text`` drawn through the chain: its coverage (mode "L", to be painted in the text's
    colour), its colour emoji (mode "RGBA", or None) over the same box, and the box's offset from
    the anchor point."""
    laid: list[tuple[Run, float]] = []
    pen = 0.0
    for run in runs(text, face):
        laid.append((run, pen))
        pen += _advance(run, face)
    shift = {"l": 0.0, "m": -pen / 2, "r": -pen}.get(anchor[0], 0.0)
    baseline = _baseline(anchor, face)
    boxes = []
    for run, x in laid:
        if run.emoji:
            image, left, top = _emoji_image(run.text, str(run.path))
            scale = _scale(run, face)
            boxes.append((x + left * scale, top * scale, x + (left + image.width) * scale, (top + image.height) * scale))
        else:
            box = _ink(run, face, stroke_width)
            boxes.append((x + box[0], box[1], x + box[2], box[3]))
    left = int(min(box[0] for box in boxes)) if boxes else 0
    top = int(min(box[1] for box in boxes)) if boxes else 0
    right = int(max(box[2] for box in boxes)) + 1 if boxes else 1
    bottom = int(max(box[3] for box in boxes)) + 1 if boxes else 1
    size = (max(1, right - left), max(1, bottom - top))
    mask = Image.new("L", size, 0)
    colour: Image.Image | None = None
    pen_draw = ImageDraw.Draw(mask)
    for run, x in laid:
        if run.emoji:
            scaled, run_left, run_top = _scaled_emoji(run, face)
            if colour is None:
                colour = Image.new("RGBA", size, (0, 0, 0, 0))
            colour.alpha_composite(scaled, (max(0, round(x + run_left) - left), max(0, round(run_top) - top)))
        else:
            drawlog.rasterise(pen_draw, (x - left, -top), run.text, fill=255, font=_run_face(run, face), anchor="ls",
                              stroke_width=stroke_width, direction=_direction_of(run))
    return mask, colour, left + round(shift), top + round(baseline)


def paint_colour(core, mode: str, x: int, y: int, colour: Image.Image) -> None:
    """Colour emoji (mode "RGBA") pasted over the image core ``core`` (of ``mode``) at (x, y)."""
    pixels = colour if mode == "RGBA" else colour.convert(mode)
    core.paste(pixels.im, (x, y, x + colour.width, y + colour.height), colour.getchannel("A").im)


@functools.lru_cache(maxsize=4096)
def cuttable(text: str) -> bool:
    """Whether ``text`` may be drawn in pieces (cut at its digits): it has no right-to-left
    letter, no emoji sequence and no bidi control."""
    return not any(right_to_left(ch) or _emoji_mark(ch) or ord(ch) in _BIDI_CONTROLS for ch in text)


def fonts_used(text: str, face: ImageFont.FreeTypeFont) -> Iterable[tuple[str, str]]:
    """(run text, font file) for each run of ``text`` (tests check each font has the run's glyphs)."""
    for run in runs(text, face):
        yield run.text, str(run.path if run.path is not None else face.path)
