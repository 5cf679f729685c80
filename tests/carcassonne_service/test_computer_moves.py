"""A computer's move is announced by what it did: with the dragon and the fairy in play, a
computer seat's turn never reads as its list of choices."""
import random

from bot.table.context import Ctx
from bot.service import TableService
from bot.store import SqliteStore
from tests.conftest import settings_for
from tests.helpers import text_of

ANN = Ctx(100, "Ann", 9, guild_id=1)


async def test_a_computer_turn_says_what_it_did(tmp_path):
    store = await SqliteStore(tmp_path / "tables.sqlite3").open()
    service = TableService(store, settings_for(games={"enabled": ("carcassonne",)}, rendering={"threads": 1}), seed_source=lambda: 5,
                           render=False)
    await service.join(ANN, "carcassonne")
    await service.option(ANN, "drache")
    await service.addbot(ANN, "greedy")
    said = text_of(await service.start(ANN)).splitlines()
    rng = random.Random(5)
    for _ in range(40):
        table = service.live_tables.in_channel(9)
        if table is None:
            break
        legal = [str(a) for a in table.game.legal_actions(table.state, 0)]
        replies = await service.act(ANN, rng.choice(legal))
        assert not replies[0].error, text_of(replies)
        said += text_of([r for r in replies if not r.private]).splitlines()
    computer = [line for line in said if "CPU 1" in line]
    assert any(" places " in line for line in computer)            # its placements were announced
    assert not [line for line in computer if "deploy:" in line or "(+" in line], computer
    await service.close()
    await store.close()
