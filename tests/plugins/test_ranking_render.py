"""Table images (leaderboards, standings): they decode, fit their content, cut long names,
mark the reader's row and draw Japanese names."""
from __future__ import annotations

import io

from PIL import Image

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
