"""Finding the tournament a command is about, who may run it, and its standings as stored."""
from __future__ import annotations

from bot.presenters.replies import Reply
from bot.presenters.replies import refusal as _error   # one refusal reply for every extension
from bot.store.records import Entry
from bot.store.tournaments import Player, Slot, Tournament, Tournaments as TournamentStore
from bot.table.context import Ctx
from bot.tournaments.standings import Line
from bot.tournaments.standings import standings as compute_standings


async def tournament_here(store: TournamentStore, ctx: Ctx, finished_too: bool = False) -> Tournament | None:
    """The channel's tournament, or the one whose table is played in this thread (``finished_too``:
    the channel's last one when none is open or running)."""
    found = await store.active_in(ctx.channel_id)
    if found is None:
        slot = await store.slot_in_channel(ctx.channel_id)
        if slot is not None:
            found = await store.get(slot.tournament_id)
    if found is None and finished_too:
        found = await store.latest_in(ctx.channel_id)
    return found


def none_here() -> list[Reply]:
    return _error("There is no tournament in this channel. Create one with /tournament create NAME GAME.")


def may_run(ctx: Ctx, tournament: Tournament) -> bool:
    return ctx.user_id == tournament.organiser_id or ctx.is_moderator


async def standings_table(store: TournamentStore, tournament: Tournament) -> tuple[list[Player], list[Line], list[Slot]]:
    """The players, their standings and the tables of every round so far."""
    players = await store.players(tournament.id)
    lines = ranked(tournament, players, await store.entries(tournament.id), await store.slots(tournament.id))
    return players, lines, await store.slots(tournament.id)


def ranked(tournament: Tournament, players: list[Player], entries: list[Entry], slots: list[Slot]) -> list[Line]:
    """The standings; a knockout ranks first by how far each player got."""
    rows = [(p.user_id, p.name, p.entry, p.dropped) for p in players]
    lines = compute_standings(rows, entries)
    if tournament.format == "elimination":
        reached = knockout_reached(slots, entries)
        lines.sort(key=lambda line: (-reached.get(line.user_id, 0), line.key()))
        for index, line in enumerate(lines):
            line.place = index + 1
    return lines


def knockout_reached(slots: list[Slot], entries: list[Entry]) -> dict[int, float]:
    """Knockout progress: the last round played, plus a half for getting through it."""
    advanced = {(e.round, e.user_id) for e in entries if e.bye}
    for slot in slots:
        if slot.status == "finished":
            winner = knockout_winner(slot, entries)
            if winner is not None:
                advanced.add((slot.round, winner))
    reached: dict[int, float] = {}
    for e in entries:
        value = e.round + (0.5 if (e.round, e.user_id) in advanced else 0.0)
        reached[e.user_id] = max(reached.get(e.user_id, 0.0), value)
    return reached


def knockout_winner(slot: Slot, entries: list[Entry]) -> int | None:
    """Who goes through from a knockout table: best rank, then score, then seat order."""
    mine = [e for e in entries if e.round == slot.round and e.user_id in slot.players and not e.bye]
    if not mine:
        return None
    best = min(mine, key=lambda e: (e.rank, -e.score, slot.players.index(e.user_id)))
    return best.user_id
