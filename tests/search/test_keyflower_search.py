"""Keyflower's support for the search: the clone, the evaluation, and the strong level in play."""
from __future__ import annotations

import random

import pytest

from games.core.search import SearchSettings
from games.keyflower import GAME
from games.keyflower.components import COLOURS, SKILLS
from games.keyflower.screens import known_keeples, known_skills
from tests.keyflower.helpers import play, state as kf_state
from tests.search.checks import check_evaluation, one_seat_to_act, random_actions, strong_plays_a_whole_game
from tests.search.copies import check_copy
from tests.search.positions import any_seat, first_seat, reachable
from tests.search.test_keyflower_no_peeking import OPTIONS

QUICK = SearchSettings(iterations=6, seconds=None, depth=3)


@pytest.mark.parametrize("players, moves", [(2, 0), (3, 40), (4, 90), (2, 80)])
def test_a_clone_is_equal_and_independent(players, moves):
    check_copy(GAME, one_seat_to_act(GAME, reachable(GAME, any_seat, players, frozenset(OPTIONS), 4, moves)), GAME.clone)


def test_the_evaluation_leaves_the_state_alone_and_is_the_result_at_the_end():
    check_evaluation(GAME, reachable(GAME, any_seat, 3, frozenset(), 8, 60), 3, first_seat, random_actions(GAME, random.Random(8)))


def test_strong_plays_a_whole_game():
    assert "strong" in GAME.computer_levels()    # at tables: it beat greedy
    phases = strong_plays_a_whole_game(GAME, frozenset(OPTIONS), QUICK, first_seat, lambda state, seat: state.phase)
    assert {"actions", "winter_select", "boats", "placement"} <= phases


# -- the keeples and skill tiles the public record puts behind a screen stay there ---------------
def check_known_keeples_kept(state, seat, samples=20):
    """Every determinization for ``seat`` leaves the keeples and skill tiles the public record
    puts behind each other screen there, keeps each screen's sizes and makes or loses no keeple
    of any colour and no skill tile of any type."""
    known, known_sk = known_keeples(state), known_skills(state)
    assert any(sum(known[s].values()) for s in range(state.players) if s != seat)   # something to keep
    for i in range(samples):
        sample = GAME.determinize(state, seat, random.Random(i))
        for s in range(state.players):
            assert sample.seats[s].keeple_total() == state.seats[s].keeple_total()
            assert sample.seats[s].skill_total() == state.seats[s].skill_total()
            assert all(sample.seats[s].keeples[c] >= known[s][c] for c in COLOURS)
            assert all(sample.seats[s].skills[k] >= known_sk[s][k] for k in SKILLS)
        for colour in COLOURS:
            assert sample.bag[colour] + sum(p.keeples[colour] for p in sample.seats) == \
                state.bag[colour] + sum(p.keeples[colour] for p in state.seats)
        for skill in SKILLS:
            assert sample.pile[skill] + sum(p.skills[skill] for p in sample.seats) == \
                state.pile[skill] + sum(p.skills[skill] for p in state.seats)


def test_a_green_keeple_gained_in_view_stays_behind_that_screen():
    state = kf_state(2, auction=["peddler", "keywood", "alehouse"], supplies=["R2 Y2", "R1 Y1"])
    play(state, 0, "use peddler 1 red")
    check_known_keeples_kept(state, 1)
    for i in range(20):                        # no green keeple has gone into the bag yet
        assert GAME.determinize(state, 1, random.Random(i)).bag["green"] == 0


def first_position_with_known_keeples(players, seed):
    """The first position of a seeded random game in the action phase where a seat to act is
    not the only one the public record puts keeples behind the screen of, and that seat."""
    state, rng = GAME.setup(players, frozenset(), seed), random.Random(seed)
    while not GAME.is_over(state):
        holders = {s for s, known in enumerate(known_keeples(state)) if sum(known.values())}
        deciding = sorted(s for s in GAME.to_act(state) if holders - {s})
        if state.phase == "actions" and deciding:
            return state, deciding[0]
        seat = any_seat(GAME, state, rng)
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    raise AssertionError("no keeples became known in this game")


@pytest.mark.parametrize("players, seed", [(2, 0), (2, 5), (3, 1), (3, 4), (4, 2), (5, 3)])
def test_determinizations_of_random_games_keep_the_known_keeples(players, seed):
    state, seat = first_position_with_known_keeples(players, seed)
    check_known_keeples_kept(state, seat)


def test_cargo_and_returned_bids_stay_behind_the_screen_into_the_next_season():
    state = kf_state(2, auction=["keywood", "alehouse"], supplies=["R2 B1", "R3"])
    play(state, 0, "bid keywood 2 red")
    play(state, 1, "bid keywood 3 red")
    play(state, 0, "pass")
    play(state, 1, "pass")
    while state.season == 0:                      # the boats and the village expansion, the first legal way
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, GAME.skip_action(state, seat))
    assert state.phase == "actions" and not state.activity
    known, known_sk = known_keeples(state), known_skills(state)
    assert known[0]["red"] >= 2 and sum(known_sk[0].values()) and sum(known_sk[1].values())
    check_known_keeples_kept(state, 1)
    check_known_keeples_kept(state, 0)
    for i in range(20):                           # the screens hold exactly the known skill tiles
        sample = GAME.determinize(state, 1, random.Random(i))
        assert sample.seats[0].skills == state.seats[0].skills == known_sk[0]
