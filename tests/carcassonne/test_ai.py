"""Computer players: they play legal actions in both stages; greedy takes obvious points and beats random."""
from __future__ import annotations

import random

from games.carcassonne import GAME
from games.carcassonne.actions import Deploy, Place
from games.core import RandomPlayer
from tests.carcassonne.helpers import fresh


def play_out(players, seed, count, options=frozenset()):
    state = GAME.setup(count, frozenset(options), seed)
    rng = random.Random(seed)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        action = players[seat].choose(GAME, state, seat, rng)
        assert action in GAME.legal_actions(state, seat)
        GAME.apply(state, seat, action)
    return state


AVAILABLE = [o.name for o in GAME.options if o.unavailable is None and o.name != "old"]


def test_levels():
    assert isinstance(GAME.computer_player("random"), RandomPlayer)
    assert GAME.computer_player("greedy").name == "greedy"


def test_random_players_complete_both_stages():
    state = play_out([GAME.computer_player("random")] * 4, 3, 4)
    assert len(state.placements) + len(state.discarded) == 72


def test_greedy_completes_a_city_for_points():
    state = fresh(["E", "U"])
    greedy = GAME.computer_player("greedy")
    assert greedy.choose(GAME, state, 0, random.Random(0)) == Place(0, -1, 2)
    GAME.apply(state, 0, Place(0, -1, 2))
    assert greedy.choose(GAME, state, 0, random.Random(0)) == Deploy("cs")


def test_greedy_keeps_farmers_for_later_and_beats_random():
    greedy, rand = GAME.computer_player("greedy"), GAME.computer_player("random")
    wins = 0
    for seed in range(6):
        seats = [greedy, rand] if seed % 2 == 0 else [rand, greedy]
        state = play_out(seats, seed, 2)
        me = seats.index(greedy)
        wins += state.scores[me] > state.scores[1 - me]
    assert wins >= 5
    state = GAME.setup(3, frozenset(), 1)
    rng = random.Random(1)
    while state.turn <= 9:
        action = greedy.choose(GAME, state, state.current, rng)
        assert not (isinstance(action, Deploy) and action.code.startswith("f"))
        GAME.apply(state, state.current, action)


def test_greedy_plays_legal_moves_with_every_available_option():
    greedy = GAME.computer_player("greedy")
    for seed, options in enumerate([{name} for name in AVAILABLE] + [set(AVAILABLE)]):
        state = play_out([greedy] * 3, seed, 3, options)
        assert state.over and len(state.placements) > 72


def test_greedy_dragon_eats_the_opponent_and_princess_removes_the_opponent():
    from games.carcassonne.rules.dragon import DragonStep
    greedy = GAME.computer_player("greedy")
    state = fresh(["U", "U", "D01", "D12", "U"], options=("drache",))
    for line in ("1,0 r0 re", "-1,0 r0 fnw", "0,1 r0 -", "2,0 r0 -"):
        GAME.apply(state, state.current, GAME.parse(state, state.current, line))
    GAME.apply(state, state.mover, GAME.parse(state, state.mover, "dragon n"))
    assert state.mover == 0 and sorted(a.direction for a in GAME.legal_actions(state, 0)) == [1, 3]
    assert greedy.choose(GAME, state, 0, random.Random(0)) == DragonStep(3)      # Y's farmer, not R's thief
    state = fresh(["F", "E", "N", "D26", "U"], options=("drache",))
    for line in ("0,-1 r1 cn", "1,-1 r0 cn", "1,-2 r3 -", "0,-2 r1"):
        GAME.apply(state, state.current, GAME.parse(state, state.current, line))
    assert GAME.legal_actions(state, 1) == [Deploy("!0,-1"), Deploy("!1,-1")]
    assert greedy.choose(GAME, state, 1, random.Random(0)) == Deploy("!0,-1")    # R's knight, not its own
