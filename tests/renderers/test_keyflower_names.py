"""Keyflower tile names fit their hex: at the smallest hex a village is drawn with in the turn
image and at the largest, every tile's name (plain and upgraded) is laid out whole — shrunk no
lower than the phone's text floor, wrapped or hyphenated, never cut with an ellipsis — and every
line's letters lie inside the hex where the tile draws them (so no neighbour hides a part)."""
from __future__ import annotations

import math

import pytest

from games.keyflower.components import tiles
from renderers.common.phone import floors
from renderers.keyflower import style as S
from renderers.keyflower.tilewords import name_above_ability, name_alone
from renderers.keyflower.hexfit import LINE, fit_in_hex
from renderers.keyflower.words import tile_label
from renderers.keyflower.villages import NAME_MIN, S_MAX

SQ3 = math.sqrt(3)
WIDTH = 800
FLOOR = floors(WIDTH).text


def _titles() -> list[str]:
    names = {tile_label(defn)[0] for defn in tiles().values()}
    return sorted(names | {"+" + name for name in names})


def _inside(s: float, x: float, y: float) -> bool:
    """(x, y), from the centre, inside a flat-topped hex of size ``s``."""
    return abs(y) <= s * SQ3 / 2 and abs(x) <= s - abs(y) / SQ3


def _assert_inside(s: float, lines: list[str], fnt, centre_y: float, what: str) -> None:
    h = fnt.size * LINE
    top = centre_y - h * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        left, upper, right, lower = fnt.getbbox(line, anchor="mm")
        y = top + i * h
        for x, dy in ((left, upper), (right, upper), (left, lower), (right, lower)):
            assert _inside(s, x, y + dy), f"{what}: {line!r} crosses the hex's edge"


@pytest.mark.parametrize("s", [NAME_MIN, S_MAX])
@pytest.mark.parametrize("title", _titles())
def test_every_tile_name_fits_its_hex(title, s):
    fit = fit_in_hex(title, s, s * 0.3, FLOOR, True, 3, name_alone(s), last_resort=False)
    assert fit is not None, f"{title!r} does not fit a hex of {s} px at the {FLOOR} px floor"
    fnt, lines = fit
    assert fnt.size >= FLOOR
    assert not any(line.endswith("…") for line in lines)
    assert "".join(lines).replace("-", "").replace(" ", "") == title.replace("-", "").replace(" ", "")
    _assert_inside(s, lines, fnt, name_alone(s)(len(lines), fnt.size * LINE), title)


def test_apprentice_hall_fits_above_its_ability_at_full_size():
    s = S_MAX
    fnt, lines = fit_in_hex("Apprentice Hall", s, s * 0.3, FLOOR, True, 2, name_above_ability(s), last_resort=False)
    assert lines == ["Apprentice", "Hall"]
    _assert_inside(s, lines, fnt, name_above_ability(s)(len(lines), fnt.size * LINE), "Apprentice Hall")


def test_long_words_are_hyphenated_at_syllables_and_japanese_between_characters():
    s = NAME_MIN
    _, lines = fit_in_hex("Craftsmen's Guild", s, s * 0.3, FLOOR, True, 3, name_alone(s))
    assert lines[0] == "Crafts-"
    wide = "見習い職人の館と大工房"
    fnt, lines = fit_in_hex(wide, s, s * 0.3, FLOOR, True, 3, name_alone(s), last_resort=False)
    assert len(lines) > 1 and "".join(lines) == wide and not any(line.endswith("-") for line in lines)
    _assert_inside(s, lines, fnt, name_alone(s)(len(lines), fnt.size * LINE), wide)


def test_a_name_too_long_for_any_hex_ends_with_an_ellipsis_at_the_floor():
    s = NAME_MIN
    fnt, lines = fit_in_hex("Supercalifragilistic Extraordinarily Magnificent Hall", s, s * 0.3, FLOOR, True, 3,
                            name_alone(s))
    assert fnt.size == S.f(FLOOR, True).size and lines[-1].endswith("…")
