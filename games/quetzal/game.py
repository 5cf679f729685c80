"""The Quetzal game object: the contract of games.core wired to this package's modules."""
from __future__ import annotations

import random
from collections import Counter
from typing import Any, Hashable, Sequence

from games.core import N_, ComputerPlayer, Event, Game, IllegalAction, Msg, Outcome, RandomPlayer, SeatRef, reveal
from games.core.outcome import categories, ranks_from_scores
from games.quetzal.rules import flow
from games.quetzal import notation, search, text as texts
from games.quetzal.actions import Action, Deliver, Done, Keep, Place, Reroll, Sell, Store, Take, Upgrade
from games.quetzal.ai import HeuristicPlayer, ranked
from games.quetzal.components import rules
from games.quetzal.rules.options import OPEN_HANDS, OPTIONS
from games.quetzal.rules.rounds import SLOTS, setup_state
from games.quetzal.rules.scoring import final_score
from games.quetzal.state import QuetzalState, from_json, to_json
from games.quetzal.view import QuetzalView, build_view


#: the final score's parts (scoring.FinalScore) for the result image
FINAL_PARTS = (("track", N_("Score track")), ("marker", N_("Marker")), ("coins", N_("Coins")), ("tiles", N_("Upgrade tiles")))


def held(state: QuetzalState, seat: int) -> list[str]:
    """The cards only ``seat`` has seen: its hand and those it chose for a delivery not made yet."""
    staged = state.steps[0].cards if state.steps and state.steps[0].seat == seat else []
    return state.seats[seat].hand + list(staged)


class Quetzal(Game):
    name = "quetzal"
    title = N_("Quetzal")      # marked for the catalogue: the name Japanese players know
    min_players = 2
    max_players = 5
    verbs = notation.VERBS
    max_buttons = 10
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

    def setup(self, players: int, options: frozenset[str], seed: int) -> QuetzalState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Quetzal is for {self.min_players}-{self.max_players} players, not {players}")
        state, _ = setup_state(players, frozenset(options), seed)
        return state

    def setup_events(self, players: int, options: frozenset[str], seed: int) -> tuple[QuetzalState, list[Event]]:
        """Like ``setup`` but also returns the opening events (start player, first rolls)."""
        return setup_state(players, frozenset(options), seed)

    def to_act(self, state: QuetzalState) -> frozenset[int]:
        return flow.to_act(state)

    def legal_actions(self, state: QuetzalState, seat: int) -> list[Action]:
        return flow.legal_actions(state, seat)

    def parse(self, state: QuetzalState, seat: int, text: str) -> Action:
        if not 0 <= seat < state.players:
            raise IllegalAction("Only seated players can act.")
        return notation.parse(state, seat, text)

    def apply(self, state: QuetzalState, seat: int, action: Action) -> list[Event]:
        if not 0 <= seat < state.players:
            raise IllegalAction("Only seated players can act.")
        problem = flow.problem(state, seat, action)
        if problem is not None:
            raise problem
        return flow.perform(state, seat, action)

    def mid_move(self, state: QuetzalState, seat: int) -> bool:
        """A team chosen (``team ... use``) whose workers are still to be named, or a delivery
        with cards chosen (``deliver <card> +``) that is not made yet."""
        return flow.mid_move(state, seat)

    # -- turn flow: timeouts and undo ------------------------------------------------------------
    def skip_action(self, state: QuetzalState, seat: int) -> Action | None:
        """There is no pass (5.2), but the Camp is always open: a skipped placement sends one
        worker there (the reference's default worker) and rerolls nothing. Every other prompt
        takes its "no": keep the roll, ``sell none``, ``deliver none`` (``deliver done`` when
        cards are already chosen). Where the rules force a choice: a Temple row takes the first
        filled display slots, a Village row the first tile on display, a staged team its
        default workers, and a third permanent upgrade stores the one just gained (the tiles
        that were acting keep acting)."""
        kind = flow.prompt_kind(state, seat)
        if kind is None:
            return None
        player = state.player(seat)
        legal = flow.legal_actions(state, seat)
        if kind == "store":
            return Store(player.tiles[-1])
        if kind == "reroll-tile":
            return Keep()
        if kind == "camp-reroll":
            return Reroll(())
        if kind == "place":
            camp = [a for a in legal if isinstance(a, Place) and a.space == "camp" and a.short]
            return min(camp, key=lambda a: a.count, default=None)
        if kind == "workers":
            return next((a for a in legal if isinstance(a, Place) and a.short), legal[0] if legal else None)
        if kind == "sell":
            return Sell(None)
        if kind == "deliver":
            return Done() if state.steps[0].cards else Deliver(())
        return legal[0] if legal else None          # take: the first slots; upgrade: the first tile

    def reveals(self, state: QuetzalState, seat: int, action: Action, events: list[Event]) -> bool | Msg:
        """A placement on any space (the Camp's coin included), a staged team, keeping a roll,
        ``reroll none``, storing an upgrade, taking cards from the Temple display (rows t1,
        t2, t5) or a tile from the Village display, and ``sell none`` / ``deliver none`` show
        nothing new and may be taken back, and so may a step only its player has seen (a
        staged team, a card chosen for a delivery with ``deliver <card> +``). Rolling workers
        (Camp or upgrade rerolls, the next round's roll), drawing relic cards or upgrade tiles
        (rows t3 and t4, Excavation, discovery space 6, the refill between rounds) and, with
        hidden hands, selling or delivering a card of the hand (``deliver done`` included)
        cannot."""
        after = self.from_json(self.to_json(state))
        try:
            done = self.apply(after, seat, action)
        except IllegalAction:
            return True
        if flow.mid_move(after, seat):
            return False
        if after.deck != state.deck or after.stack != state.stack:
            return reveal.DREW
        if after.rng.draws != state.rng.draws:
            return reveal.ROLLED
        if reveal.secret(done):
            return reveal.SECRET
        if OPEN_HANDS not in state.options:
            for s in range(state.players):
                if Counter(held(state, s)) - Counter(held(after, s)):
                    return reveal.SHOWN
        return after.phase == "over"

    def view(self, state: QuetzalState, seat: int | None) -> QuetzalView:
        return build_view(state, seat)

    def outcome(self, state: QuetzalState) -> Outcome | None:
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
        parts = [(label, [getattr(f, key) for f in finals]) for key, label in FINAL_PARTS]
        return Outcome(tuple(f.total for f in finals), ranks, details, categories(parts),
                       N_("Equal scores: the furthest on the discovery track wins"))

    def to_json(self, state: QuetzalState) -> dict[str, Any]:
        return to_json(state)

    def from_json(self, data: dict[str, Any]) -> QuetzalState:
        return from_json(data)

    def help_lines(self) -> list[Msg]:
        from games.quetzal.help import LINES
        return list(LINES)

    def status(self, view: QuetzalView) -> list[Msg]:
        return texts.status(view)

    def private_lines(self, view: QuetzalView) -> list[Msg]:
        return texts.private_lines(view)

    def log_note(self, state: QuetzalState, seat: int, action: Action) -> str:
        """The face-up cards a Temple choice takes (``take B H``), the tile a Village choice takes."""
        if isinstance(action, Take):
            cards = [state.display[SLOTS.index(slot)] for slot in action.slots if slot in SLOTS]
            return " ".join(card for card in cards if card)
        if isinstance(action, Upgrade) and 1 <= action.slot <= len(state.village):
            return state.village[action.slot - 1] or ""
        return ""

    def turn_prompt(self, view: QuetzalView) -> list[Msg]:
        return texts.turn_prompt(view)

    def suggestions(self, state: QuetzalState, seat: int) -> list[Action]:
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
        if level == "strong":
            from games.core.search import StrongPlayer
            return StrongPlayer(search.SETTINGS)
        return RandomPlayer() if level == "random" else HeuristicPlayer()

    def computer_levels(self) -> Sequence[str]:
        """The levels a table may seat; "strong" beat greedy in the arena (docs/performance.md)."""
        return ("random", "greedy", "strong")

    # -- what the search needs (games/quetzal/search.py) -------------------------------------------
    def determinize(self, state: QuetzalState, seat: int, rng: random.Random) -> QuetzalState:
        """The deck and (with hidden hands) the other hands dealt again from one pool, the
        upgrade stack shuffled, a fresh seed."""
        return search.determinize(state, seat, rng)

    def evaluate(self, state: QuetzalState) -> tuple[float, ...]:
        return search.evaluate(state)

    def clone(self, state: QuetzalState) -> QuetzalState:
        return search.clone(state)

    def chance_key(self, state: QuetzalState) -> Hashable:
        return search.chance_key(state)

    def action_order(self, state: QuetzalState, seat: int, actions: list[Any]) -> list[Any]:
        return search.action_order(state, seat, actions)

    def rules_data(self) -> Any:
        """The merged component data (for renderers and tools)."""
        return rules()
