"""Community tournaments: sign-up, rounds played as ordinary tables in threads, results recorded
when a table finishes, pairings for the next round, standings, organiser reports, CSV export.

Everything lives in the store, so a restart in the middle of a round loses nothing: a round is
advanced by a scheduler job (armed when the last table of a round gets its result), and opening
a round's tables is resumable — each table's thread and table id are written down as soon as
they exist, so a second attempt continues where the first stopped.

``Tournaments`` is the extension the bot plugs into the table service: the commands, the table
hooks, and the recovery after a restart. Its parts: ``signup`` (create, join, leave, cancel,
start), ``rounds`` (pairing, the round job, results), ``launch`` (opening one table),
``reports`` (the organiser settles a table), ``pictures`` (the standings reply) and ``lookup``
(the tournament a command is about, and its standings).
"""
from __future__ import annotations

import shlex
from typing import TYPE_CHECKING

from bot.i18n import UserRef, t
from bot.plugins.ports import Ports
from bot.presenters.numbers import whole_number
from bot.presenters.replies import Reply
from bot.presenters.replies import refusal as _error   # one refusal reply for every extension
from bot.scheduler import Scheduler
from bot.store import Store
from bot.store.base import Statement
from bot.store.tournaments import Player, Slot, Tournament, Tournaments as TournamentStore
from bot.table.context import Ctx
from bot.table.hooks import Permission, TableHooks
from bot.table.live import LiveTable
from bot.table.outcomes import refused
from bot.tournaments import export
from bot.tournaments.formats import summary
from bot.tournaments.launch import TableLaunch
from bot.tournaments.lookup import may_run, none_here, standings_table, tournament_here
from bot.tournaments.pictures import StandingsPictures
from bot.tournaments.reports import OrganiserReports
from bot.tournaments.rounds import Rounds
from bot.tournaments.signup import SignUp
from bot.tournaments.standings import Line

if TYPE_CHECKING:
    from bot.scheduler import Clock
    from bot.service.tables import TableService
    from bot.turns.timers import TurnTimers


class Tournaments(TableHooks):
    def __init__(self, service: "TableService", store: TournamentStore, records: Store, scheduler: Scheduler,
                 ports: Ports, clock: "Clock", timers: "TurnTimers") -> None:
        """``store``: the tournaments' repository; ``records``: the store's tables (a round's
        games and their results) and the write of the repository's statements."""
        self.service = service
        self.records = records
        self.timers = timers            # a table's turn timer is the tournament's
        self.scheduler = scheduler
        self.ports = ports
        self.clock = clock
        self.store = store
        self.pictures = StandingsPictures()
        self.rounds = Rounds(service, store, records, scheduler, ports, clock, TableLaunch(service, store, ports, timers),
                             self.pictures)
        self.signup = SignUp(service, store, records, ports, self.rounds)
        self.reports = OrganiserReports(service, store, ports, self.rounds)

    async def _table(self, tournament: Tournament) -> tuple[list[Player], list[Line], list[Slot]]:
        return await standings_table(self.store, tournament)

    # -- commands ---------------------------------------------------------------------------------
    async def create(self, ctx: Ctx, name: str, game_name: str, format: str | None = None, size: int | None = None,
                     rounds: int | None = None, timer: str | None = None, options: str | None = None) -> list[Reply]:
        return await self.signup.create(ctx, name, game_name, format, size, rounds, timer, options)

    async def join(self, ctx: Ctx) -> list[Reply]:
        return await self.signup.join(ctx)

    async def leave(self, ctx: Ctx) -> list[Reply]:
        return await self.signup.leave(ctx)

    async def cancel(self, ctx: Ctx) -> list[Reply]:
        return await self.signup.cancel(ctx)

    async def start(self, ctx: Ctx) -> list[Reply]:
        return await self.signup.start(ctx)

    async def report(self, ctx: Ctx, table_number: int | None, result: str) -> list[Reply]:
        """The organiser settles a table: players in finishing order, ``>`` or ``,`` between
        places, ``=`` between tied players (``alice > bob = carol``)."""
        return await self.reports.report(ctx, table_number, result)

    async def recover(self) -> None:
        """After a restart: record results of tables that ended while the bot was down, and arm
        the round job of every running tournament so an interrupted round change completes."""
        await self.rounds.recover()

    # -- table hooks --------------------------------------------------------------------------------
    async def _slot_playing(self, table_id: int, status: str) -> tuple[Tournament, Slot] | None:
        """The running tournament and its slot of a table that is still being played there."""
        slot = await self.store.slot_of_table(table_id)
        if slot is None or slot.status != status:
            return None
        tournament = await self.store.get(slot.tournament_id)
        if tournament is None or tournament.status != "running":
            return None
        return tournament, slot

    async def ending(self, table: LiveTable, outcome, status: str, pending: list) -> list[Statement]:
        """The table's tournament result, committed with the game's end."""
        found = await self._slot_playing(table.id, "playing")
        if found is None:
            return []
        results = [(s.user_id, outcome.ranks[s.seat], outcome.scores[s.seat]) for s in table.seats]
        return self.rounds.result_statements(*found, results)

    async def finished(self, table: LiveTable, outcome, status: str, replies: list[Reply]) -> None:
        found = await self._slot_playing(table.id, "finished")
        if found is None:
            return
        tournament, slot = found
        await self.rounds.arm_if_complete(tournament, slot.round)
        if replies:
            replies[0].lines.append(t("Result recorded for the tournament {tournament}, round {round}.",
                                      tournament=tournament.name, round=slot.round))

    async def may_abort(self, ctx: Ctx, table: LiveTable) -> Permission | None:
        """A running tournament's table is closed by its organiser or a moderator, not by the
        player who happens to be its host: a player who wants out resigns."""
        slot = await self.store.slot_of_table(table.id)
        if slot is None or slot.status != "playing":
            return None
        tournament = await self.store.get(slot.tournament_id)
        if tournament is None or tournament.status != "running":
            return None                     # a cancelled tournament's tables are ordinary games
        if may_run(ctx, tournament):
            return Permission(True)
        players = {p.user_id: p.name for p in await self.store.players(tournament.id)}
        organiser = UserRef(tournament.organiser_id, players.get(tournament.organiser_id, ""))
        return Permission(False, refused(
            "This table is part of the tournament {tournament}: only its organiser ({organiser}) or a moderator can "
            "abort it. To give up your game, use /resign.", tournament=tournament.name, organiser=organiser))

    async def closed(self, table: LiveTable, status: str) -> None:
        slot = await self.store.slot_of_table(table.id)
        if slot is None or slot.status != "playing":
            return
        tournament = await self.store.get(slot.tournament_id)
        await self.store.update_slot(slot, status="stalled")
        if tournament is not None:
            await self.ports.deliver(tournament.channel_id, [Reply([t(
                "Table {number} of round {round} was closed without a result; the organiser settles it with "
                "/tournament report {number} followed by the players in finishing order.",
                number=slot.number, round=slot.round)])])

    # -- standings, export and information ---------------------------------------------------------
    async def standings(self, ctx: Ctx, scale: float = 1.0) -> list[Reply]:
        tournament = await tournament_here(self.store, ctx, finished_too=True)
        if tournament is None:
            return none_here()
        _, lines, _ = await self._table(tournament)
        return [await self.pictures.reply(tournament, lines, ctx, None, scale)]

    async def export(self, ctx: Ctx) -> list[Reply]:
        tournament = await tournament_here(self.store, ctx, finished_too=True)
        if tournament is None:
            return none_here()
        _, lines, _ = await self._table(tournament)
        data = export.standings_csv(lines, tournament.round)
        return [Reply([t("Standings of {tournament} as CSV (opens in any spreadsheet).", tournament=tournament.name)],
                      image=data, image_name=export.file_name(tournament.name))]

    async def info(self, ctx: Ctx) -> list[Reply]:
        tournament = await tournament_here(self.store, ctx, finished_too=True)
        if tournament is None:
            return [Reply([t("There is no tournament in this channel. Create one with /tournament create NAME GAME."),
                           t("Tournament commands: /tournament create, join, leave, start, standings, report, export, cancel.")],
                          private=True)]
        players = await self.store.players(tournament.id)
        status = {"open": t("Sign-up is open."), "running": t("Round {round} of {rounds} is being played.",
                                                                round=tournament.round, rounds=tournament.rounds),
                  "finished": t("It is over."), "cancelled": t("It was cancelled.")}[tournament.status]
        names = ", ".join(p.name for p in players) or "-"
        return [Reply([t("Tournament {tournament}:", tournament=tournament.name)] + summary(tournament, len(players))
                      + [status, t("Players: {names}", names=names)], private=True)]

    # -- the text form, for the console -------------------------------------------------------------
    async def command(self, ctx: Ctx, text: str) -> list[Reply]:
        """``/tournament SUB ...`` as one line (console): create NAME GAME [format] [size=N]
        [rounds=N] [timer=24h] [options=a,b]; join; leave; start; standings; report N RESULT;
        export; cancel."""
        try:
            words = shlex.split(text or "")
        except ValueError:
            words = (text or "").split()
        sub, args = (words[0].lower(), words[1:]) if words else ("", [])
        if sub == "create":
            keys = {k: v for k, _, v in (a.partition("=") for a in args if "=" in a)}
            plain = [a for a in args if "=" not in a]
            if len(plain) < 2:
                return _error("Give the tournament a name: /tournament create NAME GAME.")
            size, rounds = whole_number(keys.get("size")), whole_number(keys.get("rounds"))
            if (keys.get("size") and size is None) or (keys.get("rounds") and rounds is None):
                return _error("Table size and rounds are whole numbers, e.g. size=4 rounds=3.")
            return await self.create(ctx, plain[0], plain[1], plain[2] if len(plain) > 2 else keys.get("format"),
                                     size, rounds, keys.get("timer"), keys.get("options"))
        if sub == "report":
            if args and (number := whole_number(args[0])) is not None:
                return await self.report(ctx, number, " ".join(args[1:]))
            return await self.report(ctx, None, " ".join(args))
        simple = {"join": self.join, "leave": self.leave, "start": self.start, "standings": self.standings,
                  "export": self.export, "cancel": self.cancel}
        if sub in simple:
            return await simple[sub](ctx)
        return await self.info(ctx)
