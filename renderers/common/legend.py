"""The icons a picture draws as shapes (a star, a diamond, a half-black worker), named by the
token its legend explains them with: a renderer draws such an icon through :func:`mark`, and
while :func:`marking` runs the tokens drawn are collected, so a test can check that every icon
drawn has its line in the game's legend (renderers/legends.py)."""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from typing import Iterator

_MARKS: ContextVar[set[str] | None] = ContextVar("legend_marks", default=None)


def mark(token: str) -> str:
    """Note that the picture draws the icon its legend calls ``token``; returns ``token``."""
    marks = _MARKS.get()
    if marks is not None:
        marks.add(token)
    return token


@contextmanager
def marking() -> Iterator[set[str]]:
    """The tokens of the icons drawn while the block runs (clear the caches of drawn parts
    first, or a cached sprite is not drawn again)."""
    marks: set[str] = set()
    token = _MARKS.set(marks)
    try:
        yield marks
    finally:
        _MARKS.reset(token)
