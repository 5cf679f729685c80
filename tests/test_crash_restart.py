"""SIGKILL the real bot process mid-game, restart it, and prove nothing acknowledged was lost:
every acknowledged action is in the log and the restored state equals a replay from the seed.
On SQLite and on PostgreSQL."""
from pathlib import Path

from bot.service import TableService
from games import registry
from tests.conftest import StoreMaker, settings_for
from tests.console_process import ConsoleProcess
from tests.stored_tables import as_json, corruption, read_tables, replay



def write_config(tmp_path: Path, stores: StoreMaker) -> Path:
    config = tmp_path / "config.yaml"
    config.write_text(
        stores.config() +
        "games:\n  enabled: [countdown]\n  extra: ['tests.toygame:GAME']\n"
        f"console:\n  images_dir: {tmp_path / 'images'}\n"
    )
    return config


async def test_sigkill_mid_game_loses_no_acknowledged_action(tmp_path, store_maker):
    config = write_config(tmp_path, store_maker)
    bot = ConsoleProcess(config, store_maker.environ())
    bot.send("alice> /join countdown", "opens a table")
    bot.send("bob> /join", "bob joins")
    bot.send("alice> /start", "begins")
    bot.send("alice> bet odd", "You bet odd")
    bot.send("bob> bet even", "You bet even")
    acknowledged = ["bet odd", "bet even"]
    players = ["alice", "bob"]
    for turn in range(4):
        bot.send(f"{players[turn % 2]}> add 1", f"the total is {turn + 1}.")
        acknowledged.append("add 1")
    bot.proc.stdin.write("alice> add 1\n")      # sent, perhaps never answered: the kill may hit it mid-way
    bot.proc.stdin.flush()
    bot.kill()

    registry.load("tests.toygame:GAME")          # the replay needs the countdown game

    async def check() -> int:
        store = await store_maker.open()
        [table] = await read_tables(store)
        logged = [a.text for a in table.actions]
        assert logged[: len(acknowledged)] == acknowledged
        assert corruption(table) is None
        service = TableService(store, settings_for(games={"enabled": ("countdown",), "extra": ("tests.toygame:GAME",)}))
        await service.restore()
        live = service.live_tables.in_channel(table.record.channel_id)
        assert as_json("countdown", live.state) == as_json("countdown", replay(table))
        await service.close()
        await store.close()
        return len(logged)

    logged_count = await check()
    total = logged_count - 2                     # the two bets
    bot = ConsoleProcess(config, store_maker.environ())
    next_player = players[total % 2]
    out = bot.send(f"{next_player}> add 2", f"the total is {total + 2}.")
    assert "adds 2" in out
    bot.send("alice> /log", "Log (")
    bot.proc.stdin.write("quit\n")
    bot.proc.stdin.flush()
    bot.proc.wait(timeout=10)
