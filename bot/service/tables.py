"""The table service: what an adapter (Discord, the console) asks of the tables, answered as
replies. Free of Discord types: it takes plain ids and text (a Ctx) and returns Replies.

Each request runs under its channel's lock: the table core (bot/table: the life cycle, play)
does it and answers with a typed outcome; the presenters (bot/presenters) turn that into the
replies; the extensions (TableHooks) hear of every turn and end with the replies they may add to.
"""
from __future__ import annotations

import asyncio
import logging
import secrets
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Awaitable, Callable, Coroutine, Iterable, Sequence

from bot.config import Settings
from bot.i18n import normalise_locale, t
from bot.presenters import customids
from bot.presenters.autocomplete import Autocomplete
from bot.presenters.drawing import Drawing
from bot.presenters.information import Information, move_log
from bot.presenters.lobby import lobby_reply, option_list
from bot.presenters.movelog import MoveLog
from bot.presenters.outcomes import OutcomePresenter, refusal_reply
from bot.presenters.pictures import Pictures
from bot.presenters.replies import Reply, refusal
from bot.presenters.turn import TurnPresenter
from bot.service import confirm, restore
from bot.service.announcements import Announcements
from bot.service.answers import Answer
from bot.service.computers import ComputerTurns
from bot.service.confirm_flow import ConfirmFlow
from bot.service.help import help_replies
from bot.service.languages import SERVER_LANGUAGES, USER_LANGUAGES, KnownLanguages
from bot.store import ActionRecord, Store, StoreError
from bot.table.budget import ThinkingBudget
from bot.table.context import Ctx
from bot.table.hooks import TableHooks
from bot.table.legal import LegalTexts
from bot.table.lifecycle import Lifecycle, option_words
from bot.table.live import LiveTable
from bot.table.live_tables import LiveTables
from bot.table.offered import OfferedGames
from bot.table.outcomes import Ended, Moved, Refused, TableOutcome
from bot.table.play import Play, stale_choice
from bot.table.tableoptions import split_options
from bot.table.thinking import Thinker
from bot.table.typed import clean_text
from games import registry
from games.core import Event, Msg, default_options
from games.core.contract import Game

log = logging.getLogger(__name__)


class TableService:
    def __init__(self, store: Store, settings: Settings, *,
                 seed_source: Callable[[], int] | None = None, render: bool = True) -> None:
        self.store = store
        self.settings = settings
        self.shards = settings.shards               # the guilds whose tables this process keeps
        self.shared = self.shards.multi_process     # other shard processes write the same store
        self.render_enabled = render
        self.hooks: list[TableHooks] = []      # extensions: timers, ratings, tournaments (bot/table/hooks.py)
        self.offered = OfferedGames(settings.games.enabled, settings.games.extra)
        self.legal = LegalTexts()
        self._pool = ThreadPoolExecutor(max_workers=settings.rendering.threads, thread_name_prefix="render")
        self.drawing = Drawing(settings, self._pool)     # pictures: worker threads or processes, and a cache
        #: the tables in memory and how they stay current with the store (bot/table/live_tables.py)
        self.live_tables = LiveTables(store, self.shards, self.hooks, forgotten=self.legal.forget,
                                      default_language=settings.locale.default)
        self.play = Play(store, self.live_tables, self.offered, self.hooks, self.legal, self._pool,
                         takeover_level=settings.computer.takeover_level, max_computer_moves=settings.computer.max_moves_per_command)
        self.lifecycle = Lifecycle(store, self.live_tables, self.offered, self.play, self.hooks,
                                   default_options=settings.games.default_options, default_language=settings.locale.default,
                                   computer_level=settings.computer.default_level,
                                   seed_source=seed_source or (lambda: secrets.randbits(31)))
        self.pictures = Pictures(self.drawing, scale=settings.rendering.scale, default_language=settings.locale.default,
                                 enabled=render)
        self.turns = TurnPresenter(self.pictures, self.legal, self._pool)
        self.presenter = OutcomePresenter(self.turns, self.pictures, self.extension_lines)
        self.information = Information(store, self.pictures, self.offered, self._pool)
        self.autocomplete = Autocomplete(self.live_tables, self.legal, self.pictures, self.offered)
        #: the moves of computers that think long, in worker processes (bot/service/computers.py)
        computer = settings.computer
        self.computers = ComputerTurns(self, Thinker(computer.think_processes, settings.games.extra), computer.think_queue,
                                       ThinkingBudget(computer.think_seconds, computer.think_floor, computer.think_target,
                                                      computer.think_processes))
        self.confirmations = confirm.Confirmations()     # /resign and /abort ask first (confirm.py)
        self.confirm_flow = ConfirmFlow(self)
        self.announcements = Announcements(store)
        #: each server's language as its latest interaction said, for tables opened without one
        #: (a tournament's), and each user's, for what reaches them without one (turn DMs): the
        #: most recent in memory, all of them in the store (languages.py)
        self.server_languages = KnownLanguages(store, "server", SERVER_LANGUAGES)
        self.user_languages = KnownLanguages(store, "user", USER_LANGUAGES)

    @property
    def ending_lock(self) -> asyncio.Lock:
        """Held while a game's end is written (Play.ending_lock)."""
        return self.play.ending_lock

    # -- answering ------------------------------------------------------------------------------
    async def serve(self, ctx: Ctx, request: Callable[[Ctx], Coroutine[Any, Any, list[Reply]]],
                    answer: Answer) -> list[Reply]:
        """One interaction: remember the languages it speaks, run ``request`` (a command of the
        service or of an extension), give each public reply its channel's language, send the
        replies through ``answer`` and record what they announced."""
        self.note_user_language(ctx.user_id, ctx.locale)
        self.note_server_language(ctx.guild_id, ctx.guild_locale)
        replies = self.in_public_language(ctx.channel_id, await answer.working(request(ctx)), ctx)
        sent = await answer.send(replies)
        for reply, message_id in zip(replies, sent):
            if reply.lobby and reply.table_id is not None and message_id is not None:
                await self.set_lobby_message(reply.table_id, message_id)
        await self.announced(replies)
        return replies

    def in_public_language(self, channel_id: int, replies: list[Reply], ctx: Ctx | None = None,
                           server_locale: str | None = None) -> list[Reply]:
        """Give each public reply that has no language the channel's: its table's, else its
        server's (``public_language``). Private replies stay in their reader's."""
        for reply in replies:
            if not reply.private and reply.locale is None:
                reply.locale = self.public_language(channel_id, ctx, server_locale)
        return replies

    async def answer(self, outcome: TableOutcome) -> list[Reply]:
        """The replies of an outcome of the core; the extensions hear of a turn or an end (and
        may add to its replies). Under the table's channel lock."""
        replies = await self.presenter.replies(outcome)
        if isinstance(outcome, Moved):
            for hook in self.hooks:
                await hook.turn(outcome.table, replies)
            self.computers.ask(outcome.table)       # a computer that thinks long is to move: it starts now
        elif isinstance(outcome, Ended):
            for hook in self.hooks:
                await hook.finished(outcome.table, outcome.outcome, outcome.status, replies)
        return replies

    async def _answer_fresh(self, channel_id: int, run: Callable[[], Awaitable[TableOutcome]]) -> list[Reply]:
        """Run a core request under the channel's lock against a current copy of its table, and answer it."""
        async with self.live_tables.lock(channel_id):
            return await self.answer(await self.live_tables.run_fresh(channel_id, run))

    def extension_lines(self, table: LiveTable) -> list[Msg]:
        """What the extensions add to a lobby message and the /option list (the turn timer)."""
        return [line for hook in self.hooks for line in hook.option_lines(table)]

    # -- games ------------------------------------------------------------------------------
    def games(self) -> list[Game]:
        """Games offered by /join: enabled in config (plus plugins) and present in the registry."""
        return self.offered.all()

    def game(self, name: str) -> Game | None:
        return self.offered.named(name)

    def unknown_game(self, name: str) -> list[Reply]:
        """The answer to a game name we do not offer: the closest one when it looks like a typo."""
        return refusal_reply(self.offered.unknown(name))

    def warm_up(self) -> "asyncio.Future[Any]":
        """Set up each offered game once, in a worker thread, while the bot connects: a game's
        first setup loads its data tables, which would otherwise hold up the event loop, and
        every interaction with it, when its first table starts."""
        loop = asyncio.get_running_loop()
        games = loop.run_in_executor(self._pool, self._warm_games)
        pictures = self.drawing.warm_up() if self.render_enabled else games
        # the strong level's worker processes start on its first question instead: a bot where
        # nobody seats a strong computer keeps no idle process (and each start no second import)
        return asyncio.ensure_future(asyncio.gather(games, pictures))

    def _warm_games(self) -> None:
        for game in self.games():
            try:
                game.view(game.setup(game.min_players, default_options(game.options), 0), None)
            except Exception:
                log.exception("%s: setting up a first game failed (a table of it will fail the same way)", game.name)

    # -- languages ----------------------------------------------------------------------------
    def note_server_language(self, guild_id: int | None, locale: str | None) -> None:
        """Remember a server's preferred language (Discord sends it with every interaction); kept
        in the store when it changed, in the background."""
        if guild_id and locale:
            self.server_languages.note(guild_id, normalise_locale(locale, self.settings.locale.default))

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
        table = self.live_tables.in_channel(channel_id)
        if table is not None:
            return table.public_language
        return normalise_locale(ctx.place_locale() if ctx else server_locale, self.settings.locale.default)

    async def _place_language(self, ctx: Ctx) -> str | None:
        """The language of the place ``ctx`` asks from: the server's (as this interaction or its
        latest said); in a direct message, the asker's."""
        return ctx.place_locale() or (await self.server_language(ctx.guild_id) if ctx.guild_id
                                      else await self.user_language(ctx.user_id))

    # -- starting and stopping -------------------------------------------------------------------
    async def restore(self) -> list[tuple[int, list[Reply]]]:
        """Load every open table and return what must be posted (bot/service/restore.py)."""
        return await restore.restore(self)

    async def announced(self, replies: list[Reply]) -> None:
        """The adapter has sent these replies to their channels: record the table versions they
        announced, so that a restart announces only what was not (bot/service/announcements.py)."""
        await self.announcements.sent(replies)

    async def close(self) -> None:
        await self.computers.close()
        await self.announcements.close()
        await self.server_languages.flush()
        await self.user_languages.flush()
        self.drawing.close()
        self._pool.shutdown(wait=False, cancel_futures=True)

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
                          default_language=self.settings.locale.default)
        table.load(0, "", game.setup(len(record.seats), options, record.seed))
        for action in await self.store.actions(table_id):
            table.replay(action)
        return table.state

    # -- the lobby --------------------------------------------------------------------------------
    async def join(self, ctx: Ctx, game_name: str | None = None) -> list[Reply]:
        async with self.live_tables.lock(ctx.channel_id):
            return await self.answer(await self.lifecycle.join(ctx, game_name, lambda: self._place_language(ctx)))

    async def open(self, channel_id: int, guild_id: int | None, game: Game, seats: Sequence[tuple[int, str]],
                   options: Iterable[str] = (), language: str | None = None) -> LiveTable | Refused:
        """Open a table with ``seats`` seated and ``options`` set (a tournament's), not started."""
        async with self.live_tables.lock(channel_id):
            opened = await self.lifecycle.open(channel_id, guild_id, game, seats, options, language)
        return opened if isinstance(opened, Refused) else opened.table

    def lobby_reply(self, table: LiveTable, headline: Msg) -> Reply:
        return lobby_reply(table, headline, self.extension_lines(table))

    async def set_lobby_message(self, table_id: int, message_id: int) -> None:
        table = self.live_tables.by_id(table_id)
        if table is not None:
            table.lobby_message_id = message_id
            try:
                await self.store.set_lobby_message(table_id, message_id)
            except StoreError as error:     # only a convenience (which message the lobby buttons edit)
                log.warning("table %s: the lobby message id was not saved: %s", table_id, error)

    async def leave(self, ctx: Ctx) -> list[Reply]:
        async with self.live_tables.lock(ctx.channel_id):
            return await self.answer(await self.lifecycle.leave(ctx))

    async def option(self, ctx: Ctx, name: str | None = None, value: str | None = None) -> list[Reply]:
        """``/option`` lists the options; ``/option NAME`` switches one on or off; ``/option NAME
        VALUE`` (or ``NAME=VALUE``) sets one that takes a value. Before the start only."""
        async with self.live_tables.lock(ctx.channel_id):
            table = await self.live_tables.current(ctx.channel_id)
            if table is None:
                return refusal_reply(self.offered.no_table())
            typed = clean_text(name)
            name, value = typed.lower(), clean_text(value) or None
            if value is None and name:
                name, value = option_words(name)
            if not name and (typed or value):       # e.g. "=" or "= 3": a value without the option's name
                return refusal("Name the option first, e.g. /option NAME VALUE; /option alone lists them.")
            if not name:
                return [option_list(table, self.extension_lines(table))]
            for hook in self.hooks:
                if (handled := await hook.option(ctx, table, f"{name} {value}" if value else name)) is not None:
                    return handled
            return await self.answer(await self.lifecycle.set_option(ctx, table, name, value))

    async def addbot(self, ctx: Ctx, level: str | None = None) -> list[Reply]:
        async with self.live_tables.lock(ctx.channel_id):
            return await self.answer(await self.lifecycle.add_computer(ctx, level))

    async def start(self, ctx: Ctx) -> list[Reply]:
        async with self.live_tables.lock(ctx.channel_id):
            table = await self.live_tables.current(ctx.channel_id)
            if table is None:
                return refusal_reply(self.offered.no_table())
            return await self.answer(await self.lifecycle.start(table, ctx.user_id))

    async def start_table(self, table: LiveTable) -> list[Reply]:
        """Start a table opened with ``open`` (a tournament's), as its organiser."""
        async with self.live_tables.lock(table.channel_id):
            return await self.answer(await self.lifecycle.start(table, None))

    async def close_table(self, table: LiveTable) -> None:
        """Close an open table without a result (caller holds the channel's lock; see Lifecycle.close)."""
        await self.lifecycle.close(table)

    # -- playing ----------------------------------------------------------------------------------
    async def act_verb(self, ctx: Ctx, verb: str, text: str) -> list[Reply]:
        """A slash verb (/place, /bid, /pass, /use, /play) carrying an action line."""
        table = self.live_tables.in_channel(ctx.channel_id) or (await self.live_tables.fresh(ctx.channel_id) if self.shared else None)
        candidates = table.game.action_candidates(verb, clean_text(text)) if table else [text]
        return await self.act(ctx, candidates, verb=verb)

    async def act(self, ctx: Ctx, text: str | list[str], *, verb: str | None = None, turn: int | None = None,
                  table_id: int | None = None) -> list[Reply]:
        candidates = [text] if isinstance(text, str) else list(text)
        return await self._answer_fresh(ctx.channel_id, lambda: self.play.act(ctx, candidates, verb=verb, turn=turn,
                                                                              table_id=table_id))

    async def choose(self, ctx: Ctx, table_id: int, turn: int, index: int, *, from_panel: bool) -> list[Reply]:
        """A move chosen with a button or select menu: the ``index``-th of the clicker's own legal
        actions at ``turn`` (the table's turn serial; resolved under the table's lock, so a
        stale click is refused)."""
        return await self._answer_fresh(ctx.channel_id, lambda: self.play.act(ctx, [], turn=turn, table_id=table_id,
                                                                              choice=index, from_panel=from_panel))

    async def announce_turn(self, table: LiveTable, events: list[Event]) -> list[Reply]:
        """The turn message after a change made outside the action flow (an undo, already
        stored): ``events`` first, then whose move it is; the extensions hear of the turn."""
        return await self.answer(Moved(table, events))

    async def turn_message(self, channel_id: int) -> list[Reply]:
        """The public message of the current turn again (whose move, the board, the buttons),
        built from the public view only; nothing when no game runs here."""
        table = await self.live_tables.fresh(channel_id)
        if table is None or table.status != "playing":
            return []
        async with self.live_tables.lock(channel_id):
            return await self.presenter.replies(Moved(table, []))

    async def panel(self, ctx: Ctx, table_id: int | None = None, *, path: tuple[int, ...] = (), page: int = 0,
                    turn: int | None = None, replace: bool = False) -> list[Reply]:
        """A player's private panel: their view and their legal choices (a step of them)."""
        table = await self.live_tables.fresh(ctx.channel_id)
        if table is None or table.status != "playing" or (table_id is not None and table.id != table_id):
            return refusal("That choice is no longer open: the table has closed.") if table_id is not None \
                else refusal("There is no running game here.")
        seat = table.seat_of(ctx.user_id)
        if seat is None:
            return refusal("You are not seated at this table, so you have no choices here. You can watch with /board and /status.")
        if table.seats[seat].resigned:
            return refusal("You have resigned from this game; the computer plays your seat.")
        async with self.live_tables.lock(table.channel_id):
            if turn is not None and turn != table.turn_serial:
                return refusal_reply(stale_choice())
            reply = await self.turns.panel(table, seat, path=path, page=page, replace=replace)
        return [reply] if reply is not None else refusal_reply(stale_choice())

    async def run_drawing(self, function: Callable[..., Any], *args: Any) -> Any:
        """Run ``function(*args)`` in the drawing workers (pictures, replays), off the event loop: a
        module-level function of picklable data (the workers may be processes)."""
        return await self.drawing.run(function, *args)

    # -- resigning and closing (asked first: bot/service/confirm_flow.py) ---------------------------
    async def resign(self, ctx: Ctx) -> list[Reply]:
        """Asks for a confirmation; its button resigns (see ``confirmed`` and confirm.py)."""
        return await self.confirm_flow.ask_resign(ctx)

    async def abort(self, ctx: Ctx) -> list[Reply]:
        """Asks for a confirmation; its button closes the table (see ``confirmed`` and confirm.py)."""
        return await self.confirm_flow.ask_abort(ctx)

    async def confirmed(self, ctx: Ctx, custom_id: str) -> list[Reply]:
        """A click on a confirmation button of /resign or /abort."""
        return await self.confirm_flow.confirmed(ctx, custom_id)

    # -- information ------------------------------------------------------------------------------
    async def help(self, ctx: Ctx, game_name: str | None = None) -> list[Reply]:
        """The command list; with a game, how that game is played here and its notation."""
        return await help_replies(self, ctx, game_name)

    async def board(self, ctx: Ctx, region: str | None = None) -> list[Reply]:
        table = await self.live_tables.fresh(ctx.channel_id)
        if table is None or table.status != "playing":
            shown = await self.information.last_board(ctx.channel_id, ctx.locale, clean_text(region) or None) \
                if table is None or table.status == "lobby" else None
            return shown or refusal("There is no running game here. Open one with /join <game>.")
        async with self.live_tables.lock(ctx.channel_id):
            return await self.information.board(table, clean_text(region) or None)

    async def status(self, ctx: Ctx) -> list[Reply]:
        table = await self.live_tables.fresh(ctx.channel_id)
        if table is None:
            return await self.information.status_after_the_end(ctx.channel_id, ctx.locale)
        if table.status == "lobby":
            return [self.lobby_reply(table, t("A {game} table is waiting for players.", game=Msg(table.game.title)))]
        return await self.information.status(table)

    async def hand(self, ctx: Ctx, table_id: int | None = None) -> list[Reply]:
        table = await self.live_tables.fresh(ctx.channel_id)
        if table_id is not None and table is not None and table.id != table_id:
            table = self.live_tables.by_id(table_id)
        if table is None or table.status != "playing":
            return refusal("There is no running game here.")
        seat = table.seat_of(ctx.user_id)
        if seat is None:
            return refusal("You are not seated at this table, so you have no hand here.")
        async with self.live_tables.lock(table.channel_id):
            return await self.information.hand(table, seat, ctx.locale)

    async def log_text(self, ctx: Ctx) -> list[Reply]:
        for hook in self.hooks:
            if (handled := await hook.log(ctx)) is not None:
                return handled
        table = await self.live_tables.fresh(ctx.channel_id)
        if table is None or table.status != "playing":
            return refusal("There is no running game here.")
        return await self.information.log(table, table.seat_of(ctx.user_id))

    def move_log(self, table: LiveTable, actions: list[ActionRecord]) -> MoveLog:
        """The log's secret moves and the game's notes on the others (bot/presenters/movelog.py)."""
        return move_log(table, actions)

    # -- buttons ----------------------------------------------------------------------------------
    async def button(self, ctx: Ctx, custom_id: str, values: list[str] | None = None) -> list[Reply]:
        """A click on one of our buttons, or a choice in one of our select menus (``values``)."""
        if confirm.is_confirmation(custom_id):
            return await self.confirmed(ctx, custom_id)
        for hook in self.hooks:
            if (handled := await hook.button(ctx, custom_id)) is not None:
                return handled
        click = customids.parse(custom_id, values)
        if click is None:
            return refusal("That button is not one of ours any more.")
        await self.live_tables.fresh(ctx.channel_id)
        table = self.live_tables.by_id(click.table_id)
        if table is None or table.channel_id != ctx.channel_id:
            return refusal("That choice is no longer open: the table has closed.")
        if click.kind == "lobby":
            return await {"join": self.join, "leave": self.leave}.get(click.value or "", self.start)(ctx)
        if click.kind == "hand":
            return await self.hand(ctx, table_id=table.id)
        if click.kind == "panel":
            return await self.panel(ctx, table.id)
        if click.kind == "step":
            return await self.panel(ctx, table.id, path=click.path, page=click.page, turn=click.turn, replace=True)
        if click.kind in ("action", "choice") and click.turn is not None and click.index is not None:
            return await self.choose(ctx, table.id, click.turn, click.index, from_panel=click.kind == "choice")
        return refusal_reply(stale_choice())
