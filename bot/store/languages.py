"""Statements on languages (table ``languages``): each user's and each server's language, kept
for what the bot sends without an interaction (turn DMs, tables a tournament opens).

``kind`` says whose: ``user`` (a Discord user id) or ``server`` (a guild id). A language is
written only when it changes (the service keeps the recent ones in memory and compares first),
so the table sees a write per change, not per interaction."""
from __future__ import annotations

import time
from typing import Any, Literal, Mapping

from sqlalchemy import Row, bindparam, select

from bot.store.schema import languages
from bot.store.statements import ByDialect, Spelling, Statement

Kind = Literal["user", "server"]


def _put(spelling: Spelling) -> Any:
    stmt = spelling.insert(languages)
    return stmt.on_conflict_do_update(index_elements=["kind", "subject_id"], set_={
        "locale": stmt.excluded.locale, "updated_at": stmt.excluded.updated_at})


PUT = ByDialect(_put)
OF_SUBJECTS = select(languages.c.subject_id, languages.c.locale).where(
    languages.c.kind == bindparam("of_kind"), languages.c.subject_id.in_(bindparam("of_subjects", expanding=True)))


def put_rows(kind: Kind, locales: Mapping[int, str], now: float | None = None) -> list[Statement]:
    """One upsert per subject: its language is ``locales[subject]`` from ``now`` on."""
    at = time.time() if now is None else now
    return [(PUT, {"kind": kind, "subject_id": subject, "locale": locale, "updated_at": at})
            for subject, locale in locales.items()]


def by_subject(rows: list[Row]) -> dict[int, str]:
    return {int(r.subject_id): r.locale for r in rows}
