"""What the public record says is behind each screen (games/keyflower/screens.py): green keeples
gained in public are known until they are seen leaving, and the bound always holds. The record
kept as the game goes is tested in test_screen_record.py; the bound the current season's
activity proves alone (for games stored before the record was kept) is tested here too."""
from __future__ import annotations

import random

import pytest

from games.keyflower import GAME
from games.keyflower.components import COLOURS
from games.keyflower.screens import known_keeples, season_keeples
from tests.keyflower.helpers import play, put, state
from tests.search.positions import any_seat

ANN, BOB = 0, 1


def known_green(st) -> list[int]:
    return [known["green"] for known in known_keeples(st)]


def season_green(st) -> list[int]:
    return [known["green"] for known in season_keeples(st)]


def test_a_green_keeple_gained_in_public_is_known_until_it_is_placed():
    st = state(2, auction=["peddler", "keywood", "alehouse"], supplies=["R2 Y2", "R1 Y1"])
    assert known_green(st) == [0, 0]
    play(st, ANN, "use peddler 1 red")                 # pays a yellow, gains a green in view
    assert known_green(st) == [1, 0] and st.seats[ANN].keeples["green"] == 1
    play(st, BOB, "pass")
    play(st, ANN, "bid keywood 1 green")               # the green is seen leaving the screen
    assert known_green(st) == [0, 0]
    assert all(sum(known.values()) == known["green"] for known in known_keeples(st))


def test_an_upgraded_tile_counts_the_front_side_and_an_empty_green_supply_nothing():
    st = state(2, season=1, auction=["keywood"], supplies=["R1 B2", "R1 B1"])
    put(st, BOB, "store", 1, 0, upgraded=True)          # upgraded now: perhaps only after the use
    play(st, ANN, "use store 1 red")
    assert st.seats[ANN].keeples["green"] == 2 and season_green(st) == [1, 0]
    assert known_green(st) == [2, 0]                      # the record saw both gained
    st.green = 0                                          # a later gain may have been cut short
    assert season_green(st) == [0, 0]


def test_a_tavern_payment_may_have_been_green_to_the_activity_alone():
    st = state(2, season=1, auction=["peddler", "tavern"], supplies=["R4 Y2", "R1"])
    play(st, ANN, "use peddler 1 red")
    play(st, BOB, "pass")
    play(st, ANN, "use tavern 2 red pay red")           # a colour the activity does not keep
    assert season_green(st) == [0, 0]
    assert known_green(st) == [1, 0]                      # the record saw the red paid


@pytest.mark.parametrize("players, seed", [(2, 0), (3, 1), (4, 2), (5, 3), (2, 4), (6, 5)])
def test_the_known_keeples_are_behind_the_screens_throughout_random_games(players, seed):
    st, rng = GAME.setup(players, frozenset(), seed), random.Random(seed)
    seen = 0
    while not GAME.is_over(st):
        for player, known in zip(st.seats, known_keeples(st)):
            assert all(player.keeples[c] >= known[c] for c in COLOURS)
            seen += sum(known.values())
        seat = any_seat(GAME, st, rng)
        GAME.apply(st, seat, rng.choice(GAME.legal_actions(st, seat)))
    assert seen > 0                                        # the bound was more than nothing
