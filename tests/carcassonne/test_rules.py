"""Set-up, deployment and scoring rules, end of game, options, views, status and JSON."""
from __future__ import annotations

import dataclasses
import random

import pytest

from games.carcassonne import GAME
from renderers import carcassonne
from renderers.registry import renderer_for
from games.carcassonne.view import CarcassonneView, FigureView
from games.core import OptionError, toggle_option
from tests.carcassonne.helpers import fresh, play, replay
from tests.carcassonne.test_examples import P3, P7, P8

NAMES = ["Alice", "Bob", "Carol", "Dave", "Eve"]


def test_game_object():
    assert (GAME.name, GAME.title, GAME.min_players, GAME.max_players) == ("carcassonne", "Carcassonne", 2, 5)
    assert GAME.verbs == ("place", "play", "use")
    assert renderer_for(GAME.name) is carcassonne.RENDERER
    assert tuple(GAME.computer_levels()) == ("random", "greedy", "strong")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup(players):
    state = GAME.setup(players, frozenset(), 7)
    assert state.placements == [("D", 0, 0, 0)]
    assert len(state.pile) == 70 and state.drawn is not None and state.tiles_left() == 71
    assert sorted(state.pile + [state.drawn]).count("D") == 3
    assert state.supply == [7] * players and state.scores == [0] * players
    view = GAME.view(state, None)
    assert [p.letter for p in view.players] == list("RYGBK"[:players])
    assert [p.colour for p in view.players] == ["red", "yellow", "green", "blue", "black"][:players]


def test_player_count_limits():
    for players in (1, 6):
        with pytest.raises(ValueError):
            GAME.setup(players, frozenset(), 1)


def test_starting_player_and_pile_come_from_the_seed():
    firsts = {GAME.setup(4, frozenset(), seed).first for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    a, b = GAME.setup(3, frozenset(), 99), GAME.setup(3, frozenset(), 99)
    assert GAME.to_json(a) == GAME.to_json(b)
    assert GAME.setup(3, frozenset(), 98).pile != a.pile


#: add-on options implemented so far (the others must still be refused with their reason)
AVAILABLE = {"old", "fluss", "koenig", "erweiterung", "haendler", "drache"}


def test_options():
    names = [o.name for o in GAME.options]
    assert names == ["old", "fluss", "erweiterung", "haendler", "koenig", "drache"]
    for name in names:
        spec = next(o for o in GAME.options if o.name == name)
        if name in AVAILABLE:
            assert spec.unavailable is None
            assert toggle_option(GAME.options, frozenset(), name) == frozenset({name})
            continue
        assert spec.unavailable and "not implemented yet" in spec.unavailable
        with pytest.raises(OptionError):
            toggle_option(GAME.options, frozenset(), name)
        with pytest.raises(OptionError):
            GAME.setup(2, frozenset({name}), 1)
    assert toggle_option(GAME.options, frozenset(AVAILABLE), "old") == frozenset(AVAILABLE - {"old"})


def test_deploy_only_on_tile_just_placed_and_on_free_features():
    # P3 move 12 joins three claimed city pieces: no knight may go on that city
    first_eleven = "\n".join(P3.strip().splitlines()[:11]) + "\n"
    state = replay(first_eleven, "R,Y,B", extra_pile=("R",))
    play(state, "2,-1 r0")
    assert [str(a) for a in GAME.legal_actions(state, 2)] == ["fse", "-"]


def test_monk_in_a_full_hole_scores_at_once():
    state = replay(P8 + "14. Y B 2,-1 r0 m\n", "R,Y")
    assert "monastery 2,-1 9 -> Y" in state.log[-1]
    assert state.final["play"] == [0, 9]
    assert state.supply == [5, 6]       # farmers stay on the board; the monk came back


def test_figures_in_the_view_use_tile_data_indexes():
    state = fresh(["U", "B", "E", "U"])
    play(state, "1,0 r0 fnw", "0,1 r0 m", "0,-1 r2 cs")
    view = GAME.view(state, None)
    assert view.figures == (FigureView(1, 0, 0, "follower", "field", 0), FigureView(0, 1, 1, "follower", "monastery", -1))
    assert [(p.score, p.followers) for p in view.players] == [(2, 6), (0, 6)]


def test_public_view_hides_the_pile():
    state = GAME.setup(3, frozenset(), 3)
    view = GAME.view(state, None)
    assert isinstance(view, CarcassonneView)
    for value in dataclasses.asdict(view).values():
        assert value != state.pile
    assert view.tiles_left == len(state.pile) + 1
    assert view.drawn == state.drawn
    assert set(view.legal_placements) == set(state.board.legal_placements(state.drawn))
    assert GAME.view(state, 1) == dataclasses.replace(view, seat=1)


def test_status_and_prompt():
    state = fresh(["J", "U", "U"], players=3, first=1)
    lines = [m.english(NAMES) for m in GAME.status(GAME.view(state, None))]
    assert lines[0] == "Carcassonne — turn 1 — tiles left: 3 (incl. drawn)"
    assert lines[1] == "Alice (R)  0  followers 7/7"
    assert lines[2] == "*Bob* (Y)  0  followers 7/7"
    assert lines[4] == "Drawn for Bob: J [C R R F]."          # where it fits: the prompt's
    prompt = [m.english(NAMES) for m in GAME.turn_prompt(GAME.view(state, 1))]
    assert prompt[0].startswith("Your tile is J [C R R F]. Place it with x,y rK")
    play(state, "0,-1 r2")
    lines = [m.english(NAMES) for m in GAME.status(GAME.view(state, None))]
    assert lines[-1] == "Bob placed J at 0,-1 r2 and is choosing where to deploy."      # the codes: the prompt's
    prompt = [m.english(NAMES) for m in GAME.turn_prompt(GAME.view(state, 1))]
    assert prompt == ["Deploy a follower on the tile you placed: cs rn fne fnw - (- deploys nothing)."]


def test_end_of_game_outcome_and_details():
    state = replay(P7, "R,Y")
    outcome = GAME.outcome(state)
    assert outcome.scores == (15, 0) and outcome.ranks == (1, 2) and outcome.winners() == [0]
    details = [m.english(["Ann", "Ben"]) for m in outcome.details]
    assert details[0] == ("Ann: 15 points = 0 during play + 0 for incomplete cities + 0 for incomplete roads + "
                          "0 for incomplete monasteries + 15 for farms (5 completed cities).")
    assert details[-1] == "Winner: Ann with 15 points."
    view = GAME.view(state, None)
    assert view.phase == "over" and view.to_act == () and view.tiles_left == 0
    assert [m.english() for m in GAME.status(view)][-1] == "Game over."


def test_final_scoring_events():
    state = fresh(["F", "U", "G", "U"])
    play(state, "0,-1 r1 cn", "1,0 r0 re", "0,-2 r1 -")
    events = play(state, "-1,0 r0 -")
    texts = [e.msg.english(["Ann", "Ben"]) for e in events]
    assert "Incomplete city of 3 tiles and 1 pennant: 4 points to Ann." in texts
    assert "Incomplete road of 3 tiles: 3 points to Ben." in texts
    # the winner is named once: in the outcome's details, after each total, not also among the events
    said = texts + [m.english(["Ann", "Ben"]) for m in GAME.outcome(state).details]
    assert [line for line in said if line.startswith("Winner")] == ["Winner: Ann with 4 points."]


def test_last_tiles_unplaceable_end_the_game():
    state = fresh(["E", "C"])
    events = play(state, "0,-1 r2 cs")
    assert state.over and state.discarded == ["C"]
    assert GAME.outcome(state).scores == (2, 0)
    assert any("discard C" in e.msg.english() for e in events)


def test_json_round_trip_mid_game_and_in_deploy_phase():
    rng = random.Random(3)
    state = GAME.setup(4, frozenset({"old"}), 11)
    for step in range(60):
        data = GAME.to_json(state)
        copy = GAME.from_json(data)
        assert GAME.to_json(copy) == data
        assert GAME.legal_actions(copy, copy.current) == GAME.legal_actions(state, state.current)
        action = rng.choice(GAME.legal_actions(state, state.current))
        assert [e.msg for e in GAME.apply(copy, copy.current, action)] == \
               [e.msg for e in GAME.apply(state, state.current, action)]
        assert GAME.to_json(copy) == GAME.to_json(state)


def test_two_tile_city_and_pennant_rule_pieces():
    from games.carcassonne.rules import scoring
    assert scoring.city_points(2, 0, True) == 2
    assert scoring.city_points(3, 1, True) == 8
    assert scoring.city_points(3, 1, False) == 4
    assert scoring.road_points(4, True) == 4 and scoring.road_points(3, False) == 3
    assert scoring.monastery_points(5, False) == 6 and scoring.monastery_points(8, True) == 9
    assert scoring.majority({0: 2, 1: 2, 2: 1}) == [0, 1]
    assert scoring.majority({}) == []


def test_json_from_before_the_add_ons_still_loads():
    """Version 1 files (base game only, stored before the add-ons) load with empty add-on fields."""
    state = GAME.setup(3, frozenset({"old"}), 21)
    rng = random.Random(2)
    for _ in range(30):
        GAME.apply(state, state.current, rng.choice(GAME.legal_actions(state, state.current)))
    data = GAME.to_json(state)
    old = {k: v for k, v in data.items() if k in ("players", "options", "rng", "first", "current", "pile", "turn",
                                                 "phase", "drawn", "placements", "figures", "supply", "scores",
                                                 "discarded", "log", "final")}
    old["v"] = 1
    assert GAME.to_json(GAME.from_json(old)) == data


def test_status_with_every_add_on():
    options = frozenset({"fluss", "erweiterung", "haendler", "koenig", "drache"})
    state = GAME.setup(2, options, 4)
    assert state.tiles_left() == 160
    lines = [m.english(NAMES) for m in GAME.status(GAME.view(state, None))]
    assert lines[0] == "Carcassonne — turn 1 — tiles left: 160 (incl. drawn)"
    assert any(line.endswith("followers 7/7  L:1 B:1 P:1  wine 0 grain 0 cloth 0") for line in lines[1:3])
    assert "King: nobody   Robber: nobody" in lines and "Dragon: -   Fairy: -" in lines
