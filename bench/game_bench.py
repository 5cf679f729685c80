"""Every registered game through its engine and renderer alone (no store, no Discord).

Prints, per game: random full games per second (random legal moves, the most players the game
allows, every option that can be switched on together), the render + encode time and PNG size
of the largest board — the public view at the end of such a game — and ``render ÷ encode``: the
turn images of consecutive turns as a table draws them (one renderer, a new view each turn),
the time to render each (drawing, palette and PNG, whose bands of rows seen before are not
compressed again: renderers.common.png) divided by the time Pillow takes to encode the same
pixels with the same PNG settings. Then what the drawing caches hold after 10,000 tables
(--tables) drew their turns: parts and compressed bands kept, table palettes and the process's peak memory.

    python bench/game_bench.py [--quick|--smoke] [--games carcassonne,stoneage]
"""
from __future__ import annotations

import argparse
import functools
import inspect
import io
import random
import sys
import time
from pathlib import Path

from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.stats import ratio, summary  # noqa: E402
from games import registry  # noqa: E402
from games.core.contract import Game  # noqa: E402
from games.core.options import OptionError, default_options, toggle_option  # noqa: E402
from renderers import registry as renderers  # noqa: E402

NAMES = ["Ann", "Bob", "Cara", "Dan", "Eve", "Finn"]


def most_options(game: Game) -> frozenset[str]:
    """As many options as can be on at once, taken in the order the game lists them."""
    chosen: frozenset[str] = default_options(game.options)
    for spec in game.options:
        if spec.name in chosen:
            continue
        try:
            chosen = toggle_option(game.options, chosen, spec.name)
        except OptionError:
            continue
    return chosen


def random_game(game: Game, players: int, options: frozenset[str], seed: int):
    """Play one game by uniformly random legal moves; returns (final state, actions)."""
    rng = random.Random(seed)
    state = game.setup(players, options, seed)
    actions = 0
    while game.outcome(state) is None:
        seat = rng.choice(sorted(game.to_act(state)))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        actions += 1
    return state, actions


def bench_game(game: Game, games: int, renders: int) -> None:
    options = most_options(game)
    players = game.max_players
    print(f"== {game.title} ({players} players, options: {', '.join(sorted(options)) or 'none'})")
    started = time.perf_counter()
    finals, actions = [], 0
    for seed in range(games):
        state, count = random_game(game, players, options, seed)
        finals.append(state)
        actions += count
    elapsed = time.perf_counter() - started
    print(f"  random full games: {games / elapsed:8.2f} games/s  {actions / elapsed:9.0f} actions/s"
          f"  ({actions / games:.0f} actions per game, {games} games)")
    if not renderers.has_pictures(game.name):
        return
    views = [game.view(state, None) for state in finals]
    names = NAMES[:players]
    sizes = [len(renderers.render(game.name, view, names)) for view in views]
    largest = views[max(range(len(views)), key=sizes.__getitem__)]
    renderers.render(game.name, largest, names)  # warm caches (fonts, sprites)
    times, cpu = [], []
    for _ in range(renders):
        forget_png_bands()      # the whole picture compressed each time, as a board never seen
        wall0, cpu0 = time.perf_counter(), time.process_time()
        png = renderers.render(game.name, largest, names)
        times.append((time.perf_counter() - wall0) * 1000)
        cpu.append((time.process_time() - cpu0) * 1000)
    print(f"  largest board render+encode wall: {summary(times)}")
    print(f"  largest board render+encode CPU : {summary(cpu)}")
    print(f"  largest board PNG: {len(png) / 1024:.0f} KiB (smallest end-of-game board "
          f"{min(sizes) / 1024:.0f} KiB, ratio {ratio(max(sizes), min(sizes))})")
    render_ms, encode_ms, count = render_ratio(game, players, options, max(4, renders * 2))
    print(f"  turn image render ÷ encode: {ratio(render_ms, encode_ms)}  (render {render_ms:.1f} ms, "
          f"encode {encode_ms:.1f} ms per turn, {count} consecutive turns, CPU time)")


def public_palette() -> str:
    """The palette key the service draws public pictures in (a table's turn images are public)."""
    try:
        from bot.presenters.drawing import PUBLIC_PALETTE
    except ImportError:           # an older tree: the key lived beside the table service
        return "public"
    return PUBLIC_PALETTE


def forget_png_bands() -> None:
    """Empty the kept compressed bands of pictures (renderers.common.png), where the tree has them."""
    try:
        from renderers.common import png
    except ImportError:
        return
    if hasattr(png, "BandCache"):
        png.CACHE.clear()


def png_settings(game: Game) -> dict:
    """The PNG settings the game's renderer encodes with."""
    try:
        from renderers.common.png import PNG_SETTINGS
        return dict(PNG_SETTINGS)
    except ImportError:          # an older tree: each renderer chose its own level (3 mostly)
        return {"compress_level": 3}


def turn_views(game: Game, players: int, options: frozenset[str], seed: int, turns: int) -> list:
    """The public views of ``turns`` consecutive turns from the middle of a random game."""
    rng = random.Random(seed)
    state = game.setup(players, options, seed)
    views = []
    while game.outcome(state) is None:
        seat = rng.choice(sorted(game.to_act(state)))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        views.append(game.view(state, None))
    start = max(0, len(views) // 2 - turns // 2)
    return views[start:start + turns]


def render_ratio(game: Game, players: int, options: frozenset[str], turns: int, seed: int = 7) -> tuple[float, float, int]:
    """(render ms per turn, encode ms per turn, turns): each view rendered once, in order, in the
    palette the service's public pictures share, after the drawing worker's preparation (which
    may make that palette and fill it) and one render of the first view."""
    views = turn_views(game, players, options, seed, turns + 1)
    names = NAMES[:players]
    palette = public_palette()
    try:                          # the bot prepares its drawing workers as they start
        from renderers.drawing_worker import prepare
        if "palette" in inspect.signature(prepare).parameters:
            prepare(palette=palette)
        else:
            prepare()
    except ImportError:           # an older tree: it drew its first pictures cold
        pass
    settings = png_settings(game)
    render = functools.partial(renderers.render, game.name, names=names, cache_key=palette)
    render(views[0])
    render_ms = encode_ms = 0.0
    for view in views[1:]:
        started = time.process_time()
        png = render(view)
        render_ms += (time.process_time() - started) * 1000
        image = Image.open(io.BytesIO(png))
        image.load()
        started = time.process_time()
        image.save(io.BytesIO(), format="PNG", **settings)
        encode_ms += (time.process_time() - started) * 1000
    count = len(views) - 1
    return render_ms / count, encode_ms / count, count


def cache_memory(names: list[str], tables: int, pool: int) -> None:
    """Turn images of ``tables`` tables, the games taking turns, each table two consecutive turns
    of a position of its own game (tables told apart by a name of their own), in the palette the
    service draws public pictures in; then what the drawing caches hold: every one is bounded, so
    this is what they hold at any number of tables."""
    import resource

    try:
        from renderers.common import layers
    except ImportError:           # an older tree: no parts kept
        layers = None
    try:
        from renderers.common import png
        bands = png.CACHE if hasattr(png, "BandCache") else None
    except ImportError:
        bands = None
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    pairs = {}
    for name in names:
        game = registry.get(name)
        if renderers.has_pictures(name):
            views = turn_views(game, game.max_players, most_options(game), 11, pool + 1)
            pairs[name] = (game, list(zip(views, views[1:])))
    started = time.perf_counter()
    for table in range(tables):
        game, views = pairs[list(pairs)[table % len(pairs)]]
        first, second = views[(table // len(pairs)) % len(views)]
        for view in (first, second):       # as the service draws them: the game's public palette
            renderers.render(game.name, view, NAMES[:game.max_players] + [f"T{table}"], cache_key="public")
    elapsed = time.perf_counter() - started
    rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"== drawing caches after {tables:,} tables ({', '.join(pairs)} in turn; {elapsed:.1f} s)")
    if layers is not None:
        print(f"  parts kept in their palette form: {len(layers.CACHE)}/{layers.CACHE.size} "
              f"({layers.CACHE.nbytes() / 2**20:.1f} MiB; {layers.CACHE.hits} reused, {layers.CACHE.misses} drawn)")
    if bands is not None:
        print(f"  compressed PNG bands kept: {len(bands)}/{bands.size} "
              f"({bands.nbytes() / 2**20:.1f} MiB; {bands.hits} reused, {bands.misses} compressed)")
    kept = []
    for name, (game, _) in pairs.items():
        palettes = getattr(sys.modules.get(type(renderers.renderer_for(name)).__module__), "PALETTES", None)
        if palettes is not None and hasattr(palettes, "__len__"):
            kept.append(f"{name} {len(palettes)}/{palettes.size}")
    print(f"  table palettes kept: {', '.join(kept) or '-'} (a palette is 768 bytes)")
    print(f"  process peak memory: {rss_before:.0f} MiB before the tables, {rss_after:.0f} MiB after")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer games and renders")
    parser.add_argument("--smoke", action="store_true", help="the smallest run that prints every figure (CI)")
    parser.add_argument("--games", default="", help="comma-separated game names (default: all)")
    parser.add_argument("--tables", type=int, help="tables drawn for the cache memory figure "
                        "(default 10,000; --quick 1,000; --smoke 20)")
    args = parser.parse_args()
    games, renders = (1, 2) if args.smoke else (4, 10) if args.quick else (20, 30)
    chosen = [n for n in args.games.split(",") if n] or registry.names()
    for name in chosen:
        bench_game(registry.get(name), games, renders)
    tables = args.tables or (20 if args.smoke else 1_000 if args.quick else 10_000)
    cache_memory(chosen, tables, 4 if args.smoke else 40)


if __name__ == "__main__":
    main()
