"""After the end and around it: /status on a channel whose game is over shows its result and
where to look further; a resigned seat is shown as the computer's in /status and in the
pictures; /log names the tile or card a move used where its notation does not."""
import itertools
import random

import bot.plugins  # noqa: F401  (bot.replay is imported through it: their imports go round)
from bot.replay import Replays
from bot.service import TableService
from games.quetzal import GAME as QUETZAL
from games.quetzal.actions import Take, Upgrade
from games.stone_age import GAME as STONE_AGE
from renderers import registry as render_registry
from tests.conftest import ctx, make_settings, settings_for
from tests.helpers import text_of
from tests.service.test_lobby_and_play import started


def with_replays(service: TableService) -> TableService:
    service.hooks.append(Replays(service, service.store))
    return service


async def finish_countdown(service):
    await started(service, "alice", "bob")
    await service.act(ctx("alice"), "bet odd")
    await service.act(ctx("bob"), "bet even")
    replies = []
    while service.live_tables.in_channel(1) is not None:
        table = service.live_tables.in_channel(1)
        user = ("alice", "bob")[table.state.turn]
        replies = await service.act(ctx(user), "add 3")
        assert not replies[0].error, text_of(replies)
    return replies


async def test_status_after_the_end_shows_the_result(service, store):
    with_replays(service)
    nothing = await service.status(ctx("alice"))
    assert nothing[0].error and "No table is open here. Open one with /join <game>." in text_of(nothing)
    final = await finish_countdown(service)
    table_id = final[0].table_id
    results = sorted(await store.results(table_id), key=lambda r: r[2])
    shown = await service.status(ctx("carol"))
    text = text_of(shown)
    assert shown[0].private and not shown[0].error
    assert f"No table is open here. The last game here, Countdown (test game) (table {table_id}), is over:" in text
    names = {0: "Alice", 1: "Bob"}
    for seat, _, rank, score in results:
        assert f"{rank}. {names[seat]} — {score} point{'' if score == 1 else 's'}" in text
    assert "/replay shows the game as an animation and /log its moves; /join GAME opens a new table here." in text


async def test_a_resigned_seat_is_the_computers_in_status_and_pictures(store):
    seeds = itertools.count(1000)
    service = TableService(store, make_settings(), seed_source=lambda: next(seeds))      # renders pictures
    await started(service, "alice", "bob", "carol")
    asked = await service.resign(ctx("bob"))
    replies = await service.button(ctx("bob"), asked[0].buttons[0].custom_id)      # "Resign"
    status = text_of(await service.status(ctx("alice")))
    assert "Bob has resigned; the computer plays this seat." in status
    table = service.live_tables.in_channel(1)
    public = next(r for r in replies if not r.private and r.image)
    expected = render_registry.render(table.game.name, table.game.view(table.state, None), ["Alice", "Bob (computer)", "Carol"],
                                      service.settings.rendering.scale)
    assert public.image == expected                 # the picture names Bob's seat as the computer's
    board = await service.board(ctx("carol"))
    assert board[0].image == expected
    await service.close()


async def test_log_names_the_tile_a_placement_used(store):
    service = TableService(store, settings_for(games={"enabled": ("carcassonne",)}, rendering={"threads": 1}),
                           seed_source=lambda: 8, render=False)
    ann, ben = ctx("alice", 4), ctx("bob", 4)
    await service.join(ann, "carcassonne")
    await service.join(ben)
    await service.start(ann)
    rng = random.Random(2)
    tiles = []
    for _ in range(8):
        table = service.live_tables.in_channel(4)
        seat = min(table.game.to_act(table.state))
        move = rng.choice([str(a) for a in table.game.legal_actions(table.state, seat)])
        if "," in move:
            tiles.append(table.state.drawn)             # a placement: the tile drawn for it
        assert not (await service.act((ann, ben)[seat], move))[0].error
    lines = text_of(await service.log_text(ann)).splitlines()[1:]
    placements = [line for line in lines if "," in line.split(": ", 1)[1]]
    assert len(placements) == len(tiles) >= 3
    for line, tile in zip(placements, tiles):
        assert line.endswith(f" ({tile})"), (line, tile)
    assert all(not line.endswith(")") for line in lines if line not in placements)      # a deploy code says it all
    with_replays(service)                          # the full /log of the asynchronous play says the same
    assert text_of(await service.log_text(ben)).splitlines()[1:] == lines
    await service.close()


def test_games_name_the_cards_and_tiles_of_their_moves():

    state = STONE_AGE.setup(2, frozenset(), 4)
    move = STONE_AGE.parse(state, state.turn, "place card 2")
    assert STONE_AGE.log_note(state, state.turn, move) == state.display[1]
    move = STONE_AGE.parse(state, state.turn, "place building 1")
    assert STONE_AGE.log_note(state, state.turn, move) == state.stacks[0][0]
    assert STONE_AGE.log_note(state, state.turn, STONE_AGE.parse(state, state.turn, "place hunt 2")) == ""
    quetzal = QUETZAL.setup(2, frozenset(), 4)           # the notes read the display before the move
    assert QUETZAL.log_note(quetzal, 0, Take(("B", "H"))) == f"{quetzal.display[1]} {quetzal.display[7]}"
    assert QUETZAL.log_note(quetzal, 0, Upgrade(2)) == quetzal.village[1]
