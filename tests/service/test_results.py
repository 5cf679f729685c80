"""A game's end posts its result picture; /board shows it again once no game runs in the channel."""
import io

from PIL import Image

from renderers.common.phone import problems
from tests.conftest import ctx
from tests.helpers import text_of
from tests.service.test_lobby_and_play import bet_all, started


def _image(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


async def _play_to_the_end(service):
    await started(service, "alice", "bob")
    await bet_all(service, "alice", "bob")
    users, turn = ["alice", "bob"], 0
    while service.live_tables.in_channel(1) is not None:
        r = await service.act(ctx(users[turn % 2]), "add 3")
        turn += 1
    return r


async def test_the_end_posts_the_result_and_board_shows_it_again(service, store):
    assert text_of(await service.board(ctx("alice"))).startswith("There is no running game here")
    end = await _play_to_the_end(service)
    assert "Game over." in text_of(end)
    result = _image(end[0].image)
    assert result.width == 800 and not problems(result.size)
    again = await service.board(ctx("carol"), "result")     # anyone in the channel, after the end
    assert not again[0].error and again[0].image is not None
    assert _image(again[0].image).tobytes() == result.tobytes()
    ranking = [line for line in text_of(end).splitlines() if " points" in line]
    assert ranking and all(line in text_of(again) for line in ranking)
    results = await store.results(end[0].table_id)
    assert again[0].table_id == end[0].table_id and len(results) == 2
    # /board alone shows the final position, as during the game
    final = await service.board(ctx("carol"))
    assert not final[0].error and final[0].image is not None and "this is its final position" in text_of(final)
    assert _image(final[0].image).tobytes() != result.tobytes()
    # a new table's lobby does not hide the last result; another channel has none
    await service.join(ctx("alice"), "countdown")
    assert (await service.board(ctx("bob"), "result"))[0].image is not None
    assert (await service.board(ctx("bob", channel=2)))[0].error
