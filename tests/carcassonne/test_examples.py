"""Every base-game worked example of the rules reference (§17, P1-P10) with its exact result."""
from __future__ import annotations

import pytest

from games.carcassonne import GAME
from games.core import IllegalAction
from tests.carcassonne.helpers import fresh, parse_log, replay

P1 = "1. R E 0,-1 r2 cs | city (0,0)+(0,-1): 2 tiles, complete -> 2 to R"
P2 = """
1. R F 0,-1 r1 cs
2. Y E 0,-2 r2 - | city (0,0),(0,-1),(0,-2): 3 tiles + 1 pennant -> (3+1)x2 = 8 to R
"""
P3 = """
1. R U 1,0 r0 -
2. Y E 1,-1 r1 ce
3. B B 1,-2 r0 -
4. R E 2,-2 r2 cs
5. Y B 3,-2 r0 -
6. B E 4,-2 r2 cs
7. R G 3,-1 r0 cw
8. Y B 5,-2 r0 -
9. B U 2,0 r0 -
10. R U 3,0 r0 -
11. Y E 5,-1 r3 cw
12. B R 2,-1 r0 -
13. R R 4,-1 r0 - | city 7 tiles, 0 pennants = 14; knights R2 Y2 B1 -> 14 to R, 14 to Y
"""
P4 = """
1. R W 1,0 r0 rs
2. Y X 2,0 r0 rw | road (1,0)-(2,0) between two junctions: 2 tiles -> 2 to Y
3. R U 1,1 r1 -
4. Y U 1,2 r1 -
5. R A 1,3 r2 - | road (1,0),(1,1),(1,2),(1,3) from junction to monastery: 4 -> 4 to R
"""
P5 = """
1. R U -1,0 r0 -
2. Y U 1,0 r0 -
3. R B 0,1 r0 m
4. Y B 1,1 r0 m
5. R B -1,1 r0 -
6. Y B -1,2 r0 -
7. R E 0,2 r2 -
8. Y E 1,2 r1 - | monastery (0,1) now has all 8 neighbours -> 9 to R
"""
P6 = """
1. R F 0,-1 r1 cn
2. Y U 1,0 r0 re
3. R G 0,-2 r1 -
4. Y U -1,0 r0 -
"""
P8 = """
1. R U 1,0 r0 fnw
2. Y U -1,0 r0 fsw
3. R E 0,-1 r2 - | city 1 (2 tiles) complete, no knights
4. Y I -1,-1 r0 -
5. R E -2,-1 r1 - | city 2 complete, no knights
6. Y E -1,-2 r2 - | city 3 complete, no knights
7. R B 1,-1 r0 -
8. Y E 1,-2 r1 -
9. R H 2,-2 r1 fne | city 4 complete, no knights
10. Y U 2,0 r0 -
11. R A 3,0 r1 -
12. Y B 3,-1 r0 -
13. R E 3,-2 r3 - | city 5 complete, no knights
"""
P7 = P8 + "14. Y B 2,-1 r0 - | joins the right field to the left field\n"
P10 = """
1. R E 0,-1 r2 cs | city 2 tiles -> 2 to R
2. Y discard C
2. Y U 1,0 r0 -
"""


def test_p1_legality_on_the_start_tile():
    state = fresh(["E"])
    board = state.board
    assert 0 not in board.legal_rotations("E", 0, -1)
    assert board.legal_rotations("E", 1, -1) == ()
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, GAME.parse(state, 0, "0,-1 r0"))
    assert err.value.msg.english() == ("0,-1 r0: the south edge of E is a field but the neighbour's edge is a city. "
                                       "At 0,-1 it fits with r2.")
    with pytest.raises(IllegalAction) as err:
        GAME.parse(state, 0, "1,-1")
    assert "1,-1 has no neighbour" in err.value.msg.english()
    u = fresh(["U"])
    assert 0 in u.board.legal_rotations("U", 1, 0)
    assert 1 not in u.board.legal_rotations("U", 1, 0)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(u, 0, GAME.parse(u, 0, "1,0 r1"))
    assert "the west edge of U is a field but the neighbour's edge is a road" in err.value.msg.english()


def test_p1_two_tile_city_scores_two():
    state = replay(P1, "R,Y")
    assert state.scores == [2, 0]
    assert state.supply == [7, 7]
    assert state.log[0].startswith("1. R E 0,-1 r2 cs | city 2 2 -> R")


def test_p2_city_with_pennant():
    state = replay(P2, "R,Y")
    assert state.scores == [8, 0]


def test_p3_tied_knights_both_score():
    state = replay(P3, "R,Y,B")
    assert state.scores == [14, 14, 0]
    assert state.supply == [7, 7, 7]
    assert state.figures == []
    assert "city 7 14 -> R,Y" in state.log[-1]


def test_p4_roads():
    state = replay(P4, "R,Y")
    assert state.scores == [4, 2]
    assert "road 2 2 -> Y" in state.log[1]
    assert "road 4 4 -> R" in state.log[4]


def test_p5_monastery_complete_and_incomplete():
    state = replay(P5, "R,Y")
    assert state.final is not None
    assert state.final["play"] == [9, 0]
    assert state.final["monastery"] == [0, 6]
    assert state.scores == [9, 6]


def test_p6_incomplete_city_and_road():
    state = replay(P6, "R,Y")
    assert state.final["city"] == [4, 0]
    assert state.final["road"] == [0, 3]
    assert state.scores == [4, 3]


def test_p8_split_field_current_rule():
    state = replay(P8, "R,Y")
    assert state.final["farm"] == [15, 15]
    assert state.scores == [15, 15]
    assert GAME.outcome(state).ranks == (1, 1)


def test_p9_split_field_old_rule():
    state = replay(P8, "R,Y", options=("old",))
    assert state.final["farm"] == [20, 12]
    assert state.scores == [20, 12]


def test_p7_one_field():
    state = replay(P7, "R,Y")
    assert state.scores == [15, 0]
    # the monastery of move 14 is complete at once but has no monk: nobody scores it
    assert state.final["play"] == [0, 0]


def test_p7_one_field_old_rule():
    state = replay(P7, "R,Y", options=("old",))
    assert state.scores == [20, 0]


def test_p10_unplaceable_tile_is_discarded():
    entries = parse_log(P10)
    state = fresh(["E", "C", "U"])
    GAME.apply(state, 0, GAME.parse(state, 0, entries[0].action))
    assert state.scores == [2, 0]
    assert state.discarded == ["C"]
    assert state.log[1] == "2. Y discard C"
    assert state.drawn == "U"
    assert state.tiles_left() == 1       # was 2 (C and U) when C was drawn
    state = replay(P10, "R,Y")
    assert state.scores == [2, 0]
    assert state.over


def test_p10_discard_is_announced():
    state = fresh(["E", "C", "U"])
    events = GAME.apply(state, 0, GAME.parse(state, 0, "0,-1 r2 cs"))
    discards = [e for e in events if "discard" in e.msg.text]
    assert len(discards) == 1 and discards[0].to is None
    assert discards[0].msg.params["tile"] == "C"
