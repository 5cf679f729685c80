"""Every game's renderer is found by the game's name and answers the whole contract
(renderers.contract); the games layer names none."""
from __future__ import annotations

import pytest

from games import registry as games
from games.core.contract import Game
from renderers import registry
from renderers.contract import Renderer
from tests.toygame import GAME as COUNTDOWN
from tests.toygame.render import CountdownRenderer

SHIPPED = [name for name in games.names() if type(games.get(name)).__module__.startswith("games.")]


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_game_has_a_renderer(name):
    renderer = registry.renderer_for(name)
    assert isinstance(renderer, Renderer) and registry.has_pictures(name)
    game = games.get(name)
    assert game is not None
    view = game.view(game.setup(game.min_players, frozenset(), 0), None)
    names = [f"P{seat}" for seat in range(game.min_players)]
    assert renderer.is_turn_image(view, None) and not renderer.is_turn_image(view, "board")
    assert all(isinstance(region, str) for region in renderer.regions(view, names))
    assert len(renderer.seat_colours(None)) >= game.max_players


def test_the_test_game_registers_its_renderer_through_the_public_function():
    assert isinstance(registry.renderer_for(COUNTDOWN.name), CountdownRenderer)


def test_a_game_without_a_renderer_has_no_pictures():
    assert not registry.has_pictures("no such game")
    assert registry.renderer_for("no such game") is None
    assert registry.render("no such game", None, []) is None
    assert registry.regions("no such game", None, []) == [] and registry.board_region("no such game") is None


def test_the_games_layer_names_no_renderer():
    assert not hasattr(Game, "renderer")


def test_a_renderer_answers_every_question_with_a_default():
    class Plain(Renderer):
        def render(self, view, names, *, scale=1.0, region=None, cache_key=None) -> bytes:
            return b""

    plain = Plain()
    assert plain.regions(None, []) == [] and plain.key_colours() == [] and plain.board_region is None
    assert len(plain.seat_colours(None, 3)) == 3
    plain.warm_up(palette="public")
