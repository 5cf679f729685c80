"""The heuristic computer player plays legal games and beats random play."""
from __future__ import annotations

import random

from games.core import RandomPlayer
from games.quetzal import GAME


def test_heuristic_beats_random() -> None:
    wins = 0
    for game in range(6):
        players = 2 + game % 2
        state = GAME.setup(players, frozenset(), 500 + game)
        rng = random.Random(game)
        mine = game % players
        seats = [GAME.computer_player("greedy") if s == mine else RandomPlayer() for s in range(players)]
        while not GAME.is_over(state):
            seat = min(GAME.to_act(state))
            action = seats[seat].choose(GAME, state, seat, rng)
            assert action in GAME.legal_actions(state, seat)
            GAME.apply(state, seat, action)
        wins += GAME.outcome(state).ranks[mine] == 1
    assert wins >= 5


def test_heuristic_self_play_scores_and_levels() -> None:
    assert set(GAME.computer_levels()) == {"greedy", "random", "strong"}
    assert isinstance(GAME.computer_player("random"), RandomPlayer)
    state = GAME.setup(4, frozenset(), 9)
    rng = random.Random(1)
    ai = GAME.computer_player("greedy")
    while not GAME.is_over(state):
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, ai.choose(GAME, state, seat, rng))
    assert max(GAME.outcome(state).scores) >= 25


def test_suggestions_are_legal_and_few() -> None:
    state = GAME.setup(3, frozenset(), 4)
    rng = random.Random(4)
    kinds = set()
    for _ in range(150):
        if GAME.is_over(state):
            break
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        suggested = GAME.suggestions(state, seat)
        assert 0 < len(suggested) <= GAME.max_buttons
        assert all(a in legal for a in suggested)
        kinds.add(type(suggested[0]).__name__)
        GAME.apply(state, seat, rng.choice(legal))
    assert {"Place", "Reroll"} <= kinds


def test_suggestions_offer_both_faces_of_a_wild_worker() -> None:
    from tests.quetzal.helpers import new_game, park, set_pool
    state = new_game(3, marker=0)
    set_pool(state, 0, "1s")
    park(state, 0, keep=["1"])
    state.player(0).coins = 1
    suggested = GAME.suggestions(state, 0)
    assert len(suggested) == GAME.max_buttons
    spaces = [a.space for a in suggested]
    for space in spaces[:-1]:                    # the last space may be cut off by the button limit
        if space in ("t5", "3a", "3b", "3c", "v3", "ship"):
            assert {a.colour for a in suggested if a.space == space} == {"w", "k"}, space
    assert {"w", "k"} <= {a.colour for a in suggested}
