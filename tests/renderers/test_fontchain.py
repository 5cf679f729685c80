"""The font chain (renderers.common.fontchain): every script and emoji a name can hold is drawn
by a font that has its glyphs, right-to-left stretches are turned around within themselves only,
a character no font has is one mark, and text the picture's font draws by itself is untouched."""
from __future__ import annotations

import logging

import pytest
from PIL import Image, ImageDraw

from renderers.common import fontchain, font
from renderers.common.graphemes import graphemes
from renderers.common.text import chained, ink_box, length, text
from renderers.common.textfit import ELLIPSIS, fit

FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467"
FLAG = "\U0001F1EF\U0001F1F5"
SKIN = "\U0001F44D\U0001F3FD"
KEYCAP = "1\ufe0f\u20e3"
SCOTLAND = "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F"
EMOJI = [FAMILY, FLAG, SKIN, KEYCAP, SCOTLAND, "\U0001F409", "\u2764\ufe0f"]
ARABIC = "\u0645\u062d\u0645\u062f \u0639\u0644\u064a"
HEBREW = "\u05e9\u05dc\u05d5\u05dd"
THAI = "\u0e2a\u0e21\u0e0a\u0e32\u0e22 \u0e43\u0e08\u0e14\u0e35"
DEVANAGARI = "\u0915\u094d\u0937\u0924\u094d\u0930\u093f\u092f"
HARD = ["\U0001F409Drache\U0001F409", f"{FAMILY} {FLAG} {SKIN} {KEYCAP} {SCOTLAND}", ARABIC, HEBREW, THAI, DEVANAGARI,
        f"Bob {ARABIC}\U0001F409{HEBREW} end", "Zoe\u0308 a\u0308\u0323", "abc\u202eEVIL\u202c def", "Ωμέγα Жора 山田"]

pytestmark = pytest.mark.skipif(bool(fontchain.missing_fonts()), reason="the set-up (make fonts) installs the fonts")


def test_the_set_up_installs_every_font_of_the_chain():
    assert fontchain.missing_fonts() == [], "make fonts installs fonts-noto-cjk, fonts-noto-core, fonts-noto-color-emoji"


@pytest.mark.parametrize("name", ["Alice", "Computer 1 (greedy)", "山田太郎", "Ünïcødé(B)", "김철수", "Ωμεγα Жора",
                                  "**x** _y_", "カルカソンヌ・ゲーム★"])
@pytest.mark.parametrize("bold", [False, True])
def test_text_the_font_draws_by_itself_is_not_chained(name, bold):
    assert not chained(name, font(20, bold))


@pytest.mark.parametrize("name", HARD)
@pytest.mark.parametrize("bold", [False, True])
def test_every_run_is_drawn_by_a_font_that_has_its_glyphs(name, bold):
    face = font(24, bold)
    assert chained(name, face)
    drawn = ""
    for run, path in fontchain.fonts_used(name, face):
        needed = {ord(ch) for ch in run} - {0x200C, 0x200D, 0xFE0E, 0xFE0F}
        covered = fontchain.cmap(path)
        assert all(code in covered for code in needed), f"{run!r} drawn with {path}, which lacks some of its glyphs"
        drawn += run
    assert sorted(drawn) == sorted(name.replace("\u202e", "").replace("\u202c", ""))   # all of it, bidi controls aside


@pytest.mark.parametrize("emoji", EMOJI)
def test_each_emoji_is_one_run_of_the_emoji_font(emoji):
    face = font(24)
    runs = fontchain.runs(f"a{emoji}b", face)
    assert [run.text for run in runs] == ["a", emoji, "b"]
    assert runs[1].emoji and runs[1].path == fontchain.emoji_path()


def test_emoji_are_drawn_in_colour_at_the_texts_size():
    image = Image.new("RGB", (120, 60), (255, 255, 255))
    text(ImageDraw.Draw(image), (10, 30), "\U0001F409", font(30), fill=(0, 0, 0), anchor="lm")
    colours = {pixel for _, pixel in image.getcolors(1 << 16) or [] if max(pixel) - min(pixel) > 60}   # not grey: colour
    assert len(colours) > 20
    assert 30 <= length("\U0001F409", font(30)) <= 42                                    # about 1.25 em wide
    box = image.convert("L").point(lambda v: 255 if v < 250 else 0).getbbox()
    assert box is not None and box[3] - box[1] <= 40                                     # scaled from 109 px


def test_a_stretch_no_font_has_is_one_mark():
    runs = fontchain.runs("a\U000F0000\U000F0001\U000F0002b", font(24))
    assert "".join(run.text for run in runs) == "a" + fontchain.MISSING + "b"


def test_a_right_to_left_stretch_is_turned_around_within_itself():
    face = font(24)
    hebrew_a, hebrew_b = "\u05d0\u05d1", "\u05d2\u05d3"
    order = [run.text for run in fontchain.runs(f"Bob {hebrew_a}\U0001F409{hebrew_b} end", face)]
    assert order[0].startswith("Bob") and order[-1].endswith("end")          # nothing outside the name moves
    inner = [t for t in order if t.strip(" ") in (hebrew_a, hebrew_b, "\U0001F409")]
    assert [t.strip(" ") for t in inner] == [hebrew_b, "\U0001F409", hebrew_a]
    assert [run.text for run in fontchain.runs("abc\u202eEVIL\u202c def", face)][0].startswith("abcEVIL")


@pytest.mark.parametrize("name", HARD + ["\U0001F409" * 20, "e\u0301" * 30, FAMILY * 8])
@pytest.mark.parametrize("width", [20, 45, 80, 140])
def test_a_cut_keeps_whole_clusters(name, width):
    face = font(20)
    cut = fit(name, width, lambda t: length(t, face))
    if cut == name:
        return
    assert cut.endswith(ELLIPSIS)
    kept = cut[:-1]
    assert graphemes(kept) == graphemes(name)[:len(graphemes(kept))]
    assert length(cut, face) <= width or kept == ""


def test_a_missing_font_is_a_warning_at_start(monkeypatch, caplog):
    monkeypatch.setattr(fontchain, "missing_fonts", lambda: ["NotoColorEmoji.ttf"])
    with caplog.at_level(logging.WARNING):
        fontchain.warn_missing_fonts()
    assert "NotoColorEmoji.ttf" in caplog.text and "fonts-noto-color-emoji" in caplog.text


def test_a_right_to_left_name_in_a_line_turns_nothing_outside_itself():
    from renderers.common.bidi import isolated_parts
    from renderers.common.picture_words import word

    arabic = "محمد علي"
    line = word("{name}: {points}", name=arabic, points="0 VP on tiles so far")
    drawn = [(run.text, run.rtl) for run in fontchain.runs(line, font(24, True))]
    # the name's words right to left, then the rest of the line as written, after it
    assert "".join(text for text, _ in drawn[:-1]) == "علي محمد"
    assert drawn[-1] == (": 0 VP on tiles so far", False)
    assert word("{name} wins", name="Alice") == "Alice wins"          # nothing added to other names
    assert isolated_parts("a\u2068b\u2068c\u2069d\u2069e") == ["a", "b\u2068c\u2069d", "e"]
    assert isolated_parts("a\u2068b") == ["a", "b"]


def test_whole_texts_ink_boxes_are_kept_within_the_layouts_limit():
    face = font(20)
    try:
        fontchain.configure(2)
        for word in ("Quarry", "Sawmill", "Workshop"):
            assert ink_box(word, face, "mm") == face.getbbox(word, anchor="mm")
        assert len(fontchain.LAYOUTS.texts) == 2
        hits = fontchain.LAYOUTS.texts.hits
        assert ink_box("Workshop", face, "mm") == face.getbbox("Workshop", anchor="mm")
        assert fontchain.LAYOUTS.texts.hits == hits + 1
    finally:
        fontchain.configure(fontchain.LAYOUTS_KEPT)
