"""Benchmark of the Carcassonne renderer: render + PNG encode of typical boards.

    python bench/carcassonne_render.py [--runs N] [--quick]

Prints, per board, the first (cold: tile sprites not yet drawn) and the median / p95 of warm
runs in milliseconds of wall time and of CPU time (the machine may be shared), and the PNG size.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from renderers.carcassonne import render, render_image  # noqa: E402
from renderers.carcassonne import samples  # noqa: E402
from renderers.carcassonne.palettes import to_palette  # noqa: E402
from renderers.common import encode_png  # noqa: E402

NAMES = ["Alice", "ボブ", "Chloé", "田中 太郎", "Eve"]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def measure(name: str, view, runs: int, region: str | None = None) -> None:
    t0 = time.perf_counter()
    png = render(view, NAMES, region=region)
    cold = (time.perf_counter() - t0) * 1000
    wall, cpu, draw, encode = [], [], [], []
    for _ in range(runs):
        w0, c0 = time.perf_counter(), time.process_time()
        png = render(view, NAMES, region=region)
        wall.append((time.perf_counter() - w0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
        d0 = time.process_time()
        image = render_image(view, NAMES, region=region)
        d1 = time.process_time()
        encode_png(to_palette(image), 1)
        d2 = time.process_time()
        draw.append((d1 - d0) * 1000)
        encode.append((d2 - d1) * 1000)
    from PIL import Image
    import io
    size = Image.open(io.BytesIO(png)).size
    print(f"{name:<26} {len(view.tiles):>4} tiles {size[0]:>5}x{size[1]:<5} {len(png) / 1024:7.1f} KB | "
          f"cold {cold:7.1f} | wall median {statistics.median(wall):6.1f} p95 {percentile(wall, 0.95):6.1f} | "
          f"cpu median {statistics.median(cpu):6.1f} p95 {percentile(cpu, 0.95):6.1f} "
          f"(draw {statistics.median(draw):5.1f} + palette/encode {statistics.median(encode):5.1f}) ms")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=30)
    parser.add_argument("--quick", action="store_true", help="5 runs per board (for CI)")
    args = parser.parse_args()
    runs = 5 if args.quick else args.runs
    boards = [
        ("72-tile base board (over)", samples.full_base_board(), None),
        ("71 tiles + drawn tile", samples.late_base_board(), None),
        ("160-tile board, add-ons", samples.large_board(160), None),
        ("region 7x7 at full size", samples.late_base_board(), "0,0"),
    ]
    for name, view, region in boards:
        measure(name, view, runs, region)


if __name__ == "__main__":
    main()
