"""The greedy computer player and the suggested buttons."""
from __future__ import annotations

import random

from games.core import RandomPlayer
from games.stone_age import GAME
from games.stone_age.actions import FeedPay, Pick, Place, Resolve, Skip, Starve, Tools

from tests.stone_age.helpers import BLUE, RED, act, new, start_actions


def play(players, seed: int):
    state = GAME.setup(len(players), frozenset(), seed)
    rng = random.Random(seed)
    steps = 0
    while not GAME.is_over(state):
        steps += 1
        assert steps < 5000
        seat = min(GAME.to_act(state))
        legal = GAME.legal_actions(state, seat)
        action = players[seat].choose(GAME, state, seat, rng)
        assert action in legal, str(action)
        for suggestion in GAME.suggestions(state, seat):
            assert suggestion in legal, str(suggestion)
        GAME.apply(state, seat, action)
    return GAME.outcome(state), state


def test_greedy_beats_random():
    greedy, rand = GAME.computer_player("greedy"), GAME.computer_player("random")
    assert isinstance(rand, RandomPlayer)
    wins = 0
    for seed in range(4):
        players = [greedy, rand] if seed % 2 == 0 else [rand, greedy]
        outcome, _ = play(players, seed)
        wins += outcome.ranks[seed % 2] == 1
    assert wins >= 3


def test_greedy_self_play_completes_with_sensible_scores():
    greedy = GAME.computer_player("greedy")
    outcome, state = play([greedy] * 4, 5)
    assert min(outcome.scores) > 0
    assert state.end_reason in ("stack", "cards")
    assert sum(len(p.cards) for p in state.players) > 0
    assert "greedy" in GAME.computer_levels()


def test_placement_suggestions_one_per_open_location():
    state = new(first=RED)
    suggestions = GAME.suggestions(state, RED)
    assert Place("hunt", 5) in suggestions and Place("hut", 2) in suggestions
    assert len(suggestions) <= GAME.max_buttons
    assert GAME.suggestions(state, BLUE) == []


def test_roll_suggestions_offer_the_cheapest_tools_per_yield():
    state = new(dice=[2, 2])
    state.players[RED].tools = [[2, 0], [1, 0], [1, 0]]
    start_actions(state, {RED: {"forest": 2}, BLUE: {"hunt": 1}})
    act(state, RED, "resolve forest")                 # 4: 1 wood; +2 -> 2 wood; +4 -> 2 wood
    suggestions = GAME.suggestions(state, RED)
    assert suggestions == [Tools((), ()), Tools((2,), ())]


def test_action_and_pick_and_feed_suggestions():
    deck = ["C06"] + [f"C{i:02d}" for i in range(1, 37) if i != 6]
    state = new(deck=deck, dice=[3, 6])
    state.players[RED].res = [1, 0, 0, 0]
    start_actions(state, {RED: {"card1": 1, "forest": 1}, BLUE: {"hunt": 1}})
    suggestions = [str(s) for s in GAME.suggestions(state, RED)]
    assert suggestions == ["buy card 1 with w", "resolve forest", "skip card 1"]
    act(state, RED, "buy card 1 with w")
    assert GAME.suggestions(state, RED) == [Pick(3), Pick(6)]
    state = new(first=BLUE, dice=[1])
    state.players[RED].food, state.players[RED].res = 2, [1, 4, 0, 0]
    start_actions(state, {BLUE: {"hunt": 1}})
    act(state, BLUE, "resolve hunt")
    assert GAME.suggestions(state, RED) == [FeedPay((1, 2, 0, 0)), Starve()]


def test_skip_and_resolve_suggested_for_unaffordable_spots():
    state = new()
    start_actions(state, {RED: {"building1": 1, "field": 1}, BLUE: {"hunt": 1}})
    assert GAME.suggestions(state, RED) == [Resolve("field"), Skip("building1")]
