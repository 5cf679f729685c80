"""Countdown: a tiny game with every feature the contract has.

* A simultaneous, hidden first phase: every seat bets ``bet odd`` or ``bet even``.
* Then seats take turns: ``add N`` raises the shared total by N (1-3; ``wide`` 1-5, ``narrow``
  1-2). Whoever brings the total to the target (21, ``long``: 31) or beyond ends the game.
* Each seat holds a secret bonus card (1-5, drawn from the seed), shown only to its owner.
* Scores: 10 for ending the game, +3 for a bet matching the final total's parity, + bonus.
"""
from __future__ import annotations

from typing import Any

from games.core import Event, Game, IllegalAction, Msg, N_, OptionSpec, Outcome, SeatRef, SeededRng
from games.core.outcome import ranks_from_scores
from tests.toygame.actions import Add, Bet
from tests.toygame.state import CountdownState, from_json, to_json
from tests.toygame.view import CountdownView


class Countdown(Game):
    name = "countdown"
    title = "Countdown (test game)"
    min_players = 2
    max_players = 4
    verbs = ("play", "bid")
    options = (
        OptionSpec("long", "Play to 31 instead of 21."),
        OptionSpec("wide", "Steps of 1 to 5.", excludes=("narrow",)),
        OptionSpec("narrow", "Steps of 1 or 2.", excludes=("wide",)),
        OptionSpec("mirror", "A rule that is not built yet.", unavailable=N_("mirror scoring is not implemented.")),
    )

    def setup(self, players: int, options: frozenset[str], seed: int) -> CountdownState:
        rng = SeededRng(seed)
        bonus = [rng.randint(1, 5) for _ in range(players)]
        return CountdownState(players, frozenset(options), bonus=bonus, bets=[None] * players, rng=rng)

    def target(self, state: CountdownState) -> int:
        return 31 if "long" in state.options else 21

    def max_step(self, state: CountdownState) -> int:
        return 5 if "wide" in state.options else 2 if "narrow" in state.options else 3

    def _betting(self, state: CountdownState) -> bool:
        return any(b is None for b in state.bets)

    def to_act(self, state: CountdownState) -> frozenset[int]:
        if state.finisher is not None:
            return frozenset()
        if self._betting(state):
            return frozenset(s for s, b in enumerate(state.bets) if b is None)
        return frozenset({state.turn})

    def legal_actions(self, state: CountdownState, seat: int) -> list[Any]:
        if seat not in self.to_act(state):
            return []
        if self._betting(state):
            return [Bet("odd"), Bet("even")]
        return [Add(n) for n in range(1, self.max_step(state) + 1)]

    def parse(self, state: CountdownState, seat: int, text: str) -> Any:
        words = text.strip().lower().split()
        if len(words) == 2 and words[0] == "bet" and words[1] in ("odd", "even"):
            return Bet(words[1])
        if len(words) == 2 and words[0] == "add" and words[1].isascii() and words[1].isdigit() and len(words[1]) < 4:
            return Add(int(words[1]))
        raise IllegalAction("I can't read '{text}'. Write 'add N' (for example 'add 2') or 'bet odd' / 'bet even'.",
                            text=text[:40])

    def apply(self, state: CountdownState, seat: int, action: Any) -> list[Event]:
        if seat not in self.to_act(state):
            raise IllegalAction("It is not your turn.")
        if self._betting(state):
            if not isinstance(action, Bet):
                raise IllegalAction("Everyone bets first: write 'bet odd' or 'bet even'.")
            state.bets[seat] = action.parity
            events = [Event.public("{player} has placed a secret bet.", player=SeatRef(seat)),
                      Event.private({seat}, "You bet {parity}.", parity=action.parity)]
            if not self._betting(state):
                events.append(Event.public("All bets are in. {player} starts counting.", player=SeatRef(state.turn)))
            return events
        if not isinstance(action, Add):
            raise IllegalAction("Bets are closed; now write 'add N'.")
        if not 1 <= action.amount <= self.max_step(state):
            raise IllegalAction("You may add 1 to {most}, not {amount}.", most=self.max_step(state), amount=action.amount)
        state.total += action.amount
        events = [Event.public("{player} adds {amount}: the total is {total}.",
                               player=SeatRef(seat), amount=action.amount, total=state.total)]
        if state.total >= self.target(state):
            state.finisher = seat
            events.append(Event.public("{player} reaches {target} and ends the game.",
                                       player=SeatRef(seat), target=self.target(state)))
        else:
            state.turn = (state.turn + 1) % state.players
        return events

    def reveals(self, state: CountdownState, seat: int, action: Any, events: list[Event]) -> bool:
        """Nothing is drawn after the set-up; only the move that ends the game reveals the secret
        bets and bonus cards."""
        return isinstance(action, Add) and state.total + action.amount >= self.target(state)

    def _scores(self, state: CountdownState) -> list[int]:
        parity = "even" if state.total % 2 == 0 else "odd"
        return [(10 if seat == state.finisher else 0) + (3 if state.bets[seat] == parity else 0) + state.bonus[seat]
                for seat in range(state.players)]

    def outcome(self, state: CountdownState) -> Outcome | None:
        if state.finisher is None:
            return None
        scores = self._scores(state)
        details = tuple(Msg("{player}: bonus card {bonus}, bet {bet}", {"player": SeatRef(s), "bonus": state.bonus[s],
                                                                        "bet": state.bets[s]})
                        for s in range(state.players))
        return Outcome(tuple(scores), ranks_from_scores(scores), details)

    def view(self, state: CountdownState, seat: int | None) -> CountdownView:
        over = state.finisher is not None
        mine = seat is not None and 0 <= seat < state.players
        return CountdownView(
            seat=seat, players=state.players, total=state.total, target=self.target(state),
            turn=None if over or self._betting(state) else state.turn,
            phase="over" if over else "bet" if self._betting(state) else "count",
            my_bonus=state.bonus[seat] if mine else None,
            my_bet=state.bets[seat] if mine else None,
            answered=tuple(b is not None for b in state.bets),
            revealed_bets=tuple(state.bets) if over else None,
            revealed_bonus=tuple(state.bonus) if over else None,
            finisher=state.finisher,
        )

    def status(self, view: CountdownView) -> list[Msg]:
        lines = [Msg("Countdown — total {total} of {target}", {"total": view.total, "target": view.target})]
        if view.phase == "bet":
            waiting = ", ".join(str(s + 1) for s, done in enumerate(view.answered) if not done)
            lines.append(Msg("Waiting for secret bets from seats {seats}.", {"seats": waiting}))
        elif view.phase == "count":
            lines.append(Msg("{player} to add.", {"player": SeatRef(view.turn)}))
        return lines

    def private_lines(self, view: CountdownView) -> list[Msg]:
        if view.my_bonus is None:
            return []
        return [Msg("Your bonus card: {bonus}. Your bet: {bet}.", {"bonus": view.my_bonus, "bet": view.my_bet or "-"})]

    def to_json(self, state: CountdownState) -> dict[str, Any]:
        return to_json(state)

    def from_json(self, data: dict[str, Any]) -> CountdownState:
        return from_json(data)
