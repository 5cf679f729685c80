"""Table images (leaderboards, standings): they decode, fit their content, cut long names,
mark the reader's row and draw Japanese names."""
from __future__ import annotations

import io

from PIL import Image

from renderers.common import player_colour
from renderers.rankings import MARK, Column, render_ranking

COLUMNS = [Column("#", numeric=True), Column("Player"), Column("Points", numeric=True)]


def image(rows, **kw) -> Image.Image:
    return Image.open(io.BytesIO(render_ranking("Autumn Cup", COLUMNS, rows, **kw))).convert("RGB")


def test_decodes_and_grows_with_rows_and_names():
    small = image([(1, "Ann", "3")])
    tall = image([(i, f"P{i}", "1") for i in range(1, 11)])
    wide = image([(1, "A rather long player name here", "3")])
    assert small.size[0] >= 320 and tall.size[1] > small.size[1] and wide.size[0] > small.size[0]
    cut = image([(1, "x" * 200, "3")])
    assert cut.size[0] < 1000                      # long names are cut with an ellipsis


def test_reader_row_is_marked_and_scale_applies():
    plain, marked = image([(1, "Ann", "3"), (2, "Bob", "1")]), image([(1, "Ann", "3"), (2, "Bob", "1")], highlight=[1])
    height = plain.size[1]
    row_h = int(22 * 1.8)
    y = height - int(14) - row_h // 2              # the middle of the last row
    assert marked.getpixel((2, y)) == MARK and plain.getpixel((2, y)) != MARK
    assert image([(1, "Ann", "3")], scale=2.0).size[0] > image([(1, "Ann", "3")]).size[0]


def test_japanese_names_draw_glyphs():
    one, other = image([(1, "花子", "3")]), image([(1, "アリス", "3")])
    assert one.tobytes() != other.tobytes()


MEDAL_FILL = {place: player_colour(place - 1, ("yellow", "white", "orange")).fill for place in (1, 2, 3)}


def medal_colour(picture: Image.Image, row: int, subtitle: bool = False) -> tuple:
    """The colour inside the medal circle of ``row`` (left of its number)."""
    size, row_h = 22, int(22 * 1.8)
    title_h = int(size * 2.5) + (int(size * 1.1) if subtitle else 0)
    cx, cy = 8 + row_h // 2, title_h + row_h * (row + 1) + row_h // 2
    return picture.getpixel((cx - int(row_h * 0.34) + 4, cy))


def test_players_tied_for_a_place_share_its_medal():
    rows = [(1, "Ann", "9"), (2, "Bob", "7"), (3, "Cy", "5"), (3, "Di", "5"), (5, "Ed", "1")]
    picture = image(rows, badges={0: 1, 1: 2, 2: 3, 3: 3})
    assert [medal_colour(picture, row) for row in range(4)] == [MEDAL_FILL[1], MEDAL_FILL[2], MEDAL_FILL[3], MEDAL_FILL[3]]
    assert medal_colour(picture, 4) not in MEDAL_FILL.values()
    shared_first = image(rows[:3], badges={0: 1, 1: 1, 2: 3})
    assert [medal_colour(shared_first, row) for row in range(3)] == [MEDAL_FILL[1], MEDAL_FILL[1], MEDAL_FILL[3]]


def test_a_tournament_standings_picture_gives_a_tied_third_its_medal():
    from bot.store.tournaments import Tournament
    from bot.tournaments.pictures import StandingsPictures
    from bot.tournaments.standings import Line

    cup = Tournament(1, 7, 1, "Autumn Cup", "countdown", (), "swiss", 2, 3, None, 1, 1, "finished", 3)
    lines = [Line(i, name, i, points=points, place=place)
             for i, (name, points, place) in enumerate([("Ann", 3, 1), ("Bob", 2, 2), ("Cy", 1, 3), ("Di", 1, 3)])]
    picture = Image.open(io.BytesIO(StandingsPictures().image(cup, lines, None, "en", 1.0))).convert("RGB")
    assert [medal_colour(picture, row, subtitle=True) for row in range(4)] == \
        [MEDAL_FILL[1], MEDAL_FILL[2], MEDAL_FILL[3], MEDAL_FILL[3]]
