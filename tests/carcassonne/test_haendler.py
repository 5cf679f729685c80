"""Option ``haendler`` (rules §12): Traders & Builders — 24 tiles, goods for the completer, goods
majorities, the builder's second turn, the pig. P12 of §17 is replayed exactly."""
from __future__ import annotations

from collections import Counter

import pytest

from games.carcassonne import GAME
from games.core import IllegalAction
from tests.carcassonne.helpers import fresh, play, replay

NAMES = ["Ann", "Ben", "Cho"]
OPT = ("haendler",)

P12 = """
1. R U 1,0 r0 -
2. Y T02 0,-1 r2 cs
3. R E 1,-1 r3 - | city 3 tiles = 6 to Y (knight); R placed the last tile -> R takes 1 wine
"""


def error(state, text, seat=None):
    seat = state.current if seat is None else seat
    before = GAME.to_json(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, seat, GAME.parse(state, seat, text))
    assert GAME.to_json(state) == before
    return err.value.msg.english(NAMES)


def test_p12_goods_go_to_the_completer_and_win_the_majority():
    state = replay(P12, "R,Y", options=OPT)
    assert state.log[-1] == "3. R E 1,-1 r3 - | city 3 6 -> Y | goods wine 1 -> R"
    assert state.goods == [[1, 0, 0], [0, 0, 0]]
    assert state.final["goods"] == [10, 0]
    assert state.scores == [10, 6]


def test_tiles_goods_and_pieces_at_the_start():
    state = GAME.setup(3, frozenset(OPT), 8)
    assert sum(Counter([state.drawn] + state.pile).values()) == 71 + 24
    assert state.builders == [1, 1, 1] and state.pigs == [1, 1, 1] and state.large == [0, 0, 0]
    lines = [m.english(NAMES) for m in GAME.status(GAME.view(state, None))]
    assert any(line.endswith("followers 7/7  B:1 P:1  wine 0 grain 0 cloth 0") for line in lines)


def test_goods_majority_ties_all_score_and_nobody_scores_an_empty_kind():
    state = fresh(["T02", "E"], options=OPT)
    state.goods = [[0, 0, 2], [0, 0, 2]]                # as if both had taken two cloth earlier
    play(state, "0,-1 r2 -", "1,-1 r3 -")               # Y completes the wine city
    assert state.goods == [[0, 0, 2], [1, 0, 2]]
    assert state.final["goods"] == [10, 20]             # cloth tied: both; wine: Y; grain: nobody
    texts = [m.english(NAMES) for m in GAME.outcome(state).details]
    assert texts[0].startswith("Ben: 20 points = 0 during play") and texts[0].endswith("+ 20 for goods.")   # by rank


BUILDER = """
1. R U 1,0 r0 re
2. Y U -1,0 r0 -
3. R U 2,0 r0 Bre
4. Y E 0,-1 r2 -
"""


def test_builder_gives_one_second_turn_when_its_road_is_extended():
    state = replay(BUILDER, "R,Y", options=OPT, extra_pile=("U", "U", "U"))
    assert state.builders == [0, 1]
    assert [f.kind for f in state.figures] == ["follower", "builder"]
    events = play(state, "3,0 r0 -")
    assert state.current == 0 and state.second and state.turn == 5
    assert state.log[-1] == "5a. R U 3,0 r0 -"
    assert any(e.msg.text == "Builder: {player} plays a second turn." for e in events)
    play(state, "4,0 r0 -")                         # extends it again: no third turn
    assert state.log[-1] == "5b. R U 4,0 r0 -"
    assert state.current == 1 and not state.second and state.turn == 6


def test_second_turn_also_when_the_first_tile_completes_the_builders_road():
    state = replay(BUILDER.replace("2. Y U -1,0 r0 -", "2. Y W -1,0 r2 -"), "R,Y", options=OPT,
                   extra_pile=("W", "U"))
    events = play(state, "3,0 r0 -")                 # closes the road (junctions at both ends)
    assert state.log[-1] == "5a. R W 3,0 r0 - | road 5 5 -> R"
    assert state.builders == [1, 1] and state.supply == [7, 7] and state.scores == [5, 0]
    assert state.current == 0 and state.second
    assert any("builder goes home" in e.msg.text for e in events)


def test_no_second_turn_when_the_pile_is_empty():
    state = replay(BUILDER, "R,Y", options=OPT, extra_pile=("U",))
    play(state, "3,0 r0 -")
    assert state.over and state.log[-1] == "5. R U 3,0 r0 -"


def test_builder_placement_rules():
    state = replay(BUILDER[:BUILDER.index("3.")], "R,Y", options=OPT, extra_pile=("U", "E", "U", "U"))
    play(state, "2,0 r0")
    assert GAME.deploy_options(state, 0) == ["fnw", "fes", "Bre", "-"]
    assert error(state, "Bfnw") == "The builder goes on a road or a city; on this tile: fnw fes Bre -."
    play(state, "-")
    play(state, "0,-1 r2")                         # Y: a city of 2 tiles without a knight of Y's
    assert GAME.deploy_options(state, 1) == ["cs", "fnw", "-"]
    assert error(state, "Bcs") == "The builder needs one of your own followers in that city; on this tile: cs fnw -."
    play(state, "cs")
    play(state, "3,0 r0")
    play(state, "Bre")
    assert state.builders == [0, 1]
    play(state, "4,0 r0")                          # Y joins R's road: no follower of Y's there
    assert not any(code.startswith("B") for code in GAME.deploy_options(state, 1))


def test_builder_needs_own_follower_and_an_unfinished_feature():
    state = fresh(["W", "W", "W"], options=OPT)
    play(state, "1,0 r0 rw")
    assert error(state, "-1,0 r2 Bre").startswith("The builder needs one of your own followers in that road;")
    play(state, "2,0 r0 -")
    assert error(state, "-1,0 r2 Bre") == "This tile completes that road, so the builder cannot go there."
    assert error(state, "-1,0 r2 Bre") == error(state, "-1,0 r2 BRE")


PIG = ("1,0 r0 fnw", "0,-1 r2 -", "-1,0 r0 Pfnw")


def test_pig_makes_each_city_of_its_field_worth_four():
    state = fresh(["U", "E", "U"], options=OPT)
    play(state, *PIG)
    assert state.pigs == [0, 1]
    assert state.final["farm"] == [4, 0]
    texts = [m.english(NAMES) for m in GAME.outcome(state).details]
    assert texts[0].startswith("Ann: 4 points")
    old = fresh(["U", "E", "U"], options=OPT + ("old",))
    play(old, *PIG)
    assert old.final["farm"] == [5, 0]                # §18 D-7: +1 with the old rule


def test_pig_needs_its_owners_farmer():
    state = fresh(["U", "E", "U", "U"], options=OPT)
    play(state, "1,0 r0 fnw", "0,-1 r2 -")
    assert error(state, "-1,0 r0 Pre") == "The pig goes on a field; on this tile: re fes Pfnw -."
    play(state, "-1,0 r0 -")
    assert error(state, "2,0 r0 Pfnw") == "The pig needs one of your own farmers in that field; on this tile: re fes -."


def test_addon_pieces_need_the_option():
    state = fresh(["E"])
    for text in ("0,-1 r2 Bcs", "0,-1 r2 Pfnw"):
        with pytest.raises(IllegalAction) as err:
            GAME.parse(state, 0, text)
        assert "haendler" in err.value.msg.english()
