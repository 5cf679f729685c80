"""/undo: take back the last move when it revealed nothing.

The move to take back is the last one a person made, together with the computer players' moves
that followed it. It can be taken back only when none of those moves revealed anything random or
hidden (``Game.reveals``) and when the requester is the one who made it. When it is the log's
last entry (nobody, person or computer, has acted since), the mover takes it back at once, as on
Board Game Arena: a misclick costs nothing, so buttons that commit much at once (a pass, placing
every worker) can stay one tap. Otherwise every other seated player must agree (buttons). The
state is rebuilt by replaying the log without those moves from the seed, and the table core
(``Play.take_back``) moves the log rows to ``undone_actions`` and replaces the snapshot in one
transaction before it changes the table in memory, so store and memory stay one.

Requests live in memory: a restart, or any change at the table, ends them (their buttons then
answer that the choice is no longer open).
"""
from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.i18n import UserRef, t
from bot.presenters import customids
from bot.table.hooks import TableHooks
from bot.table.live import LiveTable
from bot.presenters.replies import Button, Reply
from bot.table.context import Ctx
from bot.presenters.replies import refusal as _error   # one refusal reply for every extension
from bot.store import ActionRecord, StaleTableError, Store
from games.core import Event, SeatRef
from games.core.contract import Game
from games.core.messages import Msg

if TYPE_CHECKING:
    from bot.scheduler import Clock
    from bot.service.tables import TableService

log = logging.getLogger(__name__)
ANSWER = re.compile(rf"^bt:u:(?P<table>{customids.NUMBER}):(?P<turn>{customids.NUMBER}):(?P<answer>yes|no)$")


def answer_id(table_id: int, turn: int, answer: str) -> str:
    return f"bt:u:{table_id}:{turn}:{answer}"


@dataclass
class Request:
    table_id: int
    turn: int                 # the table's turn serial when asked
    requester: int
    waiting: set[int] = field(default_factory=set)


class Refusal(Exception):
    def __init__(self, msg: Msg) -> None:
        super().__init__(msg.text)
        self.msg = msg


def replay(game: Game, players: int, options: frozenset[str], seed: int, actions: list[ActionRecord]) -> Any:
    """The state after ``actions``, rebuilt from the seed (only moves change the state)."""
    state = game.setup(players, options, seed)
    for action in actions:
        if action.kind == "move":
            game.apply(state, action.seat, game.parse(state, action.seat, action.text))
    return state


def _public_text(record: ActionRecord, events: list[Event]) -> str | Msg:
    """The move as everyone may read it: a move with a hidden part (a secret choice, a card
    drawn) is not written out, since anyone at the table may ask for /undo and read the answer."""
    return t("a move with a hidden part") if any(event.to is not None for event in events) else record.text


class Undo(TableHooks):
    def __init__(self, service: "TableService", records: Store, clock: "Clock") -> None:
        """``records``: the store of the tables' move logs, where a take-back is written."""
        self.service = service
        self.records = records
        self.clock = clock
        self._requests: dict[int, Request] = {}

    # -- what would be taken back ---------------------------------------------------------------
    async def _plan(self, table: LiveTable) -> tuple[list[ActionRecord], list[ActionRecord], Any, str | Msg]:
        """(kept log, taken-back moves, state without them, the person's move as everyone may
        read it); raises Refusal with the reason."""
        game = table.game
        actions = await self.records.actions(table.id)
        if not actions or actions[-1].n != table.version:
            raise Refusal(t("Nothing to take back yet."))
        taken: list[ActionRecord] = []
        for record in reversed(actions):
            if record.kind == "timeout":
                raise Refusal(t("The last thing that happened was a timeout; it cannot be taken back."))
            if record.kind == "resign":
                raise Refusal(t("The last thing that happened was a resignation; it cannot be taken back."))
            taken.insert(0, record)
            if record.kind == "move" and not record.by_computer:
                break
        else:
            raise Refusal(t("Nothing to take back yet: no player has moved."))
        kept = actions[:len(actions) - len(taken)]
        if type(game).reveals is Game.reveals:
            raise Refusal(t("{game} does not support taking moves back.", game=Msg(game.title)))
        before = replay(game, len(table.seats), table.options, table.seed, kept)
        state = game.from_json(game.to_json(before))
        label: str | Msg = taken[0].text
        for record in taken:
            snapshot = game.from_json(game.to_json(state))
            action = game.parse(state, record.seat, record.text)
            events = game.apply(state, record.seat, action)
            if record is taken[0]:
                label = _public_text(record, events)
            shown = game.reveals(snapshot, record.seat, action, events)
            if isinstance(shown, Msg):
                raise Refusal(t("That cannot be taken back: in {action} by {player}, {reason}, so taking it back "
                                "would not be fair.", action=_public_text(record, events),
                                player=SeatRef(record.seat), reason=shown))
            if shown:
                raise Refusal(t("That cannot be taken back: {action} by {player} showed something random or hidden "
                                "(such as a newly drawn tile or card), so taking it back would not be fair.",
                                action=_public_text(record, events), player=SeatRef(record.seat)))
        if game.to_json(state) != game.to_json(table.state):
            log.error("table %s: the log does not replay to the current state; undo refused", table.id)
            raise Refusal(t("Taking the move back is not possible here: the game's record does not add up."))
        return kept, taken, before, label

    # -- /undo ------------------------------------------------------------------------------------
    async def request(self, ctx: Ctx) -> list[Reply]:
        service = self.service
        async with service.live_tables.lock(ctx.channel_id):
            table = await service.live_tables.current(ctx.channel_id)
            if table is None or table.status != "playing":
                return _error("There is no running game here.")
            seat = table.seat_of(ctx.user_id)
            if seat is None or table.seats[seat].resigned:
                return _error("Only players in the game can ask to take a move back.")
            try:
                kept, taken, _, label = await self._plan(table)
            except Refusal as refusal:
                return [Reply([refusal.msg], private=True, error=True, names=table.names)]
            mover = taken[0].seat
            if mover != seat:
                return _error("Only {player}, who made the last move, can ask to take it back.", player=table.names[mover])
            if len(taken) == 1:               # nobody has acted since: the mover's own take-back
                return await self._perform(table, kept, taken, label, own=True)
            others = {s.user_id for s in table.seats
                      if not s.is_bot and not s.resigned and s.user_id is not None and s.user_id != ctx.user_id}
            if not others:
                return await self._perform(table, kept, taken, label)
            request = Request(table.id, table.turn_serial, ctx.user_id, set(others))
            self._requests[table.id] = request
            refs = tuple(UserRef(s.user_id, s.name) for s in table.seats if s.user_id in others)
            buttons = [Button("Agree", answer_id(table.id, table.turn_serial, "yes"), "success"),
                       Button("Refuse", answer_id(table.id, table.turn_serial, "no"), "danger")]
            return [Reply([t("{player} asks to take back their last move ({action}). {players}: do you agree?",
                             player=ctx.name[:64], action=label, players=refs)],
                          mentions=sorted(others), buttons=buttons, names=table.names, table_id=table.id)]

    async def button(self, ctx: Ctx, custom_id: str) -> list[Reply] | None:
        match = ANSWER.fullmatch(custom_id)
        if match is None:
            return None
        table_id, turn = int(match["table"]), int(match["turn"])
        await self.service.live_tables.fresh(ctx.channel_id)
        table = self.service.live_tables.by_id(table_id)
        request = self._requests.get(table_id)
        if table is None or request is None or request.turn != turn or table.turn_serial != turn:
            return _error("That choice is no longer open: the game has moved on.")
        async with self.service.live_tables.lock(table.channel_id):
            if self._requests.get(table_id) is not request or table.turn_serial != turn:
                return _error("That choice is no longer open: the game has moved on.")
            if ctx.user_id not in request.waiting:
                if ctx.user_id == request.requester:
                    return _error("You asked for it; the other players answer.")
                return _error("Only the other players of this game answer this.")
            if match["answer"] == "no":
                del self._requests[table_id]
                return [Reply([t("{player} does not agree: the move stands.", player=ctx.name[:64])], names=table.names)]
            request.waiting.discard(ctx.user_id)
            if request.waiting:
                waiting = ", ".join(s.name for s in table.seats if s.user_id in request.waiting)
                return [Reply([t("{player} agrees. Still waiting for: {players}.", player=ctx.name[:64], players=waiting)],
                              names=table.names)]
            del self._requests[table_id]
            try:
                kept, taken, _, label = await self._plan(table)
            except Refusal as refusal:
                return [Reply([refusal.msg], private=True, error=True, names=table.names)]
            return await self._perform(table, kept, taken, label)

    async def _perform(self, table: LiveTable, kept: list[ActionRecord], taken: list[ActionRecord],
                       label: str | Msg, *, own: bool = False) -> list[Reply]:
        """Take the moves back (under the table's lock) through the table core, then announce
        the turn gone back to. ``own``: the mover's own take-back, with nobody's consent."""
        service = self.service
        mover = taken[0].seat
        # the first step of a move made in steps (Game.mid_move) was seen by its player alone
        half = own and table.game.mid_move(table.state, mover)
        state = replay(table.game, len(table.seats), table.options, table.seed, kept)
        # guarded: only if the table is still where this process saw it (another shard process may
        # have moved it on); the turn this undo goes back to is not announced until its answer is sent
        try:
            failed = await service.play.take_back(table, taken, state, self.clock.now())
        except StaleTableError:
            await service.live_tables.current(table.channel_id)
            return _error("That choice is no longer open: the game has moved on.")
        if failed is not None:
            return [Reply([failed.reason], private=True, error=True, names=table.names)]
        if half:
            headline = [t("You take back that step; nobody else saw it.")]
            reply = await service.turns.panel(table, mover, headline=headline)
            return [reply] if reply is not None else [Reply(headline, private=True, names=table.names, table_id=table.id)]
        player = SeatRef(mover)
        if own:
            headline = Event(t("{player} takes back their hidden move (nobody had moved since).", player=player)
                             if isinstance(label, Msg) else
                             t("{player} takes back their move {action} (nobody had moved since).", player=player, action=label))
        else:
            headline = Event(t("{player}'s hidden move is taken back.", player=player) if isinstance(label, Msg)
                             else t("{player}'s move {action} is taken back.", player=player, action=label))
        extra = [Event(t("The computer's moves after it are taken back too ({count}).", count=len(taken) - 1))] if len(taken) > 1 else []
        return await service.announce_turn(table, [headline] + extra)

    # -- requests end when the table changes ------------------------------------------------------
    async def turn(self, table: LiveTable, replies: list[Reply]) -> None:
        request = self._requests.get(table.id)
        if request is not None and request.turn != table.turn_serial:
            del self._requests[table.id]

    async def finished(self, table: LiveTable, outcome, status: str, replies: list[Reply]) -> None:
        self._requests.pop(table.id, None)

    async def closed(self, table: LiveTable, status: str) -> None:
        self._requests.pop(table.id, None)
