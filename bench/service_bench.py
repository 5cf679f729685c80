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
import traceback
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.stats import ratio, summary  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.table.context import Ctx  # noqa: E402
from bot.service import TableService
from bench.store_common import BenchStores  # noqa: E402
from games import registry  # noqa: E402




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
    table = service.live_tables.in_channel(users[0].channel_id)
    if table is None:
        return False
    seat = rng.choice(sorted(table.game.to_act(table.state)))
    action = str(rng.choice(table.game.legal_actions(table.state, seat)))
    user = next(u for u in users if u.user_id == table.seats[seat].user_id)   # seats may be drawn
    replies = await service.act(user, action)
    assert not replies[0].error, (table.game.name, action)
    return True


async def latency(stores: BenchStores, game, render: bool, sample: int, moves: int | None = None
                  ) -> tuple[list[float], list[float], int]:
    """Times the first and last ``sample`` accepted commands of one random game (the same game
    for a given seed). With ``render``, the middle of the game is played without drawing so a
    long game costs little; ``moves`` (the game's length from a run without rendering) says
    where the late part starts. Returns (early, late, number of moves)."""
    store = await stores.open(f"lat-{game.name}-{render}")
    service = TableService(store, Settings.model_validate(dict(games={"enabled": (game.name,)}, rendering={"threads": 1})),
                           seed_source=lambda: 1, render=render)
    users = await open_table(service, game, 1)
    rng = random.Random(1)
    samples: list[float] = []
    count = 0
    while True:
        timed = moves is None or count < sample or count >= moves - sample
        service.render_enabled = render and timed
        started = time.perf_counter()
        if not await one_move(service, users, rng):
            break
        if timed:
            samples.append((time.perf_counter() - started) * 1000)
        count += 1
    await service.close()
    await store.close()
    third = max(1, min(sample, count // 3))
    return samples[:third], samples[-third:], count


async def throughput(stores: BenchStores, game, tables: int, seconds: float, render: bool) -> tuple[float, int]:
    store = await stores.open(f"load-{game.name}-{render}")
    service = TableService(store, Settings.model_validate(dict(games={"enabled": (game.name,)}, rendering={"threads": 2})), render=render)
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
    service = TableService(store, Settings.model_validate(dict(games={"enabled": (game.name,)})), render=False)
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
        rows.append({"id": t + 1, "channel_id": 100_000 + t, "guild_id": 1, "game": game.name, "host_id": 1,
                     "status": "playing", "options": "[]", "seed": 1, "version": 30, "announced_version": 30,
                     "snapshot": snapshot, "created_at": now, "updated_at": now})
        seat_rows += [{"table_id": t + 1, "seat": s, "user_id": s + 1, "name": f"P{s}", "is_bot": 0, "level": None,
                       "resigned": 0} for s in range(game.min_players)]
    await store.bulk_insert("game_tables", rows)
    await store.bulk_insert("seats", seat_rows)
    await store.close()
    started = time.perf_counter()
    store = await stores.new(name).open()
    service = TableService(store, Settings.model_validate(dict(games={"enabled": (game.name,)})), render=False)
    await service.restore()
    elapsed = time.perf_counter() - started
    restored = len(list(service.live_tables.all()))
    await service.close()
    await store.close()
    return elapsed, restored


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="20 tables, 1,000 stored tables")
    parser.add_argument("--smoke", action="store_true", help="the smallest run that prints every figure (CI)")
    parser.add_argument("--games", default="")
    parser.add_argument("--store", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--dsn", default=os.environ.get("DATABASE_URL"),
                        help="PostgreSQL URL (default DATABASE_URL; without one a throwaway local server is started)")
    args = parser.parse_args()
    mode = "smoke" if args.smoke else "quick" if args.quick else "full"
    tables = {"smoke": 3, "quick": 20, "full": 200}[mode]
    seconds = {"smoke": 0.5, "quick": 3.0, "full": 10.0}[mode]
    stored = {"smoke": 100, "quick": 1000, "full": 10_000}[mode]
    sample = {"smoke": 10, "quick": 30, "full": 100}[mode]   # commands timed early and late
    names = [n for n in args.games.split(",") if n] or registry.names()
    with tempfile.TemporaryDirectory() as tmp:
        async with BenchStores(args.store, Path(tmp), args.dsn) as stores:
            print(f"store: {stores.label}")
            for name in names:
                game = registry.get(name)
                print(f"== {game.title}")
                medians = {}
                moves = None
                for render in (False, True):
                    early, late, moves = await latency(stores, game, render, sample, moves)
                    label = "render" if render else "no render"
                    print(f"  command->reply {label:9s} early: {summary(early)}")
                    print(f"  command->reply {label:9s} late : {summary(late)}")
                    medians[render] = (statistics.median(early), statistics.median(late))
                print(f"  late/early median: no render {ratio(medians[False][1], medians[False][0])},"
                      f" render {ratio(medians[True][1], medians[True][0])};"
                      f" render/no render (late) {ratio(medians[True][1], medians[False][1])}")
                rates = {}
                for render in (False, True):
                    rate, done = await throughput(stores, game, tables, seconds, render)
                    rates[render] = rate
                    print(f"  {tables} concurrent tables, render {'on ' if render else 'off'}: {rate:8.1f} accepted actions/s ({done} actions)")
                print(f"  render off/on throughput: {ratio(rates[False], rates[True])}")
                print(f"  memory per active table: {await memory_per_table(stores, game, 3 if args.smoke else 10 if args.quick else 50):8.1f} KiB")
                elapsed, restored = await cold_restore(stores, game, stored)
                print(f"  cold restore of {restored} stored tables: {elapsed:6.2f} s ({elapsed / max(1, restored) * 1e6:6.1f} µs per table)")


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except BaseException:
        traceback.print_exc()
        sys.stdout.flush()
        os._exit(1)          # a failed run must not hang on an open store's thread
