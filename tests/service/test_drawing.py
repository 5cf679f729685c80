"""Pictures are drawn once per table state and region (a bounded cache), in worker threads or in
worker processes; every game's views cross into a worker process."""
import pickle

from bot.service import TableService
from bot.presenters.drawing import PictureCache
from games import registry
from tests.conftest import ctx, make_settings
from tests.helpers import text_of
from tests.renderers.positions import configs, positions
from tests.service.test_lobby_and_play import bet_all, seated, started


def test_the_cache_is_bounded_and_keeps_the_recent():
    cache = PictureCache(2)
    cache.put("a", b"1")
    cache.put("b", b"2")
    assert cache.get("a") == b"1"            # "a" is now the most recent
    cache.put("c", b"3")
    assert cache.get("b") is None and cache.get("a") == b"1" and cache.get("c") == b"3" and len(cache) == 2
    PictureCache(0).put("a", b"1")           # size 0 keeps nothing


async def test_board_and_repeats_draw_nothing(service):
    await started(service, "alice", "bob")
    await bet_all(service, "alice", "bob")
    turn = await service.act(ctx("alice"), "add 2")
    drawn = service.drawing.cache.misses
    board = await service.board(ctx("carol"))
    again = await service.board(ctx("dave"))
    assert board[0].image == again[0].image == turn[0].image
    assert service.drawing.cache.misses == drawn and service.drawing.cache.hits >= 2
    after = await service.act(ctx("bob"), "add 1")          # a new state: drawn anew
    assert service.drawing.cache.misses == drawn + 1 and after[0].image != turn[0].image


async def test_drawing_in_a_worker_process(store):
    service = TableService(store, make_settings(rendering={"processes": 1}, games={"enabled": ("carcassonne", "countdown")}))
    try:
        await service.warm_up()
        await started(service, "alice", "bob")                 # the test game, a plugin: known to the worker too
        await bet_all(service, "alice", "bob")
        turn = await service.act(ctx("alice"), "add 2")
        assert not turn[0].error and turn[0].image.startswith(b"\x89PNG"), text_of(turn)
        await seated(service, "alice", "bob", channel=2, game="carcassonne")
        await service.start(ctx("alice", 2))
        whole = await service.board(ctx("alice", 2))
        assert not whole[0].error and whole[0].image.startswith(b"\x89PNG")
        bad = await service.board(ctx("alice", 2), "north")
        assert bad[0].error and "no region 'north'" in text_of(bad)   # the worker's refusal reaches the user
    finally:
        await service.close()


def test_every_game_s_views_cross_into_a_worker_process():
    for name in registry.names():
        game = registry.get(name)
        players, options = configs(game)[1]
        for snapshot in positions(name, players, options).values():
            state = game.from_json(snapshot)
            for seat in (None, 0):
                view = game.view(state, seat)
                assert pickle.loads(pickle.dumps(view)) == view
            outcome = game.outcome(state)
            assert outcome is None or pickle.loads(pickle.dumps(outcome)) == outcome
