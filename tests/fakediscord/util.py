"""Small helpers shared by the fake Discord server: snowflakes, timestamps, error bodies."""

from __future__ import annotations

import datetime as _dt
import itertools
import threading
import time
from typing import Any, Iterable

DISCORD_EPOCH_MS = 1420070400000


class SnowflakeFactory:
    """Generates Discord-shaped snowflakes (timestamp in the top bits), strictly increasing."""

    def __init__(self) -> None:
        self._counter = itertools.count()
        self._last = 0
        self._lock = threading.Lock()

    def __call__(self, at_ms: float | None = None) -> int:
        with self._lock:
            ms = int(at_ms if at_ms is not None else time.time() * 1000)
            value = ((ms - DISCORD_EPOCH_MS) << 22) | (next(self._counter) & 0x3FFFFF)
            if value <= self._last:
                value = self._last + 1
            self._last = value
            return value


def iso(ts: float) -> str:
    """ISO-8601 timestamp with an explicit UTC offset, as Discord sends them."""
    return _dt.datetime.fromtimestamp(ts, tz=_dt.timezone.utc).isoformat()


def error_body(message: str, code: int, errors: dict[str, Any] | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {"message": message, "code": code}
    if errors:
        body["errors"] = errors
    return body


def nest_errors(problems: Iterable["Problem"]) -> dict[str, Any]:
    """Turn flat (path, code, message) problems into Discord's nested `errors` object."""
    root: dict[str, Any] = {}
    for p in problems:
        node = root
        for key in p.path:
            node = node.setdefault(str(key), {})
        node.setdefault("_errors", []).append({"code": p.code, "message": p.message})
    return root


class Problem:
    """One validation finding; `path` locates the offending field like Discord's error paths."""

    __slots__ = ("path", "code", "message", "reject")

    def __init__(self, path: tuple[Any, ...], code: str, message: str, reject: bool = True) -> None:
        self.path = path
        self.code = code
        self.message = message
        # reject=False: Discord accepts the request but the result is wrong (e.g. a broken
        # attachment:// image); the harness records it as a violation without a 400.
        self.reject = reject

    def __repr__(self) -> str:
        where = ".".join(str(k) for k in self.path) or "<root>"
        return f"{where}: {self.message} ({self.code})"


def invalid_form_body(problems: list[Problem]) -> dict[str, Any]:
    return error_body("Invalid Form Body", 50035, nest_errors(problems))
