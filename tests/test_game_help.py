"""/help GAME: every game explains a turn and its notation, with an example for every verb its
moves start with, in English and Japanese; unknown names get 'did you mean'."""
from __future__ import annotations

import random
import re

import pytest

from bot.i18n import I18n, game_packages
from bot.table.context import Ctx
from bot.service import TableService
from games import registry
from tests.conftest import make_settings

# help texts do not depend on the database: SQLite only
pytestmark = pytest.mark.parametrize("store_backend", ["sqlite"])

GAMES = ["carcassonne", "florenza", "keyflower", "quetzal", "stoneage"]
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def move_words(name: str) -> set[str]:
    """The first words of the moves met in a few random games (Carcassonne's are positions and codes)."""
    game = registry.get(name)
    words: set[str] = set()
    for seed in range(3):
        state, rng = game.setup(3, frozenset(), seed), random.Random(seed)
        for _ in range(600):
            if game.is_over(state):
                break
            seat = rng.choice(sorted(game.to_act(state)))
            actions = game.legal_actions(state, seat)
            words |= {str(a).split()[0] for a in actions if str(a).split()}
            game.apply(state, seat, rng.choice(actions))
    return words


@pytest.mark.parametrize("name", GAMES)
async def test_help_for_a_game_in_both_languages(store, name):
    game = registry.get(name)
    service = TableService(store, make_settings(games={"enabled": tuple(GAMES), "extra": ()}), render=False)
    i18n = I18n(game_packages([game]))
    replies = await service.help(Ctx(1, "Ann", 3), name)
    assert len(replies) == 1 and replies[0].private and not replies[0].error
    english = i18n.lines(replies[0].lines, "en")
    japanese = i18n.lines(replies[0].lines, "ja")
    assert english.startswith(f"{game.title} (") and "Your move" in english
    assert len(game.help_lines()) >= 4
    if name == "carcassonne":
        assert "'/place 2,-1 r1 cn'" in english and "'-'" in english and "'m' monk" in english
    else:
        missing = {w for w in move_words(name) if f"'{w} " not in english and f"'{w}'" not in english}
        assert not missing, f"{name}: no example for {sorted(missing)}"
    for spec in game.options:
        assert f"{spec.name} — " in english
    # every help line has its Japanese, and the notation stays as players type it
    for line in game.help_lines():
        rendered = i18n.render(line, "ja")
        assert rendered != line.text and JAPANESE.search(rendered), line.text
        for example in re.findall(r"'([^']+)'", line.text):
            assert example in rendered, (example, rendered)
    assert len(english) < 2000 and len(japanese) < 2000          # one Discord message
    await service.close()


async def test_help_for_an_unknown_game_says_did_you_mean(store):
    service = TableService(store, make_settings(games={"enabled": tuple(GAMES), "extra": ()}), render=False)
    replies = await service.help(Ctx(1, "Ann", 3), "carcasone")
    assert replies[0].error and "Did you mean carcassonne?" in I18n([]).lines(replies[0].lines, "en")
    general = await service.help(Ctx(1, "Ann", 3))
    assert "/help GAME explains a game" in I18n([]).lines(general[0].lines, "en")
    await service.close()
