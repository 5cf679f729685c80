"""Standings as CSV for spreadsheets (UTF-8 with a byte-order mark, so Excel reads Japanese names)."""
from __future__ import annotations

import csv
import io
import re

from bot.tournaments.standings import Line, number


def standings_csv(lines: list[Line], rounds: int) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(["place", "player", "user_id", "points", "buchholz", "wins", "score", "games", "byes", "withdrawn"]
                    + [f"round_{r}" for r in range(1, rounds + 1)])
    for line in lines:
        writer.writerow([line.place, line.name, line.user_id, number(line.points), number(line.buchholz), line.wins,
                         line.score, line.games, line.byes, int(line.dropped)]
                        + [number(line.by_round[r]) if r in line.by_round else "" for r in range(1, rounds + 1)])
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")


def file_name(tournament: str) -> str:
    return (re.sub(r"[^\w-]+", "-", tournament.strip().lower()).strip("-") or "tournament") + "-standings.csv"
