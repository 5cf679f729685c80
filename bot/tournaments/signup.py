"""Signing up for a tournament: create, join, leave (or withdraw), cancel, and the start that pairs
round 1. One sign-up change at a time per channel."""
from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING, AsyncContextManager

from bot.i18n import counts, t
from bot.keyedlocks import KeyedLocks
from bot.plugins.ports import Ports
from bot.presenters.replies import Reply
from bot.presenters.replies import refusal as _error   # one refusal reply for every extension
from bot.store import Store, StoreError
from bot.store.tournaments import Tournaments as TournamentStore
from bot.table.context import Ctx
from bot.tournaments.formats import FORMAT_WORDS, MAX_PLAYERS, MAX_ROUNDS, planned_rounds, summary
from bot.tournaments.lookup import may_run, none_here, tournament_here
from bot.tournaments.rounds import Rounds
from bot.turns.durations import parse_span
from games import registry
from games.core import OptionError, validate_options
from games.core.options import option_tokens
from games.core.messages import Msg

if TYPE_CHECKING:
    from bot.service.tables import TableService

log = logging.getLogger(__name__)


class SignUp:
    def __init__(self, service: "TableService", store: TournamentStore, records: Store, ports: Ports,
                 rounds: Rounds) -> None:
        self.service = service
        self.store = store
        self.records = records
        self.ports = ports
        self.rounds = rounds
        self._signup: KeyedLocks[int] = KeyedLocks()

    def _signing_up(self, channel_id: int) -> AsyncContextManager[None]:
        """One sign-up change at a time per channel (create, join, leave, start, cancel): commands that
        arrive together are answered one after the other, each on what the one before did."""
        return self._signup(channel_id)

    async def create(self, ctx: Ctx, name: str, game_name: str, format: str | None = None, size: int | None = None,
                     rounds: int | None = None, timer: str | None = None, options: str | None = None) -> list[Reply]:
        async with self._signing_up(ctx.channel_id):
            return await self._create(ctx, name, game_name, format, size, rounds, timer, options)

    async def _create(self, ctx: Ctx, name: str, game_name: str, format: str | None, size: int | None,
                      rounds: int | None, timer: str | None, options: str | None) -> list[Reply]:
        name = " ".join((name or "").split())[:60]
        if not name:
            return _error("Give the tournament a name: /tournament create NAME GAME.")
        if await self.store.active_in(ctx.channel_id) is not None:
            return _error("This channel already has a tournament; /tournament info shows it.")
        if self.ports.open_thread is None:
            return _error("Tournaments need threads, and this place cannot open them.")
        game = self.service.game(game_name or "")
        if game is None:
            return self.service.unknown_game(game_name or "")
        kind = FORMAT_WORDS.get((format or "swiss").strip().lower())
        if kind is None:
            return _error("The format is swiss, roundrobin or elimination.")
        smallest = max(2, game.min_players)
        size = size or smallest
        if not smallest <= size <= game.max_players:
            return _error("{game} tables seat {least} to {most} players; choose a table size in that range.",
                          game=Msg(game.title), least=smallest, most=game.max_players)
        if kind == "roundrobin" and size != 2:
            return _error("A round robin pairs two players at a time: use table size 2, or swiss for larger tables.")
        if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
            return _error("Rounds: from 1 to {most}.", most=MAX_ROUNDS)
        if rounds is not None and kind != "swiss":
            return _error("Only Swiss tournaments take a number of rounds; the other formats work it out.")
        seconds = None
        if timer and timer.strip().lower() not in ("off", "none", "0"):
            seconds = parse_span(timer)
            if seconds is None or not 60 <= seconds <= 30 * 86400:
                return _error("Write the turn time limit like 24h, 90m, 3d or 1d12h (from 1m to 30d).")
        wanted = option_tokens(options or "")
        try:
            chosen = validate_options(game.options, wanted)
        except OptionError as error:
            return [Reply([Msg(error.text, error.params)], private=True, error=True)]
        seed = random.SystemRandom().randrange(2**31)
        try:
            tournament_id = await self.store.create(ctx.guild_id, ctx.channel_id, name, game.name, sorted(chosen), kind,
                                                    size, rounds or 0, seconds, ctx.user_id, seed, ctx.name[:64])
        except StoreError as error:
            if await self.store.active_in(ctx.channel_id) is not None:       # another process created one first
                return _error("This channel already has a tournament; /tournament info shows it.")
            return self._not_saved(error)
        tournament = await self.store.get(tournament_id)
        assert tournament is not None
        return [Reply([t("{player} creates the tournament {tournament}.", player=ctx.name[:64], tournament=name)]
                      + summary(tournament, 1)
                      + [t("Join with /tournament join; the organiser starts it with /tournament start.")])]

    def _not_saved(self, error: StoreError) -> list[Reply]:
        log.error("tournament sign-up not saved, nothing changed: %s", error)
        return _error("That could not be saved, so nothing changed. Please try again in a moment.")

    async def join(self, ctx: Ctx) -> list[Reply]:
        async with self._signing_up(ctx.channel_id):
            return await self._join(ctx)

    async def _join(self, ctx: Ctx) -> list[Reply]:
        tournament = await tournament_here(self.store, ctx)
        if tournament is None:
            return none_here()
        if tournament.status != "open":
            return _error("The tournament {tournament} has started; sign-up is closed.", tournament=tournament.name)
        players = await self.store.players(tournament.id)
        if any(p.user_id == ctx.user_id for p in players):
            return _error("You are already signed up for {tournament}.", tournament=tournament.name)
        if len(players) >= MAX_PLAYERS:
            return _error("The tournament is full ({players}).", players=counts.players(len(players)))
        try:
            await self.store.add_player(tournament.id, ctx.user_id, ctx.name[:64])
        except StoreError as error:
            if any(p.user_id == ctx.user_id for p in await self.store.players(tournament.id)):     # signed up meanwhile
                return _error("You are already signed up for {tournament}.", tournament=tournament.name)
            return self._not_saved(error)
        return [Reply([t("{player} joins the tournament {tournament} ({players}).", player=ctx.name[:64],
                         tournament=tournament.name, players=counts.players(len(players) + 1))])]

    async def leave(self, ctx: Ctx) -> list[Reply]:
        async with self._signing_up(ctx.channel_id):
            return await self._leave(ctx)

    async def _leave(self, ctx: Ctx) -> list[Reply]:
        tournament = await tournament_here(self.store, ctx)
        if tournament is None:
            return none_here()
        players = await self.store.players(tournament.id)
        if not any(p.user_id == ctx.user_id for p in players):
            return _error("You are not signed up for {tournament}.", tournament=tournament.name)
        if tournament.status == "open":
            await self.store.remove_player(tournament.id, ctx.user_id)
            return [Reply([t("{player} leaves the tournament {tournament}.", player=ctx.name[:64], tournament=tournament.name)])]
        if tournament.status != "running":
            return _error("The tournament {tournament} is over.", tournament=tournament.name)
        await self.store.drop_player(tournament.id, ctx.user_id)
        return [Reply([t("{player} withdraws from {tournament}: no more pairings for them; results so far stay. "
                         "A table they are still playing goes on.", player=ctx.name[:64], tournament=tournament.name)])]

    async def cancel(self, ctx: Ctx) -> list[Reply]:
        async with self._signing_up(ctx.channel_id):
            return await self._cancel(ctx)

    async def _cancel(self, ctx: Ctx) -> list[Reply]:
        tournament = await tournament_here(self.store, ctx)
        if tournament is None or tournament.status not in ("open", "running"):
            return none_here()
        if not may_run(ctx, tournament):
            return _error("Only the organiser or a moderator can do that.")
        await self.records.write([TournamentStore.set_sql(tournament.id, status="cancelled")])
        return [Reply([t("The tournament {tournament} is cancelled. Tables already playing go on as ordinary games.",
                         tournament=tournament.name)])]

    async def start(self, ctx: Ctx) -> list[Reply]:
        async with self._signing_up(ctx.channel_id):        # no one signs up while round 1 is paired
            return await self._start(ctx)

    async def _start(self, ctx: Ctx) -> list[Reply]:
        tournament = await tournament_here(self.store, ctx)
        if tournament is None:
            return none_here()
        if not may_run(ctx, tournament):
            return _error("Only the organiser or a moderator can do that.")
        if tournament.status != "open":
            return _error("The tournament {tournament} has already started.", tournament=tournament.name)
        game = registry.get(tournament.game)
        if game is None:
            return _error("The game {game} is not installed any more.", game=tournament.game)
        players = [p for p in await self.store.players(tournament.id) if not p.dropped]
        smallest = max(2, game.min_players)
        if len(players) < smallest:
            return _error("{count} players signed up; the tournament needs at least {least}.", count=len(players),
                          least=smallest)
        rounds = planned_rounds(tournament.format, len(players), tournament.table_size, smallest, tournament.rounds)
        async with self.rounds.lock:
            await self.records.write([TournamentStore.set_sql(tournament.id, status="running", rounds=rounds)])
            tournament = await self.store.get(tournament.id)
            assert tournament is not None
            await self.rounds.open_round(tournament, 1)
        return [Reply([t("The tournament {tournament} begins: {players}, {rounds}. Round 1 is on; "
                         "each table has its own thread.", tournament=tournament.name, players=counts.players(len(players)),
                         rounds=counts.rounds(rounds))],
                      private=True)]

