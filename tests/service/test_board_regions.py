"""/board REGION autocomplete: the regions the game's pictures have (a Keyflower village by its
player's name, Carcassonne's whole board ...), from the public view, the same for everyone, and
every one offered is a region /board shows; after the end /board shows the final position the
same way, and ``/board result`` the result card."""
import io
import itertools
import json

import pytest_asyncio
from PIL import Image

from bot.presenters.drawing import PUBLIC_PALETTE
from bot.service import TableService
from renderers import registry as render_registry
from tests.conftest import ctx, make_settings
from tests.helpers import confirmed, text_of
from tests.service.test_lobby_and_play import seated


@pytest_asyncio.fixture
async def service(store):
    seeds = itertools.count(1000)
    service = TableService(store, make_settings(games={"enabled": ("keyflower", "carcassonne", "florenza")}), seed_source=lambda: next(seeds))
    yield service
    await service.close()


async def test_keyflower_villages_are_offered_by_player_name(service):
    await seated(service, "alice", "bob", "carol", game="keyflower")
    assert service.autocomplete.region(ctx("alice"), "") == []          # not started: nothing to show
    await service.start(ctx("alice"))
    offered = service.autocomplete.region(ctx("alice"), "")
    assert offered == ["board", "Alice", "Bob", "Carol"]
    assert service.autocomplete.region(ctx("bob"), "") == service.autocomplete.region(ctx("erin"), "") == offered
    assert service.autocomplete.region(ctx("erin"), "b") == ["board", "Bob"]
    assert service.autocomplete.region(ctx("erin"), "  CAR ") == ["Carol"]
    assert service.autocomplete.region(ctx("erin"), "o") == ["board", "Bob", "Carol"]   # containing, after starting
    assert service.autocomplete.region(ctx("erin"), "zzz") == []
    assert len(service.autocomplete.region(ctx("erin"), "", limit=2)) == 2
    pictures = set()
    for region in offered:
        board = await service.board(ctx("erin"), region)
        assert not board[0].error and board[0].image.startswith(b"\x89PNG"), text_of(board)
        pictures.add(board[0].image)
    assert len(pictures) == len(offered)            # each a picture of its own


async def test_carcassonne_offers_its_whole_board(service):
    await seated(service, "alice", "bob", game="carcassonne")
    await service.start(ctx("alice"))
    offered = service.autocomplete.region(ctx("erin"), "")
    assert offered[0] == "board"
    for region in offered:
        board = await service.board(ctx("erin"), region)
        assert not board[0].error and board[0].image, text_of(board)


async def test_no_table_offers_nothing(service):
    assert service.autocomplete.region(ctx("alice", 9), "") == []


def pixels(png: bytes) -> bytes:
    return Image.open(io.BytesIO(png)).convert("RGB").tobytes()


async def ended_by_resignation(service, game_name: str) -> tuple[object, list[str]]:
    """A two-player game of ``game_name`` in channel 1, ended by Bob's resignation after
    Alice's first move: its final public view and the names its pictures show."""
    await seated(service, "alice", "bob", game=game_name)
    await service.start(ctx("alice"))
    table = service.live_tables.in_channel(1)
    game = table.game
    seat = table.seat_of(ctx("alice").user_id)
    if seat in game.to_act(table.state):
        moved = await service.act(ctx("alice"), str(game.legal_actions(table.state, seat)[0]))
        assert not moved[0].error, text_of(moved)
    ended = await confirmed(service, ctx("bob"), "resign")
    assert "The game ended by resignation." in text_of(ended), text_of(ended)
    record = await service.store.last_finished(1)
    state = game.from_json(json.loads(record.snapshot_text))
    return game.view(state, None), ["Alice", "Bob (computer)"]


def drawn(game_name: str, view, names: list[str], region: str) -> bytes:
    """The picture as /board drew it during the game (with the public pictures' palette)."""
    return pixels(render_registry.render(game_name, view, names, region=region, cache_key=PUBLIC_PALETTE))


async def test_board_after_the_end_shows_the_final_position_in_every_region(service):
    view, names = await ended_by_resignation(service, "carcassonne")
    tile = next(region for region in render_registry.regions("carcassonne", view, names) if "," in region)
    for asked, region in ((None, "board"), ("board", "board"), (tile, tile)):
        after = await service.board(ctx("erin"), asked)
        assert not after[0].error and not after[0].private and after[0].image, text_of(after)
        assert pixels(after[0].image) == drawn("carcassonne", view, names, region), asked
        assert "this is its final position. /board result shows its result." in text_of(after)
        assert "これは最終局面です。結果は「/board result」で表示できます。" in text_of(after, "ja")
    result = await service.board(ctx("erin"), "result")
    assert not result[0].error and result[0].image_name.startswith("result-") and "Game over." in text_of(result)
    assert pixels(result[0].image) != pixels((await service.board(ctx("erin")))[0].image)
    assert (await service.board(ctx("erin"), "結果"))[0].image_name.startswith("result-")


async def test_board_of_a_player_after_the_end(service):
    view, names = await ended_by_resignation(service, "florenza")
    pictures = set()
    for region in ("Alice", "Bob (computer)", "common"):
        after = await service.board(ctx("erin"), region)
        assert not after[0].error and pixels(after[0].image) == drawn("florenza", view, names, region), text_of(after)
        pictures.add(after[0].image)
    assert len(pictures) == 3


async def test_an_unknown_region_is_refused_with_the_regions_there_are(service):
    await seated(service, "alice", "bob", game="florenza")
    await service.start(ctx("alice"))
    r = await service.board(ctx("erin"), "M1")
    assert r[0].error and r[0].private, text_of(r)
    assert ("The board has no region 'M1'. You can show: common · players · Alice · Bob; or leave it out to see the "
            "whole board.") in text_of(r), text_of(r)
    assert "盤面に「M1」という場所はありません。表示できる場所：common · players · Alice · Bob。" in text_of(r, "ja")


async def test_a_zoom_far_from_every_tile_says_that_nothing_is_there(service):
    await seated(service, "alice", "bob", game="carcassonne")
    await service.start(ctx("alice"))
    offered = " · ".join(service.autocomplete.region(ctx("erin"), ""))
    r = await service.board(ctx("erin"), "100,100")
    assert r[0].error and r[0].private and r[0].image is None, text_of(r)
    assert text_of(r) == f"Nothing lies around 100,100: that part of the board is empty. You can show: {offered}."
    assert text_of(r, "ja") == f"100,100の周りには何もありません。盤面のその部分は空です。表示できる場所：{offered}。"
    near = await service.board(ctx("erin"), "3,-2")           # the start tile is within the 7 × 7 squares
    assert not near[0].error and near[0].image, text_of(near)
