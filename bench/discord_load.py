"""Load through Discord: the real bot process (``python -m bot``) against the fake Discord, with
100 channels over 4 guilds and 400 users, every table playing computer-chosen legal moves (from
the bot's own action buttons and autocomplete, as its players see them) as fast as Discord's
per-channel message rate allows (one move per second per table), all five games mixed.

Prints: interactions answered, missed (never answered) and late (after Discord's 3 s); the time
from an interaction's creation to its first answer (the initial callback) per kind, with median,
p95 and p99; the time until a move's answer is visible; moves per second; and the longest stall
of the bot's event loop (measured inside the bot by bot/monitor.py).

``--move-interval S`` lets each table wait at least S seconds between its moves (1 s by default:
Discord's rate, far busier than people playing by chat, who take several seconds a move).

With ``--strong``, a quarter of the channels play Carcassonne, two players against a strong
computer (which thinks in the bot's worker processes, ``--think-processes``): the players'
move -> visible answer is printed for those tables apart, and how long the computer's moves
waited for a worker, the CPU budgets they got (less while tables queue: bot/table/budget.py)
and how long they thought (from the bot's log), and how long the players saw them take.

    python bench/discord_load.py [--quick|--smoke] [--strong] [--channels 100] [--users 400] [--seconds 60]
        [--move-interval 1]
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.e2e.conftest import log_problems, new_fake, start_board_bot, traceback_texts, write_config  # noqa: E402
from tests.e2e.loadgen import (LoadPlan, Table, build_world, interaction_figures, move_figures, ms,  # noqa: E402
                               percentiles, run_load)

QUICK = LoadPlan(channels=20, users=80, guilds=2, seconds=15.0)
SMOKE = LoadPlan(channels=5, users=15, guilds=1, seconds=4.0)


STRONG_SHARE = 4               # --strong: every fourth channel has a strong computer seat
THOUGHT = re.compile(r"the computer at seat \d+ waited (\d+) ms for a worker, then thought (\d+) ms \(CPU\) "
                     r"of a (\d+) ms budget in (\d+) ms")


def load_config(folder: Path, render_threads: int, render_processes: int = 0, think_processes: int = 1) -> tuple[Path, Path]:
    monitor_file = folder / "loop.json"
    config = write_config(folder, overrides={
        "rendering": {"threads": render_threads, "processes": render_processes},
        "monitor": {"event_loop": True, "interval_ms": 20, "report_seconds": 1, "file": str(monitor_file)},
        "computer": {"think_processes": think_processes},
    })
    return config, monitor_file


def seat_strong_computers(tables: list[Table]) -> list[Table]:
    """Every fourth table plays Carcassonne, its first two players against a strong computer."""
    strong = tables[::STRONG_SHARE]
    for table in strong:
        table.games, table.users, table.computer = ["carcassonne"], table.users[:2], "strong"
    return strong


async def bench(plan: LoadPlan, render_threads: int, bot_log: str | None = None, render_processes: int = 0,
                strong: bool = False, think_processes: int = 1) -> int:
    fake = await new_fake()
    try:
        with tempfile.TemporaryDirectory() as folder:
            config, monitor_file = load_config(Path(folder), render_threads, render_processes, think_processes)
            tables = build_world(fake, plan)
            with_computers = seat_strong_computers(tables) if strong else []
            started = time.monotonic()
            bot = await start_board_bot(fake, config)
            print(f"bot ready in {time.monotonic() - started:.1f} s; {plan.channels} channels in {plan.guilds} guilds, "
                  f"{sum(len(t.users) for t in tables)} users, {plan.seconds:.0f} s of play, a move a table every "
                  f"{plan.move_interval:g} s or more, "
                  f"rendering threads {render_threads}, processes {render_processes}", flush=True)
            wall = await run_load(fake, tables, plan)
            await asyncio.sleep(1.5)                 # one more monitor report after the load
            cpu = process_cpu_seconds(bot.pid)
            drawing = sum(process_cpu_seconds(child) or 0.0 for child in child_pids(bot.pid))
            await bot.stop()
            if bot_log:
                Path(bot_log).write_text(bot.output, encoding="utf-8")
            stalls = json.loads(monitor_file.read_text()) if monitor_file.exists() else None
            report(fake, tables, wall, stalls, cpu, drawing)
            if strong:
                report_computers(tables, with_computers, bot.output)
            problems = fake.problems() + traceback_texts(fake) + log_problems(bot)
            for problem in problems[:20]:
                print("  PROBLEM:", problem[:300])
            failures = [f for t in tables for f in t.failures]
            for failure in failures[:20]:
                print("  FAILED MOVE:", failure[:300])
            return 1 if problems or failures else 0
    finally:
        await fake.close()


def child_pids(pid: int) -> list[int]:
    """The processes a process started (its drawing workers), from Linux /proc; [] elsewhere."""
    found: list[int] = []
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            found += [int(c) for c in (task / "children").read_text().split()]
    except OSError:
        return []
    return found


def process_cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a running process (Linux /proc), or None elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def report(fake, tables, wall: float, stalls: dict | None, bot_cpu: float | None, drawing_cpu: float = 0.0) -> None:
    figures = interaction_figures(fake)
    moves = sum(len(t.moves) for t in tables)
    print(f"  wall time {wall:.1f} s; moves accepted {moves} ({moves / wall:.1f}/s); games started "
          f"{sum(t.started for t in tables)}, finished {sum(t.finished for t in tables)}")
    if bot_cpu is not None:
        print(f"  bot process CPU {bot_cpu:.1f} s (start-up included), {bot_cpu / max(1, moves) * 1000:.0f} ms per move; "
              f"this process (fake Discord + players) {time.process_time():.1f} s")
        if drawing_cpu:
            print(f"  drawing processes CPU {drawing_cpu:.1f} s (start-up included), "
                  f"{drawing_cpu / max(1, moves) * 1000:.0f} ms per move")
    print(f"  interactions {figures.interactions}: answered {figures.answered}, missed {len(figures.missed)}, "
          f"late {len(figures.late)}, deferred {figures.deferred}; violations {len(fake.violations)}")
    print(f"  creation -> first answer, all         : {ms(figures.overall)}")
    for kind, p in figures.by_kind.items():
        print(f"  creation -> first answer, {kind:<13}: {ms(p)}")
    for how, p in move_figures(tables).items():
        print(f"  move -> visible answer, {how:<15}: {ms(p)}")
    if stalls is not None:
        total = stalls["total"]
        startup = stalls.get("startup") or {}
        print(f"  event loop stalls while serving (every {stalls['interval_ms']:.0f} ms, {total['samples']} samples): "
              f"longest {total['max_ms']:.1f} ms, p50 {total['p50_ms']:.0f} ms, p95 {total['p95_ms']:.0f} ms, "
              f"p99 {total['p99_ms']:.0f} ms; during start-up: longest {startup.get('max_ms', 0):.1f} ms")
    else:
        print("  event loop stalls: no figures written")


def report_computers(tables: list[Table], with_computers: list[Table], bot_output: str) -> None:
    """The players' answers at the tables with a strong computer, and the computer's moves."""
    others = [t for t in tables if t not in with_computers]
    for label, group in (("players at strong tables", with_computers), ("players elsewhere", others)):
        print(f"  move -> visible answer, {label:<24}: {ms(percentiles([m.answered_after for t in group for m in t.moves]))}")
    thoughts = [(int(waited) / 1000, int(cpu) / 1000, int(budget) / 1000, int(wall) / 1000)
                for waited, cpu, budget, wall in THOUGHT.findall(bot_output)]
    budgets = [b for _, _, b, _ in thoughts]
    print(f"  strong computer moves {len(thoughts)}, waited for a worker: {ms(percentiles([w for w, _, _, _ in thoughts]))}")
    print("  strong computer moves, budget (CPU)     : "
          + (f"median {statistics.median(budgets) * 1000:.0f} ms, min {min(budgets) * 1000:.0f} ms" if budgets else "none"))
    print(f"  strong computer moves, thinking (CPU)   : {ms(percentiles([c for _, c, _, _ in thoughts]))}")
    print(f"  strong computer moves, thinking (wall)  : {ms(percentiles([w for _, _, _, w in thoughts]))}")
    print(f"  player's answer -> computer's moves seen: {ms(percentiles([w for t in with_computers for w in t.computer_waits]))}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help=f"{QUICK.channels} channels, {QUICK.users} users, {QUICK.seconds:.0f} s")
    parser.add_argument("--smoke", action="store_true", help=f"{SMOKE.channels} channels, {SMOKE.users} users, {SMOKE.seconds:.0f} s (CI)")
    parser.add_argument("--channels", type=int)
    parser.add_argument("--users", type=int)
    parser.add_argument("--guilds", type=int)
    parser.add_argument("--seconds", type=float)
    parser.add_argument("--move-interval", type=float, help="seconds between two moves at one table, at least")
    parser.add_argument("--render-threads", type=int, default=2)
    parser.add_argument("--render-processes", type=int, default=0, help="draw in this many processes (rendering.processes)")
    parser.add_argument("--bot-log", help="write the bot's output to this file")
    parser.add_argument("--strong", action="store_true", help="a quarter of the channels play against a strong computer")
    parser.add_argument("--think-processes", type=int, default=1, help="the strong level's worker processes (computer.think_processes)")
    args = parser.parse_args()
    plan = SMOKE if args.smoke else QUICK if args.quick else LoadPlan()
    changes = {k: v for k, v in (("channels", args.channels), ("users", args.users), ("guilds", args.guilds),
                                 ("seconds", args.seconds), ("move_interval", args.move_interval))
               if v is not None}
    plan = LoadPlan(**{**plan.__dict__, **changes})
    return asyncio.run(bench(plan, args.render_threads, args.bot_log, args.render_processes, args.strong, args.think_processes))


if __name__ == "__main__":
    sys.exit(main())
