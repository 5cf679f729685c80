"""Every game's view speaks the shared vocabulary of ``games.core.views``: ``seat``, ``to_act``,
``phase``, ``players`` and ``me`` mean the same in all five games, at every position a game
goes through, for the public and for each seat."""
from __future__ import annotations

import random

import pytest

from games import registry
from games.core.views import GameView, PlayerPart, PrivatePart
from games.carcassonne.view import CarcassonneView
from games.florenza.view import FlorenzaView
from games.keyflower.view import KeyflowerView
from games.quetzal.view import QuetzalView
from games.stone_age.view import StoneAgeView

GAMES = ("carcassonne", "keyflower", "stoneage", "florenza", "quetzal")

def statically_a_game_view(carcassonne: CarcassonneView, florenza: FlorenzaView, keyflower: KeyflowerView,
                           quetzal: QuetzalView, stone_age: StoneAgeView) -> tuple[GameView, ...]:
    """Never called: the type checker proves here that each game's view class is a GameView."""
    return carcassonne, florenza, keyflower, quetzal, stone_age


def positions(name: str, seed: int, every: int = 15, most: int = 1500):
    """A random game's states, one every ``every`` actions, and the last one (over if reached)."""
    game = registry.get(name)
    assert game is not None
    rng = random.Random(seed)
    players = game.min_players + seed % (game.max_players - game.min_players + 1)
    state = game.setup(players, frozenset(), seed)
    for step in range(most):
        if step % every == 0:
            yield game, players, state
        if game.outcome(state) is not None:
            break
        seat = rng.choice(sorted(game.to_act(state)))
        action = game.skip_action(state, seat) if step % 3 == 0 else None
        if action is None:
            action = rng.choice(game.legal_actions(state, seat))
        game.apply(state, seat, action)
    yield game, players, state


def check_view(name: str, view, viewer: int | None, players: int, acting: frozenset[int], over: bool) -> None:
    missing = {word for word in ("seat", "to_act", "phase", "players", "me") if not hasattr(view, word)}
    assert not missing, (name, missing)
    assert isinstance(view, GameView)
    assert view.seat == viewer
    assert isinstance(view.phase, str) and view.phase
    assert isinstance(view.players, tuple) and len(view.players) == players
    for seat, part in enumerate(view.players):
        assert isinstance(part, PlayerPart) and part.seat == seat
    assert isinstance(view.to_act, tuple) and all(isinstance(s, int) for s in view.to_act)
    assert list(view.to_act) == sorted(acting)
    assert view.to_act == () or not over
    if viewer is None or name == "carcassonne":         # Carcassonne has no secrets: no private part
        assert view.me is None
    else:
        assert isinstance(view.me, PrivatePart) and view.me.seat == viewer


@pytest.mark.parametrize("name", GAMES)
def test_every_view_speaks_the_shared_words(name):
    seen_over = False
    for seed in (1, 2):
        for game, players, state in positions(name, seed):
            acting = game.to_act(state)
            over = game.outcome(state) is not None
            seen_over |= over
            for viewer in (None, *range(players)):
                check_view(name, game.view(state, viewer), viewer, players, acting, over)
    assert seen_over or name == "stoneage", name
