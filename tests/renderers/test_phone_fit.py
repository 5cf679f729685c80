"""Every game's images fit a phone: at least 640 px wide, at most twice as tall as wide, and no
text smaller than the floor for that width (checked through the renderers' font helper). Early,
late and final positions; the fewest players without options and the most with every option;
the turn image, every region /board offers, a player's private view and the result."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from games import registry
from renderers import registry as renderers
from renderers.common import font_audit
from renderers.common.phone import problems
from tests.renderers.positions import JAPANESE, NAMES, configs, positions

# the games that ship (a test may have registered the test game too)
GAMES = [name for name in registry.names() if renderers.has_pictures(name) and type(registry.get(name)).__module__.startswith("games.")]


def _check(png: bytes | None, sizes: list[int], what: str) -> None:
    assert png, f"{what}: no image"
    image = Image.open(io.BytesIO(png))
    assert not problems(image.size, sizes), f"{what}: {problems(image.size, sizes)}"


@pytest.mark.parametrize("name", GAMES)
def test_every_image_fits_a_phone(name):
    game = registry.get(name)
    for players, options in configs(game):
        names = (JAPANESE if players == game.max_players else NAMES)[:players]
        for label, snapshot in positions(name, players, options).items():
            state = game.from_json(snapshot)
            where = f"{name} {players}p {label}"
            public = game.view(state, None)
            for region in [None, *renderers.regions(game.name, public, names)]:
                with font_audit() as sizes:
                    png = renderers.render(game.name, public, names, region=region)
                _check(png, sizes, f"{where} region={region}")
            if game.private_info or game.has_secrets(options):
                with font_audit() as sizes:
                    png = renderers.render(game.name, game.view(state, 0), names)
                _check(png, sizes, f"{where} private view")
            outcome = game.outcome(state)
            if outcome is not None:
                with font_audit() as sizes:
                    png = renderers.render_result(game, outcome, names, public)
                _check(png, sizes, f"{where} result")
