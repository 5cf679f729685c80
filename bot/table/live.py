"""A table held in memory: its record, its game and the current state."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import I18n
from bot.table.levels import seat_name
from bot.table.tableoptions import public_language, table_language
from bot.store.records import ActionRecord, SeatRecord
from games.core.contract import Game


@dataclass
class LiveTable:
    id: int
    channel_id: int
    guild_id: int | None
    game: Game
    host_id: int
    status: str
    options: frozenset[str]
    seed: int
    seats: list[SeatRecord] = field(default_factory=list)
    _state: Any = None
    version: int = 0
    snapshot: str = ""            # JSON of the state at ``version``, to roll back a failed move
    takebacks: int = 0            # moves taken back (/undo) in this game so far, as stored
    lobby_message_id: int | None = None
    #: the table's own options (``lang=ja``), kept apart from the game's (bot/table/tableoptions.py)
    table_options: frozenset[str] = frozenset()
    #: the language of a table whose server's language is not known (the bot's ``locale.default``)
    default_language: str = "en"

    @property
    def state(self) -> Any:
        """The game state; a restored table rebuilds it from its snapshot on first use, so a
        restart with thousands of quiet tables is quick."""
        if self._state is None and self.snapshot:
            self._state = self.game.from_json(json.loads(self.snapshot))
        return self._state

    @state.setter
    def state(self, value: Any) -> None:
        self._state = value

    @property
    def turn_serial(self) -> int:
        """A number for the current turn that no other turn of this game has or will have, for
        the custom_ids of its buttons and the thoughts of its computers: a move adds one to the
        version; an undo of ``k`` moves takes ``k`` from the version and adds ``k`` to the moves
        taken back, so counting those twice the serial still grows by ``k``. The version alone
        comes back after an undo and a new move, and a button of the undone turn (or a move
        thought for it) would then act again."""
        return self.version + 2 * self.takebacks

    @property
    def head(self) -> tuple[int, str, int, int]:
        """(id, status, version, moves taken back): what the store's ``open_table_head`` says
        of this table while this copy is current."""
        return (self.id, self.status, self.version, self.takebacks)

    @property
    def lang(self) -> str | None:
        """The language a player set with ``/option lang``, or None (``auto``)."""
        return table_language(self.table_options)

    @property
    def public_language(self) -> str:
        """The language of everything the table shows in public (messages, buttons, pictures):
        ``/option lang`` when set, else the language of the server it was opened in, else the
        bot's default. Private replies are in each reader's own language instead."""
        return public_language(self.table_options, self.default_language)

    @property
    def stored_options(self) -> list[str]:
        """The options as the store keeps them: the game's and the table's, in one list."""
        return sorted(self.options | self.table_options)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def computer_name(self, number: int, level: str) -> str:
        """The short seat name of the ``number``-th computer player ("CPU 1 (strong)"), in the
        table's language (a name is kept as it is given, so it is given in the language the
        table speaks; names stored before stay as they are)."""
        return I18n().render(seat_name(number, level), self.public_language)

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id and not seat.is_bot:
                return seat.seat
        return None

    def computer_controls(self, seat: int) -> bool:
        record = self.seats[seat]
        return record.is_bot or record.resigned

    def remember(self) -> None:
        """Keep the current state as the rollback point."""
        self.snapshot = self.snapshot_of(self.state)

    def snapshot_of(self, state: Any) -> str:
        """``state`` as the store keeps it (compact JSON)."""
        return json.dumps(self.game.to_json(state), separators=(",", ":"))

    def begin(self, seats: list[SeatRecord], state: Any, snapshot: str) -> None:
        """The game started (stored): seated as ``seats``, at version 0 of ``state``."""
        self.seats = seats
        self.state = state
        self.version = 0
        self.snapshot = snapshot
        self.status = "playing"

    def committed(self, version: int, snapshot: str) -> None:
        """The state in memory is stored as ``version`` (its JSON ``snapshot``): the new rollback point."""
        self.version = version
        self.snapshot = snapshot

    def ended(self, status: str) -> None:
        """The game's end is stored, as ``status`` (finished, or aborted)."""
        self.status = status

    def load(self, version: int, snapshot: str, state: Any = None, takebacks: int | None = None) -> None:
        """Take a stored ``version`` of the game (its state rebuilt from ``snapshot`` when first
        used, unless ``state`` is given): a restore, a reload, an undo (with the count of moves
        taken back so far, when it changed)."""
        self.version = version
        if takebacks is not None:
            self.takebacks = takebacks
        self.snapshot = snapshot
        self.state = state

    def rollback(self) -> None:
        self._state = None          # rebuilt from the snapshot when next needed

    def replay(self, action: ActionRecord) -> None:
        """Apply one stored action to the state (a move; a resignation only counts)."""
        if action.kind == "move":
            self.game.apply(self.state, action.seat, self.game.parse(self.state, action.seat, action.text))
        self.version = action.n
