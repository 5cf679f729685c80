"""What drawing players' names costs: the first picture of a fresh drawing process (importing the
renderer and loading its fonts; with hard names, the font chain's script fonts and the colour
emoji font too), and a picture drawn in a warm process with its text caches emptied, with plain
names (Ann, Bob…) and with hard names (tests/renderers/hardnames.py: emoji, many scripts, 64
characters, bidi controls, Markdown).

Times are CPU times of the drawing process (time.process_time): on a machine shared with other
work they move less than wall times, and a drawing is one thread's work.

A fresh process starts as a deployed bot's does, from its modules' compiled bytecode (written by
Python at the first start, or by pip): the bench compiles the packages first, so a start-up
counts loading the code, not compiling it (where PYTHONDONTWRITEBYTECODE is set, each process
would otherwise compile every module it imports, and a larger tree would look slower to start).

Run: python bench/names_bench.py [--quick | --smoke]
"""
from __future__ import annotations

import argparse
import compileall
import json
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.stats import ratio, summary  # noqa: E402
from games import registry  # noqa: E402
from renderers import registry as renderers  # noqa: E402
from renderers.common import font_audit  # noqa: E402
from renderers.common import fontchain  # noqa: E402
from tests.renderers.hardnames import NAMES as HARD  # noqa: E402

PLAIN = ("Ann", "Bob", "Cara", "Dan", "Eve", "Finn")
GAMES = ("carcassonne", "florenza", "keyflower", "quetzal", "stoneage")
#: (processes per game and kind of names, positions, drawings of each) by mode
SIZES = {"full": (5, 6, 5), "quick": (2, 3, 3), "smoke": (1, 2, 1)}


def names_of(kind: str, players: int, turn: int = 0) -> list[str]:
    pool = HARD if kind == "hard" else PLAIN
    return [pool[(turn * players + k) % len(pool)] for k in range(players)]


def snapshots(game_name: str, count: int, seed: int = 5) -> list[dict]:
    """``count`` positions of one random game at the most players, spread from start to end."""
    game = registry.get(game_name)
    rng = random.Random(seed)
    state = game.setup(game.max_players, frozenset(), seed)
    kept = [game.to_json(state)]
    while game.outcome(state) is None:
        seat = rng.choice(sorted(game.to_act(state)))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        kept.append(game.to_json(state))
    return [kept[round(k * (len(kept) - 1) / max(1, count - 1))] for k in range(count)]


def first_picture(game_name: str, kind: str) -> dict[str, float]:
    """In this (fresh) process: the first turn image's time (renderer import, fonts, drawing),
    then a second one's of the next position, and the font files whose cmaps were read."""
    game = registry.get(game_name)
    first, second = (game.from_json(snapshot) for snapshot in snapshots(game_name, 2))
    names = names_of(kind, game.max_players)
    start = time.process_time()
    renderers.render(game_name, game.view(first, None), names)
    first_ms = (time.process_time() - start) * 1000
    fonts = fontchain.cmap.cache_info().currsize
    start = time.process_time()
    renderers.render(game_name, game.view(second, None), names)
    second_ms = (time.process_time() - start) * 1000
    return {"first": first_ms, "second": second_ms, "fonts": fonts,
            "fonts_after": fontchain.cmap.cache_info().currsize}


def start_up(game_name: str, kind: str, processes: int) -> list[dict[str, float]]:
    out = []
    for _ in range(processes):
        done = subprocess.run([sys.executable, __file__, "--child", game_name, kind], cwd=ROOT, check=True,
                              capture_output=True, text=True)
        out.append(json.loads(done.stdout.strip().splitlines()[-1]))
    return out


def drawing(game_name: str, kind: str, positions: int, repeats: int) -> list[float]:
    """Milliseconds per turn image in this warm process, every cache of drawn text emptied
    before each (every word rasterised again: the drawing's whole cost)."""
    game = registry.get(game_name)
    views = [game.view(game.from_json(snapshot), None) for snapshot in snapshots(game_name, positions)]
    for kind_ in ("plain", "hard"):            # sprites and fonts made once per process: not counted
        renderers.render(game_name, views[0], names_of(kind_, game.max_players, 99))
    samples = []
    for turn in range(repeats):
        names = names_of(kind, game.max_players, turn)
        for view in views:
            with font_audit():
                pass
            start = time.process_time()
            renderers.render(game_name, view, names)
            samples.append((time.process_time() - start) * 1000)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    group = parser.add_mutually_exclusive_group()
    group.add_argument("--quick", action="store_true")
    group.add_argument("--smoke", action="store_true")
    parser.add_argument("--child", nargs=2, metavar=("GAME", "KIND"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(first_picture(*args.child)))
        return
    mode = "smoke" if args.smoke else "quick" if args.quick else "full"
    for package in ("bench", "games", "renderers", "tests"):
        compileall.compile_dir(ROOT / package, quiet=1)
    processes, positions, repeats = SIZES[mode]
    games = GAMES[2:3] if mode == "smoke" else GAMES
    print(f"== names ({mode}: {processes} fresh processes, {positions} positions x {repeats} drawings per game "
          f"and kind of names; missing fonts: {', '.join(fontchain.missing_fonts()) or 'none'})")
    firsts: dict[str, list[float]] = {"plain": [], "hard": []}
    draws: dict[str, list[float]] = {"plain": [], "hard": []}
    for game_name in games:
        for kind in ("plain", "hard"):
            runs = start_up(game_name, kind, processes)
            firsts[kind] += [run["first"] for run in runs]
            fonts = {(run["fonts"], run["fonts_after"]) for run in runs}
            print(f"{game_name:12s} {kind:5s} first picture of a process: {summary([r['first'] for r in runs])}; "
                  f"the next: {summary([r['second'] for r in runs])}; font cmaps read (first, after the next): "
                  f"{', '.join(f'{a}, {b}' for a, b in sorted(fonts))}")
        for kind in ("plain", "hard"):
            samples = drawing(game_name, kind, positions, repeats)
            draws[kind] += samples
            print(f"{game_name:12s} {kind:5s} turn image, text drawn afresh: {summary(samples)}")
    for label, figures in (("first picture of a process", firsts), ("turn image, text drawn afresh", draws)):
        plain, hard = figures["plain"], figures["hard"]
        print(f"all games  {label}: plain {summary(plain)}")
        print(f"all games  {label}: hard  {summary(hard)}")
        print(f"all games  {label}: hard/plain median {ratio(sorted(hard)[len(hard) // 2], sorted(plain)[len(plain) // 2])}")


if __name__ == "__main__":
    main()
