"""Option ``erweiterung`` (rules §11): Inns & Cathedrals — 18 tiles, inns, cathedrals and the large
follower. P11 of §17 is replayed exactly."""
from __future__ import annotations

from collections import Counter

import pytest

from games.carcassonne import GAME
from games.carcassonne.actions import Deploy, Place
from games.core import IllegalAction
from tests.carcassonne.helpers import fresh, play, replay

NAMES = ["Ann", "Ben"]
OPT = ("erweiterung",)

P11A = """
1. R N 0,-1 r2 Lcs
2. Y U 1,0 r0 -
3. R U 2,0 r0 -
4. Y E 2,-1 r3 cw
5. R G 1,-1 r0 - | city (0,0),(0,-1),(1,-1),(2,-1) = 4 tiles = 8; strength R 2 (large) vs Y 1 -> 8 to R only
"""
P11B = """
1. R I15 1,0 r0 re
2. Y A -1,0 r3 -
3. R W 2,0 r0 - | road (-1,0),(0,0),(1,0),(2,0) with an inn: 4 tiles x 2 = 8 to R
"""


def test_p11a_large_follower_counts_double():
    state = replay(P11A, "R,Y", options=OPT)
    assert state.scores == [8, 0]
    assert state.log[-1] == "5. R G 1,-1 r0 - | city 4 8 -> R"
    # the log writes the canonical code (first edge of the segment, N E S W): Lcs is read as Lce
    assert state.log[0] == "1. R N 0,-1 r2 Lce"
    # the large follower and the knight both came back
    assert state.supply == [7, 7] and state.large == [1, 1] and state.figures == []


def test_p11b_inn_doubles_a_completed_road():
    state = replay(P11B, "R,Y", options=OPT)
    assert state.scores == [8, 0]
    assert state.log[-1] == "3. R W 2,0 r0 - | road 4 8 -> R"


def test_the_tiles_join_the_pile_and_no_sixth_player():
    state = GAME.setup(5, frozenset(OPT), 2)
    tiles = Counter([state.drawn] + state.pile)
    assert sum(tiles.values()) == 71 + 18 and tiles["I01"] == 2
    assert state.large == [1] * 5 and state.builders == [0] * 5
    with pytest.raises(ValueError):           # §18 D-3: 2-5 players even with erweiterung
        GAME.setup(6, frozenset(OPT), 2)


def test_large_follower_codes_and_supply():
    state = fresh(["E", "U", "U", "U"], options=OPT)
    play(state, "0,-1 r2")
    assert GAME.deploy_options(state, 0) == ["cs", "fnw", "Lcs", "Lfnw", "-"]
    assert GAME.parse(state, 0, "lcs") == Deploy("Lcs")
    play(state, "Lcs")                                  # a 2-tile city: scored at once, the large one returns
    assert state.scores == [2, 0] and state.large == [1, 1]
    play(state, "1,0 r0 Lre")
    assert state.large == [1, 0]
    assert GAME.parse(state, 0, "2,0 r0 Lfnw") == Place(2, 0, 0, "Lfnw")
    play(state, "2,0 r0")
    assert "Lfnw" in GAME.deploy_options(state, 0)
    play(state, "-")
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, GAME.parse(state, 1, "3,0 r0 Lfnw"))
    assert err.value.msg.english() == "Your large follower is already on the board; deploy a normal follower or -."


def test_word_aliases_with_the_large_prefix():
    state = fresh(["E"], options=OPT)
    assert GAME.parse(state, 0, "0,-1 r2 Lcity") == Place(0, -1, 2, "Lcs")
    assert GAME.parse(state, 0, "0,-1 r2 LCS") == Place(0, -1, 2, "Lcs")


CATHEDRAL = """
1. R I01 0,-1 r0 cs
2. Y E 0,-2 r2 -
3. R E 1,-1 r3 -
4. Y E -1,-1 r1 - | city of 5 tiles with a cathedral: 5 x 3 = 15 to R
"""


def test_cathedral_triples_a_completed_city():
    state = replay(CATHEDRAL, "R,Y", options=OPT)
    assert state.scores == [15, 0]
    assert state.log[-1] == "4. Y E -1,-1 r1 - | city 5 15 -> R"


def test_incomplete_cathedral_city_and_inn_road_score_nothing_at_the_end():
    state = fresh(["I01", "I15"], options=OPT)
    play(state, "0,-1 r0 cs")
    events = play(state, "1,0 r0 re")
    texts = [e.msg.english(NAMES) for e in events]
    assert "Incomplete city of 2 tiles with a cathedral: no points." in texts
    assert "Incomplete road of 2 tiles with an inn: no points." in texts
    assert state.scores == [0, 0] and state.final["city"] == [0, 0] and state.final["road"] == [0, 0]


def test_large_farmer_counts_double_in_both_farm_rules():
    moves = ("0,-1 r2 Lfnw", "1,0 r0 fnw", "1,-1 r0 -")
    state = fresh(["E", "U", "B"], options=OPT)
    play(state, *moves)
    assert state.final["farm"] == [3, 0]
    state = fresh(["E", "U", "B"], options=OPT + ("old",))
    play(state, *moves)
    assert state.final["farm"] == [4, 0]
    # with a normal farmer it is a tie
    state = fresh(["E", "U", "B"], options=OPT)
    play(state, "0,-1 r2 fnw", "1,0 r0 fnw", "1,-1 r0 -")
    assert state.final["farm"] == [3, 3]


def test_split_roads_of_i02_i05_and_the_inn_of_i14():
    state = fresh(["I05"], options=OPT)
    play(state, "1,0 r0")                  # I05: roads W and E end at the crossroads
    board = state.board
    assert board.root_of(1, 0, "road", 0) != board.root_of(1, 0, "road", 1)
    state = fresh(["I02"], options=OPT)
    play(state, "1,0 r0")
    assert state.board.root_of(1, 0, "road", 0) != state.board.root_of(1, 0, "road", 1)
    assert GAME.deploy_options(state, 0)[0] == "m"
    state = fresh(["I14"], options=OPT)
    play(state, "1,0 r0")                  # its west road (no inn) joins the start road
    assert not state.board.feature(state.board.root_of(0, 0, "road", 0)).inn
    state = fresh(["I14"], options=OPT)
    play(state, "-1,0 r0")                 # its east road, the one with the inn, joins the start road
    assert state.board.feature(state.board.root_of(0, 0, "road", 0)).inn


def test_large_follower_needs_the_option():
    state = fresh(["E"])
    with pytest.raises(IllegalAction) as err:
        GAME.parse(state, 0, "0,-1 r2 Lcs")
    assert "erweiterung" in err.value.msg.english()
