"""Shared figures for the benchmarks: medians, percentiles and ratios, printed the same way."""
from __future__ import annotations

import statistics


def percentile(samples: list[float], p: float) -> float:
    """The ``p``-th percentile (nearest rank) of ``samples``."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, max(0, int(round(p / 100 * (len(ordered) - 1)))))]


def summary(samples: list[float], unit: str = "ms", p99: bool = False) -> str:
    """``median … p95 … (p95/median …) n=…`` for a list of samples."""
    if not samples:
        return "-"
    median = statistics.median(samples)
    p95 = percentile(samples, 95)
    text = f"median {median:8.2f} {unit}  p95 {p95:8.2f} {unit}"
    if p99:
        text += f"  p99 {percentile(samples, 99):8.2f} {unit}"
    return text + f"  (p95/median {ratio(p95, median)})  n={len(samples)}"


def ratio(numerator: float, denominator: float) -> str:
    return f"{numerator / denominator:.2f}x" if denominator else "-"
