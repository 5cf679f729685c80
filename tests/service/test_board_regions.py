"""/board REGION autocomplete: the regions the game's pictures have (a Keyflower village by its
player's name, Carcassonne's whole board ...), from the public view, the same for everyone, and
every one offered is a region /board shows."""
import itertools

import pytest_asyncio

from bot.service import TableService
from tests.conftest import ctx, make_settings
from tests.helpers import text_of
from tests.service.test_lobby_and_play import seated


@pytest_asyncio.fixture
async def service(store):
    seeds = itertools.count(1000)
    service = TableService(store, make_settings(games={"enabled": ("keyflower", "carcassonne")}), seed_source=lambda: next(seeds))
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
