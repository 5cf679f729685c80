"""Option ``fluss`` (rules §10): the spring, the river drawn first, placement at the open end, no
U-turns, discarding, the fields the river splits, then the normal game."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from games.carcassonne import GAME
from games.carcassonne.actions import Place
from games.carcassonne.addons.fluss import river_square
from games.carcassonne.rules.placement import legal_placements
from games.core import IllegalAction
from tests.carcassonne.helpers import fresh, play

NAMES = ["Ann", "Ben"]


def river_game(pile, players=2):
    return fresh(list(pile), players=players, options=("fluss",))


def error(state, text):
    before = GAME.to_json(state)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, state.current, GAME.parse(state, state.current, text))
    assert GAME.to_json(state) == before
    return err.value.msg.english(NAMES)


def test_setup_spring_river_first_then_lake_then_land():
    state = GAME.setup(3, frozenset({"fluss"}), 5)
    assert state.placements == [("R01", 0, 0, 0)]
    order = [state.drawn] + state.pile
    assert len(order) == 83 and state.tiles_left() == 83
    assert Counter(order[:10]) == Counter({"R02": 1, "R03": 1, "R04": 1, "R05": 1, "R06": 2, "R07": 1, "R08": 1,
                                          "R09": 2})
    assert order[10] == "R10"
    land = Counter(order[11:])
    assert sum(land.values()) == 72 and land["D"] == 4          # the base start tile is an ordinary D (§18 D-4)
    assert not any(t.startswith("R") and len(t) == 3 and t[1:].isdigit() for t in land)
    other = GAME.setup(3, frozenset({"fluss"}), 6)
    assert [other.drawn] + other.pile != order                 # shuffled by the seed


def test_river_tiles_go_only_at_the_open_end():
    state = river_game(["R06", "R06", "U"])
    assert river_square(state.board) == (1, 0)
    assert legal_placements(state.board, "R06") == [(1, 0, 0), (1, 0, 2)]
    assert [str(a) for a in GAME.legal_actions(state, 0)] == ["1,0 r0", "1,0 r2"]
    assert error(state, "0,1 r0") == "A river tile must continue the river at its open end; R06 fits at 1,0 r0|r2."
    assert error(state, "1,0 r1").startswith("1,0 r1: the west edge of R06 is a field but the neighbour's edge is a river.")
    play(state, "1,0 r0 -")
    assert river_square(state.board) == (2, 0)
    assert legal_placements(state.board, "R06") == [(2, 0, 0), (2, 0, 2)]


def test_no_u_turn_but_opposite_curves_and_separated_curves_are_fine():
    # R09 (river W-S) in r0 entered from the west turns right (south)
    state = river_game(["R09", "R09", "R06", "R09"])
    play(state, "1,0 r0 -")
    assert state.board.river_turn == 1 and river_square(state.board) == (1, 1)
    # a second right turn at once would be a U-turn: only the left turn (r2) is allowed
    assert legal_placements(state.board, "R09") == [(1, 1, 2)]
    assert error(state, "1,1 r1") == ("1,1 r1: the river may not turn right twice in a row (no U-turn). "
                                      "R09 fits at 1,1 r2.")
    play(state, "1,1 r2 -")
    assert state.board.river_turn == -1 and river_square(state.board) == (2, 1)
    play(state, "2,1 r0 -")                         # straight
    assert state.board.river_turn == 0
    # after a straight tile both turns are allowed again (r0 right, r1 left)
    assert sorted(r for _, _, r in legal_placements(state.board, "R09")) == [0, 1]


def test_lake_ends_the_river_and_land_tiles_follow():
    state = river_game(["R06", "R10", "U", "U"])
    play(state, "1,0 r0 -", "2,0 r0 -")
    assert state.board.river_end is None and river_square(state.board) is None
    assert state.drawn == "U" and state.current == 0
    placements = legal_placements(state.board, "U")
    assert (0, 1, 0) in placements and (3, 0, 1) in placements
    assert (3, 0, 0) not in placements                          # its road would meet the lake's field


RIVER_LOOP = ["R09", "R06", "R09", "R06", "R09", "R06", "R07", "R10", "U"]


def test_a_river_tile_that_fits_nowhere_is_discarded():
    """The river turns right three times (with straight tiles between) and comes back beside the
    spring at -1,0: R07 would have to put a city or the river against the spring's field."""
    state = river_game(RIVER_LOOP)
    play(state, "1,0 r0 -", "1,1 r1 -", "1,2 r1 -", "0,2 r0 -", "-1,2 r2 -")
    assert state.board.river_turn == 1
    events = play(state, "-1,1 r1 -")
    assert river_square(state.board) == (-1, 0)
    assert state.discarded == ["R07"] and state.drawn == "R10"
    assert state.log[-1] == "7. R discard R07"
    assert any(e.msg.params.get("tile") == "R07" and "discard" in e.msg.text for e in events)
    assert legal_placements(state.board, "R10") == [(-1, 0, 3)]
    play(state, "-1,0 r3 -")
    assert state.drawn == "U" and state.tiles_left() == 1


def test_curves_turning_the_same_way_twice_in_a_row_are_refused_after_a_left_turn_too():
    state = river_game(["R09", "R09", "R09", "R06"])
    play(state, "1,0 r0 -", "1,1 r2 -")
    # heading east after a left turn: R09 may turn right (r0) but not left again (r1)
    assert [r for _, _, r in legal_placements(state.board, "R09")] == [0]
    assert "may not turn left twice" in error(state, "2,1 r1")


def test_fields_are_split_by_the_river_and_joined_round_the_spring():
    state = river_game(["R06", "R06", "U"])
    play(state, "1,0 r0 fnw")                       # farmer north of the river
    # the south bank of the next tile is joined to the north bank only round the spring
    play(state, "2,0 r0")
    assert "fse" not in GAME.deploy_options(state, 1) and "fnw" not in GAME.deploy_options(state, 1)
    state = river_game(["R06", "R06", "U"])
    play(state, "1,0 r0 -")
    play(state, "2,0 r0")
    assert GAME.deploy_options(state, 1) == ["fnw", "fes", "-"]


def test_features_on_river_tiles_score_normally():
    # R02: separate city caps north and south of the river; E (city cap) closes the north one
    state = river_game(["R02", "E", "U"])
    play(state, "1,0 r0 cn")
    assert GAME.parse(state, 1, "1,-1 r2") == Place(1, -1, 2)
    play(state, "1,-1 r2 -")
    assert state.scores == [2, 0] and state.supply == [7, 7]
    with pytest.raises(IllegalAction):
        GAME.parse(state, 0, "1,1 r0 river")


def test_random_river_games_play_the_river_first():
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.setup(2 + seed, frozenset({"fluss"}), seed)
        while not GAME.is_over(state):
            seat = state.current
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        order = [t for t, *_ in state.placements]
        rivers = [i for i, t in enumerate(order) if t.startswith("R") and t[1:].isdigit()]
        assert rivers == list(range(len(rivers)))                  # river tiles before any land tile
        assert len(state.placements) + len(state.discarded) == 84
