"""Carcassonne through the table service with the real store and renderer: a full 5-player game,
checkpointed mid-way (the service is shut down and a new one restores from the store), then
finished; on SQLite and on PostgreSQL."""
import io
import random

from PIL import Image

from bot.config import Settings
from bot.table.context import Ctx
from bot.service import TableService
from bot.store import SqliteStore
from tests.conftest import settings_for
from tests.helpers import text_of

PLAYERS = [Ctx(100 + i, name, 5, guild_id=1) for i, name in enumerate(["Ann", "Ben", "Cho", "Dee", "Eve"])]


def settings() -> Settings:
    return settings_for(games={"enabled": ("carcassonne",)}, rendering={"threads": 1})


async def play_moves(service: TableService, rng: random.Random, limit: int) -> list:
    replies = []
    for _ in range(limit):
        table = service.live_tables.in_channel(5)
        if table is None:
            break
        seat = sorted(table.game.to_act(table.state))[0]
        user = PLAYERS[seat]
        typed = rng.choice(["", "1", "-", "0,"])
        choices = service.autocomplete.verb(user, "place", typed)
        assert len(choices) <= 25 and all(typed in c.lower() for c in choices)
        legal = [str(a) for a in table.game.legal_actions(table.state, seat)]
        action = rng.choice(choices) if choices else rng.choice(legal)
        assert action in legal
        replies = await service.act_verb(user, "place", action)
        assert not replies[0].error, text_of(replies)
    return replies


async def test_five_player_game_with_restart(store_maker):
    rng = random.Random(3)
    store = await store_maker.open()
    service = TableService(store, settings(), seed_source=lambda: 2024)
    r = await service.join(PLAYERS[0], "carcassonne")
    for user in PLAYERS[1:]:
        await service.join(user)
    r = await service.option(PLAYERS[0], "fluss")
    assert not r[0].error, text_of(r)
    r = await service.option(PLAYERS[0], "fluss")          # typed again: off
    assert not r[0].error, text_of(r)
    r = await service.start(PLAYERS[0])
    assert "Carcassonne begins" in text_of(r) and "tiles left: 71" in text_of(r).lower()
    assert r[0].image.startswith(b"\x89PNG")
    first = service.live_tables.in_channel(5)
    await play_moves(service, rng, 60)
    table_id, version = first.id, first.version
    snapshot = first.game.to_json(first.state)
    await service.close()
    await store.close()

    store = await store_maker.open()
    service = TableService(store, settings())
    await service.restore()
    table = service.live_tables.in_channel(5)
    assert table.id == table_id and table.version == version
    assert table.game.to_json(table.state) == snapshot
    assert table.game.to_json(await service.replay(table_id)) == snapshot
    replies = await play_moves(service, rng, 10_000)
    assert service.live_tables.in_channel(5) is None
    final = text_of(replies)
    assert "Game over." in final
    for user in PLAYERS:
        assert user.name in final
    image = Image.open(io.BytesIO(replies[0].image))
    assert image.width > 200 and image.height > 200
    results = await store.results(table_id)
    assert len(results) == 5 and min(rank for _, _, rank, _ in results) == 1
    await service.close()
    await store.close()


async def test_deploy_buttons_after_a_two_stage_placement(tmp_path):
    store = await SqliteStore(tmp_path / "c.sqlite3").open()
    service = TableService(store, settings(), seed_source=lambda: 7)
    await service.join(PLAYERS[0], "carcassonne")
    await service.join(PLAYERS[1])
    await service.start(PLAYERS[0])
    table = service.live_tables.in_channel(5)
    seat = table.state.current
    placement = str(table.game.legal_actions(table.state, seat)[0])
    r = await service.act_verb(PLAYERS[seat], "place", placement)
    labels = [b.label for b in r[0].buttons]
    assert "-" in labels and len(labels) >= 2, labels
    # another player cannot press them
    other = PLAYERS[1 - seat]
    r2 = await service.button(other, r[0].buttons[0].custom_id)
    assert r2[0].error and "not your turn" in text_of(r2)
    none_button = next(b for b in r[0].buttons if b.label == "-")
    r3 = await service.button(PLAYERS[seat], none_button.custom_id)
    assert not r3[0].error
    assert service.live_tables.in_channel(5).state.current == 1 - seat
    # the same button again is an old turn's button
    r4 = await service.button(PLAYERS[seat], none_button.custom_id)
    assert r4[0].error and "no longer open" in text_of(r4)
    await service.close()
    await store.close()


async def test_every_add_on_through_the_service_with_dragon_steps_by_use_and_buttons(tmp_path):
    """All five add-ons at one table: the dragon's steps come as buttons, and /use dragon <dir>
    moves it as well as /play dragon <dir>."""
    store = await SqliteStore(tmp_path / "d.sqlite3").open()
    service = TableService(store, settings(), seed_source=lambda: 5, render=False)
    await service.join(PLAYERS[0], "carcassonne")
    await service.join(PLAYERS[1])
    for name in ("fluss", "erweiterung", "haendler", "koenig", "drache"):
        r = await service.option(PLAYERS[0], name)
        assert not r[0].error, text_of(r)
    r = await service.start(PLAYERS[0])
    assert "tiles left: 160" in text_of(r).lower()
    table = service.live_tables.in_channel(5)
    replies = r
    used = played = 0
    for _ in range(600):
        if service.live_tables.in_channel(5) is None or (used and played):
            break
        state = table.state
        (seat,) = table.game.to_act(state)
        legal = [str(a) for a in table.game.legal_actions(state, seat)]
        if state.phase == "dragon":
            labels = [b.label for b in replies[0].buttons if b.custom_id.startswith("bt:a:")]
            assert replies[0].buttons[-1].label == "Your move"
            assert labels and all(label.startswith("dragon ") for label in labels) and set(labels) == set(legal)
            if not used:
                replies = await service.act_verb(PLAYERS[seat], "use", legal[0])
                used += 1
            else:
                button = next(b for b in replies[0].buttons if b.label == legal[-1])
                replies = await service.button(PLAYERS[seat], button.custom_id)
                played += 1
        else:
            replies = await service.act_verb(PLAYERS[seat], "place", legal[0])
        assert not replies[0].error, text_of(replies)
    assert used and played
    await service.close()
    await store.close()
