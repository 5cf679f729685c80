"""Every picture of every game drawn with hard names (tests/renderers/hardnames.py) in English and
Japanese, the leaderboard and standings tables and the replay's captions: each text's fonts have
its glyphs (by their cmaps), every name keeps to the room its layout gives it (inside its image,
over no other text), and a name that is cut is cut between grapheme clusters, with an ellipsis."""
from __future__ import annotations

import functools
import unicodedata
from collections import defaultdict
from typing import Iterable

import pytest
from PIL import Image, ImageDraw, ImageFont

from games import registry
from renderers import registry as renderers
from renderers.common import drawlog, font_audit, fontchain
from renderers.common.bidi import ISOLATES, POP, right_to_left
from renderers.common.graphemes import graphemes
from renderers.common.text import chained
from renderers.common.textfit import ELLIPSIS
from renderers.rankings import Column, render_ranking
from renderers.replay import Move, caption
from tests.renderers.hardnames import NAMES, seated
from tests.renderers.picture_digests import shipped_games
from tests.renderers.positions import configs, positions

LANGUAGES = ("en", "ja")
#: a pixel of two texts' ink boxes may touch (anti-aliasing at a box's edge)
TOUCH = 1
#: characters that have no glyph of their own: joiners, variation selectors, bidi controls, tags
_NO_GLYPH = frozenset("\u200c\u200d\ufe0e\ufe0f")


def _needs_glyph(ch: str) -> bool:
    return ch not in _NO_GLYPH and unicodedata.category(ch) not in ("Cf", "Cc") and not "\U000e0000" <= ch <= "\U000e007f"


def _runs(drawn: drawlog.DrawnText) -> list[tuple[str, str]]:
    face = drawn.face
    if not isinstance(face, ImageFont.FreeTypeFont):
        return []
    if chained(drawn.text, face):
        return list(fontchain.fonts_used(drawn.text, face))
    return [(drawn.text, str(face.path))]


def missing_glyphs(texts: Iterable[drawlog.DrawnText]) -> list[str]:
    """Each run of a text whose font lacks a glyph for one of its characters, or that no font of
    the chain has (drawn as the replacement mark)."""
    wrong = []
    for drawn in texts:
        for run, path in _runs(drawn):
            covered = fontchain.cmap(path)
            lacking = [ch for ch in run if _needs_glyph(ch) and ord(ch) not in covered]
            if lacking or (fontchain.MISSING in run and fontchain.MISSING not in drawn.text):
                wrong.append(f"{drawn.text!r}: run {run!r} in {path} lacks {lacking or 'a font'}")
    return wrong


def unisolated(text: str) -> str:
    """``text`` without the isolate a fitted name with right-to-left letters is drawn in
    (renderers.common.bidi.isolate)."""
    if text[:1] in ISOLATES and text.endswith(POP):
        return text[1:-1]
    return text


def _overlap(a: drawlog.Box, b: drawlog.Box) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > TOUCH and min(a[3], b[3]) - max(a[1], b[1]) > TOUCH


def _union(boxes: list[drawlog.Box]) -> drawlog.Box:
    return min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes)


#: the clusters a name starts with that make a drawn text hold it (whole, or cut after them)
NAME_START = 4


def _starts(names: Iterable[str]) -> tuple[str, ...]:
    return tuple("".join(graphemes(name)[:NAME_START]) for name in names)


def crowded_names(texts: list[drawlog.DrawnText], names: Iterable[str] = ()) -> list[str]:
    """Names and lines with names outside their image or over another text: the texts marked as
    names (each field the whole of its pieces), and every other text that holds one of ``names``
    (whole, or cut after its first clusters), marked or not."""
    wrong = []
    starts = _starts(names)
    groups: dict[int, list[drawlog.DrawnText]] = defaultdict(list)
    for drawn in texts:
        if drawn.field is not None and drawn.field.kind in ("name", "line"):
            groups[id(drawn.field)].append(drawn)
        elif any(start in drawn.text for start in starts):
            groups[id(drawn)].append(drawn)
    for pieces in groups.values():
        by_surface: dict[int, list[drawlog.DrawnText]] = defaultdict(list)
        for piece in pieces:
            by_surface[id(piece.surface)].append(piece)
        for surface_pieces in by_surface.values():
            box = _union([piece.box for piece in surface_pieces])
            first = surface_pieces[0]
            what = first.field.text if first.field is not None and first.field.kind in ("name", "line") else first.text
            width, height = first.size
            own = {id(piece) for piece in surface_pieces}
            if box[0] < -TOUCH or box[1] < -TOUCH or box[2] > width + TOUCH or box[3] > height + TOUCH:
                wrong.append(f"{what!r} at {box} leaves its image of {first.size}")
            for other in texts:
                if other.surface is first.surface and id(other) not in own and \
                        (first.field is None or other.field is not first.field) and _overlap(box, other.box):
                    wrong.append(f"{what!r} at {box} runs over {other.text!r} at {other.box}")
    return wrong


@functools.lru_cache(maxsize=None)
def _prefixes(name: str) -> frozenset[str]:
    clusters = graphemes(name)
    return frozenset("".join(clusters[:k]).rstrip() for k in range(len(clusters)))


def badly_cut(texts: Iterable[drawlog.DrawnText], names: Iterable[str]) -> list[str]:
    """Name fields that are neither a whole name nor the first clusters of one and an ellipsis."""
    names = tuple(names)
    wrong = []
    for text in {unisolated(drawn.field.text) for drawn in texts if drawn.field is not None and drawn.field.kind == "name"}:
        if text in names:
            continue
        if text.endswith(ELLIPSIS) and any(text[:-1].rstrip() in _prefixes(name) for name in names):
            continue
        wrong.append(repr(text))
    return wrong


def named(texts: Iterable[drawlog.DrawnText]) -> set[str]:
    """The names (whole or cut) drawn as names."""
    return {unisolated(drawn.field.text) for drawn in texts if drawn.field is not None and drawn.field.kind == "name"}


def _game_pictures(name: str) -> Iterable[tuple[str, list[str], object]]:
    """(what, names, a function drawing it) for every picture of one game with hard names: the
    fewest and the most players, early and final, in both languages (each with the next names
    of the list); every /board region, seat 0's private view and the result card."""
    game = registry.get(name)
    turn = 0
    for players, options in configs(game):
        for moment in ("early", "final"):
            state = game.from_json(positions(name, players, options)[moment])
            public = game.view(state, None)
            outcome = game.outcome(state)
            for language in LANGUAGES:
                names = seated(players, turn)
                turn += players
                where = f"{name} {players}p {moment} {language}"
                for region in [None, *renderers.regions(name, public, names)]:
                    yield f"{where} region {region}", names, functools.partial(
                        renderers.render, name, public, names, region=region, locale=language)
                if game.private_info or game.has_secrets(options):
                    yield f"{where} seat 0", names, functools.partial(
                        renderers.render, name, game.view(state, 0), names, locale=language)
                if outcome is not None:
                    yield f"{where} result", names, functools.partial(
                        renderers.render_result, game, outcome, names, public, locale=language)


@functools.lru_cache(maxsize=None)
def _game_check(game_name: str) -> tuple[tuple[str, ...], frozenset[str]]:
    wrong, seen = _check(_game_pictures(game_name))
    return tuple(wrong), frozenset(seen)


def _check(drawings: Iterable[tuple[str, list[str], object]]) -> tuple[list[str], set[str]]:
    """The problems of the drawings, and the names drawn. The caches of drawn text are emptied
    once, first: a part of a picture kept from an earlier one (with the same names) was checked
    when it was drawn."""
    wrong: list[str] = []
    seen: set[str] = set()
    with font_audit():
        pass
    for what, names, draw in drawings:
        with drawlog.recording() as made:
            draw()  # type: ignore[operator]
        problems = missing_glyphs(made.texts) + crowded_names(made.texts, names) + badly_cut(made.texts, names)
        wrong += [f"{what}: {problem}" for problem in problems]
        seen |= named(made.texts)
    return wrong, seen


def _drawn_names(seen: set[str]) -> set[str]:
    """The hard names of which a whole or cut form was drawn as a name."""
    return {name for name in NAMES if name in seen
            or any(text.endswith(ELLIPSIS) and text[:-1].rstrip() in _prefixes(name) and len(text) > 2 for text in seen)}


@pytest.mark.skipif(bool(fontchain.missing_fonts()), reason="the Noto fonts are not installed")
@pytest.mark.parametrize("game_name", shipped_games())
def test_every_picture_of_a_game_draws_hard_names_whole_or_cut_between_clusters(game_name):
    wrong, seen = _game_check(game_name)
    assert not wrong, "\n".join(wrong[:40])
    assert _drawn_names(set(seen)) == set(NAMES), f"{game_name}: names never drawn as a name"


@pytest.mark.skipif(bool(fontchain.missing_fonts()), reason="the Noto fonts are not installed")
@pytest.mark.parametrize("scale", [1.0, 0.6])
def test_rankings_fit_hard_names(scale):
    columns = [Column("#", numeric=True), Column("Player"), Column("Points", numeric=True), Column("Games", numeric=True)]
    rows = [(k + 1, name, 10 - k, 3) for k, name in enumerate(NAMES)]

    def draw() -> None:
        png = render_ranking("Spring cup 🌸 春の大会", columns, rows, subtitle="Keyflower · Swiss", highlight=[1],
                             badges={0: 1, 1: 2, 2: 3}, scale=scale)
        assert png

    wrong, seen = _check([("ranking", list(NAMES), draw)])
    assert not wrong, "\n".join(wrong[:40])
    assert _drawn_names(seen) == set(NAMES)


@pytest.mark.skipif(bool(fontchain.missing_fonts()), reason="the Noto fonts are not installed")
def test_replay_captions_fit_hard_names():
    colours = renderers.seat_colours("keyflower", None, len(NAMES))
    drawings = [(f"caption {seat}", list(NAMES),
                 functools.partial(caption, 480, [Move(12, seat, "pass")], NAMES, colours))
                for seat in range(len(NAMES))]
    wrong, seen = _check(drawings)
    assert not wrong, "\n".join(wrong[:40])
    assert _drawn_names(seen) == set(NAMES)


def test_a_name_over_the_next_column_is_found():
    """The check itself: a name whose pieces reach into the score column is reported, one that
    keeps to its room is not."""
    surface = Image.new("RGB", (200, 40))
    face = ImageFont.load_default(size=12)
    name = drawlog.Field("name", "Computer 1 (g…")
    pieces = [drawlog.DrawnText("Computer ", face, (10, 10, 70, 24), surface, surface.size, name),
              drawlog.DrawnText("1", face, (71, 10, 78, 24), surface, surface.size, name),
              drawlog.DrawnText(" (g… · passed", face, (79, 10, 150, 24), surface, surface.size, name)]
    score = drawlog.DrawnText("18", face, (140, 10, 160, 24), surface, surface.size, None)
    assert crowded_names(pieces + [score])
    assert not crowded_names(pieces + [drawlog.DrawnText("18", face, (160, 10, 180, 24), surface, surface.size, None)])
    assert crowded_names([drawlog.DrawnText("Ann", face, (190, 10, 230, 24), surface, surface.size, name)])


def test_a_name_cut_in_the_middle_of_a_cluster_is_found():
    """The check itself: a name cut inside an emoji sequence is reported."""
    face = ImageFont.load_default(size=12)
    family = NAMES[0]
    half = family[:2] + ELLIPSIS          # the man and the joiner of a family, without the rest
    cut = [drawlog.DrawnText(half, face, (0, 0, 10, 10), Image.new("L", (20, 20)), (20, 20),
                             drawlog.Field("name", half))]
    assert badly_cut(cut, NAMES)
    whole = graphemes(family)[0] + ELLIPSIS
    assert not badly_cut([drawlog.DrawnText(whole, face, (0, 0, 10, 10), None, (20, 20),
                                            drawlog.Field("name", whole))], NAMES)


#: names in right-to-left scripts long enough to be cut in a replay's caption
LONG_RIGHT_TO_LEFT = ("محمد عبد الرحمن بن عبد الله بن عبد العزيز بن عبد الرحمن بن فيصل آل سعود الكبير",
                      "דוד בן גוריון ראש הממשלה הראשון של מדינת ישראל ויושב ראש הסוכנות היהודית")


def ellipsis_at_reading_end(drawn: drawlog.DrawnText) -> str | None:
    """What is wrong with a cut right-to-left name as it was drawn (None: nothing): its ellipsis
    must follow the kept letters in the text and stand left of all of them in the picture (the
    font chain's runs are in visual order, from left to right)."""
    name = unisolated(drawn.field.text)  # type: ignore[union-attr]
    if not name.endswith(ELLIPSIS) or not any(right_to_left(ch) for ch in name):
        return f"{name!r} is not a cut right-to-left name"
    laid = fontchain.runs(drawn.text, drawn.face)
    at = next(k for k, run in enumerate(laid) if ELLIPSIS in run.text)
    letters = [k for k, run in enumerate(laid) if any(right_to_left(ch) for ch in run.text)]
    if not letters or at > min(letters):
        return f"{name!r}: the ellipsis is drawn right of its letters ({[run.text for run in laid]})"
    return None


@pytest.mark.skipif(bool(fontchain.missing_fonts()), reason="the Noto fonts are not installed")
@pytest.mark.parametrize("name", LONG_RIGHT_TO_LEFT)
def test_a_cut_right_to_left_name_has_its_ellipsis_at_its_reading_end(name):
    colours = renderers.seat_colours("keyflower", None, 2)
    with drawlog.recording() as made:
        caption(320, [Move(12, 0, "pass")], [name, "Ann"], colours)
    cut = [drawn for drawn in made.texts if drawn.field is not None and drawn.field.kind == "name"]
    assert cut and all(unisolated(drawn.field.text) != name for drawn in cut), "the name was not cut"  # type: ignore[union-attr]
    assert not badly_cut(cut, [name])
    assert [ellipsis_at_reading_end(drawn) for drawn in cut] == [None] * len(cut)
    # the words after the name keep their place: right of the whole name
    line = fontchain.runs(cut[0].text, cut[0].face)
    assert line[-1].text.endswith("pass") and not line[-1].rtl


@pytest.mark.skipif(bool(fontchain.missing_fonts()), reason="the Noto fonts are not installed")
def test_a_withdrawn_mark_stays_whole_after_a_cut_name():
    from bot.store.tournaments import Tournament
    from bot.tournaments.pictures import StandingsPictures
    from bot.tournaments.standings import Line

    long_name = NAMES[11]
    assert len(long_name) == 64
    tournament = Tournament(1, None, 2, "Spring cup", "keyflower", (), "swiss", 4, 3, None, 3, 5, "running", 2)
    lines = [Line(10, long_name, 1, dropped=True, place=1), Line(11, "Ann", 2, place=2),
             Line(12, LONG_RIGHT_TO_LEFT[0], 3, dropped=True, place=3)]
    with drawlog.recording() as made:
        StandingsPictures().image(tournament, lines, None, None, 1.0)
    drawn = {unisolated(text.field.text): text.text for text in made.texts if text.field is not None and text.field.kind == "name"}
    cut = {name: text for name, text in drawn.items() if name.endswith(ELLIPSIS)}
    assert len(cut) == 2, drawn
    for name, text in cut.items():
        assert text.endswith(name[:-1] + ELLIPSIS + " ✗") or text.endswith(name[:-1] + ELLIPSIS + POP + " ✗"), text
    assert not badly_cut(made.texts, [long_name, "Ann", LONG_RIGHT_TO_LEFT[0]])
    assert drawn["Ann"] == "Ann"
    arabic = next(text for text in made.texts if text.field is not None and any(right_to_left(ch) for ch in text.text))
    assert ellipsis_at_reading_end(arabic) is None


def test_a_name_cell_keeps_its_mark_when_it_is_cut():
    from renderers.rankings import Name

    columns = [Column("#", numeric=True), Column("Player", max_chars=20)]
    with drawlog.recording() as made:
        render_ranking("Cup", columns, [(1, Name(NAMES[11], " ✗"))])
    [drawn] = [text for text in made.texts if text.field is not None]
    assert drawn.text.endswith(ELLIPSIS + " ✗") and len(graphemes(drawn.text)) <= 20
    assert drawn.field.text == drawn.text[:-2]  # type: ignore[union-attr]


def test_a_name_drawn_without_its_mark_over_other_text_is_found():
    """The check itself: a name drawn straight with Pillow, outside any field, is recorded, and
    found when it runs into the next column; a name that keeps to its room is not."""
    face = ImageFont.load_default(size=12)
    name = NAMES[11]

    def drawn(score_at: int) -> list[drawlog.DrawnText]:
        surface = Image.new("RGB", (600, 40))
        with drawlog.recording() as made:
            draw = ImageDraw.Draw(surface)
            draw.text((10, 20), name, fill=(255, 255, 255), font=face, anchor="lm")
            draw.text((score_at, 20), "18", fill=(255, 255, 255), font=face, anchor="lm")
        return made.texts

    crowded = drawn(120)
    assert [text.text for text in crowded] == [name, "18"] and all(text.field is None for text in crowded)
    assert crowded_names(crowded, [name])
    assert not crowded_names(drawn(560), [name])
