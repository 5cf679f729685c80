"""Keyflower: the Game contract, delegating to the rules modules (whose turn and what an action
does: rules/flow.py)."""
from __future__ import annotations

import random
from typing import Any, Hashable, Sequence

from games.core import N_, ComputerPlayer, Event, Game, IllegalAction, Msg, OptionSpec, Outcome, SeatRef
from games.core import reveal
from games.core.outcome import categories, ranks_from_scores
from games.keyflower import notation, screens, search, text, words
from games.keyflower import state as kstate
from games.keyflower.actions import Action, BoatAction, DoneAction, PassAction, PlaceAction, WinterAction
from games.keyflower.rules import flow, legal, seasons
from games.keyflower.rules import village as vil
from games.keyflower.state import KeyflowerState
from games.keyflower.view import KeyflowerView, build_view


#: the final score's parts (scoring.score_player) and what the result image calls them
FINAL_PARTS = (("fixed", N_("Tiles")), ("auto", N_("Turn order, boats, roads, river")), ("storage", N_("Storage tiles")),
               ("alloc", N_("Winter tiles")), ("gold", N_("Gold")))


class Keyflower(Game):
    name = "keyflower"
    title = N_("Keyflower")      # marked for the catalogue: the name Japanese players know
    min_players = 2
    max_players = 6
    verbs = ("bid", "use", "pass", "boat", "place", "winter", "flip", "play")
    max_buttons = 10
    private_info = True            # supplies by colour/type and winter tiles are secret
    options = (
        OptionSpec("craftsmen5", "Craftsmen's Guild scores 5 VP per blue+red+yellow set instead of 3."),
        OptionSpec("greenwild", "Green keeples may stand in for blue, red or yellow on the Craftsmen's Guild."),
        OptionSpec("purpleany", "Whoever holds the purple marker at the end of winter may use it as a scoring wildcard."),
        OptionSpec("storagefree", "Off-type resources on storage tiles go back to the allocation pool instead of scoring 0."),
    )

    # -- life cycle ------------------------------------------------------------------------
    def setup(self, players: int, options: frozenset[str], seed: int) -> KeyflowerState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Keyflower needs 2 to 6 players, not {players}")
        return seasons.setup(players, frozenset(options), seed)

    def to_act(self, state: KeyflowerState) -> frozenset[int]:
        return flow.to_act(state)

    def legal_actions(self, state: KeyflowerState, seat: int) -> list[Action]:
        return legal.legal_actions(state, seat, self.to_act(state))

    @words.in_words
    def parse(self, state: KeyflowerState, seat: int, text: str) -> Action:
        return notation.parse(state, seat, text)

    @words.in_words
    def apply(self, state: KeyflowerState, seat: int, action: Action) -> list[Event]:
        return flow.apply(state, seat, action)

    # -- turn flow: timeouts and undo ---------------------------------------------------------------
    def skip_action(self, state: KeyflowerState, seat: int) -> Action | None:
        """Passing is always allowed in the action phase (5.1), so a skipped turn is ``pass``;
        in the middle of a transport it is ``done``, and the Flipper's free upgrade is passed
        up. Where the rules force a choice, the least one: the first of the seat's winter tiles
        alone (at least one must be put up, 4), the first boat left in the row, and each new
        tile in the first legal cell and rotation of the village (8.3)."""
        if seat not in self.to_act(state):
            return None
        player = state.seats[seat]
        if state.phase == "actions":
            return DoneAction() if state.transport is not None else PassAction()
        if state.phase == "flip":
            return PassAction()
        if state.phase == "winter_select":
            return WinterAction((player.winter_hand[0],)) if player.winter_hand else None
        if state.phase == "boats":
            return BoatAction(state.boats_left[0]) if state.boats_left else None
        if state.phase == "placement":
            for tid in player.pending:
                spots = vil.placements(state, seat, tid)
                if spots:
                    q, r, k = spots[0]
                    return PlaceAction(tid, q, r, k)
        return None

    def reveals(self, state: KeyflowerState, seat: int, action: Action, events: list[Event]) -> bool | Msg:
        """What can be taken back (12.1 says what is hidden): a bid, a use that only produces
        resources, moves or green keeples, a transport step, a pass, a boat without summer
        boat 1a. What cannot: anything drawn from the bag or the skill pile (Alehouse, Inn,
        Tavern, Brewer, Apprentice Hall, Hiring Fair, 1a's keeples, boat cargo and the tiles of
        a new season), a move with a hidden part (a skill paid face down), the secret winter
        choice and the village placement (both simultaneous and hidden until everyone is
        done), and whatever ends the game."""
        if isinstance(action, (WinterAction, PlaceAction)):
            return reveal.SECRET
        after = self.from_json(self.to_json(state))
        try:
            done = self.apply(after, seat, action)
        except IllegalAction:
            return True
        if after.rng.draws != state.rng.draws or after.decks != state.decks:     # drawn, rolled or dealt
            return reveal.DREW
        if reveal.secret(done):
            return reveal.SECRET
        return after.phase == "over"

    # -- views and results ---------------------------------------------------------------------
    def view(self, state: KeyflowerState, seat: int | None) -> KeyflowerView:
        return build_view(state, seat, self.to_act(state))

    def outcome(self, state: KeyflowerState) -> Outcome | None:
        if state.phase != "over" or state.final is None:
            return None
        totals = [f["total"] for f in state.final]
        ranks = ranks_from_scores(totals)
        details = tuple(Msg("{player}: {total} = tiles {fixed} + auto {auto} + storage {storage} + allocation {alloc} + gold {gold}",
                            {"player": SeatRef(s), **state.final[s]})
                        for s in sorted(range(state.players), key=lambda s: (ranks[s], s)))
        parts = [(label, [f[key] for f in state.final]) for key, label in FINAL_PARTS]
        return Outcome(tuple(totals), ranks, details, categories(parts))

    def to_json(self, state: KeyflowerState) -> dict[str, Any]:
        return kstate.to_json(state)

    def from_json(self, data: dict[str, Any]) -> KeyflowerState:
        """The stored state; a game stored before the screens' public record was kept gets the
        record the current season still proves (screens.py)."""
        state = kstate.from_json(data)
        if kstate.stored_without_record(data):
            screens.recall_season(state)
        return state

    # -- text ------------------------------------------------------------------------------------
    def help_lines(self) -> list[Msg]:
        from games.keyflower.help import LINES
        return list(LINES)

    def status(self, view: KeyflowerView) -> list[Msg]:
        return text.status(view)

    def private_lines(self, view: KeyflowerView) -> list[Msg]:
        return text.private_lines(view)

    def turn_prompt(self, view: KeyflowerView) -> list[Msg]:
        return text.turn_prompt(view)

    def action_label(self, action: Action) -> str:
        return str(action)

    def suggestions(self, state: KeyflowerState, seat: int) -> list[Action]:
        """All legal actions when they fit on the buttons, else the computer player's favourites
        plus 'pass' / 'done'."""
        actions = self.legal_actions(state, seat)
        if len(actions) <= self.max_buttons:
            return actions
        from games.keyflower.ai import KeyflowerPlayer
        judge = KeyflowerPlayer()
        closing = [a for a in actions if isinstance(a, (PassAction, DoneAction))]
        ranked = sorted((a for a in actions if a not in closing), key=lambda a: -judge.value(state, seat, a))
        return ranked[:self.max_buttons - len(closing)] + closing

    def computer_player(self, level: str = "greedy") -> ComputerPlayer:
        from games.keyflower.ai import KeyflowerPlayer
        from games.core import RandomPlayer
        if level == "strong":
            from games.core.search import StrongPlayer
            return StrongPlayer(search.SETTINGS)
        return RandomPlayer() if level == "random" else KeyflowerPlayer()

    def computer_levels(self) -> Sequence[str]:
        """The levels a table may seat; "strong" beat greedy in the arena (docs/performance.md)."""
        return ("random", "greedy", "strong")

    # -- what the search needs (games/keyflower/search.py) -----------------------------------------
    def determinize(self, state: KeyflowerState, seat: int, rng: random.Random) -> KeyflowerState:
        """The bag, the screens (but for the keeples and skill tiles the public record puts
        behind them), the skill pile, the winter hands and the decks dealt again from what
        ``seat`` cannot see, the other players' unrevealed placements redone, a fresh seed."""
        return search.determinize(state, seat, rng)

    def evaluate(self, state: KeyflowerState) -> tuple[float, ...]:
        return search.evaluate(state)

    def clone(self, state: KeyflowerState) -> KeyflowerState:
        return search.clone(state)

    def chance_key(self, state: KeyflowerState) -> Hashable:
        return search.chance_key(state)

    def action_order(self, state: KeyflowerState, seat: int, actions: list[Any]) -> list[Any]:
        return search.action_order(state, seat, actions)
