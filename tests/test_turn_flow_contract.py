"""The turn-flow part of the game contract in every game: ``skip_action`` (the timeout policy
"skip") and ``reveals`` (what /undo may take back). The decisions of each game are tested in
tests/<game>/test_turn_flow.py."""
from __future__ import annotations

import random

import pytest

from games import registry
from games.core import Msg

GAMES = ("carcassonne", "keyflower", "stoneage", "florenza", "quetzal")


def replay(game, players: int, seed: int, log: list[tuple[int, str]]):
    """The state after ``log`` from the seed, the way the bot rebuilds it for /undo."""
    state = game.setup(players, frozenset(), seed)
    for seat, text in log:
        game.apply(state, seat, game.parse(state, seat, text))
    return state


@pytest.mark.parametrize("name", GAMES)
def test_skipping_every_turn_plays_on_with_legal_moves(name):
    """Everybody times out, always: each skip is one of the seat's legal actions, the game
    never gets stuck, and it ends (Stone Age, where nobody buys anything, plays round after
    round)."""
    game = registry.get(name)
    for seed in (1, 2):
        state = game.setup(game.min_players + seed - 1, frozenset(), seed)
        rounds = 0
        for _ in range(4000):
            if game.outcome(state) is not None:
                break
            seat = min(game.to_act(state))
            action = game.skip_action(state, seat)
            assert action is not None, (name, seed)
            text = str(action)
            parsed = game.parse(state, seat, text)
            assert str(parsed) == text
            legal = {str(a) for a in game.legal_actions(state, seat)}
            # Carcassonne lists its placements staged (x,y rK); the skip adds the deploy "-" at once
            staged = text[:-2] if name == "carcassonne" and text.endswith(" -") else text
            assert staged in legal, (text, sorted(legal)[:5])
            game.apply(state, seat, parsed)
            rounds = getattr(state, "round", 0)
        if name == "stoneage":
            assert rounds >= 5 and game.outcome(state) is None
        else:
            assert game.outcome(state) is not None, (name, seed)


@pytest.mark.parametrize("name", GAMES)
def test_a_move_that_reveals_nothing_replays_away(name):
    """Random games: ``reveals`` answers False, True or a reason (a Msg); for every move that
    reveals nothing, the log without it rebuilds exactly the state before it (what /undo does);
    and every game has moves of both kinds."""
    game = registry.get(name)
    kinds = set()
    for seed in (3, 4):
        players = game.min_players
        rng = random.Random(seed)
        state = game.setup(players, frozenset(), seed)
        log: list[tuple[int, str]] = []
        for _ in range(250):
            if game.outcome(state) is not None:
                break
            seat = rng.choice(sorted(game.to_act(state)))
            action = rng.choice(game.legal_actions(state, seat))
            before = game.to_json(state)
            events = game.apply(state, seat, action)
            shown = game.reveals(game.from_json(before), seat, action, events)
            assert shown in (True, False) or isinstance(shown, Msg), shown
            kinds.add(bool(shown))
            if not shown:
                assert game.to_json(replay(game, players, seed, log)) == before
                assert game.to_json(state) != before, str(action)
            log.append((seat, str(action)))
    assert kinds == {True, False}, name
