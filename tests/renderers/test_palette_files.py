"""Each of these renderer packages keeps its colours in one place, its ``palette.py``: no other
module of the package writes an ``(r, g, b)`` literal (they import the palette's names)."""
from __future__ import annotations

from pathlib import Path

import pytest

from renderers.common.palette import file_colours

RENDERERS = Path(__file__).resolve().parents[2] / "renderers"
PACKAGES = ["florenza", "keyflower", "quetzal", "stone_age"]


@pytest.mark.parametrize("package", PACKAGES)
def test_colours_are_written_only_in_the_palette(package):
    folder = RENDERERS / package
    assert file_colours(folder / "palette.py")
    strays = {path.name: file_colours(path) for path in sorted(folder.glob("*.py")) if path.name != "palette.py"}
    assert {name: found for name, found in strays.items() if found} == {}


def test_quetzal_fixed_palette_holds_every_colour_of_its_palette_file():
    """Quetzal's fixed palette starts with KEY_ORDER, so a colour added to palette.py but not to
    KEY_ORDER would only be approximated in the picture."""
    from renderers.quetzal.palette import KEY_ORDER

    assert set(file_colours(RENDERERS / "quetzal" / "palette.py")) <= set(KEY_ORDER)
    assert len(set(KEY_ORDER)) == len(KEY_ORDER)
