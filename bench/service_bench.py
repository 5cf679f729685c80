"""The table service under load, for every registered game, with the real store (SQLite, or
PostgreSQL with ``--store postgres``).

Prints, per game: command -> reply latency (parse, validate, apply, commit, render) in the early
and late game; accepted actions per second across many concurrently active tables with rendering
off and on; memory per active table; and the cold restore time for many stored tables.

    python bench/service_bench.py [--quick] [--games carcassonne,stoneage] [--store sqlite|postgres] [--dsn URL]
"""
from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.config import Settings  # noqa: E402
from bot.service import Ctx, TableService  # noqa: E402
from bench.store_common import BenchStores  # noqa: E402
from bot.store.records import SeatRecord  # noqa: E402
from games import registry  # noqa: E402


def pct(samples: list[float]) -> str:
    if not samples:
        return "-"
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"median {statistics.median(ordered):7.2f} ms  p95 {p95:7.2f} ms  n={len(ordered)}"


def users_for(game, channel: int) -> list[Ctx]:
    count = min(game.max_players, max(game.min_players, 3))
    return [Ctx(channel * 10 + i, f"P{i}", channel) for i in range(count)]


async def open_table(service: TableService, game, channel: int) -> list[Ctx]:
    users = users_for(game, channel)
    await service.join(users[0], game.name)
    for user in users[1:]:
        await service.join(user)
    await service.start(users[0])
    return users


async def one_move(service: TableService, users: list[Ctx], rng: random.Random) -> bool:
    table = service.table_in(users[0].channel_id)
    if table is None:
        return False
    seat = rng.choice(sorted(table.game.to_act(table.state)))
    action = str(rng.choice(table.game.legal_actions(table.state, seat)))
    replies = await service.act(users[seat], action)
    assert not replies[0].error, (table.game.name, action)
    return True


async def latency(stores: BenchStores, game, render: bool, games: int) -> tuple[list[float], list[float]]:
    early, late = [], []
    for number in range(games):
        store = await stores.open(f"lat-{game.name}-{render}-{number}")
        service = TableService(store, Settings(enabled_games=(game.name,), render_threads=1),
                               seed_source=lambda: number, render=render)
        users = await open_table(service, game, 1)
        rng = random.Random(number)
        samples = []
        while True:
            started = time.perf_counter()
            if not await one_move(service, users, rng):
                break
            samples.append((time.perf_counter() - started) * 1000)
        third = max(1, len(samples) // 3)
        early += samples[:third]
        late += samples[-third:]
        await service.close()
        await store.close()
    return early, late


async def throughput(stores: BenchStores, game, tables: int, seconds: float, render: bool) -> tuple[float, int]:
    store = await stores.open(f"load-{game.name}-{render}")
    service = TableService(store, Settings(enabled_games=(game.name,), render_threads=2), render=render)
    seats = [await open_table(service, game, 1000 + t) for t in range(tables)]
    done = 0
    deadline = time.perf_counter() + seconds

    async def player(users: list[Ctx], seed: int) -> None:
        nonlocal done
        rng = random.Random(seed)
        while time.perf_counter() < deadline:
            if not await one_move(service, users, rng):
                users[:] = await open_table(service, game, users[0].channel_id)
                continue
            done += 1

    started = time.perf_counter()
    await asyncio.gather(*(player(users, i) for i, users in enumerate(seats)))
    elapsed = time.perf_counter() - started
    await service.close()
    await store.close()
    return done / elapsed, done


async def memory_per_table(stores: BenchStores, game, tables: int) -> float:
    store = await stores.open(f"mem-{game.name}")
    service = TableService(store, Settings(enabled_games=(game.name,)), render=False)
    rng = random.Random(1)
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    for t in range(tables):
        users = await open_table(service, game, 5000 + t)
        for _ in range(20):
            await one_move(service, users, rng)
    gc.collect()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    await service.close()
    await store.close()
    return (after - before) / tables / 1024


async def cold_restore(stores: BenchStores, game, tables: int) -> tuple[float, int]:
    name = f"restore-{game.name}"
    store = await stores.open(name)
    template = game.setup(game.min_players, frozenset(), 1)
    rng = random.Random(2)
    for _ in range(min(30, 10_000)):
        seat = sorted(game.to_act(template))[0]
        game.apply(template, seat, rng.choice(game.legal_actions(template, seat)))
    snapshot = json.dumps(game.to_json(template))
    rows, seat_rows = [], []
    now = time.time()
    for t in range(tables):
        rows.append((t + 1, 100_000 + t, 1, game.name, 1, "playing", "[]", 1, 30, snapshot, now, now))
        seat_rows += [(t + 1, s, s + 1, f"P{s}", 0, None, 0) for s in range(game.min_players)]
    await store.write_many("INSERT INTO game_tables (id, channel_id, guild_id, game, host_id, status, options, seed,"
                           " version, snapshot, created_at, updated_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", rows)
    await store.write_many("INSERT INTO seats (table_id, seat, user_id, name, is_bot, level, resigned)"
                           " VALUES (?,?,?,?,?,?,?)", seat_rows)
    await store.close()
    started = time.perf_counter()
    store = await stores.new(name).open()
    service = TableService(store, Settings(enabled_games=(game.name,)), render=False)
    await service.restore()
    elapsed = time.perf_counter() - started
    restored = len(list(service.tables()))
    await service.close()
    await store.close()
    return elapsed, restored


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--games", default="")
    parser.add_argument("--store", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--dsn", default=os.environ.get("DATABASE_URL"),
                        help="PostgreSQL URL (default DATABASE_URL; without one a throwaway local server is started)")
    args = parser.parse_args()
    quick = args.quick
    names = [n for n in args.games.split(",") if n] or registry.names()
    with tempfile.TemporaryDirectory() as tmp:
        async with BenchStores(args.store, Path(tmp), args.dsn) as stores:
            await run(stores, names, quick)


async def run(stores: BenchStores, names: list[str], quick: bool) -> None:
    print(f"store: {stores.label}")
    for name in names:
        game = registry.get(name)
        print(f"== {game.title}")
        for render in (False, True):
            early, late = await latency(stores, game, render, 1)
            label = "render" if render else "no render"
            print(f"  command->reply {label:9s} early: {pct(early)}")
            print(f"  command->reply {label:9s} late : {pct(late)}")
        tables = 20 if quick else 200
        for render in (False, True):
            rate, done = await throughput(stores, game, tables, 3.0 if quick else 10.0, render)
            print(f"  {tables} concurrent tables, render {'on ' if render else 'off'}: {rate:8.1f} accepted actions/s ({done} actions)")
        print(f"  memory per active table: {await memory_per_table(stores, game, 10 if quick else 50):8.1f} KiB")
        count = 1000 if quick else 10_000
        elapsed, restored = await cold_restore(stores, game, count)
        print(f"  cold restore of {restored} stored tables: {elapsed:6.2f} s ({elapsed / max(1, restored) * 1e6:6.1f} µs per table)")


if __name__ == "__main__":
    asyncio.run(main())
