"""Each seat's legal actions as text, worked out once per state version.

Autocomplete asks on every keystroke and must answer within Discord's 3 seconds, and a panel's
buttons and select menus resolve their numbers against this same list; it holds one list per
seat of each table in memory, and a table's lists go when the table changes or is forgotten.
"""
from __future__ import annotations

import asyncio
from concurrent.futures import Executor

from bot.table.live import LiveTable


class LegalTexts:
    def __init__(self) -> None:
        self._by_table: dict[int, dict[int, tuple[tuple[int, int], list[str]]]] = {}

    def texts(self, table: LiveTable, seat: int) -> list[str]:
        """The seat's legal actions as text (worked out now, or kept from this state version)."""
        key = (table.version, id(table.state))
        seats = self._by_table.setdefault(table.id, {})
        kept = seats.get(seat)
        if kept is None or kept[0] != key:
            kept = (key, [str(a) for a in table.game.legal_actions(table.state, seat)])
            seats[seat] = kept
        return kept[1]

    async def texts_off_loop(self, table: LiveTable, seat: int, pool: Executor) -> list[str]:
        """``texts`` in ``pool``: a game's legal actions can take long to work out."""
        return await asyncio.get_running_loop().run_in_executor(pool, self.texts, table, seat)

    def forget(self, table_id: int) -> None:
        self._by_table.pop(table_id, None)
