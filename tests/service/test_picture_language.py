"""Which language a picture speaks: a public picture the table's language (/option lang, else its
server's, else the bot's default); a private picture (a hand) always its reader's; the picture cache keeps each language
apart. Real store, real renderer; the words drawn are recorded and checked."""
from __future__ import annotations

import itertools
import re

import pytest

from bot.service import TableService
from tests.conftest import ctx, make_settings
from tests.helpers import text_of
from tests.renderers.drawnwords import recording

pytestmark = pytest.mark.parametrize("store_backend", ["sqlite"])
GAMES = ("carcassonne", "florenza")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.fixture
async def drawing_service(store):
    seeds = itertools.count(7)
    service = TableService(store, make_settings(games={"enabled": GAMES, "extra": ()}), seed_source=lambda: next(seeds))
    yield service
    await service.close()


async def _start(service, game: str, channel: int, *options: str) -> list:
    await service.join(ctx("alice", channel, locale="en-US"), game)
    await service.join(ctx("bob", channel, locale="ja"))
    for option in options:
        replies = await service.option(ctx("alice", channel, locale="en-US"), option)
        assert not replies[0].error, text_of(replies)
    return await service.start(ctx("alice", channel, locale="en-US"))


def _speaks_japanese(texts: list[str]) -> bool:
    return any(JAPANESE.search(t) for t in texts)


async def test_public_pictures_follow_the_table_language(drawing_service):
    service = drawing_service
    with recording() as drawn:
        started = await _start(service, "carcassonne", 31, "lang ja")
    turn = [r for r in started if r.image]
    assert turn and _speaks_japanese(drawn.texts), "the first board of a Japanese table is drawn in Japanese"
    # an English reader asking for the board of a Japanese table gets the Japanese picture
    with recording() as board:
        english_reader = await service.board(ctx("alice", 31, locale="en-US"))
    assert english_reader[0].image and _speaks_japanese(board.texts)


async def test_without_lang_the_servers_language_for_every_reader_and_the_cache(drawing_service):
    """Without /option lang a public picture speaks the table's server's language (Discord's
    guild_locale when the table opened; the bot's default where none was known), whoever asks."""
    service = drawing_service
    japanese_server = dict(guild_locale="ja")
    await service.join(ctx("alice", 32, locale="en-US", **japanese_server), "carcassonne")
    await service.join(ctx("bob", 32, locale="ja", **japanese_server))
    await service.start(ctx("alice", 32, locale="en-US", **japanese_server))
    with recording() as drawn:
        english_reader = await service.board(ctx("alice", 32, locale="en-US"))
    assert english_reader[0].image and _speaks_japanese(drawn.texts)
    await _start(service, "carcassonne", 35)                     # no server language known: the default (en)
    with recording() as drawn:
        japanese_reader = await service.board(ctx("bob", 35, locale="ja"))
    assert japanese_reader[0].image and drawn.texts and not _speaks_japanese(drawn.texts)
    with recording() as again:
        repeated = await service.board(ctx("alice", 35, locale="en-US"))
    assert repeated[0].image == japanese_reader[0].image and not again.texts     # from the cache: nothing drawn


async def test_a_hand_is_drawn_in_its_readers_language(drawing_service):
    service = drawing_service
    await _start(service, "florenza", 33, "lang en")
    with recording() as mine:
        bob = await service.hand(ctx("bob", 33, locale="ja"))
    assert bob[0].private and bob[0].image and _speaks_japanese(mine.texts)
    with recording() as theirs:
        alice = await service.hand(ctx("alice", 33, locale="en-US"))
    assert alice[0].image and not _speaks_japanese(theirs.texts)
