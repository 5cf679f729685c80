"""The Stone Age game object: the contract of games/core wired to this package's modules."""
from __future__ import annotations

from typing import Any, Sequence

from games.core import ComputerPlayer, Event, Game, Msg, OptionSpec, Outcome, SeatRef
from games.stone_age import engine, notation, text
from games.stone_age.actions import Action, Buy, Place
from games.stone_age.setup import new_game
from games.stone_age.state import StoneAgeState, from_json, to_json
from games.stone_age.suggest import suggestions
from games.stone_age.view import StoneAgeView
from games.stone_age.viewbuild import final_rows, make_view


class StoneAge(Game):
    name = "stoneage"
    title = "Stone Age"
    min_players = 2
    max_players = 4
    verbs = ("place", "resolve", "tools", "buy", "skip", "pick", "claim", "feed", "play")
    max_buttons = 10
    renderer = "renderers.stone_age:render"
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
        return engine.to_act(state)

    def legal_actions(self, state: StoneAgeState, seat: int) -> list[Action]:
        return engine.legal_actions(state, seat)

    def parse(self, state: StoneAgeState, seat: int, text_: str) -> Action:
        return notation.parse(state, seat, text_)

    def apply(self, state: StoneAgeState, seat: int, action: Action) -> list[Event]:
        return engine.apply(state, seat, action)

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
        return Outcome(tuple(r.total for r in rows), tuple(r.rank for r in rows), details)

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
    def status(self, view: StoneAgeView) -> list[Msg]:
        return text.status(view)

    def private_lines(self, view: StoneAgeView) -> list[Msg]:
        return text.private_lines(view)

    def turn_prompt(self, view: StoneAgeView) -> list[Msg]:
        return text.turn_prompt(view)

    # -- helpers for the table --------------------------------------------------------------
    def has_secrets(self, options: frozenset[str]) -> bool:
        return "hidden_cards" in options

    def suggestions(self, state: StoneAgeState, seat: int) -> list[Action]:
        return suggestions(state, seat)[: self.max_buttons]

    def computer_player(self, level: str = "greedy") -> ComputerPlayer:
        from games.stone_age.ai import GreedyPlayer
        from games.core import RandomPlayer
        return RandomPlayer() if level == "random" else GreedyPlayer()

    def computer_levels(self) -> Sequence[str]:
        return ("greedy", "random")
