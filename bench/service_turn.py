"""Whole turn through the table service: parse, validate, apply, commit to SQLite, render.

Plays Carcassonne between two seats through TableService.act with the real store and renderer
and prints median / p95 milliseconds per accepted command in the early and the late game.
``--quick`` plays one game, otherwise three.
"""
from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.config import Settings  # noqa: E402
from bot.table.context import Ctx  # noqa: E402
from bot.service import TableService
from bot.store import SqliteStore  # noqa: E402


def pct(samples: list[float]) -> str:
    ordered = sorted(samples)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"median {statistics.median(ordered):6.1f} ms   p95 {p95:6.1f} ms   (n={len(ordered)})"


async def one_game(folder: Path, seed: int, render: bool) -> dict[str, list[float]]:
    store = await SqliteStore(folder / f"bench-{seed}-{render}.sqlite3").open()
    service = TableService(store, Settings.model_validate(dict(games={"enabled": ("carcassonne",)}, rendering={"threads": 1})),
                           seed_source=lambda: seed, render=render)
    players = [Ctx(1, "Alice", 1), Ctx(2, "Bob", 1)]
    await service.join(players[0], "carcassonne")
    await service.join(players[1])
    await service.start(players[0])
    timings: dict[str, list[float]] = {"early": [], "late": []}
    while (table := service.live_tables.in_channel(1)) is not None:
        seat = sorted(table.game.to_act(table.state))[0]
        placed = len(table.game.view(table.state, None).tiles)
        action = str(table.game.legal_actions(table.state, seat)[0])
        started = time.perf_counter()
        replies = await service.act(players[seat], action)
        elapsed = (time.perf_counter() - started) * 1000
        assert not replies[0].error
        timings["early" if placed < 20 else "late" if placed >= 60 else "mid"] = \
            timings.get("early" if placed < 20 else "late" if placed >= 60 else "mid", []) + [elapsed]
    await service.close()
    await store.close()
    return timings


async def main() -> None:
    games = 1 if "--quick" in sys.argv else 3
    with tempfile.TemporaryDirectory() as folder:
        for render in (False, True):
            merged: dict[str, list[float]] = {}
            for seed in range(games):
                for key, values in (await one_game(Path(folder), seed, render)).items():
                    merged.setdefault(key, []).extend(values)
            label = "with render" if render else "no render  "
            for phase in ("early", "mid", "late"):
                if merged.get(phase):
                    print(f"carcassonne command->reply {label} {phase:5s}: {pct(merged[phase])}")


if __name__ == "__main__":
    asyncio.run(main())
