"""The Stone Age game object: the contract of games/core wired to this package's modules."""
from __future__ import annotations

import random
from typing import Any, Hashable, Sequence

from games.core import N_, ComputerPlayer, Event, Game, IllegalAction, Msg, OptionSpec, Outcome, SeatRef, reveal
from games.core.outcome import categories
from games.stone_age.rules import flow, moves
from games.stone_age import notation, search, text
from games.stone_age.actions import Action, Buy, Pick, Place, Skip, Starve, Tools
from games.stone_age.rules.checks import all_locations, legal_placements
from games.stone_age.rules.setup import new_game
from games.stone_age.state import StoneAgeState, from_json, to_json
from games.stone_age.rules.suggest import suggestions
from games.stone_age.view import StoneAgeView, final_rows, make_view


#: the final score's parts (the score track, then the end-of-game scoring) for the result image
FINAL_PARTS = (("track", N_("Score track")), ("culture", N_("Culture cards")), ("farmers", N_("Farmers")),
               ("tool_makers", N_("Tool makers")), ("hut_builders", N_("Hut builders")), ("shamans", N_("Shamans")),
               ("resources", N_("Resources")))
TIEBREAK = N_("Equal scores: agriculture, then tools, then people decide")
TIEBREAK_SUM = N_("Equal scores: agriculture + tools + people decides")


class StoneAge(Game):
    name = "stoneage"
    title = N_("Stone Age")      # marked for the catalogue: the name Japanese players know
    min_players = 2
    max_players = 4
    verbs = ("place", "resolve", "tools", "buy", "skip", "pick", "claim", "feed", "play")
    max_buttons = 10
    options = (
        OptionSpec("hunt_repeat", "Players may place on the hunting grounds again in a later turn of the same "
                                  "round (Yucata's variant)."),
        OptionSpec("tiebreak_sum", "Break ties by agriculture + tools + people summed (printed rulebook) instead "
                                   "of agriculture, then tools, then people (BGA)."),
        OptionSpec("hidden_cards", "Other players see only how many civilization cards a player has."),
    )

    # -- life cycle -------------------------------------------------------------------------
    def setup(self, players: int, options: frozenset[str], seed: int) -> StoneAgeState:
        return new_game(players, frozenset(options), seed)

    def setup_fixed(self, players: int, options: frozenset[str] = frozenset(), seed: int = 0, **fixed: Any
                    ) -> StoneAgeState:
        """A game with a fixed card order, building stacks, first player and/or dice (tests, replays)."""
        return new_game(players, frozenset(options), seed, **fixed)

    def to_act(self, state: StoneAgeState) -> frozenset[int]:
        return flow.to_act(state)

    def legal_actions(self, state: StoneAgeState, seat: int) -> list[Action]:
        return moves.legal_actions(state, seat)

    def parse(self, state: StoneAgeState, seat: int, text_: str) -> Action:
        return notation.parse(state, seat, text_)

    def apply(self, state: StoneAgeState, seat: int, action: Action) -> list[Event]:
        return moves.apply(state, seat, action)

    def view(self, state: StoneAgeState, seat: int | None) -> StoneAgeView:
        return make_view(state, seat)

    def outcome(self, state: StoneAgeState) -> Outcome | None:
        if state.phase != "over":
            return None
        rows = final_rows(state)
        details = tuple(
            Msg("{player}: track {track}, culture {culture}, farmers {farmers}, tool makers {tool_makers}, "
                "hut builders {hut_builders}, shamans {shamans}, resources {resources} = {total}",
                {"player": SeatRef(r.seat), "track": r.track, "culture": r.culture, "farmers": r.farmers,
                 "tool_makers": r.tool_makers, "hut_builders": r.hut_builders, "shamans": r.shamans,
                 "resources": r.resources, "total": r.total})
            for r in sorted(rows, key=lambda r: (r.rank, r.seat)))          # by rank
        parts = [(label, [getattr(r, key) for r in rows]) for key, label in FINAL_PARTS]
        return Outcome(tuple(r.total for r in rows), tuple(r.rank for r in rows), details, categories(parts),
                       TIEBREAK_SUM if "tiebreak_sum" in state.options else TIEBREAK)

    def log_note(self, state: StoneAgeState, seat: int, action: Action) -> str:
        """The card or building tile a placement or a purchase names by its place (``card 2``)."""
        loc = getattr(action, "loc", "")
        if isinstance(action, (Place, Buy)) and loc.startswith("card") and 1 <= int(loc[4:]) <= len(state.display):
            return state.display[int(loc[4:]) - 1] or ""
        if isinstance(action, (Place, Buy)) and loc.startswith("building") and 1 <= int(loc[8:]) <= len(state.stacks):
            stack = state.stacks[int(loc[8:]) - 1]
            return stack[0] if stack else ""
        return ""

    def to_json(self, state: StoneAgeState) -> dict[str, Any]:
        return to_json(state)

    def from_json(self, data: dict[str, Any]) -> StoneAgeState:
        return from_json(data)

    # -- text -------------------------------------------------------------------------------
    def help_lines(self) -> list[Msg]:
        from games.stone_age.help import LINES
        return list(LINES)

    def status(self, view: StoneAgeView) -> list[Msg]:
        return text.status(view)

    def private_lines(self, view: StoneAgeView) -> list[Msg]:
        return text.private_lines(view)

    def turn_prompt(self, view: StoneAgeView) -> list[Msg]:
        return text.turn_prompt(view)

    # -- turn flow: timeouts and undo -------------------------------------------------------
    def skip_action(self, state: StoneAgeState, seat: int) -> Action | None:
        """The least a player can do (5.1-5.4). Placing is compulsory, so a skipped placement
        puts one person on the first open location in board order (the hunting grounds first,
        which take any number). In the action turn each location is taken back without its
        action (``skip <location>``, no penalty); a roll waiting for tools adds none; a die of
        a dice-for-all card is the lowest face left; a food shortfall is ``feed starve`` (the
        one answer that picks no resources)."""
        if seat not in flow.to_act(state):
            return None
        p = state.players[seat]
        if state.phase == "place":
            placements = legal_placements(state, seat)
            return next((a for a in placements if isinstance(a, Place)), None)
        if state.phase == "feed":
            return Starve()
        if state.dfa is not None:
            return Pick(min(state.dfa["left"]))
        if state.roll is not None:
            return Tools((), ())
        for loc in all_locations(state):
            if loc in p.where:
                return Skip(loc)
        return None

    def reveals(self, state: StoneAgeState, seat: int, action: Action, events: list[Event]) -> bool | Msg:
        """A placement, a tool maker, field or hut action, a location skipped, tools added to a
        roll already shown, a building bought from a stack with no tile under it, a card bought
        whose top half is fixed, a die picked, a feeding choice and a C36 claim show nothing
        new and may be taken back. Rolling dice (gathering, resource cards, dice for all) does,
        and so do drawing from the card deck (card C32, the display refill at the round's end)
        and turning up the next building of a stack."""
        after = from_json(to_json(state))
        try:
            done = moves.apply(after, seat, action)
        except IllegalAction:
            return True
        if after.rng.draws != state.rng.draws or after.dice_queue != state.dice_queue:
            return reveal.ROLLED
        if after.deck != state.deck:
            return reveal.DREW
        if any(len(new) != len(old) and new for new, old in zip(after.stacks, state.stacks)):
            return Msg("a new building tile was turned face up")
        if reveal.secret(done):
            return reveal.SECRET
        return after.phase == "over"

    # -- helpers for the table --------------------------------------------------------------
    def has_secrets(self, options: frozenset[str]) -> bool:
        return "hidden_cards" in options

    def suggestions(self, state: StoneAgeState, seat: int) -> list[Action]:
        return suggestions(state, seat)[: self.max_buttons]

    def computer_player(self, level: str = "greedy") -> ComputerPlayer:
        from games.stone_age.ai import GreedyPlayer
        from games.core import RandomPlayer
        if level == "strong":
            from games.core.search import StrongPlayer
            return StrongPlayer(search.SETTINGS)
        return RandomPlayer() if level == "random" else GreedyPlayer()

    def computer_levels(self) -> Sequence[str]:
        """The levels a table may seat. "strong" (``computer_player("strong")``) is searched in
        the arena but not offered: it does not beat greedy there yet (docs/performance.md)."""
        return ("random", "greedy")

    # -- what the search needs (games/stone_age/search.py) ------------------------------------
    def determinize(self, state: StoneAgeState, seat: int, rng: random.Random) -> StoneAgeState:
        """The deck, the cards other seats drew face down (C32) and the stacks below their tops
        redealt; every card bought from the display stays with its buyer; a fresh dice seed."""
        return search.determinize(state, seat, rng)

    def evaluate(self, state: StoneAgeState) -> tuple[float, ...]:
        return search.evaluate(state)

    def clone(self, state: StoneAgeState) -> StoneAgeState:
        return search.clone(state)

    def chance_key(self, state: StoneAgeState) -> Hashable:
        return search.chance_key(state)

    def action_order(self, state: StoneAgeState, seat: int, actions: list[Any]) -> list[Any]:
        return search.action_order(self, state, seat, actions)
