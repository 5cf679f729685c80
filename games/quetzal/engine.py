"""The Quetzal game object: the contract of games.core wired to this package's modules."""
from __future__ import annotations

from typing import Any, Sequence

from games.core import ComputerPlayer, Event, Game, IllegalAction, Msg, Outcome, RandomPlayer, SeatRef
from games.core.outcome import ranks_from_scores
from games.quetzal import flow, notation, texts
from games.quetzal.actions import Action, Place, Take, Upgrade
from games.quetzal.ai import HeuristicPlayer, ranked
from games.quetzal.components import rules
from games.quetzal.options import OPTIONS
from games.quetzal.rounds import SLOTS, setup_state
from games.quetzal.scoring import final_score
from games.quetzal.state import State, from_json, to_json
from games.quetzal.view import QuetzalView, build_view


class Quetzal(Game):
    name = "quetzal"
    title = "Quetzal"
    min_players = 2
    max_players = 5
    verbs = notation.VERBS
    max_buttons = 10
    renderer = "renderers.quetzal:render"
    private_info = True
    options = OPTIONS

    def action_candidates(self, verb: str, text: str) -> list[str]:
        """Slash verbs as the reference's commands: ``/place 3a 2 black`` is ``team 3a 2 black``,
        ``/bid ship 3 black`` is ``bid ship 3 black``, ``/use`` and ``/play`` carry any command
        line, and a bare ``/pass`` is ``pass`` (the "no" of the current prompt)."""
        text = text.strip()
        first = text.split(" ", 1)[0].lower()
        if verb in ("play", "use") or first in notation.COMMANDS or first == "pass":
            return [text] if text else [verb]
        if verb == "place":
            return [f"team {text}", text] if text else ["team"]
        if verb == "bid":
            return [f"bid {text}", text] if text else ["bid"]
        if verb == "pass":
            return [f"pass {text}", text] if text else ["pass"]
        return super().action_candidates(verb, text)

    def setup(self, players: int, options: frozenset[str], seed: int) -> State:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Quetzal is for {self.min_players}-{self.max_players} players, not {players}")
        state, _ = setup_state(players, frozenset(options), seed)
        return state

    def setup_events(self, players: int, options: frozenset[str], seed: int) -> tuple[State, list[Event]]:
        """Like ``setup`` but also returns the opening events (start player, first rolls)."""
        return setup_state(players, frozenset(options), seed)

    def to_act(self, state: State) -> frozenset[int]:
        return flow.to_act(state)

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        return flow.legal_actions(state, seat)

    def parse(self, state: State, seat: int, text: str) -> Action:
        if not 0 <= seat < state.players:
            raise IllegalAction("Only seated players can act.")
        return notation.parse(state, seat, text)

    def apply(self, state: State, seat: int, action: Action) -> list[Event]:
        if not 0 <= seat < state.players:
            raise IllegalAction("Only seated players can act.")
        problem = flow.problem(state, seat, action)
        if problem is not None:
            raise problem
        return flow.perform(state, seat, action)

    def view(self, state: State, seat: int | None) -> QuetzalView:
        return build_view(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        finals = [final_score(state, s) for s in range(state.players)]
        ranks = ranks_from_scores([(f.total, f.discovery) for f in finals])
        details = tuple(Msg("{player}: {total} VP (track {track}, marker {marker}, coins {coins}, upgrades {tiles}; "
                            "discovery {discovery})",
                            {"player": SeatRef(s), "total": finals[s].total, "track": finals[s].track,
                             "marker": finals[s].marker, "coins": finals[s].coins, "tiles": finals[s].tiles,
                             "discovery": finals[s].discovery})
                        for s in sorted(range(state.players), key=lambda s: (ranks[s], s)))      # by rank
        return Outcome(tuple(f.total for f in finals), ranks, details)

    def to_json(self, state: State) -> dict[str, Any]:
        return to_json(state)

    def from_json(self, data: dict[str, Any]) -> State:
        return from_json(data)

    def status(self, view: QuetzalView) -> list[Msg]:
        return texts.status(view)

    def private_lines(self, view: QuetzalView) -> list[Msg]:
        return texts.private_lines(view)

    def log_note(self, state: State, seat: int, action: Action) -> str:
        """The face-up cards a Temple choice takes (``take B H``), the tile a Village choice takes."""
        if isinstance(action, Take):
            cards = [state.display[SLOTS.index(slot)] for slot in action.slots if slot in SLOTS]
            return " ".join(card for card in cards if card)
        if isinstance(action, Upgrade) and 1 <= action.slot <= len(state.village):
            return state.village[action.slot - 1] or ""
        return ""

    def turn_prompt(self, view: QuetzalView) -> list[Msg]:
        return texts.turn_prompt(view)

    def suggestions(self, state: State, seat: int) -> list[Action]:
        """Buttons: every choice when there are few; otherwise the common ones, best first.

        Placements offer, per space and colour, the smallest team with the default workers (so
        a wild worker's face is a button of its own: ``team t5 1 white`` / ``team t5 1 black``)."""
        actions = self.legal_actions(state, seat)
        if len(actions) <= self.max_buttons:
            return actions
        kind = flow.prompt_kind(state, seat)
        if kind == "deliver":
            # the best steps, and always the way to finish (deliver none / deliver done, listed first)
            best = [a for a in ranked(state, seat, actions) if a != actions[0]]
            return best[: self.max_buttons - 1] + [actions[0]]
        if kind != "place":
            return ranked(state, seat, actions)[: self.max_buttons]
        smallest: dict[tuple[str, str | None], Place] = {}
        for action in actions:
            if not isinstance(action, Place):
                continue
            key = (action.space, action.colour)
            if action.short and (key not in smallest or len(action.workers) < len(smallest[key].workers)):
                smallest[key] = action
        out: list[Action] = []
        for best in ranked(state, seat, list(smallest.values())):
            assert isinstance(best, Place)
            for action in [best] + [a for k, a in smallest.items() if k[0] == best.space and a != best]:
                if action not in out and len(out) < self.max_buttons:
                    out.append(action)
        return out

    def computer_player(self, level: str = "greedy") -> ComputerPlayer:
        return RandomPlayer() if level == "random" else HeuristicPlayer()

    def computer_levels(self) -> Sequence[str]:
        return ("greedy", "random")

    def rules_data(self) -> Any:
        """The merged component data (for renderers and tools)."""
        return rules()
