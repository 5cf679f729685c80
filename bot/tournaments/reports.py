"""The organiser settles a table: ``/tournament report`` with the players in finishing order; the
table, if it is still open, is closed."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

from bot.i18n import t
from bot.plugins.ports import Ports
from bot.presenters.numbers import whole_number
from bot.presenters.replies import Reply
from bot.presenters.replies import refusal as _error   # one refusal reply for every extension
from bot.store.tournaments import Player, Slot, Tournaments as TournamentStore
from bot.table.context import Ctx
from bot.table.live import LiveTable
from bot.tournaments.lookup import may_run, none_here, tournament_here
from bot.tournaments.rounds import Rounds
from games.core.messages import Msg

if TYPE_CHECKING:
    from bot.service.tables import TableService

MENTION = re.compile(r"<@!?(\d+)>")          # a Discord user mention inside a report


class OrganiserReports:
    def __init__(self, service: "TableService", store: TournamentStore, ports: Ports, rounds: Rounds) -> None:
        self.service = service
        self.store = store
        self.ports = ports
        self.rounds = rounds

    async def report(self, ctx: Ctx, table_number: int | None, result: str) -> list[Reply]:
        """The organiser settles a table: players in finishing order, ``>`` or ``,`` between
        places, ``=`` between tied players (``alice > bob = carol``)."""
        tournament = await tournament_here(self.store, ctx)
        if tournament is None or tournament.status != "running":
            return none_here()
        if not may_run(ctx, tournament):
            return _error("Only the organiser or a moderator can do that.")
        slots = await self.store.slots(tournament.id, tournament.round)
        if table_number is None:
            slot = next((s for s in slots if s.channel_id == ctx.channel_id), None)
        else:
            slot = next((s for s in slots if s.number == table_number and s.status != "bye"), None)
        if slot is None:
            return _error("Name the table of the current round: /tournament report NUMBER RESULT (tables: {tables}).",
                          tables=", ".join(str(s.number) for s in slots if s.status != "bye") or "-")
        if slot.status == "finished":
            return _error("Table {number} already has its result.", number=slot.number)
        players = {p.user_id: p for p in await self.store.players(tournament.id)}
        ranks = self._parse_result(result, slot, players)
        if isinstance(ranks, Msg):
            return [Reply([ranks], private=True, error=True)]
        table = await self.service.live_tables.fresh(slot.channel_id) if slot.channel_id else None
        if table is not None and table.id != slot.table_id:
            table = None
        scores = {}
        if table is not None and table.state is not None:
            live = table.game.outcome(table.state)
            scores = {s.user_id: (live.scores[s.seat] if live else 0) for s in table.seats}
        await self.rounds.record_result(tournament, slot, [(p, ranks[p], scores.get(p, 0)) for p in slot.players], reported=True)
        if table is not None:
            await self._close_table(table)
        order = sorted(slot.players, key=lambda p: ranks[p])
        lines = [t("The organiser settles table {number} of round {round}:", number=slot.number, round=slot.round)]
        lines += [t("{rank}. {player}", rank=ranks[p], player=players[p].name if p in players else p) for p in order]
        if slot.channel_id and slot.channel_id != ctx.channel_id:
            await self.ports.deliver(slot.channel_id, [Reply(lines)])
        return [Reply(lines)]

    def _parse_result(self, text: str, slot: Slot, players: dict[int, Player]) -> dict[int, int] | Msg:
        example = " > ".join(players[p].name if p in players else str(p) for p in slot.players)
        text = MENTION.sub(lambda m: f"@@{m[1]}", text or "")       # mentions contain '>', the place separator
        places = [group for group in re.split(r"\s*[>,]\s*", text.strip()) if group]
        ranks: dict[int, int] = {}
        rank = 1
        for group in places:
            members = [m.strip() for m in group.split("=") if m.strip()]
            for member in members:
                found = self._player_of(member, slot, players)
                if found is None:
                    return t("'{name}' is not a player of table {number}. Write the players in finishing order, e.g. {example}.",
                             name=member[:40], number=slot.number, example=example)
                if found in ranks:
                    return t("{name} is named twice. Write each player once, e.g. {example}.", name=member[:40], example=example)
                ranks[found] = rank
            rank += len(members)
        if set(ranks) != set(slot.players):
            return t("Name every player of table {number} in finishing order, e.g. {example} (= for a tie).",
                     number=slot.number, example=example)
        return ranks

    @staticmethod
    def _player_of(text: str, slot: Slot, players: dict[int, Player]) -> int | None:
        text = text.strip()
        if text.startswith("@@") and (user := whole_number(text[2:])) is not None:
            return user if user in slot.players else None
        folded = text.lstrip("@").casefold()
        matches = [p for p in slot.players if p in players and players[p].name.casefold() == folded]
        return matches[0] if len(matches) == 1 else None

    async def _close_table(self, table: LiveTable) -> None:
        """Close a table the organiser settled, like /abort (its hooks run; it has a result now)."""
        service = self.service
        async with service.live_tables.lock(table.channel_id):
            if service.live_tables.by_id(table.id) is not table:
                return
            await service.close_table(table)
