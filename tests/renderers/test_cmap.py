"""The fonts' character maps (renderers.common.cmap) read as fontTools reads them, where it is
installed: every font the chain can use, the CJK collection's first font included."""
from __future__ import annotations

import glob

import pytest

from renderers.common.cmap import Coverage, read_coverage

FONTS = sorted(glob.glob("/usr/share/fonts/truetype/noto/NotoSans*-Regular.ttf")
               + glob.glob("/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
               + glob.glob("/usr/share/fonts/opentype/noto/NotoSansCJK-*.ttc")
               + glob.glob("/usr/share/fonts/truetype/dejavu/DejaVuSans*.ttf"))[:400]


def test_coverage_is_a_set_of_ranges():
    coverage = Coverage((0x41, 0x61), (0x5A, 0x7A))
    assert 0x41 in coverage and 0x5A in coverage and 0x61 in coverage
    assert 0x40 not in coverage and 0x5B not in coverage and 0x7B not in coverage
    assert len(coverage) == 52


@pytest.mark.skipif(not FONTS, reason="no Noto or DejaVu fonts installed")
@pytest.mark.parametrize("path", FONTS, ids=lambda p: p.rsplit("/", 1)[-1])
def test_the_coverage_is_the_fonts_own_cmap(path):
    ttlib = pytest.importorskip("fontTools.ttLib")
    with ttlib.TTFont(path, fontNumber=0, lazy=True) as font:
        expected = {code for code, glyph in (font.getBestCmap() or {}).items() if glyph != ".notdef"}
    coverage = read_coverage(path)
    assert {code for start, end in zip(coverage.starts, coverage.ends) for code in range(start, end + 1)} == expected
