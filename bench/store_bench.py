"""The store alone, SQLite against PostgreSQL: what one saved move costs.

Per backend: the latency of one ``append_actions`` (an action row plus a 4 KB snapshot, one
durable commit) one after another; commits per second with 20 tables writing at once; and the
latency of reading a table back. PostgreSQL is a throwaway local server (fsync on) unless
``--dsn`` / DATABASE_URL names one.

    python bench/store_bench.py [--quick | --smoke] [--store sqlite|postgres|both] [--dsn URL]
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.store_common import BenchStores  # noqa: E402
from bot.store import ActionRecord, SeatRecord, Store  # noqa: E402

SNAPSHOT = {"board": "x" * 4000}


def pct(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"median {statistics.median(ordered):6.2f} ms  p95 {p95:6.2f} ms  n={len(ordered)}"


async def new_table(store: Store, channel: int) -> int:
    table_id = await store.create_table(channel, 1, "carcassonne", 10, [], 1, [SeatRecord(0, 10, "A")])
    await store.start_table(table_id, [SeatRecord(0, 10, "A"), SeatRecord(1, 11, "B")], SNAPSHOT)
    return table_id


async def sequential(store: Store, moves: int) -> list[float]:
    table_id = await new_table(store, 1)
    samples = []
    for n in range(1, moves + 1):
        started = time.perf_counter()
        await store.append_actions(table_id, [ActionRecord(n, n % 2, f"move {n}")], SNAPSHOT)
        samples.append((time.perf_counter() - started) * 1000)
    return samples


async def concurrent(store: Store, tables: int, moves: int) -> float:
    ids = [await new_table(store, 100 + t) for t in range(tables)]

    async def writer(table_id: int) -> None:
        for n in range(1, moves + 1):
            await store.append_actions(table_id, [ActionRecord(n, n % 2, f"move {n}")], SNAPSHOT)

    started = time.perf_counter()
    await asyncio.gather(*(writer(t) for t in ids))
    return tables * moves / (time.perf_counter() - started)


async def reads(store: Store, count: int) -> list[float]:
    table_id = await new_table(store, 2)
    samples = []
    for _ in range(count):
        started = time.perf_counter()
        await store.table(table_id)
        samples.append((time.perf_counter() - started) * 1000)
    return samples


async def bench(stores: BenchStores, mode: str) -> None:
    store = await stores.open("store-bench")
    try:
        moves = {"smoke": 10, "quick": 100, "full": 500}[mode]
        tables, writes = {"smoke": (3, 3), "quick": (20, 10), "full": (20, 50)}[mode]
        print(f"{stores.label}:")
        print(f"  one saved move, one after another : {pct(await sequential(store, moves))}")
        rate = await concurrent(store, tables, writes)
        label = f"{tables} tables saving at once"
        print(f"  {label:34s}: {rate:8.1f} saved moves/s")
        print(f"  read a table back                 : {pct(await reads(store, moves))}")
    finally:
        await store.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--quick", action="store_true")
    group.add_argument("--smoke", action="store_true", help="the smallest run that prints every figure (CI)")
    parser.add_argument("--store", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--dsn", default=os.environ.get("DATABASE_URL"))
    args = parser.parse_args()
    backends = ["sqlite", "postgres"] if args.store == "both" else [args.store]
    with tempfile.TemporaryDirectory() as tmp:
        for backend in backends:
            async with BenchStores(backend, Path(tmp), args.dsn) as stores:
                await bench(stores, "smoke" if args.smoke else "quick" if args.quick else "full")


if __name__ == "__main__":
    asyncio.run(main())
