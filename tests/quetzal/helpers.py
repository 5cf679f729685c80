"""Test helpers: scripted dice and direct state set-up for the worked examples."""
from __future__ import annotations

from typing import Sequence

from games.core import SeededRng
from games.quetzal import GAME
from games.quetzal.components import BIG, WILD, rules
from games.quetzal.state import POOL, QuetzalState, Team

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve"]


class ScriptedRng(SeededRng):
    """Dice results come from a script (section 8.2 'ScriptedDice'); other draws stay seeded."""

    def __init__(self, rolls: Sequence[str], seed: int = 0, draws: int = 0) -> None:
        super().__init__(seed, draws)
        self.rolls = list(rolls)

    def choice(self, items):  # type: ignore[override]
        if items == rules().dice:
            assert self.rolls, "the scripted dice ran out"
            self.draws += 1
            return self.rolls.pop(0)
        return super().choice(items)


def new_game(players: int = 3, seed: int = 7, marker: int = 0, options: frozenset[str] = frozenset()) -> QuetzalState:
    """A fresh game in Phase 2 of round 1 with ``marker`` as the start player."""
    state = GAME.setup(players, options, seed)
    state.marker = state.turn = marker
    state.phase = "place"
    for player in state.seats:
        player.reroll_window = []
    return state


def set_pool(state: QuetzalState, seat: int, spec: str) -> None:
    """``1w 2w 3k 4u 5s 6k big:u`` or ``1w 2k 3* big*``: every listed worker is in the pool."""
    player = state.player(seat)
    for token in spec.split():
        wid, face = (token.split(":") if ":" in token else (token[:-1], token[-1]))
        worker = player.worker(wid)
        assert worker is not None, token
        worker.where = POOL
        worker.roll = face if face in "wksu" else "s"
        worker.face = WILD if wid == BIG or face in "su*" else face


def park(state: QuetzalState, seat: int, keep: Sequence[str] = ()) -> None:
    """Put every worker of ``seat`` except ``keep`` on the Camp (as an earlier placement)."""
    player = state.player(seat)
    parked = [w.wid for w in player.workers if w.wid not in keep and w.where == POOL]
    for wid in parked:
        player.worker(wid).where = "camp"
    if parked:
        state.teams.append(Team(state.seq, seat, "camp", None, parked, 0))
        state.seq += 1


def act(state: QuetzalState, seat: int, text: str) -> list[str]:
    """Parse and apply; return the English event texts (all visibilities)."""
    action = GAME.parse(state, seat, text)
    events = GAME.apply(state, seat, action)
    return [e.msg.english(NAMES) for e in events]


def pool(state: QuetzalState, seat: int) -> str:
    from games.quetzal.rules.placement import pool_text
    return pool_text(state, seat)
