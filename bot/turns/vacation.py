"""Vacations: a player's turn clocks stand still while they are away, for a bounded number of
days per calendar month (UTC). Pure arithmetic here; the command is in ``commands.py``."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Iterable

from bot.store.turn_timers import Vacation

DAY = 86400.0


def overlap(vacations: Iterable[Vacation], start: float, end: float) -> float:
    """Seconds of [start, end) spent on vacation."""
    return sum(max(0.0, min(end, v.ends_at) - max(start, v.starts_at)) for v in vacations)


def current(vacations: Iterable[Vacation], now: float) -> Vacation | None:
    return next((v for v in vacations if v.starts_at <= now < v.ends_at), None)


def used_time(since: float, now: float, vacations: Iterable[Vacation]) -> float:
    """How much of a turn clock started at ``since`` has run by ``now`` (vacation excluded)."""
    vacations = list(vacations)
    return max(0.0, (now - since) - overlap(vacations, since, now))


def due_time(since: float, target: float, now: float, vacations: Iterable[Vacation]) -> float | None:
    """When a clock started at ``since`` reaches ``target`` seconds of running time: None if it
    has (the deadline fires now), else the moment to look again."""
    vacations = list(vacations)
    used = used_time(since, now, vacations)
    away = current(vacations, now)
    if away is not None:
        return away.ends_at + max(0.0, target - used)
    if used >= target - 1e-6:
        return None
    return now + (target - used)


def month_of(moment: float) -> tuple[float, float]:
    """Start and end (UTC) of the calendar month holding ``moment``."""
    day = datetime.fromtimestamp(moment, timezone.utc)
    start = datetime(day.year, day.month, 1, tzinfo=timezone.utc)
    end = datetime(day.year + (day.month == 12), day.month % 12 + 1, 1, tzinfo=timezone.utc)
    return start.timestamp(), end.timestamp()


def days_used(vacations: Iterable[Vacation], moment: float) -> float:
    """Vacation days already taken in the month of ``moment``."""
    start, end = month_of(moment)
    return overlap(vacations, start, end) / DAY


def over_budget(vacations: list[Vacation], start: float, days: int, budget: int) -> tuple[float, float] | None:
    """The first month (start, days already used) that a vacation of ``days`` from ``start``
    would push past ``budget`` days; None if it fits."""
    end = start + days * DAY
    moment = start
    while moment < end:
        month_start, month_end = month_of(moment)
        used = overlap(vacations, month_start, month_end) / DAY
        wanted = (min(end, month_end) - max(start, month_start)) / DAY
        if used + wanted > budget + 1e-9:
            return month_start, used
        moment = month_end
    return None


def utc_text(moment: float) -> str:
    return datetime.fromtimestamp(moment, timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
