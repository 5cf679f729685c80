"""Player colours: red reads red, seat colours stay apart, and a whose-turn mark is no seat's colour."""
from itertools import combinations

from renderers.common import PLAYER_COLOURS
from renderers.stone_age.draw import SEAT_ORDER
from renderers.stone_age.palette import HIGHLIGHT, TURN_FILL, TURN_FRAME


def distance(a, b) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b)) ** 0.5


def test_red_is_red_not_orange():
    r, g, b = PLAYER_COLOURS["red"].fill
    assert r > 180 and g < 70 and b < 70
    assert distance(PLAYER_COLOURS["red"].fill, PLAYER_COLOURS["orange"].fill) > 120


def test_seat_colours_stay_apart():
    for a, b in combinations(PLAYER_COLOURS.values(), 2):
        assert distance(a.fill, b.fill) > 60, (a.name, b.name)


def test_stone_age_marks_the_turn_in_no_seat_colour():
    seats = [PLAYER_COLOURS[name].fill for name in SEAT_ORDER]
    for mark in (TURN_FRAME, TURN_FILL):
        assert all(distance(mark, seat) > 60 for seat in seats)
    assert HIGHLIGHT not in seats
