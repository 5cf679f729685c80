"""The action log as players read it: each move with what the engine can say about it that the
notation does not (``1,2 r2`` placed tile D08), and which moves are a seat's secret while the
game runs. Both come from replaying the log from the seed (off the event loop: it is CPU work)."""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Iterable

from bot.i18n import t
from bot.store import ActionRecord
from games.core import Msg
from games.core.contract import Game

log = logging.getLogger(__name__)


@dataclass
class MoveLog:
    #: numbers of the logged moves whose events the engine addressed privately (a hidden bet, a
    #: card taken into a hand): /log shows them only to the seat that made them
    secret: set[int] = field(default_factory=set)
    #: the game's note for a logged move (``tile D08``), by number; never for a secret move
    notes: dict[int, str] = field(default_factory=dict)


def replay_log(game: Game, players: int, options: frozenset[str], seed: int, actions: Iterable[ActionRecord]) -> MoveLog:
    """Replay ``actions`` from the seed, noting secret moves and the game's words for each move."""
    state = game.setup(players, options, seed)
    found = MoveLog()
    for action in actions:
        if action.kind != "move":
            continue
        move = game.parse(state, action.seat, action.text)
        try:
            note = game.log_note(state, action.seat, move)
        except Exception:           # a note is a nicety: never let it cost the log
            log.exception("%s: no log note for move %s %r", game.name, action.n, action.text)
            note = ""
        events = game.apply(state, action.seat, move)
        if any(event.to is not None for event in events):
            found.secret.add(action.n)
        elif note:
            found.notes[action.n] = note
    return found


def log_msgs(actions: list[ActionRecord], names: list[str], hidden: frozenset[int] | set[int] = frozenset(),
             notes: dict[int, str] | None = None) -> list[Msg]:
    """One line per logged action: ``12. alice: 1,2 r2 (D08)``; actions numbered in ``hidden``
    show as ``(hidden)``; a computer's move is marked (in the reader's language)."""
    lines = []
    for action in actions:
        who = names[action.seat] if 0 <= action.seat < len(names) else "?"
        mark = t(" (computer)") if action.by_computer else ""
        if action.n in hidden:
            text: Msg | str = t("(hidden)")
        else:
            note = (notes or {}).get(action.n)
            text = f"{action.text} ({note})" if note else action.text
        lines.append(t("{n}. {player}{mark}: {text}", n=action.n, player=who, mark=mark, text=text))
    return lines


def log_lines(actions: list[ActionRecord], names: list[str], hidden: frozenset[int] | set[int] = frozenset(),
              notes: dict[int, str] | None = None) -> list[str]:
    """The same lines in English (the log file attached to a long /log)."""
    return [line.english() for line in log_msgs(actions, names, hidden, notes)]
