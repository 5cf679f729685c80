"""Play at a running table: a player's move, the computer seats' moves, and one commit path for
every change (a move, a resignation, a timer's move, the start) that ends the game when it is
over, and taking moves back (undo) the same way: store first, then memory. The caller holds
the channel's lock (LiveTables.lock) around every call.

An accepted action is applied in memory, committed to the store (log rows and the snapshot in
one transaction) and only then answered; if the commit fails the state in memory is rolled back,
so nothing half-applies. A game's last moves commit together with its end (results, and what
the extensions write with them: TableHooks.ending).
"""
from __future__ import annotations

import asyncio
import json
import logging
import random
import time
from concurrent.futures import Executor
from typing import Any, Awaitable

from bot.i18n import t
from bot.store import ActionRecord, StaleTableError, Store, StoreError, game_tables
from bot.table.context import Ctx
from bot.table.hooks import TableHooks
from bot.table.legal import LegalTexts
from bot.table.levels import best_level, table_levels
from bot.table.live import LiveTable
from bot.table.live_tables import LiveTables
from bot.table.offered import OfferedGames
from bot.table.outcomes import Ended, Moved, Refused, not_saved, refused
from bot.table.thinking import thinks_long
from bot.table.typed import MAX_TEXT, SLASH_VERBS, clean_text
from games.core import Event, IllegalAction, Msg, Outcome, SeatRef
from games.core.contract import Game
from games.core.outcome import ranks_from_scores

log = logging.getLogger(__name__)
#: the level a thinking computer falls back to when its thinking fails
FALLBACK_LEVEL = "greedy"


def resignation_ends_game(table: LiveTable, seat: int | None) -> bool:
    """Whether ``seat`` resigning ends the game: at most one seat, or no person, would be left."""
    left = [s for s in table.seats if not s.resigned and s.seat != seat]
    return len(left) <= 1 or not any(not s.is_bot for s in left)


def resigned_outcome(table: LiveTable) -> Outcome:
    """Seats still in the game share first place; every seat that resigned shares the next."""
    keys = [0 if s.resigned else 1 for s in table.seats]
    return Outcome(tuple([0] * len(table.seats)), ranks_from_scores(keys), (t("The game ended by resignation."),))


def shows_nothing(game: Game, before: str, seat: int, action: Any, events: list[Event]) -> bool:
    """Whether ``action`` by ``seat`` (applied to the state stored as ``before``, JSON) showed
    nothing random or hidden, so that its mover may take it back (``Game.reveals``; bot/undo)."""
    if type(game).reveals is Game.reveals or not before:
        return False
    return not game.reveals(game.from_json(json.loads(before)), seat, action, events)


def stale_choice() -> Refused:
    """The answer to a click on a component of an earlier turn (or one that resolves to nothing)."""
    return refused("That choice is no longer open (the game has moved on). Press “Your move” for the current choices.")


class Play:
    """Moves at the running tables of this process, and how they are committed."""

    def __init__(self, store: Store, tables: LiveTables, games: OfferedGames, hooks: list[TableHooks], legal: LegalTexts,
                 pool: Executor, *, takeover_level: str, max_computer_moves: int) -> None:
        self.store = store
        self.tables = tables
        self.games = games
        self.hooks = hooks
        self.legal = legal
        self.pool = pool
        self.takeover_level = takeover_level      # resigned seats play at it (or the game's best level)
        self.max_computer_moves = max_computer_moves
        #: held while a game's end is written (TableHooks.ending): one end at a time, so that what
        #: an extension reads to compute its part (ratings) does not change before it is written
        self.ending_lock = asyncio.Lock()

    # -- a player's move ----------------------------------------------------------------------------
    async def act(self, ctx: Ctx, candidates: list[str], *, verb: str | None = None, turn: int | None = None,
                  table_id: int | None = None, choice: int | None = None, from_panel: bool = False) -> Moved | Ended | Refused:
        """A move: the first of ``candidates`` (readings of what was typed) that is legal, or the
        ``choice``-th of the asker's legal actions at ``turn`` (the table's turn serial: a button
        or select menu)."""
        table = self.tables.in_channel(ctx.channel_id)
        if table is None:
            return self.games.no_table()
        if table_id is not None and table_id != table.id:
            return refused("That choice is no longer open: it belongs to an older table.")
        if table.status != "playing":
            return refused("The game has not started yet. When everyone is seated, use /start.")
        game = table.game
        if verb and verb != "play" and verb not in game.verbs:
            usable = [v for v in game.verbs if v in SLASH_VERBS and v != "play"] + ["play"]
            return refused("{game} has no /{verb}. Use {verbs}.", game=Msg(game.title), verb=verb,
                           verbs=", ".join(f"/{v}" for v in usable))
        seat = table.seat_of(ctx.user_id)
        if seat is None:
            return refused("You are not seated at this table, so you cannot move. You can watch with /board and /status.")
        if table.seats[seat].resigned:
            return refused("You have resigned from this game; the computer plays your seat.")
        if turn is not None and turn != table.turn_serial:
            return refused("That choice is no longer open (the game has moved on). Use the buttons of the latest turn.")
        to_act = game.to_act(table.state)
        if seat not in to_act:
            if not to_act:
                return refused("Nobody can move right now.")
            return refused("It is not your turn: waiting for {players}.", players=", ".join(table.names[s] for s in sorted(to_act)))
        if choice is not None:
            texts = await self.legal.texts_off_loop(table, seat, self.pool)
            if not 0 <= choice < len(texts):
                return stale_choice()
            candidates = [texts[choice]]
        candidates = [c for c in (clean_text(c) for c in candidates) if c]
        if not candidates:
            return refused("Write your move after the command, for example /play followed by one of the suggestions.")
        if max(len(c) for c in candidates) > MAX_TEXT:
            return refused("That move is too long ({length} characters). Moves are short, like the suggestions.",
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
                return refused("Something went wrong on our side; your move was not applied. Please try again or choose another move.")
        else:
            return Refused(errors[self._best_error(table, seat, candidates)].msg, tuple(table.names))
        record = ActionRecord(table.version + 1, seat, str(action), "move", False, time.time())
        undoable = shows_nothing(game, table.snapshot, seat, action, events)
        done = await self.commit(table, events, [record], actor=seat, chose=str(action) if from_panel else None)
        if isinstance(done, Moved) and undoable and table.version == record.n:     # nobody moved after it
            done.undoable = True
        return done

    def _best_error(self, table: LiveTable, seat: int, candidates: list[str]) -> int:
        """Of several readings of one command, report the error of the one written like the legal moves."""
        if len(candidates) == 1:
            return 0
        first_words = {str(a).split(" ", 1)[0].lower() for a in table.game.legal_actions(table.state, seat)}
        return 0 if candidates[0].split(" ", 1)[0].lower() in first_words else len(candidates) - 1

    # -- the one commit path ------------------------------------------------------------------------
    async def commit(self, table: LiveTable, events: list[Event], records: list[ActionRecord],
                     actor: int | None = None, chose: str | None = None) -> Moved | Ended | Refused:
        """Let the computer seats move, commit everything, and end the game if it is over.
        ``records``: the actions taken since the stored version, not stored yet (a move passes
        one, a timer's skip or a resignation its own). ``actor``: the seat that moved, None when
        no player did (a timer, a restart, the start). ``chose``: the move the actor picked in
        their private panel."""
        self.legal.forget(table.id)
        events = list(events) + self._run_computers(table, records, table.version + len(records))
        outcome = table.game.outcome(table.state)
        if outcome is not None:         # the last moves commit together with the game's end
            return await self.finish(table, events, outcome, actor=actor, chose=chose, records=records)
        if records:
            snapshot = table.snapshot_of(table.state)
            if failed := await self._stored(table, self.store.append_actions(
                    table.id, records, snapshot, table.seats, takebacks=table.takebacks)):
                return failed
            table.committed(records[-1].n, snapshot)
        return Moved(table, events, actor, chose)

    @staticmethod
    async def _stored(table: LiveTable, write: Awaitable[None]) -> Refused | None:
        """Run the write of a change to ``table``; if it fails, the table in memory goes back to
        its last stored state. A table another process wrote first raises StaleTableError (the
        caller reloads it, live_tables.py); any other failure is answered as not saved."""
        try:
            await write
        except StaleTableError:
            table.rollback()
            raise
        except StoreError as error:
            table.rollback()
            return not_saved(error, table)
        return None

    def computers_to_act(self, table: LiveTable) -> list[int]:
        return [s for s in sorted(table.game.to_act(table.state)) if table.computer_controls(s)]

    def level_of(self, table: LiveTable, seat: int) -> str:
        """The level a computer plays ``seat`` at: its own, or for a resigned seat the takeover
        level (config ``computer.takeover_level``) where the game offers it, else its best."""
        return table.seats[seat].level or self.takeover_level_of(table)

    def takeover_level_of(self, table: LiveTable) -> str:
        """The level the computer plays a seat at for its player (resigned, or out of time)."""
        return best_level(table_levels(table.game), self.takeover_level)

    def thinking_seat(self, table: LiveTable) -> int | None:
        """The computer seat whose move is thought in the worker processes (bot/table/thinking.py),
        when the next computer move is one: the table waits for it, the event loop does not."""
        if table.status != "playing" or table.game.outcome(table.state) is not None:
            return None
        seats = self.computers_to_act(table)
        return seats[0] if seats and thinks_long(self.level_of(table, seats[0])) else None

    async def computer_move(self, table: LiveTable, seat: int, text: str | None) -> Moved | Ended | Refused:
        """A thought-out move of the computer at ``seat`` (``text``), committed like any other
        (and the inline computers' moves after it). Without a move (its thinking failed) or with
        one the game refuses, the computer moves at the fast level instead, so the game goes on."""
        game = table.game
        try:
            if text is None:
                raise ValueError("no move was thought out")
            events = game.apply(table.state, seat, game.parse(table.state, seat, text))
        except Exception:
            log.exception("table %s: the thought-out move %r of seat %s cannot be played; it moves at the fast level",
                          table.id, text, seat)
            table.rollback()
            rng = random.Random(f"{table.seed}:{table.version}:computer")
            text = str(game.computer_player(FALLBACK_LEVEL).choose(game, table.state, seat, rng))
            events = game.apply(table.state, seat, game.parse(table.state, seat, text))
        record = ActionRecord(table.version + 1, seat, text, "move", True, time.time())
        return await self.commit(table, events, [record], actor=None)

    def _run_computers(self, table: LiveTable, records: list[ActionRecord], version: int) -> list[Event]:
        """The inline computers' moves from here, until a person or a thinking computer is to move."""
        events: list[Event] = []
        game = table.game
        for _ in range(self.max_computer_moves):
            seats = self.computers_to_act(table)
            if not seats or game.outcome(table.state) is not None:
                break
            seat = seats[0]
            level = self.level_of(table, seat)
            if thinks_long(level):
                break                   # thought in the worker processes (bot/service/computers.py)
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

    async def finish(self, table: LiveTable, events: list[Event], outcome: Outcome, *, actor: int | None = None,
                     chose: str | None = None, status: str = "finished", records: list[ActionRecord] | None = None) -> Ended | Refused:
        """End the game. Its last ``records`` (not stored yet), its status and results, and what
        the extensions write with them (rating changes, a tournament result: TableHooks.ending)
        commit in one transaction; if that fails nothing changed, and the table is as it was
        before those records."""
        records = records or []
        results = [(seat, table.seats[seat].user_id, outcome.ranks[seat], outcome.scores[seat]) for seat in range(len(table.seats))]
        snapshot = table.snapshot_of(table.state) if records else None

        async def end_with_extensions() -> None:
            extra = []
            for hook in self.hooks:
                extra += await hook.ending(table, outcome, status, records)
            await self.store.finish_table(table.id, status, results, version=table.version, actions=records,
                                          snapshot=snapshot, seats=table.seats, extra=extra,
                                          takebacks=table.takebacks)

        async with self.ending_lock:
            if failed := await self._stored(table, end_with_extensions()):
                return failed
        if records and snapshot is not None:
            table.committed(records[-1].n, snapshot)
        table.ended(status)
        self.tables.forget(table)
        return Ended(table, events, outcome, status, actor, chose)

    # -- taking moves back ---------------------------------------------------------------------------
    async def take_back(self, table: LiveTable, taken: list[ActionRecord], state: Any, now: float) -> Refused | None:
        """Undo: the log's last moves ``taken`` leave it and the table goes back to ``state`` (the
        state before them). Store first, then memory: the write matches only while the table is
        still at the version this process saw (StaleTableError otherwise, the caller reloads),
        and the turn gone back to counts as not announced, so a restart announces it again."""
        self.legal.forget(table.id)
        version = taken[0].n - 1
        snapshot = table.snapshot_of(state)
        try:
            await self.store.write(game_tables.take_back(table.id, table.version, taken, snapshot, version, now,
                                                         table.takebacks), guard=0)
        except StaleTableError:
            raise
        except StoreError as error:
            log.error("table %s: undo not saved: %s", table.id, error)
            return refused("The move could not be taken back because saving failed; nothing changed. Please try again.")
        table.load(version, snapshot, state, takebacks=table.takebacks + len(taken))
        return None

    # -- resigning ----------------------------------------------------------------------------------
    def cannot_resign(self, ctx: Ctx, table: LiveTable | None) -> Refused | None:
        if table is None or table.status != "playing":
            return refused("There is no running game here to resign from.")
        seat = table.seat_of(ctx.user_id)
        if seat is None:
            return refused("You are not seated at this table.")
        if table.seats[seat].resigned:
            return refused("You have already resigned from this game.")
        return None

    async def resign(self, ctx: Ctx) -> Moved | Ended | Refused:
        """The asker gives up their seat: the computer plays it, or the game ends when too few
        players would be left."""
        table = self.tables.in_channel(ctx.channel_id)
        if (refusal := self.cannot_resign(ctx, table)) is not None or table is None:
            return refusal or self.games.no_table()
        seat = table.seat_of(ctx.user_id)
        assert seat is not None
        ends = resignation_ends_game(table, seat)
        table.seats[seat].resigned = True
        record = ActionRecord(table.version + 1, seat, "resign", "resign", False, time.time())
        headline = Event(t("{player} resigns.", player=SeatRef(seat)))
        try:
            if ends:
                done = await self.end_by_resignation(table, [headline], [record])
            else:
                done = await self.commit(table, [headline, Event(t("The computer plays {player}'s seat from now on.", player=SeatRef(seat)))],
                                         [record], actor=None)
        except StaleTableError:
            table.seats[seat].resigned = False          # not saved: the seat stays the player's
            raise
        if isinstance(done, Refused):
            table.seats[seat].resigned = False          # not saved: the seat stays the player's
        return done

    async def end_by_resignation(self, table: LiveTable, events: list[Event], records: list[ActionRecord]) -> Ended | Refused:
        """End the game because too few players are left (a resignation, a timer's removal):
        ``records`` (the resignation, not stored yet) commit with the end."""
        return await self.finish(table, events, resigned_outcome(table), records=records)
