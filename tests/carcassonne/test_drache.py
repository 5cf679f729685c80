"""Option ``drache`` (rules §14): The Princess & the Dragon — volcano, set-aside dragon tiles, the
dragon's six steps by the players in turn, the princess, the fairy and the magic portal."""
from __future__ import annotations

from collections import Counter

import pytest

from games.carcassonne import GAME
from games.carcassonne.actions import Deploy, Place
from games.carcassonne.rules.dragon import DragonStep
from games.core import IllegalAction
from tests.carcassonne.helpers import fresh, play, replay

NAMES = ["Ann", "Ben", "Cho"]
OPT = ("drache",)
N, E, S, W = range(4)


def error(state, text, seat=None):
    seat = state.current if seat is None and state.phase != "dragon" else (state.mover if seat is None else seat)
    before = GAME.to_json(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, seat, GAME.parse(state, seat, text))
    assert GAME.to_json(state) == before
    return err.value.msg.english(NAMES)


def step(state, text):
    seat = state.mover
    return GAME.apply(state, seat, GAME.parse(state, seat, text))


def test_tiles_and_the_dragon_and_fairy_start_off_the_board():
    state = GAME.setup(4, frozenset(OPT), 3)
    assert state.dragon is None and state.fairy is None
    assert sum(Counter([state.drawn] + state.pile + state.setaside).values()) == 71 + 30
    assert state.tiles_left() == 101


def test_dragon_tiles_before_the_first_volcano_are_set_aside_then_shuffled_back():
    state = fresh(["D12", "D11", "D01", "U", "U", "U"], options=OPT)
    assert state.setaside == ["D12", "D11"] and state.drawn == "D01"
    assert state.log == ["1. R setaside D12", "1. R setaside D11"]
    assert state.tiles_left() == 6
    events = play(state, "0,1 r0")                 # the volcano: nothing can be deployed on it
    assert state.dragon == (0, 1) and state.setaside == []
    assert Counter([state.drawn] + state.pile) == Counter(["D12", "D11", "U", "U", "U"])
    texts = [e.msg.english(NAMES) for e in events]
    assert "The dragon moves onto the volcano at 0,1." in texts
    assert "The first volcano is on the board: the set-aside dragon tiles (2) are shuffled back into the pile." in texts


def test_game_ends_when_only_set_aside_dragon_tiles_remain():
    state = fresh(["U", "D12", "D13"], options=OPT)
    play(state, "1,0 r0 -")
    assert state.over and state.setaside == ["D12", "D13"] and state.tiles_left() == 0
    assert state.log[1:] == ["2. Y setaside D12", "2. Y setaside D13"]


def test_nothing_may_be_deployed_on_a_volcano():
    state = fresh(["U", "D02", "U"], options=OPT)
    play(state, "1,0 r0 re")
    assert error(state, "0,1 r0 fnw") == "Nothing may be deployed on a volcano tile; write - (or move the fairy with ~x,y)."
    play(state, "0,1 r0")                        # only "-" is possible: the turn ends at once
    assert state.current == 0 and state.log[-1] == "2. Y D02 0,1 r0 -"


DRAGON = """
1. R U 1,0 r0 re
2. Y D01 0,1 r0 -
"""


def test_the_dragon_moves_six_steps_by_the_players_in_turn_and_eats():
    state = replay(DRAGON, "R,Y", options=OPT, extra_pile=("D12", "U"))
    events = play(state, "2,0 r0 -")
    assert state.phase == "dragon" and state.current == 0 and state.mover == 0
    assert GAME.to_act(state) == frozenset({0})
    assert GAME.legal_actions(state, 0) == [DragonStep(N)] and GAME.legal_actions(state, 1) == []
    assert GAME.suggestions(state, 0) == [DragonStep(N)]
    assert events[-1].msg.english(NAMES) == ("Ann placed the dragon tile D12 at 2,0: the dragon wakes up at 0,1 and makes "
                                            "up to six steps, Ann first (dragon n).")
    assert error(state, "dragon s") == "The dragon cannot go south from 0,1; it can go: dragon n."
    assert error(state, "dragon n", seat=1) == "It is Ann's step of the dragon."
    assert error(state, "3,0 r0") == "The dragon is moving: write dragon and a direction, one of dragon n."
    step(state, "dragon n")
    assert state.mover == 1 and state.dragon == (0, 0)
    assert GAME.legal_actions(state, 1) == [DragonStep(E)]
    step(state, "/use dragon east")               # the slash verb /use carries it too
    assert state.supply == [7, 7] and not state.figures    # R's thief on 1,0 was eaten
    step(state, "e")
    assert state.phase == "place" and state.current == 1 and state.dragon == (2, 0)
    assert state.log[-1] == "3. R D12 2,0 r0 - | dragon n e e | ate R(1,0)"


def test_dragon_notation_round_trips_and_is_refused_outside_its_phase():
    state = replay(DRAGON, "R,Y", options=OPT, extra_pile=("D12", "U"))
    with pytest.raises(IllegalAction) as err:
        GAME.parse(state, 0, "dragon n")
    assert "not moving now" in err.value.msg.english()
    play(state, "2,0 r0 -")
    for text in ("dragon n", "/dragon n", "n", "north", "DRAGON N", "use dragon n", "/play dragon n"):
        assert GAME.parse(state, 0, text) == DragonStep(N), text
    assert str(DragonStep(N)) == "dragon n"
    assert GAME.action_candidates("use", "dragon n") == ["use dragon n", "dragon n"]
    assert GAME.action_candidates("play", "dragon n") == ["dragon n"]


def test_dragon_stops_when_stuck_and_never_revisits():
    state = fresh(["D01", "D12", "U"], options=OPT)
    play(state, "0,1 r0 -")
    play(state, "1,0 r0 -")                       # D12: from 0,1 only north; then only east; then stuck
    assert state.phase == "dragon"
    step(state, "n")
    assert GAME.legal_actions(state, 0) == [DragonStep(E)]   # not back south to the start
    step(state, "e")
    assert state.phase == "place" and state.log[-1] == "2. Y D12 1,0 r0 - | dragon n e"


def test_the_dragon_cannot_enter_the_fairys_tile():
    state = fresh(["U", "D01", "U", "D12", "U"], options=OPT)
    play(state, "1,0 r0 re", "0,1 r0 -", "-1,0 r0 ~1,0")
    assert state.fairy == (1, 0)
    play(state, "2,0 r0 -")
    step(state, "n")
    assert GAME.legal_actions(state, 0) == [DragonStep(W)]
    assert error(state, "dragon e") == "The dragon cannot go east from 0,0; it can go: dragon w."


def test_the_dragon_eats_every_kind_of_figure_and_builders_follow_their_followers():
    state = fresh(["U", "D01", "U", "D12", "U"], options=OPT + ("erweiterung", "haendler"))
    play(state, "1,0 r0 Lfnw", "0,1 r0 -", "2,0 r0 Pfnw")
    assert [f.kind for f in state.figures] == ["large", "pig"]
    play(state, "-1,0 r0 -")
    step(state, "n")
    step(state, "e")
    step(state, "e")
    assert state.log[-1] == "4. Y D12 -1,0 r0 - | dragon n e e | ate LR(1,0) PR(2,0)"
    assert state.large == [1, 1] and state.pigs == [1, 1] and not state.figures
    # a builder whose owner loses his last follower in its road goes home at once
    state = fresh(["U", "U", "U", "D01", "E", "D12", "U"], options=OPT + ("haendler",))
    play(state, "1,0 r0 re", "-1,0 r0 -", "2,0 r0 Bre", "0,1 r0 -", "0,-1 r2 -", "-2,0 r0 -")
    step(state, "n")
    events = step(state, "e")
    assert state.builders == [1, 1] and state.supply == [7, 7]
    assert "Ann's builder has no follower left in its road and goes home." in [e.msg.english(NAMES) for e in events]


def test_princess_must_send_a_knight_home():
    state = fresh(["F", "D24", "U"], options=OPT)
    play(state, "0,-1 r1 cn")
    play(state, "0,-2 r2")
    assert state.phase == "deploy"
    assert GAME.deploy_options(state, 1) == ["!0,-1"]
    assert GAME.turn_prompt(GAME.view(state, 1))[0].english(NAMES) == \
        "The princess must send a knight of her city home: !0,-1."
    assert error(state, "-") == "The princess must send a knight of her city home; choose one: !0,-1."
    assert error(state, "re") == "The princess must send a knight of her city home; choose one: !0,-1."
    assert GAME.parse(state, 1, "!") == Deploy("!0,-1")
    events = play(state, "!")
    assert state.supply == [7, 7] and not state.figures
    assert "The princess sends Ann's knight at 0,-1 home." in [e.msg.english(NAMES) for e in events]
    # the city is completed in the same turn, after the knight left: nobody scores it
    assert state.log[-1] == "2. Y D24 0,-2 r2 !0,-1 | city 3 8 -> -"
    assert state.scores == [0, 0]


def test_princess_with_several_knights_and_without_any():
    state = fresh(["F", "E", "N", "D26", "U"], options=OPT)
    play(state, "0,-1 r1 cn", "1,-1 r0 cn", "1,-2 r3 -")
    play(state, "0,-2 r1")                          # D26 joins R's and Y's cities
    assert GAME.deploy_options(state, 1) == ["!0,-1", "!1,-1"]
    with pytest.raises(IllegalAction) as err:
        GAME.parse(state, 1, "!")
    assert err.value.msg.english() == "The princess's city holds several knights; choose one: !0,-1 !1,-1."
    assert GAME.parse(state, 1, "!0,-1:R") == Deploy("!0,-1")
    assert GAME.parse(state, 1, "! 0, -1") == Deploy("!0,-1")
    with pytest.raises(IllegalAction) as err:
        GAME.parse(state, 1, "!2,2")
    assert err.value.msg.english() == "There is no knight of the princess's city at 2,2; choose one of !0,-1 !1,-1."
    play(state, "!0,-1")
    assert state.supply == [7, 6] and [(f.x, f.y, f.seat) for f in state.figures] == [(1, -1, 1)]
    # a princess whose city holds no knight: an ordinary city tile
    state = fresh(["E", "D24"], options=OPT)
    play(state, "0,-1 r2 -")
    play(state, "1,0 r0")
    assert GAME.deploy_options(state, 1)[0] == "cn"
    assert not any(c.startswith("!") for c in GAME.deploy_options(state, 1))
    with pytest.raises(IllegalAction) as err:
        GAME.parse(state, 1, "!")
    assert err.value.msg.english() == "There is no princess with a knight in her city on this tile."


def test_fairy_moves_gives_a_point_each_turn_and_three_per_scored_feature():
    state = fresh(["U", "U", "U", "E", "W", "W", "U"], options=OPT)
    play(state, "1,0 r0 re", "-1,0 r0 -", "2,0 r0")
    assert GAME.deploy_options(state, 0) == ["fnw", "fes", "~1,0", "-"]
    play(state, "~1,0")
    assert state.fairy == (1, 0) and state.log[-1] == "3. R U 2,0 r0 ~1,0"
    play(state, "0,-1 r2 -")
    assert state.scores == [1, 0]                   # R's turn begins beside the fairy
    assert error(state, "3,0 r0 ~1,0") == "The fairy already stands on 1,0; choose another tile or -."
    play(state, "3,0 r0 -")
    play(state, "-2,0 r2 -")                        # Y closes R's road of 6 tiles
    assert state.log[-1] == "6. Y W -2,0 r2 - | road 6 6 -> R | fairy 3 -> R"
    assert state.scores == [10, 0]
    play(state, "4,0 r0 -")
    assert state.over and state.scores == [10, 0]   # the thief is home: no point at the start of turn 7


def test_fairy_may_only_go_to_own_followers():
    state = fresh(["U", "U", "U"], options=OPT)
    play(state, "1,0 r0 re")
    assert error(state, "-1,0 r0 ~1,0") == "The fairy can only move to a tile with one of your followers: -."
    assert error(state, "-1,0 r0 ~") .startswith("Move the fairy with ~x,y")


def test_fairy_bonus_at_the_end_of_the_game():
    state = fresh(["U", "U", "U"], options=OPT)
    play(state, "1,0 r0 re", "-1,0 r0 -", "2,0 r0 ~1,0")
    assert state.over
    assert state.final["road"] == [4, 0] and state.final["fairy"] == [3, 0]
    assert state.scores == [7, 0]


def test_magic_portal_deploys_on_another_tile():
    state = fresh(["D19", "U"], options=OPT)
    play(state, "1,0 r0")
    codes = GAME.deploy_options(state, 0)
    assert codes == ["re", "rs", "rw", "fnw", "fes", "fsw", "cn@0,0", "re@0,0", "fen@0,0", "fes@0,0", "-"]
    play(state, "cn@0,0")
    assert state.log[-1] == "1. R D19 1,0 r0 cn@0,0"
    assert [(f.x, f.y, f.feature) for f in state.figures] == [(0, 0, "city")]


def test_magic_portal_rules():
    state = fresh(["E", "D19", "U", "U"], options=OPT + ("erweiterung",))
    play(state, "0,-1 r2 -")                       # the start city is completed
    assert GAME.parse(state, 1, "1,0 r0 Lre@0,0") == Place(1, 0, 0, "Lre@0,0")
    assert error(state, "1,0 r0 cn@0,0") == "That city is already completed; the portal needs an unfinished one."
    assert error(state, "1,0 r0 cs@0,-1") == "That city is already completed; the portal needs an unfinished one."
    assert error(state, "1,0 r0 cs@1,1") == "There is no tile at 1,1 to deploy on."
    play(state, "1,0 r0 re@0,0")
    assert error(state, "2,0 r0 fen@0,0") == "Only a magic portal tile lets you deploy on another tile; this is U."


def test_portal_never_onto_the_dragon_and_builders_cannot_use_it():
    state = fresh(["D01", "D19", "U"], options=OPT + ("haendler",))
    play(state, "0,1 r0 -")
    play(state, "1,0 r0")
    assert not any(c.endswith("@0,1") for c in GAME.deploy_options(state, 1))
    assert error(state, "fnw@0,1") == "The dragon stands on 0,1; nothing may be deployed there."
    assert error(state, "Bre@0,0") == "Builders and pigs cannot use the magic portal."


def test_volcano_tile_allows_moving_the_fairy():
    state = fresh(["U", "U", "D01", "U"], options=OPT)
    play(state, "1,0 r0 re", "-1,0 r0 -")
    play(state, "0,1 r0")
    assert GAME.deploy_options(state, 0) == ["~1,0", "-"]
    play(state, "~1,0")
    assert state.fairy == (1, 0) and state.dragon == (0, 1)


def test_monastery_in_the_city_and_the_tunnel():
    state = fresh(["D01", "F", "D10", "U"], options=OPT)
    play(state, "0,1 r0 -", "0,-1 r1 cn")
    play(state, "0,-2 r2")                          # D10 r2: its city joins R's city, its monastery is free
    codes = GAME.deploy_options(state, 1)
    assert codes[0] == "m" and not any(c.startswith("c") for c in codes)
    state = fresh(["D01", "D15", "U"], options=OPT)
    play(state, "0,1 r0 -", "1,0 r1")                # D15 r1: the tunnel road runs W-E, the city band N-S
    board = state.board
    assert board.root_of(1, 0, "road", 0) == board.root_of(0, 0, "road", 0)
    assert board.root_of(1, 0, "field", 0) != board.root_of(1, 0, "field", 1)


def test_dragon_needs_the_option():
    state = fresh(["U"])
    with pytest.raises(IllegalAction) as err:
        GAME.parse(state, 0, "1,0 r0 ~0,0")
    assert "drache" in err.value.msg.english()


def test_prompts_for_the_volcano_the_fairy_and_the_portal():
    state = fresh(["U", "U", "D01", "D19", "U"], options=OPT)
    play(state, "1,0 r0 re", "-1,0 r0 -", "0,1 r0")
    assert [m.english(NAMES) for m in GAME.turn_prompt(GAME.view(state, 0))] == [
        "Nothing can be deployed on this tile: write - to go on.", "Or move the fairy instead: ~1,0."]
    play(state, "~1,0", "2,0 r0")
    prompt = [m.english(NAMES) for m in GAME.turn_prompt(GAME.view(state, 1))]
    assert prompt[0] == "Deploy a follower on the tile you placed: re rs fnw fes fsw - (- deploys nothing)."
    assert prompt[1].startswith("Magic portal: or deploy on another tile with code@x,y (")
    # many codes: the buttons keep the ones on the tile and "-"
    assert [a.code for a in GAME.suggestions(state, 1)][-1] == "-"
