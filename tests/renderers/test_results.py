"""The result picture: the breakdown adds up to the score for every game, the winner and shared
ranks are marked, and the seats carry the game's own colours."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from games import registry
from games.core.outcome import Outcome
from renderers import registry as renderers
from renderers.common import PLAYER_COLOURS
from renderers.common.result import MEDALS, PAD, WIN_BG
from tests.renderers.positions import NAMES, configs, positions

# the games that ship (a test may have registered the test game too)
GAMES = [name for name in registry.names() if renderers.has_pictures(name) and type(registry.get(name)).__module__.startswith("games.")]


def _image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def _runs(image: Image.Image, x: int, colour, tolerance: int = 10) -> int:
    """How many separate vertical runs of ``colour`` the column ``x`` crosses."""
    runs, inside = 0, False
    for y in range(image.height):
        hit = all(abs(a - b) <= tolerance for a, b in zip(image.getpixel((x, y)), colour))
        runs += hit and not inside
        inside = hit
    return runs


@pytest.mark.parametrize("name", GAMES)
def test_every_game_breaks_its_score_down(name):
    game = registry.get(name)
    for players, options in configs(game):
        outcome = game.outcome(game.from_json(positions(name, players, options)["final"]))
        assert outcome.breakdown, name
        for seat in range(players):
            assert sum(points[seat] for _, points in outcome.breakdown) == outcome.scores[seat]


def test_winner_ties_and_medals():
    game = registry.get("carcassonne")
    breakdown = (("Farms", (4, 4, 0)), ("During play", (6, 6, 5)))
    single = _image(renderers.render_result(game, Outcome((10, 9, 5), (1, 2, 3), (), breakdown), NAMES[:3]))
    shared = _image(renderers.render_result(game, Outcome((10, 10, 5), (1, 1, 3), (), breakdown), NAMES[:3]))
    assert single.width == 800 and single.height <= 1600
    assert single.getpixel((400, 100)) == WIN_BG                  # the winner's band
    medal_x = PAD + 10                     # left of the rank digits, inside the medals
    # the band's medal and the first row's; a shared first place has two first-place rows
    assert _runs(single, medal_x, MEDALS[1]) == 2
    assert _runs(shared, medal_x, MEDALS[1]) == 3
    assert _runs(single, medal_x, MEDALS[2]) == 1 and _runs(shared, medal_x, MEDALS[2]) == 0


def test_seats_in_the_game_s_colours():
    game = registry.get("carcassonne")
    state = game.from_json(positions("carcassonne", *configs(game)[0])["final"])
    view = game.view(state, None)
    image = _image(renderers.render_result(game, game.outcome(state), NAMES[:2], view))
    colours = {c for _, c in image.getcolors(1 << 20)}
    for player in view.players:
        fill = PLAYER_COLOURS[player.colour].fill
        assert any(all(abs(a - b) <= 6 for a, b in zip(c, fill)) for c in colours), player.colour
