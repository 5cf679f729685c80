"""/help GAME's picture: the notation shown on a real board of the game, in English and Japanese,
fitting a phone, with the codes of its key visible on the board; attached to the /help GAME
answer of the service and saved by the console like its other pictures."""
from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image

from bot.console import Console
from bot.i18n import I18n, game_packages
from bot.table.context import Ctx
from bot.service import TableService
from games import registry
from renderers import registry as renderers
from renderers.common import font_audit
from renderers.common.phone import problems
from renderers.common.picture_words import speaking, with_codes
from renderers.common import word
from renderers.helppicture import SCENES, help_picture, key_rows, position, scene_board
from tests.conftest import make_settings
from tests.renderers.drawnwords import recording
from tests.renderers.test_japanese_pictures import untranslated

GAMES = ["carcassonne", "florenza", "keyflower", "quetzal", "stoneage"]
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
#: codes the key names that the board itself must show (the Japanese picture writes the codes
#: beside the Japanese names)
ON_THE_BOARD = {
    "carcassonne": ["cs", "rn", "rw", "re", "fnw", "fne", "fes"],
    "quetzal": ["camp", "stele", "t1", "t5", "3a", "3b", "3c", "bm", "v1", "v3", "hm", "ship", "A", "H"],
    "florenza": ["M1", "A1", "L1"],
    "stoneage": ["hunt", "forest", "clay", "quarry", "river", "toolmaker", "field", "hut"],
    "keyflower": [],
}


@pytest.mark.parametrize("name", GAMES)
def test_help_picture_fits_a_phone_in_both_languages(name):
    game = registry.get(name)
    pictures = {}
    for locale in ("en", "ja"):
        with font_audit() as sizes:
            png = help_picture(game, locale)
        image = Image.open(io.BytesIO(png))
        assert not problems(image.size, sizes), f"{name} {locale}: {problems(image.size, sizes)}"
        pictures[locale] = png
    assert pictures["en"] != pictures["ja"]


@pytest.mark.parametrize("name", GAMES)
def test_help_picture_shows_its_codes_on_the_board(name):
    game = registry.get(name)
    scene = SCENES[name]
    with recording() as drawn:
        png = help_picture(game, "ja")
    assert png
    with speaking("ja"):
        rows = key_rows(game)
    # the key: every code as typed, every meaning in Japanese
    for code, meaning in rows:
        assert code in drawn.texts, code
        assert JAPANESE.search(meaning), meaning
    assert not drawn.clipped
    typed = [c for c, _ in rows] + ["hand", "take", "place", "rK"]      # commands and codes as typed
    left = untranslated(name, drawn.texts, [f"プレイヤー{n}" for n in range(1, 7)] + typed)
    assert not left, f"{name}: English in the Japanese help picture: {left[:10]}"
    # the board part alone (the same position and region) shows the codes the key explains
    with recording() as board:
        state, _ = position(game, scene)
        with with_codes():
            renderers.render(game.name, game.view(state, scene.viewer), ["a", "b", "c"][:game.min_players],
                             region=scene.region, locale="ja")
    words = {w for text in board.texts for w in re.split(r"[\s:：·,]+", text)}
    missing = [code for code in ON_THE_BOARD[name] if code not in words]
    assert not missing, f"{name}: the board does not show {missing}"
    if name == "keyflower":
        example = rows[0][0]
        assert example in {t.id for t in game.view(state, None).auction} and example in words


@pytest.mark.parametrize("store_backend", ["sqlite"])
async def test_help_answer_carries_the_picture_in_the_readers_language(store):
    service = TableService(store, make_settings(games={"enabled": tuple(GAMES), "extra": ()}))
    try:
        japanese = await service.help(Ctx(1, "Ann", 3, locale="ja"), "carcassonne")
        english = await service.help(Ctx(2, "Bob", 3, locale="en-US"), "carcassonne")
        again = await service.help(Ctx(3, "Cid", 4, locale="ja"), "carcassonne")
        for replies in (japanese, english):
            assert replies[0].private and replies[0].image.startswith(b"\x89PNG")
            assert replies[0].image_name == "help-carcassonne.png"
        assert japanese[0].image != english[0].image
        assert again[0].image == japanese[0].image
        assert japanese[0].image == help_picture(registry.get("carcassonne"), "ja")
        general = await service.help(Ctx(1, "Ann", 3, locale="ja"))
        assert general[0].image is None
    finally:
        await service.close()


@pytest.mark.parametrize("store_backend", ["sqlite"])
async def test_console_saves_the_help_picture(store, tmp_path):
    service = TableService(store, make_settings(games={"enabled": tuple(GAMES), "extra": ()}))
    out = io.StringIO()
    try:
        console = Console(service, I18n(game_packages(service.games())), str(tmp_path / "images"), locale="ja", out=out)
        await console.handle("alice> /help quetzal")
    finally:
        await service.close()
    images = sorted(Path(tmp_path / "images").glob("*help-quetzal.png"))
    assert len(images) == 1 and f"画像：{images[0]}" in out.getvalue()
    assert images[0].read_bytes() == help_picture(registry.get("quetzal"), "ja")


def test_quetzal_help_picture_shows_the_players_workers():
    """The key explains the workers (``1…6 big``): the help picture leaves out the Village and
    the discovery track, and keeps the players' rows of the turn image below them."""
    from renderers.quetzal.players import draw_player_lines
    game = registry.get("quetzal")
    scene = SCENES["quetzal"]
    state, _ = position(game, scene)
    view = game.view(state, scene.viewer)
    with speaking("en"), with_codes():
        names = [word("Player {n}", n=seat + 1) for seat in range(game.min_players)]
        full = Image.open(io.BytesIO(renderers.render("quetzal", view, names))).convert("RGB")
        shown = scene_board(game, scene)
        picture = Image.open(io.BytesIO(help_picture(game, "en"))).convert("RGB")
    players = draw_player_lines(view, names, 1.0).height
    assert shown.height < full.height
    bottom = (0, full.height - players, full.width, full.height)
    assert shown.crop((0, shown.height - players, shown.width, shown.height)).tobytes() == full.crop(bottom).tobytes()
    left = (picture.width - shown.width) // 2
    first = shown.crop((0, 0, shown.width, 1)).tobytes()
    tops = [y for y in range(picture.height - shown.height + 1)
            if picture.crop((left, y, left + shown.width, y + 1)).tobytes() == first]
    assert any(picture.crop((left, y, left + shown.width, y + shown.height)).tobytes() == shown.tobytes() for y in tops)
