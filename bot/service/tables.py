"""The table service: join, options, start, act, board, status, hand, log, resign, abort and
computer seats. Free of Discord types: it takes plain ids and text (a Ctx) and returns Replies.

Every command for a channel runs under that channel's asyncio lock. An accepted action is
applied in memory, committed to the store (log row + snapshot in one transaction) and only then
answered; if the commit fails the in-memory state is rolled back, so nothing half-applies.
"""
from __future__ import annotations

import asyncio
import json
import logging
import random
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, AsyncContextManager, Awaitable, Callable, Iterable, Sequence

from bot.config import Settings
from bot.i18n import I18n, UserRef, normalise_locale, t
from bot.i18n import counts
from bot.service import confirm, customids, movelog, optionlines, panels
from bot.service.announcements import Announcements
from bot.service.hooks import TableHooks
from bot.service.languages import SERVER_LANGUAGES, USER_LANGUAGES, KnownLanguages
from bot.service.drawing import PUBLIC_PALETTE, Drawing
from bot.service.live import LiveTable
from bot.service.results import last_result
from bot.service.replies import Button, Ctx, Reply
from bot.service.replies import refusal as _error   # one refusal reply for every extension
from bot.service.suggest import closest
from bot.service.copies import TableCopies, replay_action
from bot.service.tableoptions import TABLE_OPTIONS, is_table_option, server_token, split_options
from bot.store import ActionRecord, SeatRecord, Store, StaleTableError, StoreError, TableRecord
from games import registry
from games.core import (Event, IllegalAction, Msg, OptionError, Outcome, SeatRef, default_options, set_option,
                        validate_options)
from games.core.options import split_token
from games.core.contract import Game
from games.core.outcome import ranks_from_scores
from renderers import registry as render_registry
from renderers import drawing_worker

log = logging.getLogger(__name__)
#: the bot's own words drawn into pictures (a resigned seat's name)
_BOT_WORDS = I18n()

MAX_TEXT = 200           # longest action text we even try to parse
#: the game verbs that exist as slash commands; other verbs of a game go through /play.
SLASH_VERBS = ("play", "place", "bid", "use", "pass")
LOG_CHARS = 1800         # /log reply budget (Discord allows 2000)

HELP_LINES = (
    t("/join GAME — open a table here (or /join to sit at the open one)"),
    t("/leave — leave before the start"),
    t("/option NAME [VALUE] — set an option before the start (e.g. /option lang ja); /option lists them"),
    t("/addbot [LEVEL] — seat a computer player"),
    t("/start — begin with the seated players"),
    t("/place, /bid, /use, /pass, /play ACTION — your move in the game's notation (autocomplete helps)"),
    t("/board [X,Y | NAME] — post the board (zoom on a position, or a player's part)"),
    t("/status — whose turn, scores, what is left"),
    t("/hand — your private view"),
    t("/log — the action log"),
    t("/resign — give up your seat (asks to confirm; the computer plays it)"),
    t("/abort — close the table (host or moderator; asks to confirm)"),
)


def latest_lines(lines: list[str], budget: int = LOG_CHARS) -> list[str]:
    """The last lines that fit in ``budget`` characters (one Discord message), oldest first."""
    shown, used = [], 0
    for line in reversed(lines):
        if used + len(line) + 1 > budget:
            break
        shown.append(line)
        used += len(line) + 1
    return shown[::-1]


def _option_words(text: str) -> tuple[str, str | None]:
    """``first 2`` or ``first=2`` -> (``first``, ``2``); ``fluss`` -> (``fluss``, None)."""
    if "=" in text:
        name, value = split_token(text)
        return name, value or None
    name, _, value = text.partition(" ")
    return name, value.strip() or None


def _stale() -> list[Reply]:
    """The answer to a click on a component of an earlier turn (or one that resolves to nothing)."""
    return _error("That choice is no longer open (the game has moved on). Press “Your move” for the current choices.")


def _restart_note() -> Event:
    """The headline of a turn or an end announced only after a restart."""
    return Event(t("The bot restarted after saving the last move and before announcing it; here is where the game stands."))


def resignation_ends_game(table: LiveTable, seat: int | None) -> bool:
    """Whether ``seat`` resigning ends the game: at most one seat, or no person, would be left."""
    left = [s for s in table.seats if not s.resigned and s.seat != seat]
    return len(left) <= 1 or not any(not s.is_bot for s in left)


def _clean(text: str | None) -> str:
    """Strip control characters and collapse white space; refuse nothing here."""
    if not text:
        return ""
    cleaned = "".join(ch if ch.isprintable() else " " for ch in str(text))
    return " ".join(cleaned.split())


def _picture_names(table: LiveTable, locale: str) -> list[str]:
    """The players' names as the table's pictures show them in ``locale`` (and as their regions
    name them): a seat the computer plays since its player resigned says so."""
    return [_BOT_WORDS.render(t("{player} (computer)", player=s.name), locale) if s.resigned else s.name
            for s in table.seats]


class TableService:
    def __init__(self, store: Store, settings: Settings, *,
                 seed_source: Callable[[], int] | None = None, render: bool = True) -> None:
        self.store = store
        self.settings = settings
        self.shards = settings.shards               # the guilds whose tables this process keeps
        self.shared = self.shards.multi_process     # other shard processes write the same store
        self.render_enabled = render
        self._seed = seed_source or (lambda: secrets.randbits(31))
        # per table, per seat: the legal actions as text at one state version (see _legal_texts)
        self._legal_cache: dict[int, dict[int, tuple[tuple[int, int], list[str]]]] = {}
        self._pool = ThreadPoolExecutor(max_workers=settings.render_threads, thread_name_prefix="render")
        self.drawing = Drawing(settings, self._pool)     # pictures: worker threads or processes, and a cache
        self._extra = [registry.load(spec).name for spec in settings.extra_games]
        self.hooks: list[TableHooks] = []      # extensions: timers, ratings, tournaments (hooks.py)
        #: the tables in memory and how they stay current with the store (copies.py)
        self.copies = TableCopies(store, self.shards, self.hooks,
                                  forgotten=lambda table_id: self._legal_cache.pop(table_id, None),
                                  default_language=settings.default_locale)
        self.confirmations = confirm.Confirmations()     # /resign and /abort ask first (confirm.py)
        #: held while a game's end is written (TableHooks.ending): one end at a time, so that what
        #: an extension reads to compute its part (ratings) does not change before it is written
        self.ending_lock = asyncio.Lock()
        self.announcements = Announcements(store)
        #: each server's language as its latest interaction said, for tables opened without one
        #: (a tournament's), and each user's, for what reaches them without one (turn DMs): the
        #: most recent in memory, all of them in the store (languages.py)
        self.server_languages = KnownLanguages(store, "server", SERVER_LANGUAGES)
        self.user_languages = KnownLanguages(store, "user", USER_LANGUAGES)

    # -- games ------------------------------------------------------------------------------
    def games(self) -> list[Game]:
        """Games offered by /join: enabled in config (plus plugins) and present in the registry."""
        wanted = list(self.settings.enabled_games) + self._extra
        found = [registry.get(name) for name in dict.fromkeys(wanted)]
        return [g for g in found if g is not None]

    def game(self, name: str) -> Game | None:
        name = _clean(name).lower()
        return next((g for g in self.games() if g.name == name), None)

    def warm_up(self) -> "asyncio.Future[Any]":
        """Set up each offered game once, in a worker thread, while the bot connects: a game's
        first setup loads its data tables (Keyflower: 0.08 s, several times that on a busy
        machine), which would otherwise hold up the event loop, and every interaction with it,
        when its first table starts."""
        loop = asyncio.get_running_loop()
        games = loop.run_in_executor(self._pool, self._warm_games)
        pictures = self.drawing.warm_up() if self.render_enabled else games
        return asyncio.ensure_future(asyncio.gather(games, pictures))

    def _warm_games(self) -> None:
        for game in self.games():
            try:
                game.view(game.setup(game.min_players, default_options(game.options), 0), None)
            except Exception:
                log.exception("%s: setting up a first game failed (a table of it will fail the same way)", game.name)

    def _not_saved(self, error: StoreError, table: LiveTable | None = None) -> list[Reply]:
        """The user is told nothing changed; the operator's log line says why and what to do."""
        log.error("%snot saved, nothing changed: %s", f"table {table.id}: " if table else "", error)
        return _error("That could not be saved, so nothing changed. Please try again in a moment.")

    async def _save_seats(self, table: LiveTable, seats: list[SeatRecord], host_id: int | None = None) -> list[Reply] | None:
        """Store the new seating first; only when that worked does the table in memory change."""
        try:
            await self.store.put_seats(table.id, seats, host_id)
        except StoreError as error:
            return self._not_saved(error)
        table.seats = seats
        if host_id is not None:
            table.host_id = host_id
        return None

    def _no_table(self) -> list[Reply]:
        return _error("No table is open here. Open one with /join <game>. Games: {games}.", games=self._game_list())

    def unknown_game(self, name: str) -> list[Reply]:
        """The answer to a game name we do not offer: the closest one when it looks like a typo."""
        name = _clean(name).lower()[:40]
        guess = closest(name, {g.name: (g.name, g.title) for g in self.games()})
        if guess:
            return _error("There is no game '{name}'. Did you mean {guess}? Games: {games}.", name=name, guess=guess,
                          games=self._game_list())
        return _error("There is no game '{name}'. Games: {games}.", name=name, games=self._game_list())

    def _game_list(self) -> str:
        return ", ".join(g.name for g in self.games()) or "-"

    def table_in(self, channel_id: int) -> LiveTable | None:
        return self.copies.in_channel(channel_id)

    def note_server_language(self, guild_id: int | None, locale: str | None) -> None:
        """Remember a server's preferred language (Discord sends it with every interaction); kept
        in the store when it changed, in the background."""
        if guild_id and locale:
            self.server_languages.note(guild_id, normalise_locale(locale, self.settings.default_locale))

    async def server_language(self, guild_id: int) -> str | None:
        """The server's language as its latest interaction said (None: not known)."""
        return await self.server_languages.get(guild_id)

    def note_user_language(self, user_id: int, locale: str | None) -> None:
        """Remember a user's own language (Discord's locale name, sent with every interaction);
        kept in the store when it changed, in the background."""
        if locale:
            self.user_languages.note(user_id, locale)

    async def user_language(self, user_id: int) -> str | None:
        """The user's language as their latest interaction said (None: not known)."""
        return await self.user_languages.get(user_id)

    def public_language(self, channel_id: int, ctx: Ctx | None = None, server_locale: str | None = None) -> str:
        """The language of a public message in a channel: its table's (LiveTable.public_language);
        without a table, the server's (or, in a direct message, the user's) as ``ctx`` or
        ``server_locale`` says; else the bot's default."""
        table = self.table_in(channel_id)
        if table is not None:
            return table.public_language
        return normalise_locale(ctx.place_locale() if ctx else server_locale, self.settings.default_locale)

    def table_by_id(self, table_id: int) -> LiveTable | None:
        return self.copies.by_id(table_id)

    def lock(self, channel_id: int) -> AsyncContextManager[None]:
        """The channel's lock: every command at one table runs under it."""
        return self.copies.lock(channel_id)

    # -- the tables in memory (bot/service/copies.py) ----------------------------------------
    def live_table(self, record: TableRecord, tail: Sequence[ActionRecord] = ()) -> LiveTable | None:
        """A LiveTable from a stored record (and the log rows after its snapshot, normally none)."""
        return self.copies.live_table(record, tail)

    def owns(self, table: LiveTable) -> bool:
        """Whether this process serves the table's guild (every table, with one process)."""
        return self.copies.owns(table)

    async def current(self, channel_id: int) -> LiveTable | None:
        """The channel's open table, as stored (caller holds the channel's lock)."""
        return await self.copies.current(channel_id)

    async def fresh(self, channel_id: int) -> LiveTable | None:
        """``current`` for callers that do not hold the channel's lock."""
        return await self.copies.fresh(channel_id)

    async def load(self, table_id: int) -> LiveTable | None:
        """An open table by id, for work that does not come from its channel (scheduler jobs)."""
        return await self.copies.load(table_id)

    def release_foreign(self, channel_id: int) -> None:
        """Forget the channel's table if another process serves its guild."""
        self.copies.release_foreign(channel_id)

    async def run_fresh(self, channel_id: int, run: Callable[[], Awaitable[list[Reply]]]) -> list[Reply]:
        """Run a command against a current copy of the table (reloaded and run again when stale)."""
        return await self.copies.run_fresh(channel_id, run)

    async def tables_of(self, user_id: int, guild_id: int | None) -> list[LiveTable]:
        """Open tables where ``user_id`` sits (in ``guild_id``; everywhere when None)."""
        return await self.copies.tables_of(user_id, guild_id)

    async def close(self) -> None:
        await self.announcements.close()
        await self.server_languages.flush()
        await self.user_languages.flush()
        self.drawing.close()
        self._pool.shutdown(wait=False, cancel_futures=True)

    async def announced(self, replies: list[Reply]) -> None:
        """The adapter has sent these replies to their channels: record the table versions they
        announced, so that a restart announces only what was not (bot/service/announcements.py)."""
        await self.announcements.sent(replies)

    # -- restore ----------------------------------------------------------------------------
    async def restore(self) -> list[tuple[int, list[Reply]]]:
        """Load every open table (of the guilds on this process's shards). Returns the replies to
        post: where a computer had to move, and wherever a turn or a game's end was stored but
        never announced (the process stopped between a commit and its answer). A game found ended
        but still open (stored so by versions whose end was not one transaction) is closed now,
        once: the close is guarded by the table's version and status."""
        pending: list[tuple[int, list[Reply]]] = []
        settled: set[tuple[int, int]] = set()
        tails = await self.store.pending_actions()
        for record in await self.store.open_tables(self.shards):
            table = self.live_table(record, tails.get(record.id, []))
            if table is None:
                continue
            if record.id in tails:          # log rows past the snapshot: store the snapshot they lead to
                await self.store.catch_up_snapshot(table.id, table.snapshot, table.version, record.version)
            self.copies.keep(table)
            async with self.lock(table.channel_id):
                for hook in self.hooks:
                    await hook.restored(table)
                try:
                    replies = await self._resume(table, record.announced_version)
                except StaleTableError:         # another process moved it meanwhile: take its state
                    await self.current(table.channel_id)
                    continue
                except Exception as error:      # one damaged table must not keep the bot from starting
                    log.error("table %s (channel %s): its stored game cannot be read, so it was not resumed "
                              "(%s: %s); its players are told something went wrong until it is repaired or aborted",
                              table.id, table.channel_id, type(error).__name__, error)
                    continue
            if replies is None:
                settled.add((table.id, table.version))
            elif replies:
                pending.append((table.channel_id, replies))
        await self.announcements.record(settled)
        closed_now = {reply.table_id for _, replies in pending for reply in replies}
        for record in await self.store.unannounced_endings(self.shards):
            try:
                replies = await self._announce_end(record) if record.id not in closed_now else []
            except Exception as error:          # as above: a damaged record is logged, the rest go on
                log.error("table %s (channel %s): its stored end cannot be read, so it was not announced (%s: %s)",
                          record.id, record.channel_id, type(error).__name__, error)
                continue
            if replies:
                pending.append((record.channel_id, replies))
        return pending

    async def _resume(self, table: LiveTable, announced: int | None) -> list[Reply] | None:
        """What a restored table needs (under its lock): the replies to post, or None for a table
        of an earlier version whose last announcement is not known (nothing is posted then)."""
        if table.status != "playing":
            return []
        unannounced = announced is None or announced < table.version
        restarted = [_restart_note()] if announced is not None and unannounced else []
        if unannounced and (outcome := table.game.outcome(table.state)) is not None:
            return await self._finish(table, restarted, outcome, None)
        if any(s.is_bot or s.resigned for s in table.seats) and self._computer_to_act(table):
            return await self.advance(table, restarted, [], actor=None)
        if announced is None:
            return None
        if not unannounced:
            return []
        return await self._turn_replies(table, restarted, None)

    async def _announce_end(self, record: TableRecord) -> list[Reply]:
        """The end message of a finished table whose end was stored but never announced."""
        table = self.live_table(record)
        results = await self.store.results(record.id)
        if table is None or not record.snapshot_text or len(results) != len(record.seats):
            return []
        table.snapshot, table.version = record.snapshot_text, record.version
        ended = table.game.outcome(table.state)
        details = ended.details if ended is not None else self._resigned_outcome(table).details
        outcome = Outcome(tuple(score for _, _, _, score in results), tuple(rank for _, _, rank, _ in results), details)
        replies = await self._end_replies(table, [_restart_note()], outcome)
        async with self.lock(table.channel_id):
            for hook in self.hooks:
                await hook.finished(table, outcome, record.status, replies)
        return replies

    async def replay(self, table_id: int) -> Any:
        """Rebuild a table's state from its seed and action log (for checks and repairs)."""
        record = await self.store.table(table_id)
        if record is None:
            raise LookupError(table_id)
        game = registry.get(record.game)
        assert game is not None
        options, table_options = split_options(game, record.options)
        table = LiveTable(record.id, record.channel_id, record.guild_id, game, record.host_id, record.status,
                          options, record.seed, record.seats, table_options=table_options,
                          default_language=self.settings.default_locale)
        table.state = game.setup(len(record.seats), options, record.seed)
        for action in await self.store.actions(table_id):
            replay_action(table, action)
        return table.state

    # -- lobby ------------------------------------------------------------------------------
    async def join(self, ctx: Ctx, game_name: str | None = None) -> list[Reply]:
        async with self.lock(ctx.channel_id):
            table = await self.current(ctx.channel_id)
            name = _clean(game_name).lower()
            if table is None:
                if not name:
                    return self._no_table()
                game = self.game(name)
                if game is None:
                    return self.unknown_game(name)
                return await self._open(ctx, game)
            if name and name != table.game.name:
                return _error("This channel already has a {game} table. Join it with /join, or open your {wanted} table in another channel.",
                              game=Msg(table.game.title), wanted=name[:40])
            if table.status != "lobby":
                return _error("A game of {game} is already running here; /status shows it. Wait for the next table.", game=Msg(table.game.title))
            if table.seat_of(ctx.user_id) is not None:
                return _error("You are already seated at this table. Start with /start when everyone is here.")
            if len(table.seats) >= table.game.max_players:
                return _error("The table is full ({count} of {most} seats).", count=len(table.seats), most=table.game.max_players)
            if failed := await self._save_seats(table, table.seats + [SeatRecord(len(table.seats), ctx.user_id, ctx.name[:64])]):
                return failed
            return [self.lobby_reply(table, t("{player} joins the table.", player=ctx.name[:64]))]

    async def _open(self, ctx: Ctx, game: Game) -> list[Reply]:
        try:
            options = validate_options(game.options, self.settings.default_options.get(game.name, ()))
        except OptionError:
            options = default_options(game.options)
        seat = SeatRecord(0, ctx.user_id, ctx.name[:64])
        seed = self._seed()
        # the server's language (as this interaction or the server's latest said; in a direct message the
        # opener's): the table's until /option lang
        place = ctx.place_locale() or (await self.server_language(ctx.guild_id) if ctx.guild_id
                                       else await self.user_language(ctx.user_id))
        mine = frozenset({server_token(normalise_locale(place, self.settings.default_locale))} if place else ())
        try:
            table_id = await self.store.create_table(ctx.channel_id, ctx.guild_id, game.name, ctx.user_id,
                                                     sorted(options | mine), seed, seat)
        except StoreError as error:
            return self._not_saved(error)
        table = LiveTable(table_id, ctx.channel_id, ctx.guild_id, game, ctx.user_id, "lobby", options, seed, [seat],
                          table_options=mine, default_language=self.settings.default_locale)
        self.copies.keep(table)
        return [self.lobby_reply(table, t("{player} opens a table for {game}.", player=ctx.name[:64], game=Msg(game.title)))]

    def lobby_reply(self, table: LiveTable, headline: Msg) -> Reply:
        game = table.game
        seated = ", ".join(s.name for s in table.seats)
        options = optionlines.summary(table)
        lines = [headline,
                 t("Seated ({count}/{most}): {names}", count=len(table.seats), most=game.max_players, names=seated),
                 t("Options: {options} (change with /option NAME [VALUE]; /option lists them)", options=options),
                 *[line for hook in self.hooks for line in hook.option_lines(table)],
                 t("Join with /join or the button; start with /start when {least} to {most} players are seated.",
                   least=game.min_players, most=game.max_players)]
        buttons = [Button("Join", customids.lobby_id(table.id, "join"), "success"),
                   Button("Leave", customids.lobby_id(table.id, "leave"), "secondary"),
                   Button("Start", customids.lobby_id(table.id, "start"), "primary")]
        return Reply(lines, buttons=buttons, names=table.names, table_id=table.id, lobby=True, locale=table.public_language)

    async def set_lobby_message(self, table_id: int, message_id: int) -> None:
        table = self.copies.by_id(table_id)
        if table is not None:
            table.lobby_message_id = message_id
            try:
                await self.store.set_lobby_message(table_id, message_id)
            except StoreError as error:      # only a convenience (which message the lobby buttons edit)
                log.warning("table %s: the lobby message id was not saved: %s", table_id, error)

    async def leave(self, ctx: Ctx) -> list[Reply]:
        async with self.lock(ctx.channel_id):
            table = await self.current(ctx.channel_id)
            if table is None:
                return self._no_table()
            if table.seat_of(ctx.user_id) is None:
                return _error("You are not seated at this table.")
            if table.status != "lobby":
                return _error("The game has started; you cannot leave now. Use /resign to give up your seat.")
            remaining = [SeatRecord(n, s.user_id, s.name, s.is_bot, s.level, s.resigned)
                         for n, s in enumerate(s for s in table.seats if s.user_id != ctx.user_id or s.is_bot)]
            humans = [s for s in remaining if not s.is_bot]
            host = table.host_id if table.host_id != ctx.user_id or not humans else (humans[0].user_id or table.host_id)
            if failed := await self._save_seats(table, remaining, host):
                return failed
            if not humans:
                await self.close_table(table)
                return [Reply([t("{player} leaves; the table is closed.", player=ctx.name[:64])],
                              locale=table.public_language)]
            return [self.lobby_reply(table, t("{player} leaves the table.", player=ctx.name[:64]))]

    async def option(self, ctx: Ctx, name: str | None = None, value: str | None = None) -> list[Reply]:
        """``/option`` lists the options; ``/option NAME`` switches one on or off; ``/option NAME
        VALUE`` (or ``NAME=VALUE``) sets one that takes a value. Before the start only."""
        async with self.lock(ctx.channel_id):
            table = await self.current(ctx.channel_id)
            if table is None:
                return self._no_table()
            game = table.game
            typed = _clean(name)
            name, value = typed.lower(), _clean(value) or None
            if value is None and name:
                name, value = _option_words(name)
            if not name and (typed or value):       # e.g. "=" or "= 3": a value without the option's name
                return _error("Name the option first, e.g. /option NAME VALUE; /option alone lists them.")
            if not name:
                extra = [line for hook in self.hooks for line in hook.option_lines(table)]
                specs = [optionlines.line(table, s) for s in optionlines.specs_of(table)]
                return [Reply([t("Options for {game}:", game=Msg(game.title))] + specs + extra, private=True, names=table.names)]
            for hook in self.hooks:
                if (handled := await hook.option(ctx, table, f"{name} {value}" if value else name)) is not None:
                    return handled
            if table.status != "lobby":
                return _error("Options can only be changed before /start.")
            if table.seat_of(ctx.user_id) is None:
                return _error("Only seated players can change options. Join with /join first.")
            mine = is_table_option(name)
            specs = TABLE_OPTIONS if mine else game.options
            try:
                changed = set_option(specs, table.table_options if mine else table.options, name, value)
            except OptionError as error:
                if not mine and error.text.startswith("There is no option"):
                    error = OptionError(error.text, **{**error.params, "valid": ", ".join(s.name for s in optionlines.specs_of(table))})
                return [Reply([Msg(error.text, error.params)], private=True, error=True)]
            options, table_options = (table.options, changed) if mine else (changed, table.table_options)
            try:
                await self.store.set_options(table.id, sorted(options | table_options))
            except StoreError as error:
                return self._not_saved(error)
            table.options, table.table_options = options, table_options
            spec = next(s for s in specs if s.name == name)
            if spec.valued:
                headline = t("{player} sets {option} to {value}.", player=ctx.name[:64], option=name,
                             value=optionlines.shown_value(table, spec))
            else:
                state = t("on") if name in table.options else t("off")
                headline = t("{player} switches {option} {state}.", player=ctx.name[:64], option=name, state=state)
            return [self.lobby_reply(table, headline)]

    async def addbot(self, ctx: Ctx, level: str | None = None) -> list[Reply]:
        async with self.lock(ctx.channel_id):
            table = await self.current(ctx.channel_id)
            if table is None:
                return self._no_table()
            if table.status != "lobby":
                return _error("Computer players can only be added before /start.")
            if table.seat_of(ctx.user_id) is None:
                return _error("Only seated players can add a computer player. Join with /join first.")
            levels = list(table.game.computer_levels())
            level = _clean(level).lower() or (self.settings.computer_level if self.settings.computer_level in levels else levels[-1])
            if level not in levels:
                return _error("There is no computer level '{level}'. Levels: {levels}.", level=level[:20], levels=", ".join(levels))
            if len(table.seats) >= table.game.max_players:
                return _error("The table is full ({count} of {most} seats).", count=len(table.seats), most=table.game.max_players)
            number = sum(1 for s in table.seats if s.is_bot) + 1
            computer = SeatRecord(len(table.seats), None, table.computer_name(number, level), True, level)
            if failed := await self._save_seats(table, table.seats + [computer]):
                return failed
            return [self.lobby_reply(table, t("A computer player ({level}) takes a seat.", level=level))]

    async def start(self, ctx: Ctx) -> list[Reply]:
        async with self.lock(ctx.channel_id):
            table = await self.current(ctx.channel_id)
            if table is None:
                return self._no_table()
            if table.status != "lobby":
                return _error("The game has already started; /status shows it.")
            if table.seat_of(ctx.user_id) is None:
                return _error("Only seated players can start the game. Join with /join first.")
            game = table.game
            if not game.min_players <= len(table.seats) <= game.max_players:
                return _error("{game} needs {least} to {most} players; seated now: {count}. Invite more with /join or add a computer with /addbot.",
                              game=Msg(game.title), least=game.min_players, most=game.max_players, count=len(table.seats))
            try:
                validate_options(game.options, table.options, players=len(table.seats))
            except OptionError as error:
                return [Reply([Msg(error.text, error.params)], private=True, error=True)]
            if game.random_seat_order:
                order = list(table.seats)
                random.Random(f"{table.seed}:seats").shuffle(order)
                table.seats = [SeatRecord(n, s.user_id, s.name, s.is_bot, s.level, s.resigned) for n, s in enumerate(order)]
            table.state = game.setup(len(table.seats), table.options, table.seed)
            table.version = 0
            snapshot = table.remember()
            try:
                await self.store.start_table(table.id, table.seats, table.snapshot or snapshot)
            except StoreError as error:
                table.state, table.snapshot = None, ""
                return self._not_saved(error)
            table.status = "playing"
            headline = t("{game} begins: {names}.", game=Msg(game.title), names=", ".join(table.names))
            return await self.advance(table, [Event(headline)], [], actor=None)

    # -- playing ----------------------------------------------------------------------------
    def _best_error(self, table: LiveTable, seat: int, candidates: list[str]) -> int:
        """Of several readings of one command, report the error of the one written like the legal moves."""
        if len(candidates) == 1:
            return 0
        first_words = {str(a).split(" ", 1)[0].lower() for a in table.game.legal_actions(table.state, seat)}
        return 0 if candidates[0].split(" ", 1)[0].lower() in first_words else len(candidates) - 1

    async def act_verb(self, ctx: Ctx, verb: str, text: str) -> list[Reply]:
        """A slash verb (/place, /bid, /pass, /use, /play) carrying an action line."""
        table = self.table_in(ctx.channel_id) or (await self.fresh(ctx.channel_id) if self.shared else None)
        game = table.game if table else None
        candidates = game.action_candidates(verb, _clean(text)) if game else [text]
        return await self.act(ctx, candidates, verb=verb)

    def complete_verb(self, ctx: Ctx, verb: str, typed: str, limit: int = 25) -> list[str]:
        """Autocomplete for a verb: the legal actions it can carry, without the verb word."""
        texts = self.complete_action(ctx, "", limit=10_000)
        prefix = verb + " "
        if verb != "play" and any(x.lower().startswith(prefix) for x in texts):
            texts = [x[len(prefix):] for x in texts if x.lower().startswith(prefix)]
        typed = _clean(typed).lower()
        starts = [x for x in texts if x.lower().startswith(typed)]
        contains = [x for x in texts if typed in x.lower() and x not in starts]
        return (starts + contains)[:limit]

    async def help(self, ctx: Ctx, game_name: str | None = None) -> list[Reply]:
        """The command list; with a game, how that game is played here and its notation."""
        if _clean(game_name):
            game = self.game(game_name or "")
            if game is None:
                return self.unknown_game(game_name or "")
            return [Reply(self._game_help(game), private=True, image=await self._help_picture(game, ctx.locale),
                          image_name=f"help-{game.name}.png")]
        lines = [t("Board games at this table. Commands:")]
        lines += list(HELP_LINES)
        lines += [line for hook in self.hooks for line in hook.help_lines()]
        lines.append(t("Games: {games}.", games=self._game_list()))
        lines.append(t("/help GAME explains a game and its notation, e.g. /help {example}.",
                       example=self.games()[0].name if self.games() else "carcassonne"))
        return [Reply(lines, private=True)]

    async def _help_picture(self, game: Game, reader: str | None) -> bytes | None:
        """The notation shown on the game's board, in the reader's language (None when pictures
        are off or the game has none; a failure is logged and the help goes out without it)."""
        if not self.render_enabled or not render_registry.has_pictures(game.name):
            return None
        try:
            return await self.drawing.help_picture(game.name, normalise_locale(reader, self.settings.default_locale))
        except Exception:
            log.exception("%s: drawing the help picture failed", game.name)
            return None

    def _game_help(self, game: Game) -> list[Msg]:
        lines = [t("{game} ({players} players) — how to play it here:", game=Msg(game.title),
                   players=f"{game.min_players}–{game.max_players}" if game.max_players > game.min_players else game.min_players)]
        lines += game.help_lines()
        lines.append(t("Every turn: press “Your move” on the turn message for your own choices, or type the move after /play (autocomplete offers your legal moves)."))
        if game.options:
            lines.append(t("Options (before /start, /option NAME switches one on or off):"))
            lines += [t("{name} — {description}", name=spec.name, description=Msg(spec.description)) for spec in game.options]
        return lines

    async def act(self, ctx: Ctx, text: str | list[str], *, verb: str | None = None, version: int | None = None,
                  table_id: int | None = None) -> list[Reply]:
        async with self.lock(ctx.channel_id):
            return await self.run_fresh(ctx.channel_id, lambda: self._act(ctx, text, verb, version, table_id))

    async def choose(self, ctx: Ctx, table_id: int, version: int, index: int, *, from_panel: bool) -> list[Reply]:
        """A move chosen with a button or select menu: the ``index``-th of the clicker's own legal
        actions at ``version`` (resolved here, under the table's lock, so a stale click is refused)."""
        async with self.lock(ctx.channel_id):
            return await self.run_fresh(ctx.channel_id, lambda: self._act(ctx, [], None, version, table_id,
                                                                          choice=index, from_panel=from_panel))

    async def _act(self, ctx: Ctx, text: str | list[str], verb: str | None, version: int | None,
                   table_id: int | None, *, choice: int | None = None, from_panel: bool = False) -> list[Reply]:
        table = self.table_in(ctx.channel_id)
        if table is None:
            return self._no_table()
        if table_id is not None and table_id != table.id:
            return _error("That choice is no longer open: it belongs to an older table.")
        if table.status != "playing":
            return _error("The game has not started yet. When everyone is seated, use /start.")
        game = table.game
        if verb and verb != "play" and verb not in game.verbs:
            usable = [v for v in game.verbs if v in SLASH_VERBS and v != "play"] + ["play"]
            return _error("{game} has no /{verb}. Use {verbs}.", game=Msg(game.title), verb=verb,
                          verbs=", ".join(f"/{v}" for v in usable))
        seat = table.seat_of(ctx.user_id)
        if seat is None:
            return _error("You are not seated at this table, so you cannot move. You can watch with /board and /status.")
        if table.seats[seat].resigned:
            return _error("You have resigned from this game; the computer plays your seat.")
        if version is not None and version != table.version:
            return _error("That choice is no longer open (the game has moved on). Use the buttons of the latest turn.")
        to_act = game.to_act(table.state)
        if seat not in to_act:
            waiting = [s for s in sorted(to_act)]
            if not waiting:
                return _error("Nobody can move right now.")
            return [Reply([t("It is not your turn: waiting for {players}.",
                             players=", ".join(table.names[s] for s in waiting))], private=True, error=True)]
        if choice is not None:
            texts = await asyncio.get_running_loop().run_in_executor(self._pool, self._legal_texts, table, seat)
            if not 0 <= choice < len(texts):
                return _stale()
            text = texts[choice]
        candidates = [_clean(c) for c in ([text] if isinstance(text, str) else text)]
        candidates = [c for c in candidates if c]
        if not candidates:
            return _error("Write your move after the command, for example /play followed by one of the suggestions.")
        if max(len(c) for c in candidates) > MAX_TEXT:
            return _error("That move is too long ({length} characters). Moves are short, like the suggestions.",
                          length=max(len(c) for c in candidates))
        errors: list[IllegalAction] = []
        for candidate in candidates:
            try:
                action = game.parse(table.state, seat, candidate)
                events = game.apply(table.state, seat, action)
                break
            except IllegalAction as illegal:
                table.rollback()
                errors.append(illegal)
            except Exception:
                log.exception("table %s: engine failure on %r", table.id, candidate)
                table.rollback()
                return _error("Something went wrong on our side; your move was not applied. Please try again or choose another move.")
        else:
            return [Reply([errors[self._best_error(table, seat, candidates)].msg], private=True, error=True, names=table.names)]
        record = ActionRecord(table.version + 1, seat, str(action), "move", False, time.time())
        return await self.advance(table, events, [record], actor=seat, chose=str(action) if from_panel else None)

    async def advance(self, table: LiveTable, events: list[Event], records: list[ActionRecord],
                      actor: int | None = None, chose: str | None = None) -> list[Reply]:
        """Let computers move, commit everything, finish the game if over, and build replies
        (caller holds the channel's lock). ``records``: the actions taken since the stored
        version, not stored yet (a timer's skip or removal passes its own; a move passes one).
        ``actor``: the seat that moved, None when no player did (a timer, a restart).
        ``chose``: the move the actor picked in their private panel (which the answer replaces)."""
        self._legal_cache.pop(table.id, None)
        all_events = list(events)
        version = table.version + len(records)
        all_events += self._run_computers(table, records, version)
        outcome = table.game.outcome(table.state)
        if outcome is not None:         # the last moves commit together with the game's end
            replies = await self._finish(table, all_events, outcome, actor, records=records)
            if chose is not None and replies and not replies[0].error:
                replies.append(Reply([t("You chose: {action}", action=chose), t("Game over.")], private=True,
                                     names=table.names, table_id=table.id, replace=True))
            return replies
        if records:
            try:
                snapshot = json.dumps(table.game.to_json(table.state), separators=(",", ":"))
                await self.store.append_actions(table.id, records, snapshot, table.seats)
            except StaleTableError:
                table.rollback()
                raise               # another process wrote the table first: the caller reloads it (copies.py)
            except StoreError as error:
                table.rollback()
                return self._not_saved(error, table)
            table.snapshot = snapshot
            table.version = records[-1].n
        replies = await self._turn_replies(table, all_events, actor, chose)
        for hook in self.hooks:
            await hook.turn(table, replies)
        return replies

    async def announce_turn(self, table: LiveTable, events: list[Event]) -> list[Reply]:
        """The turn message after a change made outside the action flow (an undo, already
        stored): ``events`` first, then whose move it is; the extensions hear of the turn."""
        replies = await self._turn_replies(table, events, None)
        for hook in self.hooks:
            await hook.turn(table, replies)
        return replies

    def _computer_to_act(self, table: LiveTable) -> list[int]:
        return [s for s in sorted(table.game.to_act(table.state)) if table.computer_controls(s)]

    def _run_computers(self, table: LiveTable, records: list[ActionRecord], version: int) -> list[Event]:
        events: list[Event] = []
        game = table.game
        for _ in range(self.settings.max_computer_moves):
            seats = self._computer_to_act(table)
            if not seats or game.outcome(table.state) is not None:
                break
            seat = seats[0]
            level = table.seats[seat].level or self.settings.computer_level
            rng = random.Random(f"{table.seed}:{version}:computer")
            try:
                action = game.computer_player(level).choose(game, table.state, seat, rng)
                text = str(action)
                events += game.apply(table.state, seat, game.parse(table.state, seat, text))
            except Exception:
                # rare: rebuild from the last snapshot plus the moves already accepted in this batch
                # (cheaper than serialising the state before every computer move)
                log.exception("table %s: computer player failed at seat %s", table.id, seat)
                table.rollback()
                for record in records:
                    game.apply(table.state, record.seat, game.parse(table.state, record.seat, record.text))
                break
            version += 1
            records.append(ActionRecord(version, seat, text, "move", True, time.time()))
        return events

    async def _turn_replies(self, table: LiveTable, events: list[Event], actor: int | None,
                            chose: str | None = None) -> list[Reply]:
        game = table.game
        public_view = game.view(table.state, None)
        lines = [e.msg for e in events if e.to is None]
        lines += game.status(public_view)
        to_act = sorted(game.to_act(table.state))
        humans = [s for s in to_act if not table.computer_controls(s)]
        mentions = [user for s in humans if (user := table.seats[s].user_id) is not None]
        if humans:
            refs = [UserRef(table.seats[s].user_id or 0, table.names[s]) for s in humans]
            if len(refs) == 1:
                lines.append(t("Your move, {player}.", player=refs[0]))
                # built from the public view: this message is public (a seat's own prompt is in its panel)
                lines += game.turn_prompt(public_view)
                lines.append(t("Your choices are behind the “Your move” button (only you see them)."))
            else:
                lines.append(t("Still deciding: {players}", players=tuple(refs)))
                lines.append(t("Each of you: your own choices are behind the “Your move” button (only you see them)."))
        # Off the event loop: a game's suggestions can take seconds, and meanwhile the loop must
        # stay free to acknowledge interactions within Discord's 3 seconds.
        buttons = await asyncio.get_running_loop().run_in_executor(self._pool, self._action_buttons, table, humans)
        image = await self._render(table, public_view, locale=self.picture_locale(table))
        # once sent, this message announces the table's current version (restore reposts only what was not)
        replies = [Reply(lines, image=image, mentions=mentions, buttons=buttons, names=table.names, table_id=table.id,
                         locale=table.public_language, announces=table.version)]
        if actor is not None:
            # the mover's own panel for their next step, unless the public buttons already hold it
            public_moves = any(customids.kind_of(b.custom_id) == "action" for b in buttons)
            mine = await self._actor_reply(table, events, actor, chose, actor in humans and (chose is not None or not public_moves))
            if mine is not None:
                replies.append(mine)
        return replies

    async def turn_message(self, channel_id: int) -> list[Reply]:
        """The public message of the current turn again (whose move, the board, the buttons),
        built from the public view only; nothing when no game runs here."""
        table = await self.fresh(channel_id)
        if table is None or table.status != "playing":
            return []
        async with self.lock(channel_id):
            return await self._turn_replies(table, [], None)

    async def _actor_reply(self, table: LiveTable, events: list[Event], actor: int, chose: str | None,
                           to_act: bool) -> Reply | None:
        """What only the mover sees after a move: private events (a card drawn), the move they chose
        from their panel (which this reply replaces), and their panel again if they act next too."""
        headline = [t("You chose: {action}", action=chose)] if chose is not None else []
        headline += [e.msg for e in events if e.to is not None and actor in e.to]
        if to_act:
            reply = await self._panel_reply(table, actor, replace=chose is not None, headline=headline)
            if reply is not None:
                return reply
        if not headline:
            return None
        return Reply(headline, private=True, names=table.names, table_id=table.id, replace=chose is not None)

    def _action_buttons(self, table: LiveTable, humans: list[int]) -> list[Button]:
        """The public turn message's buttons. Move buttons only where no seat has secrets (they
        would show the mover's hand to everyone) and every seat to act has the same choices;
        a button carries the move's place in the clicker's legal actions, never its text."""
        game = table.game
        buttons: list[Button] = []
        secrets_here = game.has_secrets(table.options)
        if humans and not secrets_here:
            texts = self._legal_texts(table, humans[0])
            if all(self._legal_texts(table, s) == texts for s in humans[1:]):
                index = {text: i for i, text in enumerate(texts)}
                for action in game.suggestions(table.state, humans[0])[:game.max_buttons]:
                    if (i := index.get(str(action))) is not None:
                        buttons.append(Button(game.action_label(action)[:80], customids.action_id(table.id, table.version, i),
                                              "primary", notation=True))
        if humans:
            buttons.append(Button("Your move", customids.panel_id(table.id), "success"))
        if secrets_here or game.private_info:
            buttons.append(Button("My hand", customids.hand_id(table.id), "secondary"))
        return buttons[:25]

    async def _panel_reply(self, table: LiveTable, seat: int, *, path: tuple[int, ...] = (), page: int = 0,
                           replace: bool = False, headline: list[Msg] | None = None) -> Reply | None:
        texts = await asyncio.get_running_loop().run_in_executor(self._pool, self._legal_texts, table, seat)
        view = table.game.view(table.state, seat)
        return panels.panel(table, seat, texts, view, path=path, page=page, replace=replace, headline=headline)

    async def panel(self, ctx: Ctx, table_id: int | None = None, *, path: tuple[int, ...] = (), page: int = 0,
                    version: int | None = None, replace: bool = False) -> list[Reply]:
        """A player's private panel: their view and their legal choices (a step of them)."""
        table = await self.fresh(ctx.channel_id)
        if table is None or table.status != "playing" or (table_id is not None and table.id != table_id):
            return _error("That choice is no longer open: the table has closed.") if table_id is not None \
                else _error("There is no running game here.")
        seat = table.seat_of(ctx.user_id)
        if seat is None:
            return _error("You are not seated at this table, so you have no choices here. You can watch with /board and /status.")
        if table.seats[seat].resigned:
            return _error("You have resigned from this game; the computer plays your seat.")
        async with self.lock(table.channel_id):
            if version is not None and version != table.version:
                return _stale()
            reply = await self._panel_reply(table, seat, path=path, page=page, replace=replace)
        if reply is None:
            return _stale()
        return [reply]

    def picture_locale(self, table: LiveTable) -> str:
        """The language of a table's public pictures: the table's, as its public messages
        (LiveTable.public_language: /option lang, else the server's, else the bot's default)."""
        return table.public_language

    async def _render(self, table: LiveTable, view: Any, region: str | None = None, viewer: int | None = None,
                      locale: str | None = None) -> bytes | None:
        """The picture of ``view`` (``viewer``: the seat whose view it is, None for the public)
        with its words in ``locale``, drawn once per table state and language: the same state,
        region, viewer and language again come from the cache."""
        if not self.render_enabled or not render_registry.has_pictures(table.game.name):
            return None
        locale = normalise_locale(locale, self.settings.default_locale)
        names = _picture_names(table, locale)
        scale = self.settings.render_scale
        key = (table.id, table.version, hash(table.snapshot), region, viewer, scale, tuple(names))
        try:
            # the game's public pictures share one palette (the parts two tables show alike are kept
            # once); a private picture has one of its own, so its colours never reach a public one
            palette = PUBLIC_PALETTE if viewer is None else (table.id, viewer)
            return await self.drawing.picture(key, table.game.name, view, names, scale, region, palette, locale)
        except ValueError:
            if region:
                raise       # a region the renderer cannot read: the user's input, not our failure
            log.exception("table %s: rendering failed", table.id)
            return None
        except Exception:
            log.exception("table %s: rendering failed", table.id)
            return None

    async def run_drawing(self, function: Callable[..., Any], *args: Any) -> Any:
        """Run ``function(*args)`` in the drawing workers (pictures, replays), off the event loop: a
        module-level function of picklable data (the workers may be processes)."""
        return await self.drawing.run(function, *args)

    async def render_result(self, game: Game, outcome: Outcome, names: list[str], view: Any,
                            locale: str | None = None) -> bytes | None:
        """The picture of a finished game's result (renderers.registry.render_result) with its
        words in ``locale``, off the loop."""
        if not self.render_enabled or not render_registry.has_pictures(game.name):
            return None
        locale = normalise_locale(locale, self.settings.default_locale)
        try:
            return await self.drawing.run(drawing_worker.result, game.name, outcome, names, view, self.settings.render_scale, locale)
        except Exception:
            log.exception("%s: drawing a result failed", game.name)
            return None

    async def _finish(self, table: LiveTable, events: list[Event], outcome: Outcome, actor: int | None,
                      status: str = "finished", records: list[ActionRecord] | None = None) -> list[Reply]:
        """End the game. Its last ``records`` (not stored yet), its status and results, and what
        the extensions write with them (rating changes, a tournament result: TableHooks.ending)
        commit in one transaction; if that fails nothing changed, and the table is as it was
        before those records."""
        records = records or []
        results = [(seat, table.seats[seat].user_id, outcome.ranks[seat], outcome.scores[seat]) for seat in range(len(table.seats))]
        snapshot = json.dumps(table.game.to_json(table.state), separators=(",", ":")) if records else None
        async with self.ending_lock:
            try:
                extra = []
                for hook in self.hooks:
                    extra += await hook.ending(table, outcome, status, records)
                await self.store.finish_table(table.id, status, results, version=table.version, actions=records,
                                              snapshot=snapshot, seats=table.seats, extra=extra)
            except StaleTableError:
                table.rollback()
                raise               # another process wrote the table first: the caller reloads it (copies.py)
            except StoreError as error:
                table.rollback()
                return self._not_saved(error, table)
        if records:
            table.snapshot = snapshot or table.snapshot
            table.version = records[-1].n
        table.status = status
        self.copies.forget(table)
        replies = await self._end_replies(table, events, outcome)
        for hook in self.hooks:
            await hook.finished(table, outcome, status, replies)
        return replies

    async def _end_replies(self, table: LiveTable, events: list[Event], outcome: Outcome) -> list[Reply]:
        view = table.game.view(table.state, None)
        lines = [e.msg for e in events if e.to is None] + list(outcome.details)
        lines.append(t("Game over."))
        order = sorted(range(len(table.seats)), key=lambda s: (outcome.ranks[s], s))
        for seat in order:
            lines.append(t("{rank}. {player} — {points}", rank=outcome.ranks[seat], player=SeatRef(seat),
                           points=counts.points(outcome.scores[seat])))
        image = await self.render_result(table.game, outcome, table.names, view, self.picture_locale(table))
        return [Reply(lines, image=image, names=table.names, table_id=table.id, announces=table.version,
                      locale=table.public_language)]

    async def resign(self, ctx: Ctx) -> list[Reply]:
        """Asks for a confirmation; its button resigns (see ``confirmed`` and confirm.py)."""
        async with self.lock(ctx.channel_id):
            await self.current(ctx.channel_id)
            return await self.run_fresh(ctx.channel_id, lambda: self._ask("resign", ctx))

    def _cannot_resign(self, ctx: Ctx, table: LiveTable | None) -> list[Reply] | None:
        if table is None or table.status != "playing":
            return _error("There is no running game here to resign from.")
        seat = table.seat_of(ctx.user_id)
        if seat is None:
            return _error("You are not seated at this table.")
        if table.seats[seat].resigned:
            return _error("You have already resigned from this game.")
        return None

    async def _cannot_abort(self, ctx: Ctx, table: LiveTable | None) -> list[Reply] | None:
        """Why ``ctx`` may not abort ``table``, or None. An extension may decide (a tournament's
        table is its organiser's or a moderator's to close); else the host or a moderator may."""
        if table is None:
            return _error("There is no table here to abort.")
        for hook in self.hooks:
            if (verdict := await hook.may_abort(ctx, table)) is not None:
                return None if verdict.allowed else verdict.refusal
        if ctx.user_id != table.host_id and not ctx.is_moderator:
            return _error("Only the table's host ({host}) or a moderator can abort it.",
                          host=next((s.name for s in table.seats if s.user_id == table.host_id), "?"))
        return None

    async def _ask(self, kind: str, ctx: Ctx) -> list[Reply]:
        """The private question with its two buttons (under the channel's lock)."""
        table = self.table_in(ctx.channel_id)
        refused = self._cannot_resign(ctx, table) if kind == "resign" else await self._cannot_abort(ctx, table)
        if refused is not None or table is None:
            return refused or self._no_table()
        buttons = self.confirmations.ask(kind, table.id, table.version, table.status, ctx.user_id)
        minutes = confirm.VALID_SECONDS // 60
        if kind == "resign":
            goes_on = not resignation_ends_game(table, table.seat_of(ctx.user_id))
            question = t("Resign from this game of {game}? The computer plays your seat from then on. "
                         "Confirm within {minutes} minutes.", game=Msg(table.game.title), minutes=minutes) if goes_on else \
                t("Resign from this game of {game}? Too few players would be left, so the game ends. "
                  "Confirm within {minutes} minutes.", game=Msg(table.game.title), minutes=minutes)
        elif table.status == "playing":
            question = t("Close this {game} table for everyone? The game ends here without a result. "
                         "Confirm within {minutes} minutes.", game=Msg(table.game.title), minutes=minutes)
        else:
            question = t("Close this {game} table? Everyone seated leaves it. Confirm within {minutes} minutes.",
                         game=Msg(table.game.title), minutes=minutes)
        return [Reply([question], private=True, buttons=buttons, names=table.names, table_id=table.id)]

    async def confirmed(self, ctx: Ctx, custom_id: str) -> list[Reply]:
        """A click on a confirmation button of /resign or /abort."""
        click = confirm.parse(custom_id)
        if click is None:
            return _error("That button is not one of ours any more.")
        command = "/" + click.kind
        async with self.lock(ctx.channel_id):
            table = await self.current(ctx.channel_id)
            pending, why = self.confirmations.answer(click, ctx.user_id)
            if why == "other":
                return _error("This confirmation belongs to the player who asked for it; use {command} yourself.",
                              command=command)
            if why == "expired":
                return _error("That confirmation has expired (it is valid for {minutes} minutes), so nothing changed. "
                              "Use {command} again if you still want to.",
                              minutes=confirm.VALID_SECONDS // 60, command=command)
            if pending is None:
                return _error("That confirmation is no longer open, so nothing changed. Use {command} again if you "
                              "still want to.", command=command)
            if not click.confirmed:
                return [Reply([t("Cancelled: nothing changed.")], private=True)]
            if table is None or table.id != pending.table_id:
                return _error("That choice is no longer open: the table has closed.")
            if (table.status, table.version) != (pending.status, pending.version):
                return _error("The game has moved on since you asked, so nothing changed. Use {command} again if "
                              "you still want to.", command=command)
            try:
                return await (self._resign(ctx) if click.kind == "resign" else self._abort(ctx))
            except StaleTableError:         # another process moved the table meanwhile: not what was confirmed
                await self.current(ctx.channel_id)
                return _error("The game has moved on since you asked, so nothing changed. Use {command} again if "
                              "you still want to.", command=command)

    async def _resign(self, ctx: Ctx) -> list[Reply]:
        table = self.table_in(ctx.channel_id)
        if (refused := self._cannot_resign(ctx, table)) is not None or table is None:
            return refused or self._no_table()
        seat = table.seat_of(ctx.user_id)
        assert seat is not None
        ends = resignation_ends_game(table, seat)
        table.seats[seat].resigned = True
        record = ActionRecord(table.version + 1, seat, "resign", "resign", False, time.time())
        headline = Event(t("{player} resigns.", player=SeatRef(seat)))
        try:
            if ends:
                replies = await self.end_by_resignation(table, [headline], [record])
            else:
                replies = await self.advance(table, [headline, Event(t("The computer plays {player}'s seat from now on.", player=SeatRef(seat)))],
                                              [record], actor=None)
        except StaleTableError:
            table.seats[seat].resigned = False          # not saved: the seat stays the player's
            raise
        if replies and replies[0].error:
            table.seats[seat].resigned = False          # not saved: the seat stays the player's
        return replies

    async def end_by_resignation(self, table: LiveTable, events: list[Event], records: list[ActionRecord]) -> list[Reply]:
        """End the game because too few players are left (a resignation, a timer's removal):
        ``records`` (the resignation, not stored yet) commit with the end (caller holds the lock)."""
        return await self._finish(table, events, self._resigned_outcome(table), None, records=records)

    def _resigned_outcome(self, table: LiveTable) -> Outcome:
        """Seats still in the game share first place; every seat that resigned shares the next."""
        keys = [0 if s.resigned else 1 for s in table.seats]
        return Outcome(tuple([0] * len(table.seats)), ranks_from_scores(keys), (t("The game ended by resignation."),))

    async def abort(self, ctx: Ctx) -> list[Reply]:
        """Asks for a confirmation; its button closes the table (see ``confirmed`` and confirm.py)."""
        async with self.lock(ctx.channel_id):
            await self.current(ctx.channel_id)
            return await self._ask("abort", ctx)

    async def _abort(self, ctx: Ctx) -> list[Reply]:
        table = self.table_in(ctx.channel_id)
        if (refused := await self._cannot_abort(ctx, table)) is not None or table is None:
            return refused or self._no_table()
        try:
            await self.close_table(table)
        except StoreError as error:
            return self._not_saved(error, table)
        self.confirmations.forget(table.id)
        return [Reply([t("{player} aborts the {game} table. Open a new one with /join <game>.",
                         player=ctx.name[:64], game=Msg(table.game.title))], locale=table.public_language)]

    async def close_table(self, table: LiveTable) -> None:
        """Close an open table without a result (everyone left, /abort, a tournament organiser
        settled it): stored as aborted, dropped from memory, the extensions told (caller holds
        the channel's lock). A StoreError leaves everything as it was."""
        await self.store.finish_table(table.id, "aborted", [])
        self.copies.forget(table)
        for hook in self.hooks:
            await hook.closed(table, "aborted")

    # -- information ------------------------------------------------------------------------
    async def board(self, ctx: Ctx, region: str | None = None) -> list[Reply]:
        table = await self.fresh(ctx.channel_id)
        if table is None or table.status != "playing":
            shown = await last_result(self, ctx.channel_id, ctx.locale) if table is None or table.status == "lobby" else None
            return shown or _error("There is no running game here. Open one with /join <game>.")
        region = _clean(region) or None
        async with self.lock(ctx.channel_id):
            view = table.game.view(table.state, None)
            try:
                image = await self._render(table, view, region or render_registry.board_region(table.game.name),
                                           locale=self.picture_locale(table))
            except ValueError:
                return _error("The board has no region '{region}'; leave it out to see the whole board.", region=(region or "")[:40])
        return [Reply(table.game.status(view), image=image, names=table.names, table_id=table.id,
                      locale=table.public_language)]

    async def status(self, ctx: Ctx) -> list[Reply]:
        table = await self.fresh(ctx.channel_id)
        if table is None:
            # the game that ended here: its result, and where to look further
            shown = await last_result(self, ctx.channel_id, ctx.locale)
            if shown is None:
                return self._no_table()
            result = shown[0]
            record = await self.store.table(result.table_id) if result.table_id is not None else None
            game = registry.get(record.game) if record is not None else None
            title = Msg(game.title) if game is not None else (record.game if record is not None else "?")
            result.lines = [t("No table is open here. The last game here, {game} (table {number}), is over:",
                              game=title, number=result.table_id),
                            *result.lines[1:],
                            t("/replay shows the game as an animation and /log its moves; /join GAME opens a new table here.")]
            result.private = True
            return [result]
        if table.status == "lobby":
            return [self.lobby_reply(table, t("A {game} table is waiting for players.", game=Msg(table.game.title)))]
        view = table.game.view(table.state, None)
        lines = table.game.status(view)
        lines += [t("{player} has resigned; the computer plays this seat.", player=SeatRef(s.seat))
                  for s in table.seats if s.resigned]
        waiting = sorted(table.game.to_act(table.state))
        if waiting:
            lines.append(t("Waiting for: {players}", players=", ".join(table.names[s] for s in waiting)))
        return [Reply(lines, private=True, names=table.names, table_id=table.id)]

    async def hand(self, ctx: Ctx, table_id: int | None = None) -> list[Reply]:
        table = await self.fresh(ctx.channel_id)
        if table_id is not None and table is not None and table.id != table_id:
            table = self.copies.by_id(table_id)
        if table is None or table.status != "playing":
            return _error("There is no running game here.")
        seat = table.seat_of(ctx.user_id)
        if seat is None:
            return _error("You are not seated at this table, so you have no hand here.")
        async with self.lock(table.channel_id):
            view = table.game.view(table.state, seat)
            lines = table.game.private_lines(view) or [t("{game} has no hidden information; everything is on the board.", game=Msg(table.game.title))]
            buttons = []
            if seat in table.game.to_act(table.state):
                lines += table.game.turn_prompt(view)
                buttons.append(Button("Your move", customids.panel_id(table.id), "success"))
            secret = table.game.private_info or table.game.has_secrets(table.options)
            # a private picture speaks its reader's language
            image = await self._render(table, view, viewer=seat, locale=ctx.locale) if secret else None
        return [Reply(lines, private=True, image=image, image_name="hand.png", buttons=buttons, names=table.names, table_id=table.id)]

    async def log_text(self, ctx: Ctx) -> list[Reply]:
        for hook in self.hooks:
            if (handled := await hook.log(ctx)) is not None:
                return handled
        table = await self.fresh(ctx.channel_id)
        if table is None or table.status != "playing":
            return _error("There is no running game here.")
        actions = await self.store.actions(table.id)
        moves = await asyncio.get_running_loop().run_in_executor(self._pool, self.move_log, table, actions)
        viewer = table.seat_of(ctx.user_id)
        hidden = {a.n for a in actions if a.n in moves.secret and a.seat != viewer}
        lines = movelog.log_msgs(actions, table.names, hidden, moves.notes)
        shown = latest_lines([line.english() for line in lines])
        return [Reply([t("Log ({actions}, latest last):", actions=counts.actions(len(actions))),
                       *(lines[len(lines) - len(shown):] or [Msg("-")])], private=True, names=table.names)]

    def move_log(self, table: LiveTable, actions: list[ActionRecord]) -> movelog.MoveLog:
        """The log's secret moves and the game's notes on the others (bot/service/movelog.py)."""
        return movelog.replay_log(table.game, len(table.seats), table.options, table.seed, actions)

    async def button(self, ctx: Ctx, custom_id: str, values: list[str] | None = None) -> list[Reply]:
        """A click on one of our buttons, or a choice in one of our select menus (``values``)."""
        if confirm.is_confirmation(custom_id):
            return await self.confirmed(ctx, custom_id)
        for hook in self.hooks:
            if (handled := await hook.button(ctx, custom_id)) is not None:
                return handled
        click = customids.parse(custom_id, values)
        if click is None:
            return _error("That button is not one of ours any more.")
        await self.fresh(ctx.channel_id)
        table = self.copies.by_id(click.table_id)
        if table is None or table.channel_id != ctx.channel_id:
            return _error("That choice is no longer open: the table has closed.")
        if click.kind == "lobby":
            if click.value == "join":
                return await self.join(ctx)
            if click.value == "leave":
                return await self.leave(ctx)
            return await self.start(ctx)
        if click.kind == "hand":
            return await self.hand(ctx, table_id=table.id)
        if click.kind == "panel":
            return await self.panel(ctx, table.id)
        if click.kind == "step":
            return await self.panel(ctx, table.id, path=click.path, page=click.page, version=click.version, replace=True)
        if click.kind in ("action", "choice") and click.version is not None and click.index is not None:
            return await self.choose(ctx, table.id, click.version, click.index, from_panel=click.kind == "choice")
        return _stale()

    # -- autocomplete -------------------------------------------------------------------------
    def complete_action(self, ctx: Ctx, typed: str, limit: int = 25) -> list[str]:
        """Legal actions for this user, those starting with what is typed first."""
        table = self.table_in(ctx.channel_id)
        if table is None or table.status != "playing":
            return []
        seat = table.seat_of(ctx.user_id)
        if seat is None:
            return []
        typed = _clean(typed).lower()
        texts = self._legal_texts(table, seat)
        starts = [x for x in texts if x.lower().startswith(typed)]
        contains = [x for x in texts if typed in x.lower() and x not in starts]
        return (starts + contains)[:limit]

    def _legal_texts(self, table: LiveTable, seat: int) -> list[str]:
        """The seat's legal actions as text, computed once per state version: autocomplete asks on
        every keystroke and must answer within Discord's 3 seconds, and a panel's buttons and
        selects resolve their numbers against this same list."""
        key = (table.version, id(table.state))
        seats = self._legal_cache.setdefault(table.id, {})
        cached = seats.get(seat)
        if cached is None or cached[0] != key:
            cached = (key, [str(a) for a in table.game.legal_actions(table.state, seat)])
            seats[seat] = cached
        return cached[1]

    def complete_region(self, ctx: Ctx, typed: str, limit: int = 25) -> list[str]:
        """Regions for ``/board REGION`` while it is typed (a Keyflower village by its player's
        name, Carcassonne's whole board or the last tile's square, ...), those starting with what
        is typed first. Made from the public view only, so everyone is offered the same."""
        table = self.table_in(ctx.channel_id)
        if table is None or table.status != "playing" or not self.render_enabled or not render_registry.has_pictures(table.game.name):
            return []
        names = _picture_names(table, self.picture_locale(table))
        found = render_registry.regions(table.game.name, table.game.view(table.state, None), names)
        typed = _clean(typed).casefold()
        starts = [r for r in found if r.casefold().startswith(typed)]
        contains = [r for r in found if typed in r.casefold() and r not in starts]
        return (starts + contains)[:limit]

    def complete_option(self, ctx: Ctx, typed: str, limit: int = 25) -> list[tuple[str, str]]:
        """Option names (and descriptions) for ``/option NAME`` while it is typed."""
        table = self.table_in(ctx.channel_id)
        if table is None:
            return []
        return optionlines.complete_names(table, _clean(typed).lower(), limit)

    def complete_option_value(self, ctx: Ctx, name: str, typed: str, limit: int = 25) -> list[str]:
        """Values for ``/option NAME VALUE`` while it is typed: the current one first, then the
        option's own (``on``/``off`` for a switch)."""
        table = self.table_in(ctx.channel_id)
        if table is None:
            return []
        return optionlines.complete_values(table, _clean(name).lower(), _clean(typed), limit)

    def complete_game(self, typed: str, limit: int = 25) -> list[tuple[str, str]]:
        typed = _clean(typed).lower()
        return [(g.name, g.title) for g in self.games() if typed in g.name or typed in g.title.lower()][:limit]

    def tables(self) -> Iterable[LiveTable]:
        return self.copies.all()
