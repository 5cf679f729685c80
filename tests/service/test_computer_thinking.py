"""A strong computer thinks in a worker process, off the event loop: a human's move at another
table is answered while it thinks; its move is played through the commit path only while the
table is still where it was thought for (an /abort drops it, and so does an /undo, even when a
new move brings the table back to the same version); after a restart in the middle of a
thought the computer thinks again and moves exactly once. A lone table's computer thinks its
full budget; while tables queue for the worker, decisions get less, down to the floor. On the
real SQLite store.

Starts worker processes: runs in make test's serial pass (tests/parallel.py)."""
from __future__ import annotations

import asyncio
import itertools
import logging
import random
import time
from dataclasses import dataclass
from typing import Any

import pytest

from bot.plugins import Plugins
from bot.plugins.ports import Ports
from bot.service import TableService
from bot.scheduler import ManualClock
from bot.store import SqliteStore
from bot.table.budget import ThinkingBudget
from bot.table.thinking import Decision, Question, Thinker
from tests.conftest import ctx, make_settings
from tests.helpers import confirmed, text_of


def service_of(store, seconds: float = 0.05, game: str = "carcassonne", turns: dict | None = None,
               **computer) -> TableService:
    """A service whose resigned and timed-out seats are played at the strong level; ``computer``
    adds keys of config.yaml's computer section (``think_floor=0.1``), ``turns`` its turns section."""
    seeds = itertools.count(40)
    settings = make_settings(games={"enabled": (game,)}, turns=turns or {},
                             computer={"think_seconds": seconds, "takeover_level": "strong", **computer})
    return TableService(store, settings, seed_source=lambda: next(seeds), render=False)


class Posted:
    """What the computers' moves post, by channel."""

    def __init__(self, service: TableService) -> None:
        self.replies: dict[int, list] = {}
        service.computers.ports = Ports(deliver=self.deliver)

    async def deliver(self, channel: int, replies: list) -> None:
        self.replies.setdefault(channel, []).extend(replies)


async def open_against_strong(service: TableService, channel: int, user: str = "alice", level: str = "strong",
                              game: str = "carcassonne"):
    """A table of ``game`` in ``channel``: ``user`` against a computer (strong), started."""
    player = ctx(user, channel)
    await service.join(player, game)
    await service.addbot(player, level)
    table = service.live_tables.in_channel(channel)
    assert table is not None and table.seats[1].level == level
    await service.start(player)
    return player, table


async def human_moves(service: TableService, player, table) -> list:
    """The human's move (a random legal one) once it is their turn."""
    await service.computers.settled()
    seat = table.seat_of(player.user_id)
    legal = [str(a) for a in table.game.legal_actions(table.state, seat)]
    replies = await service.act(player, random.Random(table.version).choice(legal))
    assert not replies[0].error, text_of(replies)
    return replies


async def thought_under_way(service: TableService, table) -> None:
    """Wait until the table's computer is thinking in the worker (its question asked)."""
    assert table.id in service.computers.waiting
    asked = len(service.computers.waits)
    while len(service.computers.waits) == asked and not service.computers.busy:
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.05)


class HeldThoughts:
    """The questions the computers are asked, in order; ``hold()`` keeps the answer to the next
    one back until its event is set, so a test acts while that computer is still thinking,
    however fast the worker thinks (the thinking itself is the worker's, unchanged)."""

    def __init__(self, thinker: Thinker) -> None:
        self.think = thinker.decide
        self.questions: list[Question] = []
        self.gate: asyncio.Event | None = None

    def hold(self) -> asyncio.Event:
        self.gate = asyncio.Event()
        return self.gate

    async def decide(self, question: Question) -> Decision:
        self.questions.append(question)
        gate, self.gate = self.gate, None
        decision = await self.think(question)
        if gate is not None:
            await gate.wait()
        return decision

    async def asked(self, count: int) -> None:
        """Wait until ``count`` questions have been asked."""
        while len(self.questions) < count:
            await asyncio.sleep(0.01)


@pytest.fixture
async def sqlite(tmp_path):
    store = await SqliteStore(tmp_path / "tables.sqlite3").open()
    yield store
    await store.close()


async def test_the_strong_computer_moves_off_the_loop_once_per_turn(sqlite):
    service = service_of(sqlite)
    posted = Posted(service)
    player, table = await open_against_strong(service, 1)
    for _ in range(3):
        await human_moves(service, player, table)
    await service.computers.settled()
    actions = await sqlite.actions(table.id)
    by_computer = [a for a in actions if a.by_computer]
    assert by_computer and all(a.seat == 1 for a in by_computer)
    assert [a.n for a in actions] == list(range(1, len(actions) + 1))     # each version once
    said = text_of(posted.replies[1])
    assert "CPU 1 (strong) places" in said
    assert len(service.computers.waits) == len(service.computers.thinks) >= 3
    await service.close()


async def test_a_human_is_answered_while_a_computer_thinks(sqlite):
    service = service_of(sqlite, seconds=1.5)
    Posted(service)
    thinker, thinking = await open_against_strong(service, 1, "alice")
    bob, quiet = await open_against_strong(service, 2, "bob", level="greedy")      # no thinking at bob's
    if thinking.id not in service.computers.waiting:
        await human_moves(service, thinker, thinking)
    assert thinking.id in service.computers.waiting          # alice's computer is thinking now
    started = time.monotonic()
    seat = quiet.seat_of(bob.user_id)
    replies = await service.act(bob, str(quiet.game.legal_actions(quiet.state, seat)[0]))
    answered = time.monotonic() - started
    assert not replies[0].error, text_of(replies)
    assert answered < 0.5 and thinking.id in service.computers.waiting, answered
    await service.computers.settled()
    await service.close()


async def test_an_aborted_table_drops_the_computers_answer(sqlite):
    service = service_of(sqlite, seconds=0.5)
    posted = Posted(service)
    player, table = await open_against_strong(service, 1)
    if not service.computers.waiting:
        await human_moves(service, player, table)
    await thought_under_way(service, table)
    version = table.version
    await confirmed(service, player, "abort")
    await service.computers.settled()
    assert service.computers.dropped == 1
    assert [a for a in await sqlite.actions(table.id) if a.n > version] == []
    assert posted.replies == {}
    await service.close()


def quiet_moves_to(game, state, seat: int, computer: int) -> list[str]:
    """The bids of ``seat`` that reveal nothing (so the mover may take them back at once) and
    leave ``computer`` to move."""
    moves = []
    for action in game.legal_actions(state, seat):
        trial = game.from_json(game.to_json(state))
        events = game.apply(trial, seat, action)
        if str(action).startswith("bid ") and not game.reveals(state, seat, action, events) \
                and game.to_act(trial) == {computer}:
            moves.append(str(action))
    return moves


async def test_an_undo_while_the_computer_thinks_drops_the_thought(sqlite, monkeypatch, caplog):
    """Alice bids and her strong opponent starts thinking; she takes the bid back at once
    (nobody has moved since) and bids otherwise before the thought ends, so the table is at the
    version the thought was for again, in another position. The thought is dropped; the
    computer thinks again for the position after her new bid and moves exactly once, posted
    once."""
    service = service_of(sqlite, seconds=0.1, game="keyflower")
    plugins = Plugins(service, sqlite)                          # /undo
    posted = Posted(service)
    held = HeldThoughts(service.computers.thinker)
    monkeypatch.setattr(service.computers.thinker, "decide", held.decide)
    player, table = await open_against_strong(service, 1, game="keyflower")
    await service.computers.settled()                           # the computer may open the game
    seat, computer = table.seat_of(player.user_id), 1
    assert seat == 0
    first, second = quiet_moves_to(table.game, table.state, seat, computer)[:2]
    version, asked, moves_posted = table.version, len(held.questions), len(posted.replies.get(1, []))

    gate = held.hold()
    replies = await service.act(player, first)
    assert not replies[0].error, text_of(replies)
    thought_for = table.snapshot
    await held.asked(asked + 1)                                 # the computer thinks about `first`
    replies = await plugins.undo.request(player)
    assert not replies[0].error and "takes back their move" in text_of(replies), text_of(replies)
    assert table.version == version
    replies = await service.act(player, second)
    assert not replies[0].error, text_of(replies)
    assert table.version == version + 1 and table.snapshot != thought_for
    moved_to = table.snapshot
    gate.set()                                                  # the thought about `first` ends now
    await service.computers.settled()

    assert service.computers.dropped == 1
    assert [q.snapshot for q in held.questions[asked:]] == [thought_for, moved_to]
    after = [(a.n, a.seat, a.by_computer) for a in await sqlite.actions(table.id) if a.n > version]
    assert after[:2] == [(version + 1, seat, False), (version + 2, computer, True)]
    assert [a for a in after[2:] if a[1] == computer] == []     # one move of the computer, stored once
    assert await sqlite.undone(table.id) == [first]
    public = [r for r in posted.replies[1][moves_posted:] if not r.private]
    assert len(public) == 1 and "CPU 1 (strong)" in text_of(public), text_of(public)
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == []     # no move for a gone position
    await service.close()


async def test_a_restart_mid_thought_moves_the_computer_once(tmp_path):
    store = await SqliteStore(tmp_path / "tables.sqlite3").open()
    first = service_of(store, seconds=5.0)
    player, table = await open_against_strong(first, 1)
    if not first.computers.waiting:
        await human_moves(first, player, table)
    await thought_under_way(first, table)
    version = table.version
    await first.close()                     # the process stops: the thought is lost, nothing stored
    await store.close()
    store = await SqliteStore(tmp_path / "tables.sqlite3").open()
    assert [a for a in await store.actions(table.id) if a.n > version] == []

    again = service_of(store)
    posted = Posted(again)
    await again.restore()
    await again.computers.settled()
    after = [a for a in await store.actions(table.id) if a.n > version]
    assert after and after[0].n == version + 1 and after[0].seat == 1 and after[0].by_computer
    assert len([a for a in after if a.n == version + 1]) == 1
    assert len(posted.replies[1]) >= 1 and "CPU 1 (strong)" in text_of(posted.replies[1])
    await again.close()
    await store.close()


HOUR = 3600


class TimedTable:
    """People at a Carcassonne table in channel 1 with a one-hour turn timer (the computer moves
    for a seat whose time runs out), its timers on a clock that moves when told to."""

    def __init__(self, service: TableService, store, names: tuple[str, ...]) -> None:
        self.service = service
        self.posted = Posted(service)
        self.clock = ManualClock()
        self.plugins = Plugins(service, store, service.computers.ports, self.clock)
        self.people = [ctx(name) for name in names]

    async def start(self):
        for n, person in enumerate(self.people):
            await self.service.join(person, "carcassonne" if n == 0 else None)
        await self.service.start(self.people[0])
        table = self.service.live_tables.in_channel(1)
        assert table is not None and self.service.play.takeover_level_of(table) == "strong"
        return table

    def person_at(self, table, seat: int):
        return next(p for p in self.people if p.user_id == table.seats[seat].user_id)

    def time_runs_out(self) -> "asyncio.Task[int]":
        """An hour passes: the scheduler fires the reminder and the timeout (in a task)."""
        self.clock.advance(HOUR + 1)
        return asyncio.create_task(self.plugins.scheduler.run_due())

    def said(self) -> str:
        return text_of(self.posted.replies.get(1, []))


async def test_resigned_and_timed_out_seats_are_played_by_the_strong_level(sqlite):
    service = service_of(sqlite, turns={"timer": "1h"})
    timed = TimedTable(service, sqlite, ("alice", "bob", "carol"))
    table = await timed.start()
    people = {p.user_id: p for p in timed.people}

    # out of time: the computer moves for the seat at the strong level, thought in a worker
    seat = next(iter(table.game.to_act(table.state)))
    thought = len(service.computers.thinks)
    await timed.time_runs_out()
    assert "ran out of time" in timed.said()
    assert len(service.computers.thinks) > thought
    assert seat not in table.game.to_act(table.state)

    # resigned: the seat is the computer's from now on, at the strong level
    quitter = next(s for s in table.seats if s.seat != seat)
    await confirmed(service, people[quitter.user_id], "resign")
    assert table.seats[quitter.seat].resigned and service.play.level_of(table, quitter.seat) == "strong"
    version = table.version
    for _ in range(8):
        await service.computers.settled()
        to_act = [s for s in table.game.to_act(table.state) if not table.computer_controls(s)]
        if not to_act:
            break
        who = people[table.seats[to_act[0]].user_id]
        legal = [str(a) for a in table.game.legal_actions(table.state, to_act[0])]
        await service.act(who, random.Random(table.version).choice(legal))
    await service.computers.settled()
    played = [a for a in await sqlite.actions(table.id) if a.n > version and a.seat == quitter.seat and a.kind == "move"]
    assert played and all(a.by_computer for a in played)
    await service.close()


def test_the_budget_shares_what_is_left_of_the_target_among_the_tables_waiting():
    """Nobody waiting behind: think_seconds. Otherwise
    clamp(left of the target / (tables waiting / processes), floor, think_seconds)."""
    one = ThinkingBudget(seconds=0.9, floor=0.25, target=3.0, processes=1)
    assert one.share(0.0, 1) == 0.9 and one.share(9.0, 1) == 0.9    # a lone table: the full budget
    assert one.share(0.0, 3) == 0.9                                  # 3 s for 3 tables: still full
    assert one.share(0.0, 4) == pytest.approx(0.75)
    assert one.share(1.0, 4) == pytest.approx(0.5)                   # it waited: less is left to share
    assert one.share(0.0, 12) == pytest.approx(0.25)
    assert one.share(0.0, 50) == 0.25 and one.share(9.0, 2) == 0.25  # never below the floor
    budgets = [one.share(0.0, waiting) for waiting in range(1, 20)]
    assert budgets == sorted(budgets, reverse=True)                  # the longer the queue, the less
    two = ThinkingBudget(seconds=0.9, floor=0.25, target=3.0, processes=2)
    assert two.share(2.9, 2) == 0.9                                  # a process for each: nothing to share
    assert two.share(0.0, 8) == pytest.approx(0.75)                  # two processes share the queue
    assert two.share(2.4, 3) == pytest.approx(0.4)
    above = ThinkingBudget(seconds=0.1, floor=0.25, target=3.0, processes=1)
    assert above.share(0.0, 1) == 0.1 and above.share(0.0, 100) == 0.1     # never above think_seconds
    long = ThinkingBudget(seconds=30.0, floor=0.25, target=3.0, processes=1)
    assert long.share(0.0, 1) == 30.0 and long.share(0.0, 2) == pytest.approx(1.5)


async def test_a_lone_tables_computer_thinks_its_full_budget(sqlite):
    service = service_of(sqlite, seconds=0.2)
    Posted(service)
    player, table = await open_against_strong(service, 1)
    for _ in range(3):
        await human_moves(service, player, table)
    await service.computers.settled()
    assert len(service.computers.budgets) >= 3
    assert set(service.computers.budgets) == {0.2}
    await service.close()


async def human_moves_now(service: TableService, player, table) -> None:
    """The human's whole turn (random legal moves: a Carcassonne turn places a tile, then maybe a
    meeple) at once, without waiting for other tables' computers."""
    seat = table.seat_of(player.user_id)
    while seat in table.game.to_act(table.state):
        legal = [str(a) for a in table.game.legal_actions(table.state, seat)]
        replies = await service.act(player, random.Random(table.version).choice(legal))
        assert not replies[0].error, text_of(replies)


async def test_tables_waiting_for_the_worker_get_smaller_budgets_down_to_the_floor(sqlite, monkeypatch):
    """Five tables against strong computers and one worker process: the first computer to be
    asked finds no other table waiting and gets the full budget; it thinks (held) while the other
    four queue behind it. They wait past the 1 s target, so each of them gets the floor; every
    computer still moves, once a turn."""
    service = service_of(sqlite, seconds=0.6, think_target=1, think_floor=0.1)
    posted = Posted(service)
    held = HeldThoughts(service.computers.thinker)
    monkeypatch.setattr(service.computers.thinker, "decide", held.decide)
    tables = [await open_against_strong(service, channel) for channel in range(1, 6)]
    await service.computers.settled()                       # a computer may open its game
    asked, versions = len(held.questions), [table.version for _, table in tables]

    gate = held.hold()
    await human_moves_now(service, *tables[0])
    await held.asked(asked + 1)                             # the first computer thinks, alone
    queued = []
    for player, table in tables[1:]:
        await human_moves_now(service, player, table)       # four more tables queue behind it
        queued.append(table.snapshot)
    assert service.computers.queued() == 4
    await asyncio.sleep(1.1)                                # they have waited past the target
    gate.set()
    await service.computers.settled()

    budgets = [q.seconds for q in held.questions[asked:asked + 5]]
    assert budgets == [0.6, 0.1, 0.1, 0.1, 0.1]
    assert [q.snapshot for q in held.questions[asked + 1:asked + 5]] == queued      # in the order asked
    assert service.computers.dropped == 0
    for channel, (_, table) in enumerate(tables, start=1):
        actions = await sqlite.actions(table.id)
        assert [a.n for a in actions] == list(range(1, len(actions) + 1))            # each version once
        assert any(a.by_computer for a in actions if a.n > versions[channel - 1] + 1)
        assert "CPU 1 (strong)" in text_of(posted.replies[channel])
    await service.close()


@dataclass
class ThinkingTimeout:
    """A two-player table whose first seat's time has run out while the computer playing it
    thinks, held until ``gate`` is set; ``due`` is the timeout's job."""

    service: TableService
    timed: TimedTable
    held: HeldThoughts
    table: Any
    seat: int
    version: int
    gate: asyncio.Event
    due: Any


async def timeout_thinking(sqlite, monkeypatch) -> ThinkingTimeout:
    service = service_of(sqlite, seconds=0.2, turns={"timer": "1h"})
    timed = TimedTable(service, sqlite, ("alice", "bob"))
    held = HeldThoughts(service.computers.thinker)
    monkeypatch.setattr(service.computers.thinker, "decide", held.decide)
    table = await timed.start()
    seat = next(iter(table.game.to_act(table.state)))
    version = table.version
    gate = held.hold()
    due = timed.time_runs_out()
    await held.asked(1)                                         # the computer thinks for the late seat
    return ThinkingTimeout(service, timed, held, table, seat, version, gate, due)


async def test_a_timed_out_seat_is_thought_for_without_holding_its_table(sqlite, monkeypatch):
    """Bob's time runs out and the computer thinks his move: meanwhile Alice's command at the
    table is answered (not held up by the thinking). Then the computer plays Bob's whole turn,
    once: one timeout record and his moves after it, posted once."""
    thinking = await timeout_thinking(sqlite, monkeypatch)
    service, timed, table, seat, version = thinking.service, thinking.timed, thinking.table, thinking.seat, thinking.version
    gate, due = thinking.gate, thinking.due
    late, other = timed.person_at(table, seat), timed.person_at(table, 1 - seat)
    replies = await asyncio.wait_for(service.act(other, "-"), 5.0)
    assert replies[0].error and "not your turn" in text_of(replies), text_of(replies)
    assert not due.done() and table.version == version
    gate.set()
    await due
    await service.computers.settled()

    after = [(a.n, a.seat, a.kind, a.by_computer) for a in await sqlite.actions(table.id) if a.n > version]
    assert after[0] == (version + 1, seat, "timeout", False)
    turn = [a for a in after[1:] if a[1] == seat]
    assert len(turn) >= 2 and all(kind == "move" and by_computer for _, _, kind, by_computer in turn)
    assert [a[0] for a in after] == list(range(version + 1, version + 1 + len(after)))    # each version once
    assert seat not in table.game.to_act(table.state)
    assert timed.said().count(f"{late.name} ran out of time.") == 1
    assert await timed.plugins.scheduler.run_due() == 0         # nothing fires again
    await service.close()


async def test_a_move_made_while_the_timeouts_computer_thinks_is_not_played_over(sqlite, monkeypatch):
    """Bob's time runs out; while the computer thinks about his tile, Bob places a tile himself.
    The thought was for a position that is gone: it is not played. The computer thinks again
    and only finishes his turn (its second step), after his own tile: nothing is played twice
    or where it was not thought."""
    thinking = await timeout_thinking(sqlite, monkeypatch)
    service, timed, held, table, seat = thinking.service, thinking.timed, thinking.held, thinking.table, thinking.seat
    version, gate, due = thinking.version, thinking.gate, thinking.due
    late = timed.person_at(table, seat)
    tile = str(table.game.legal_actions(table.state, seat)[-1])
    replies = await asyncio.wait_for(service.act(late, tile), 5.0)     # he moves while it thinks
    assert not replies[0].error, text_of(replies)
    assert seat in table.game.to_act(table.state)               # his turn goes on: a meeple or none
    moved_to = table.snapshot
    gate.set()
    await due
    await service.computers.settled()

    assert held.questions[0].snapshot != moved_to and held.questions[1].snapshot == moved_to
    actions = [a for a in await sqlite.actions(table.id) if a.n > version]
    assert [(a.text, a.seat, a.by_computer) for a in actions[:1]] == [(tile, seat, False)]
    assert [(a.seat, a.kind) for a in actions[1:3]] == [(seat, "timeout"), (seat, "move")] and actions[2].by_computer
    assert seat not in table.game.to_act(table.state)
    assert [a.n for a in actions] == list(range(version + 1, version + 1 + len(actions)))
    assert timed.said().count("ran out of time") == 1
    await service.close()
