"""What makes an image fit a phone. Discord shows an image at the screen's width (portrait), so:

* at least ``MIN_WIDTH`` pixels wide (narrower images are blown up and blur),
* at most ``MAX_ASPECT`` times as tall as wide (a taller strip is shrunk until it fits the screen's
  height, and then nothing is readable),
* no text smaller than :func:`renderers.common.fonts.min_text_px` of the width (marks:
  :func:`renderers.common.fonts.min_mark_px`).
"""
from __future__ import annotations

from dataclasses import dataclass

from renderers.common.fonts import FontAudit, min_mark_px, min_text_px

MIN_WIDTH = 640
MAX_ASPECT = 2.0


def max_height(width: int) -> int:
    """The tallest an image ``width`` pixels wide may be."""
    return int(width * MAX_ASPECT)


def problems(size: tuple[int, int], fonts: FontAudit | None = None) -> list[str]:
    """What is wrong with an image of ``size`` whose text used the ``fonts`` (empty: fits)."""
    width, height = size
    found = []
    if width < MIN_WIDTH:
        found.append(f"{width} px wide, less than {MIN_WIDTH}")
    if height > max_height(width):
        found.append(f"{width}x{height}: taller than {MAX_ASPECT:g} times the width")
    if fonts is not None and fonts.text and min(fonts.text) < min_text_px(width):
        found.append(f"text of {min(fonts.text)} px in an image {width} px wide (at least {min_text_px(width)} px)")
    if fonts is not None and fonts.marks and min(fonts.marks) < min_mark_px(width):
        found.append(f"a mark of {min(fonts.marks)} px in an image {width} px wide (at least {min_mark_px(width)} px)")
    return found


@dataclass(frozen=True)
class Floors:
    """The smallest text and mark sizes (pixels) for an image of one width."""

    text: int
    mark: int


def floors(width: int) -> Floors:
    return Floors(min_text_px(width), min_mark_px(width))
