"""Carcassonne's turn-flow decisions: what a skipped turn does (``skip_action``) and which moves
/undo may take back (``reveals``)."""
from __future__ import annotations

import random

from games.carcassonne import GAME
from games.carcassonne.actions import Deploy, Place
from games.carcassonne.rules.dragon import DragonStep, legal_steps
from games.carcassonne.rules.placement import legal_placements


def test_a_skipped_turn_places_the_tile_at_the_first_spot_without_a_follower():
    state = GAME.new_state(2, seed=5, first=0)
    drawn, supply = state.drawn, list(state.supply)
    x, y, rotation = legal_placements(state.board, drawn)[0]
    skip = GAME.skip_action(state, 0)
    assert skip == Place(x, y, rotation, "-") and str(skip) == f"{x},{y} r{rotation} -"
    assert GAME.skip_action(state, 1) is None                   # not the second player's turn
    GAME.apply(state, 0, GAME.parse(state, 0, str(skip)))
    assert state.placements[-1] == (drawn, x, y, rotation)
    assert state.figures == [] and state.supply == supply       # no follower went out
    assert state.current == 1 and state.phase == "place"


def stops_at_deploy(state, action) -> bool:
    trial = GAME.from_json(GAME.to_json(state))
    GAME.apply(trial, 0, action)
    return trial.phase == "deploy"


def test_in_the_deploy_step_a_skip_deploys_nothing():
    state = GAME.new_state(2, seed=5, first=0)
    GAME.apply(state, 0, next(a for a in GAME.legal_actions(state, 0) if stops_at_deploy(state, a)))
    assert state.phase == "deploy"
    assert GAME.skip_action(state, 0) == Deploy("-")
    GAME.apply(state, 0, GAME.skip_action(state, 0))
    assert state.figures == [] and state.current == 1


def test_the_dragon_takes_its_first_legal_step():
    """With the dragon add-on, play until the dragon moves: the skipped step is the first legal
    direction in N, E, S, W order."""
    for seed in range(40):
        state = GAME.setup(2, frozenset({"drache"}), seed)
        rng = random.Random(seed)
        for _ in range(150):
            if state.phase == "dragon":
                seat = state.mover
                assert GAME.skip_action(state, seat) == DragonStep(legal_steps(state)[0])
                assert GAME.skip_action(state, 1 - seat) is None
                return
            if state.phase == "over":
                break
            seat = min(GAME.to_act(state))
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    raise AssertionError("no dragon movement in 40 games")


def test_only_a_staged_placement_can_be_taken_back():
    state = GAME.new_state(2, seed=5, first=0)
    x, y, rotation = legal_placements(state.board, state.drawn)[0]
    whole = Place(x, y, rotation, "-")
    assert GAME.reveals(state, 0, whole, []) is True            # the next tile is drawn
    staged = [a for a in GAME.legal_actions(state, 0) if GAME.reveals(state, 0, a, []) is False]
    assert staged
    for action in staged:                                       # each stops at the deploy step
        trial = GAME.from_json(GAME.to_json(state))
        GAME.apply(trial, 0, action)
        assert trial.phase == "deploy" and trial.pile == state.pile and trial.rng.draws == state.rng.draws
