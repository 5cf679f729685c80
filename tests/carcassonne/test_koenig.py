"""Option ``koenig`` (rules §13): King & Robber Baron with its five tiles (the Scout part is not in
BSW's option, §18 D-15)."""
from __future__ import annotations

from collections import Counter

from games.carcassonne import GAME
from games.carcassonne.addons.koenig import Holder, KingRobberPart
from tests.carcassonne.helpers import fresh, play, replay

NAMES = ["Ann", "Ben"]

KING = """
1. R E 0,-1 r2 - | city 2 tiles, no knight: R completed the first city -> King R (2)
2. Y W 1,0 r0 -
3. R U 1,1 r1 -
4. Y W -1,0 r2 - | road (-1,0),(0,0),(1,0): 3 tiles -> Robber Baron Y (3)
5. R A 1,2 r2 - | road (1,0),(1,1),(1,2): 3 tiles, not longer -> Robber Baron stays with Y
6. Y E 1,-1 r1 -
7. R G 2,-1 r0 -
8. Y E 3,-1 r3 - | city (1,-1),(2,-1),(3,-1): 3 tiles -> King Y (3)
"""


def test_the_five_tiles_join_the_pile():
    state = GAME.setup(2, frozenset({"koenig"}), 4)
    tiles = Counter([state.drawn] + state.pile)
    assert sum(tiles.values()) == 76 and state.tiles_left() == 76
    assert all(tiles[k] == 1 for k in ("K01", "K02", "K03", "K04", "K05"))
    assert state.placements == [("D", 0, 0, 0)]


def test_king_and_robber_pass_to_strictly_larger_completed_features():
    state = replay(KING, "R,Y", options=("koenig",), extra_pile=("U",))
    log = state.log
    assert log[0] == "1. R E 0,-1 r2 - | city 2 2 -> - | king -> R"
    assert log[3] == "4. Y W -1,0 r2 - | road 3 3 -> - | robber -> Y"
    assert log[4] == "5. R A 1,2 r2 - | road 3 3 -> -"
    assert log[7] == "8. Y E 3,-1 r3 - | city 3 6 -> - | king -> Y"
    assert (state.king.seat, state.king.size) == (1, 3)
    assert (state.robber.seat, state.robber.size) == (1, 3)
    assert (state.completed_cities, state.completed_roads) == (2, 2)
    view = GAME.view(state, None)
    assert view.part(KingRobberPart) == KingRobberPart(king=Holder(1, 3), robber=Holder(1, 3), completed_cities=2,
                                                       completed_roads=2)
    lines = [m.english(NAMES) for m in GAME.status(view)]
    assert "King: Ben (city 3)   Robber: Ben (road 3)" in lines


def test_end_bonus_one_point_per_completed_city_and_road():
    state = replay(KING, "R,Y", options=("koenig",))
    assert state.over
    assert state.final["king"] == [0, 2] and state.final["robber"] == [0, 2]
    assert state.scores == [0, 4]
    details = [m.english(NAMES) for m in GAME.outcome(state).details]
    assert details[0] == ("Ben: 4 points = 0 during play + 0 for incomplete cities + 0 for incomplete roads + 0 for incomplete "
                          "monasteries + 0 for farms (0 completed cities) + 2 for the King + 2 for the Robber Baron.")


def test_equal_size_does_not_take_the_king_away():
    state = fresh(["E", "U", "E", "E"], options=("koenig",))
    play(state, "0,-1 r2 -", "1,0 r0 -", "1,-1 r1 -")
    assert (state.king.seat, state.king.size) == (0, 2)
    events = play(state, "2,-1 r3 -")             # Y completes another city of 2 tiles
    assert (state.king.seat, state.king.size) == (0, 2)
    assert not any("becomes King" in e.msg.text for e in events)
    assert state.completed_cities == 2


def test_without_koenig_nobody_holds_the_markers():
    state = replay(KING, "R,Y")
    assert state.king is None and state.robber is None
    assert state.scores == [0, 0]
    assert GAME.view(state, None).part(KingRobberPart) is None


def test_crossing_cities_of_k05_are_separate():
    state = fresh(["K05"], options=("koenig",))
    play(state, "0,-1 r0")
    # the N-S city joins the start tile's city; the W-E city is a separate one
    assert GAME.deploy_options(state, 0) == ["ce", "cn", "fi", "fi2", "-"]
    board = state.board
    ew = board.root_of(0, -1, "city", 0)
    ns = board.root_of(0, -1, "city", 1)
    assert ew != ns and ns == board.root_of(0, 0, "city", 0)
