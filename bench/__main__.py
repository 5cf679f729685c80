"""Run the benchmarks: ``python -m bench [--quick | --smoke]`` (``make bench``).

* full (no flag): every figure of docs/performance.md — 200 concurrent tables, 10,000 stored
  tables, then each game's own detailed benchmark. Takes a while.
* ``--quick``: the same figures with smaller counts.
* ``--smoke``: the smallest run that still prints every figure of the cross-game benchmarks;
  the test suite runs it (tests/test_bench_smoke.py) so a broken benchmark is noticed.
"""
from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent

# every game, the same figures: engine + renderer, then the table service
CROSS_GAME = ["game_bench.py", "service_bench.py"]
# each game's own detailed benchmark, and the flag that makes it short
PER_GAME = {
    "carcassonne_placements.py": "--quick", "carcassonne_render.py": "--quick",
    "carcassonne_games.py": "--quick", "carcassonne_greedy.py": "--quick",
    "service_turn.py": "--quick", "florenza_bench.py": "--short", "keyflower_bench.py": "--short",
    "quetzal_bench.py": "--quick", "stone_age_bench.py": "--quick",
}


def scripts(mode: str) -> list[list[str]]:
    """The command lines to run for ``mode`` (full, quick or smoke)."""
    flag = {"full": [], "quick": ["--quick"], "smoke": ["--smoke"]}[mode]
    commands = [[name, *flag] for name in CROSS_GAME]
    extra = sorted(p.name for p in HERE.glob("*.py")
                   if not p.name.startswith("_") and p.name not in CROSS_GAME and p.name != "stats.py"
                   and not p.name.endswith("_common.py") and p.name not in PER_GAME)
    # other cross-cutting benchmarks; the arena (strength, hours of play at full budget) only as
    # a smoke run here: bench/arena.py measures the computer levels on its own
    commands += [[name, *flag] for name in extra if name != "arena.py" or mode == "smoke"]
    if mode != "smoke":
        commands += [[name, *([PER_GAME[name]] if mode == "quick" else [])] for name in PER_GAME]
    return commands


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--quick", action="store_true")
    group.add_argument("--smoke", action="store_true")
    args = parser.parse_args()
    mode = "smoke" if args.smoke else "quick" if args.quick else "full"
    failed = 0
    for command in scripts(mode):
        print(f"#### {' '.join(command)}", flush=True)
        failed |= subprocess.call([sys.executable, str(HERE / command[0]), *command[1:]], cwd=HERE.parent)
    return failed


if __name__ == "__main__":
    sys.exit(main())
