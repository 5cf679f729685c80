"""The benchmarks' short mode, as CI runs it: every figure is printed for every game.

No timing is asserted — only that each benchmark runs to the end and reports every figure.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from games import registry

ROOT = Path(__file__).resolve().parent.parent
NUMBER = r"[0-9]+(?:\.[0-9]+)?"
PER_GAME_FIGURES = [
    rf"random full games: +{NUMBER} games/s",
    rf"largest board render\+encode wall: median +{NUMBER} ms +p95 +{NUMBER} ms",
    rf"largest board PNG: {NUMBER} KiB",
    rf"turn image render ÷ encode: {NUMBER}x",
    rf"command->reply no render early: median +{NUMBER} ms +p95 +{NUMBER} ms",
    rf"command->reply render +late : median +{NUMBER} ms +p95 +{NUMBER} ms",
    rf"concurrent tables, render off: +{NUMBER} accepted actions/s",
    rf"concurrent tables, render on : +{NUMBER} accepted actions/s",
    rf"render off/on throughput: {NUMBER}x",
    rf"memory per active table: +-?{NUMBER} KiB",
    rf"cold restore of [0-9]+ stored tables: +{NUMBER} s",
]

# figures printed once for the whole bot (the store, and the load through the fake Discord)
OVERALL_FIGURES = [
    rf"one saved move.*median +{NUMBER} ms",
    r"interactions [0-9]+: answered [0-9]+, missed [0-9]+, late [0-9]+",
    rf"creation -> first answer, all +: p50 +{NUMBER} ms +p95 +{NUMBER} ms +p99 +{NUMBER} ms",
    rf"event loop stalls while serving .*longest {NUMBER} ms",
    rf"first picture of a process: hard/plain median {NUMBER}x",
    rf"turn image, text drawn afresh: hard/plain median {NUMBER}x",
]


def builtin_games() -> list:
    """The games the benchmark covers (other tests may have registered test games here)."""
    return [registry.load(spec) for spec in registry.BUILTIN]


def sections(output: str) -> dict[str, str]:
    """Output lines grouped by the game title heading them (``== Title ...``)."""
    found: dict[str, list[str]] = {}
    current = None
    for line in output.splitlines():
        if line.startswith("== "):
            current = next((g.title for g in builtin_games() if line[3:].startswith(g.title)), None)
        elif current:
            found.setdefault(current, []).append(line)
    return {title: "\n".join(lines) for title, lines in found.items()}


def test_bench_smoke_prints_every_figure_for_every_game() -> None:
    run = subprocess.run([sys.executable, "-m", "bench", "--smoke"], cwd=ROOT, capture_output=True,
                         text=True, timeout=600)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-4000:]
    assert "Traceback" not in run.stderr
    by_game = sections(run.stdout)
    for game in builtin_games():
        text = by_game.get(game.title, "")
        missing = [figure for figure in PER_GAME_FIGURES if not re.search(figure, text)]
        assert not missing, (game.title, missing, text)
    missing = [figure for figure in OVERALL_FIGURES if not re.search(figure, run.stdout)]
    assert not missing, (missing, run.stdout[-3000:])
