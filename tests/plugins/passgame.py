"""Countdown with a ``pass`` move in the counting phase (passing hands the turn on without adding),
to test the ``skip`` timeout policy. Registered by the tests as the game "passdown"."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.core import Event, Game, IllegalAction, SeatRef
from tests.toygame.game import Countdown
from tests.toygame.state import CountdownState


@dataclass(frozen=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


class Passdown(Countdown):
    name = "passdown"
    title = "Passdown (test game)"

    def legal_actions(self, state: CountdownState, seat: int) -> list[Any]:
        actions = super().legal_actions(state, seat)
        return actions + [Pass()] if actions and not self._betting(state) else actions

    def parse(self, state: CountdownState, seat: int, text: str) -> Any:
        if text.strip().lower() == "pass":
            return Pass()
        return super().parse(state, seat, text)

    def apply(self, state: CountdownState, seat: int, action: Any) -> list[Event]:
        if isinstance(action, Pass):
            if seat not in self.to_act(state) or self._betting(state):
                raise IllegalAction("It is not your turn.")
            state.turn = (state.turn + 1) % state.players
            return [Event.public("{player} passes.", player=SeatRef(seat))]
        return super().apply(state, seat, action)


GAME = Passdown()


class Secretive(Countdown):
    """Countdown that does not say what its moves reveal (the contract's default)."""

    name = "secretive"
    title = "Secretive (test game)"
    reveals = Game.reveals


SECRETIVE = Secretive()
