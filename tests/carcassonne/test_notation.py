"""Notation (§15.1): parse/str round trip, aliases, staged actions and specific error messages."""
from __future__ import annotations

import random

import pytest

from games.carcassonne import GAME
from games.carcassonne.actions import Deploy, Place
from games.core import IllegalAction
from tests.carcassonne.helpers import fresh, play

NAMES = ["Alice", "Bob", "Carol"]


def error(state, seat, text):
    before = GAME.to_json(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, seat, GAME.parse(state, seat, text))
    assert GAME.to_json(state) == before
    return err.value.msg.english(NAMES)


def test_round_trip_of_every_legal_action_in_random_games():
    rng = random.Random(5)
    for seed in range(3):
        state = GAME.setup(3, frozenset(), seed)
        while not GAME.is_over(state):
            seat = state.current
            actions = GAME.legal_actions(state, seat)
            for action in actions:
                assert GAME.parse(state, seat, str(action)) == action
            GAME.apply(state, seat, rng.choice(actions))


@pytest.mark.parametrize("text", ["0,-1 r2 cs", "0,-1 R2 CS", "/place 0,-1 r2 cs", "place 0, -1 r180 city",
                                  "0,-1 cs", "0,-1 city", "0,-1 r2 knight", "  0,-1   r2   Cs "])
def test_one_line_forms(text):
    state = fresh(["E", "U"])
    assert GAME.parse(state, 0, text) == Place(0, -1, 2, "cs")


def test_rotation_aliases_and_other_halves_name_the_same_segment():
    state = fresh(["U", "U"])
    assert GAME.parse(state, 0, "1,0 r0 fwn") == Place(1, 0, 0, "fnw")
    assert GAME.parse(state, 0, "1,0 r0 FEN") == Place(1, 0, 0, "fnw")
    assert GAME.parse(state, 0, "1,0 r0 rw") == Place(1, 0, 0, "re")
    assert GAME.parse(state, 0, "1,0 r0 -") == Place(1, 0, 0, "-")
    assert GAME.parse(state, 0, "1,0 r180") == Place(1, 0, 2)
    assert GAME.parse(state, 0, "0,1 r90") == Place(0, 1, 1)
    assert GAME.parse(state, 0, "0,1 r270 none") == Place(0, 1, 3, "-")


def test_omitted_rotation():
    state = fresh(["E"])
    assert GAME.parse(state, 0, "0,-1") == Place(0, -1, 2)
    state = fresh(["U"])
    with pytest.raises(IllegalAction) as err:
        GAME.parse(state, 0, "1,0")
    assert err.value.msg.english() == "1,0: U fits in several rotations (r0, r2); add one, for example 1,0 r0."


def test_word_alias_needs_exactly_one_segment():
    state = fresh(["H"])
    with pytest.raises(IllegalAction) as err:
        GAME.parse(state, 0, "0,-1 r0 city")
    assert "several city segments" in err.value.msg.english()
    state = fresh(["E"])
    with pytest.raises(IllegalAction) as err:
        GAME.parse(state, 0, "0,-1 r2 road")
    assert "has no road" in err.value.msg.english()
    with pytest.raises(IllegalAction) as err:
        GAME.parse(state, 0, "0,-1 r2 cn")
    assert err.value.msg.english() == "Tile E in r2 has no city at 'cn'; its deploy codes: cs fnw -."
    with pytest.raises(IllegalAction) as err:
        GAME.parse(state, 0, "0,-1 r2 m")
    assert err.value.msg.english() == "Tile E has no monastery; its deploy codes: cs fnw -."


def test_addon_codes_are_refused_with_the_option_name():
    state = fresh(["E"])
    for text, option in (("0,-1 r2 Lcs", "erweiterung"), ("0,-1 r2 bcs", "haendler"), ("0,-1 r2 pfnw", "haendler"),
                         ("0,-1 r2 cs@0,0", "drache"), ("0,-1 r2 ~0,0", "drache")):
        with pytest.raises(IllegalAction) as err:
            GAME.parse(state, 0, text)
        assert option in err.value.msg.english()


def test_staged_placement_then_deploy():
    state = fresh(["E", "U"])
    events = GAME.apply(state, 0, GAME.parse(state, 0, "0,-1 r2"))
    assert state.phase == "deploy" and state.current == 0
    assert GAME.legal_actions(state, 0) == [Deploy("cs"), Deploy("fnw"), Deploy("-")]
    assert GAME.suggestions(state, 0) == GAME.legal_actions(state, 0)
    assert GAME.legal_actions(state, 1) == []
    # the event says what was done; the choices are the status line's and the prompt's (said once each)
    assert [e.msg.english(NAMES) for e in events] == ["Alice places E at 0,-1 r2."]
    assert "cs fnw -" in GAME.turn_prompt(GAME.view(state, 0))[0].english(NAMES)
    assert GAME.parse(state, 0, "city") == Deploy("cs")
    assert GAME.parse(state, 0, "CS") == Deploy("cs")
    with pytest.raises(IllegalAction) as err:
        GAME.parse(state, 0, "1,0 r0")
    assert "already placed at 0,-1" in err.value.msg.english()
    GAME.apply(state, 0, Deploy("cs"))
    assert state.scores == [2, 0] and state.supply == [7, 7]
    assert state.log[0].startswith("1. R E 0,-1 r2 cs")
    assert state.current == 1 and state.phase == "place"


def test_placement_before_deploy_code_is_refused():
    state = fresh(["E"])
    with pytest.raises(IllegalAction) as err:
        GAME.parse(state, 0, "cs")
    assert err.value.msg.english() == ("First place your tile E: write x,y rK (for example 0,-1 r2), "
                                       "optionally followed by a deploy code.")
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 0, Deploy("cs"))
    assert "First place your tile E" in err.value.msg.english()


def test_not_your_turn():
    state = fresh(["E", "U"])
    assert error(state, 1, "0,-1 r2") == "It is Alice's turn."
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, Place(0, -1, 2))
    assert err.value.msg.english(NAMES) == "It is Alice's turn."


def test_edge_mismatch_names_the_edges_and_suggests():
    state = fresh(["U"])
    assert error(state, 0, "1,0 r1") == ("1,0 r1: the west edge of U is a field but the neighbour's edge is a road. "
                                         "At 1,0 it fits with r0, r2.")
    state = fresh(["C"])
    assert error(state, 0, "0,1 r0") == ("0,1 r0: the north edge of C is a city but the neighbour's edge is a field. "
                                         "It fits for example at 0,-1 r0|r1|r2|r3.")
    with pytest.raises(IllegalAction) as err:
        GAME.parse(state, 0, "0,1")
    assert err.value.msg.english() == "C does not fit at 0,1 in any rotation; it fits for example at 0,-1 r0|r1|r2|r3."


def test_occupied_and_lonely_squares():
    state = fresh(["U"])
    assert error(state, 0, "0,0 r0").startswith("0,0 already holds tile D; U fits for example at ")
    assert error(state, 0, "5,5 r0") == "5,5 has no neighbour; place next to an existing tile, for example -1,0 r0."


def test_unreadable_text():
    state = fresh(["U"])
    with pytest.raises(IllegalAction) as err:
        GAME.parse(state, 0, "hello there")
    assert err.value.msg.english() == ("I can't read 'hello there'. Write x,y rK and optionally a deploy code, "
                                       "for example -1,0 r0.")
    with pytest.raises(IllegalAction) as err:
        GAME.parse(state, 0, "1,0 r5")
    assert "is not a rotation" in err.value.msg.english()
    with pytest.raises(IllegalAction) as err:
        GAME.parse(state, 0, "1,0 r0 re fnw")
    assert "can't read" in err.value.msg.english()


def test_road_already_has_a_thief():
    state = fresh(["U", "U", "U"])
    play(state, "1,0 r0 re")
    assert error(state, 1, "2,0 r0 re") == "That road already has a thief; free on this tile: fnw fes -."
    play(state, "2,0 r0")
    assert GAME.legal_actions(state, 1) == [Deploy("fnw"), Deploy("fes"), Deploy("-")]
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, 1, Deploy("re"))
    assert "That road already has a thief" in err.value.msg.english()


def test_field_and_city_already_taken():
    state = fresh(["U", "U", "F", "E"])
    play(state, "1,0 r0 fnw")
    assert error(state, 1, "2,0 r0 fnw") == "That field already has a farmer; free on this tile: re fes -."
    play(state, "2,0 r0 -")
    play(state, "0,-1 r1 cn")          # F as a N-S band: a knight in the open city
    assert error(state, 1, "0,-2 r2 cs") == "That city already has a knight; free on this tile: fnw -."


def test_no_follower_left():
    state = fresh(["E", "U", "U"])
    state.supply[0] = 0
    assert error(state, 0, "0,-1 r2 cs") == "You have no follower left; write - to deploy nothing."
    # a staged placement with nothing to deploy ends the turn at once
    GAME.apply(state, 0, GAME.parse(state, 0, "0,-1 r2"))
    assert state.phase == "place" and state.current == 1
    assert state.log[0] == "1. R E 0,-1 r2 - | city 2 2 -> -"


def test_game_over_refuses_everything():
    state = fresh(["E"])
    play(state, "0,-1 r2 -")
    assert state.over
    assert GAME.legal_actions(state, 0) == [] and GAME.to_act(state) == frozenset()
    with pytest.raises(IllegalAction) as err:
        GAME.parse(state, 0, "0,1 r0")
    assert err.value.msg.english() == "The game is over."
