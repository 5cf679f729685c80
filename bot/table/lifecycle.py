"""A table's life before and after its game: open, join, leave, options, computer seats, start,
close. Each step is stored first; only when the store took it does the table in memory change.
The caller holds the channel's lock (LiveTables.lock) around every call.
"""
from __future__ import annotations

import logging
import random
from typing import Awaitable, Callable, Iterable, Sequence

from bot.i18n import normalise_locale, t
from bot.store import SeatRecord, Store, StoreError
from bot.table.context import Ctx
from bot.table.hooks import TableHooks
from bot.table.levels import best_level, level_name, level_named, level_names, table_levels
from bot.table.live import LiveTable
from bot.table.live_tables import LiveTables
from bot.table.offered import OfferedGames
from bot.table.outcomes import Closed, LobbyChanged, Moved, Ended, Refused, not_saved, refused
from bot.table.play import Play
from bot.table.tableoptions import TABLE_OPTIONS, is_table_option, server_token, shown_value, specs_of
from bot.table.typed import clean_text
from games.core import Event, Msg, OptionError, default_options, set_option, validate_options
from games.core.contract import Game
from games.core.options import split_token

log = logging.getLogger(__name__)


def option_words(text: str) -> tuple[str, str | None]:
    """``first 2`` or ``first=2`` -> (``first``, ``2``); ``fluss`` -> (``fluss``, None)."""
    if "=" in text:
        name, value = split_token(text)
        return name, value or None
    name, _, value = text.partition(" ")
    return name, value.strip() or None


class Lifecycle:
    """Opening, seating, options, the start and closing of the tables of this process."""

    def __init__(self, store: Store, tables: LiveTables, games: OfferedGames, play: Play, hooks: list[TableHooks], *,
                 default_options: dict[str, tuple[str, ...]], default_language: str, computer_level: str,
                 seed_source: Callable[[], int]) -> None:
        self.store = store
        self.tables = tables
        self.games = games
        self.play = play
        self.hooks = hooks
        self.default_options = default_options      # config's games.default_options
        self.default_language = default_language
        self.computer_level = computer_level
        self.seed = seed_source

    async def _save_seats(self, table: LiveTable, seats: list[SeatRecord], host_id: int | None = None) -> Refused | None:
        """Store the new seating first; only when that worked does the table in memory change."""
        try:
            await self.store.put_seats(table.id, seats, host_id)
        except StoreError as error:
            return not_saved(error)
        table.seats = seats
        if host_id is not None:
            table.host_id = host_id
        return None

    # -- opening and seating ---------------------------------------------------------------------
    async def open(self, channel_id: int, guild_id: int | None, game: Game, seats: Sequence[tuple[int, str]],
                   options: Iterable[str] | None = None, language: str | None = None) -> LobbyChanged | Refused:
        """Open a table for ``game`` with ``seats`` (user id, name) seated in order, the first its
        host; ``options``: the game's option tokens (None: config's defaults for the game);
        ``language``: the place's language, the table's until /option lang."""
        if options is None:
            try:
                chosen = validate_options(game.options, self.default_options.get(game.name, ()))
            except OptionError:
                chosen = default_options(game.options)
        else:
            try:
                chosen = validate_options(game.options, list(options), players=len(seats))
            except OptionError as error:
                return Refused(Msg(error.text, error.params))
        records = [SeatRecord(n, user_id, name[:64]) for n, (user_id, name) in enumerate(seats)]
        mine = frozenset({server_token(normalise_locale(language, self.default_language))} if language else ())
        host, seed = records[0], self.seed()
        try:
            table_id = await self.store.create_table(channel_id, guild_id, game.name, host.user_id or 0,
                                                     sorted(chosen | mine), seed, records)
        except StoreError as error:
            return not_saved(error)
        table = LiveTable(table_id, channel_id, guild_id, game, host.user_id or 0, "lobby", chosen, seed,
                          records, table_options=mine, default_language=self.default_language)
        self.tables.keep(table)
        return LobbyChanged(table, t("{player} opens a table for {game}.", player=host.name, game=Msg(game.title)))

    async def join(self, ctx: Ctx, game_name: str | None,
                   place_language: Callable[[], Awaitable[str | None]]) -> LobbyChanged | Refused:
        """Open a table for ``game_name`` in the channel (the asker seated), or sit at the open one.
        ``place_language``: the language of the place asked from, for a table opened now."""
        table = await self.tables.current(ctx.channel_id)
        name = clean_text(game_name).lower()
        if table is None:
            if not name:
                return self.games.no_table()
            game = self.games.named(name)
            if game is None:
                return self.games.unknown(name)
            return await self.open(ctx.channel_id, ctx.guild_id, game, [(ctx.user_id, ctx.name)],
                                   language=await place_language())
        if name and name != table.game.name:
            return refused("This channel already has a {game} table. Join it with /join, or open your {wanted} table in another channel.",
                           game=Msg(table.game.title), wanted=name[:40])
        if table.status != "lobby":
            return refused("A game of {game} is already running here; /status shows it. Wait for the next table.",
                           game=Msg(table.game.title))
        if table.seat_of(ctx.user_id) is not None:
            return refused("You are already seated at this table. Start with /start when everyone is here.")
        if len(table.seats) >= table.game.max_players:
            return refused("The table is full ({count} of {most} seats).", count=len(table.seats), most=table.game.max_players)
        if failed := await self._save_seats(table, table.seats + [SeatRecord(len(table.seats), ctx.user_id, ctx.name[:64])]):
            return failed
        return LobbyChanged(table, t("{player} joins the table.", player=ctx.name[:64]))

    async def leave(self, ctx: Ctx) -> LobbyChanged | Closed | Refused:
        table = await self.tables.current(ctx.channel_id)
        if table is None:
            return self.games.no_table()
        if table.seat_of(ctx.user_id) is None:
            return refused("You are not seated at this table.")
        if table.status != "lobby":
            return refused("The game has started; you cannot leave now. Use /resign to give up your seat.")
        remaining = [SeatRecord(n, s.user_id, s.name, s.is_bot, s.level, s.resigned)
                     for n, s in enumerate(s for s in table.seats if s.user_id != ctx.user_id or s.is_bot)]
        humans = [s for s in remaining if not s.is_bot]
        host = table.host_id if table.host_id != ctx.user_id or not humans else (humans[0].user_id or table.host_id)
        if failed := await self._save_seats(table, remaining, host):
            return failed
        if not humans:
            await self.close(table)
            return Closed(table, t("{player} leaves; the table is closed.", player=ctx.name[:64]))
        return LobbyChanged(table, t("{player} leaves the table.", player=ctx.name[:64]))

    async def set_option(self, ctx: Ctx, table: LiveTable, name: str, value: str | None) -> LobbyChanged | Refused:
        """``/option NAME [VALUE]`` before the start: a switch toggled, a value set (a table's
        own option such as ``lang``, or the game's)."""
        if table.status != "lobby":
            return refused("Options can only be changed before /start.")
        if table.seat_of(ctx.user_id) is None:
            return refused("Only seated players can change options. Join with /join first.")
        mine = is_table_option(name)
        specs = TABLE_OPTIONS if mine else table.game.options
        try:
            changed = set_option(specs, table.table_options if mine else table.options, name, value)
        except OptionError as error:
            if not mine and error.text.startswith("There is no option"):
                valid = ", ".join(s.name for s in specs_of(table))
                error = OptionError(error.text, **{**error.params, "valid": valid})
            return Refused(Msg(error.text, error.params))
        options, table_options = (table.options, changed) if mine else (changed, table.table_options)
        try:
            await self.store.set_options(table.id, sorted(options | table_options))
        except StoreError as error:
            return not_saved(error)
        table.options, table.table_options = options, table_options
        spec = next(s for s in specs if s.name == name)
        if spec.valued:
            return LobbyChanged(table, t("{player} sets {option} to {value}.", player=ctx.name[:64], option=name,
                                         value=shown_value(table, spec)))
        state = t("on") if name in table.options else t("off")
        return LobbyChanged(table, t("{player} switches {option} {state}.", player=ctx.name[:64], option=name, state=state))

    async def add_computer(self, ctx: Ctx, level: str | None) -> LobbyChanged | Refused:
        table = await self.tables.current(ctx.channel_id)
        if table is None:
            return self.games.no_table()
        if table.status != "lobby":
            return refused("Computer players can only be added before /start.")
        if table.seat_of(ctx.user_id) is None:
            return refused("Only seated players can add a computer player. Join with /join first.")
        levels = table_levels(table.game)
        typed = clean_text(level)
        chosen = level_named(typed, levels) if typed else best_level(levels, self.computer_level)
        if chosen is None:
            return refused("There is no computer level '{level}'. Levels: {levels}.", level=typed[:20], levels=level_names(levels))
        level = chosen
        if len(table.seats) >= table.game.max_players:
            return refused("The table is full ({count} of {most} seats).", count=len(table.seats), most=table.game.max_players)
        number = sum(1 for s in table.seats if s.is_bot) + 1
        computer = SeatRecord(len(table.seats), None, table.computer_name(number, level), True, level)
        if failed := await self._save_seats(table, table.seats + [computer]):
            return failed
        return LobbyChanged(table, t("A computer player ({level}) takes a seat.", level=level_name(level)))

    # -- the start and the close -------------------------------------------------------------------
    async def start(self, table: LiveTable, user_id: int | None) -> Moved | Ended | Refused:
        """Begin the game with the seated players (``user_id``: who asks, None for an organiser)."""
        if table.status != "lobby":
            return refused("The game has already started; /status shows it.")
        if user_id is not None and table.seat_of(user_id) is None:
            return refused("Only seated players can start the game. Join with /join first.")
        game = table.game
        if not game.min_players <= len(table.seats) <= game.max_players:
            return refused("{game} needs {least} to {most} players; seated now: {count}. Invite more with /join or add a computer with /addbot.",
                           game=Msg(game.title), least=game.min_players, most=game.max_players, count=len(table.seats))
        try:
            validate_options(game.options, table.options, players=len(table.seats))
        except OptionError as error:
            return Refused(Msg(error.text, error.params))
        seats = list(table.seats)
        if game.random_seat_order:
            random.Random(f"{table.seed}:seats").shuffle(seats)
            seats = [SeatRecord(n, s.user_id, s.name, s.is_bot, s.level, s.resigned) for n, s in enumerate(seats)]
        state = game.setup(len(seats), table.options, table.seed)
        snapshot = table.snapshot_of(state)
        try:
            await self.store.start_table(table.id, seats, snapshot)
        except StoreError as error:
            return not_saved(error)
        table.begin(seats, state, snapshot)
        headline = t("{game} begins: {names}.", game=Msg(game.title), names=", ".join(table.names))
        return await self.play.commit(table, [Event(headline)], [], actor=None)

    async def close(self, table: LiveTable) -> None:
        """Close an open table without a result (everyone left, /abort, a tournament organiser
        settled it): stored as aborted, dropped from memory, the extensions told. A StoreError
        leaves everything as it was."""
        await self.store.finish_table(table.id, "aborted", [])
        self.tables.forget(table)
        for hook in self.hooks:
            await hook.closed(table, "aborted")
