"""Carcassonne as BSW ran it, with its add-on options: turn flow, validation and scoring events.

This module is the game's contract; the turn flow is :mod:`games.carcassonne.rules.flow`, the rules
beside it in :mod:`games.carcassonne.rules`, and each add-on one module of
:mod:`games.carcassonne.addons`. One turn (rules §3, full order with every option): fairy point;
automatic draw (river first, dragon tiles set aside before the first volcano, unplaceable tiles
discarded); place the tile (a volcano calls the dragon); one deploy choice; the dragon's steps
after a dragon tile (each step by the player whose step it is); score what the tile completed
(goods, King and Robber Baron with it); the builder's second turn; the next player.

Decisions where the reference leaves room (besides its §18):

* the fairy's 3 points go with every feature scored with followers, also when it scores nothing
  (an incomplete cathedral city or inn road, a field that borders no completed city);
* the fairy must go to another tile (moving it onto its own tile is no move);
* whether a tile earns the builder's second turn is decided when it is placed, before the dragon
  or the princess may send the builder home;
* the fairy's point comes at the start of a turn that has tiles to draw, not in the builder's
  second turn (§3: "steps 2-7 again");
* a magic portal puts a follower on any tile but the placed one (deploying there is the normal
  deploy) and the dragon's; a volcano the dragon has left is a target like any other tile;
* set-aside dragon tiles count in "tiles left" until the game ends;
* notation: a deploy code names a segment by its first edge in N E S W order (P11a's ``Lcs`` is
  logged as ``Lce``); the princess's choice is ``!x,y``, with ``:C`` (``:LC`` for a large
  follower) only when that tile holds several knights of her city; the dragon's victims are logged
  as ``[L|B|P]<colour>(x,y)``; scoring adds ``goods wine 1 -> R``, ``king -> R``, ``robber -> R``
  and ``fairy 3 -> R`` to the log line.
"""
from __future__ import annotations

import random
from typing import Any, Iterable, Sequence

from games.carcassonne import notation, search
from games.carcassonne.actions import NOTHING, Place
from games.carcassonne.addons import registry
from games.carcassonne.rules import flow
from games.carcassonne.rules.deploy import Deployer, deploy_codes, deployer_for, figures_by_root, placed_tile
from games.carcassonne.rules.final import final_breakdown
from games.carcassonne.rules.geometry import OrientedTile
from games.carcassonne.rules.placement import legal_placements
from games.carcassonne.state import CarcassonneState, Figure, state_from_json, state_to_json
from games.carcassonne.text import outcome_details, status_lines, turn_prompt_lines
from games.carcassonne.view import CarcassonneView, view_of
from games.core import (N_, ComputerPlayer, Event, Game, Msg, Outcome, RandomPlayer, validate_options)
from games.core.outcome import ranks_from_scores
from games.core.search import StrongPlayer


class Carcassonne(Game):
    name = "carcassonne"
    title = N_("Carcassonne")      # marked for the catalogue: the name Japanese players know
    min_players = 2
    max_players = 5
    verbs = ("place", "play", "use")
    #: one option per add-on or rule variant (games.carcassonne.addons)
    options = tuple(capability.option for capability in registry())

    # -- set-up -----------------------------------------------------------------------------
    def setup(self, players: int, options: frozenset[str], seed: int) -> CarcassonneState:
        return self.new_state(players, options, seed)

    def new_state(self, players: int, options: Iterable[str] = (), seed: int = 0, *,
                  pile: Sequence[str] | None = None, first: int | None = None,
                  check_options: bool = True) -> CarcassonneState:
        """A new game. Tests fix the draw order with ``pile`` (tile ids, first drawn first; the
        start tile or the spring is not part of it) and the starting seat with ``first``;
        otherwise both come from the seed."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Carcassonne needs 2 to 5 players, not {players}")
        chosen = validate_options(self.options, options) if check_options else frozenset(options)
        return flow.new_state(players, chosen, seed, pile, first)

    # -- whose turn, what is legal -------------------------------------------------------------
    def to_act(self, state: CarcassonneState) -> frozenset[int]:
        return flow.to_act(state)

    def legal_actions(self, state: CarcassonneState, seat: int) -> list[Any]:
        return flow.legal_actions(state, seat)

    def suggestions(self, state: CarcassonneState, seat: int) -> list[Any]:
        actions = self.legal_actions(state, seat)
        if state.phase == flow.DEPLOY and len(actions) > self.max_buttons:
            # the choices on the tile itself first, then the others; "-" always stays
            rest = [a for a in actions if a.code != NOTHING]
            rest.sort(key=lambda a: ("@" in a.code or a.code[0] in "~!", 0))
            tail = [a for a in actions if a.code == NOTHING]
            return rest[: self.max_buttons - len(tail)] + tail
        return actions if 0 < len(actions) <= self.max_buttons else []

    def placed(self, state: CarcassonneState) -> tuple[OrientedTile, int, int]:
        """The tile just placed (deploy and dragon phases)."""
        return placed_tile(state)

    def deployer(self, state: CarcassonneState, seat: int, ot: OrientedTile | None = None, x: int = 0,
                 y: int = 0) -> Deployer:
        """The deploy rules for the tile just placed, or (given ``ot``, x, y) for a tile about to
        be placed there."""
        return deployer_for(state, seat, ot, x, y)

    def deploy_options(self, state: CarcassonneState, seat: int) -> list[str]:
        """Canonical deploy codes for the tile just placed, ``-`` last when allowed (deploy phase only)."""
        return deploy_codes(state, seat)

    def figures_by_root(self, state: CarcassonneState) -> dict[int, list[Figure]]:
        """Figures on cities, roads and fields, grouped by their feature's root."""
        return figures_by_root(state)

    # -- notation ---------------------------------------------------------------------------------
    def parse(self, state: CarcassonneState, seat: int, text: str) -> Any:
        flow.check_turn(state, seat)
        return notation.parse(self, state, seat, text)

    def log_note(self, state: CarcassonneState, seat: int, action: Any) -> str:
        """The tile a placement put down (its notation names only where): ``D08``."""
        return state.drawn or "" if isinstance(action, Place) else ""

    # -- applying -----------------------------------------------------------------------------------
    def apply(self, state: CarcassonneState, seat: int, action: Any) -> list[Event]:
        return flow.apply(state, seat, action)

    def reveals(self, state: CarcassonneState, seat: int, action: Any, events: list[Event]) -> bool:
        """Every turn ends by drawing the next player's tile, which shows everyone a random tile.
        The one action that draws nothing is a staged placement (``x,y rK`` without a deploy
        code) that stops at the deploy step: that one may be taken back."""
        return flow.reveals(state, seat, action)

    def skip_action(self, state: CarcassonneState, seat: int) -> Any:
        """Carcassonne has no pass: a tile that fits somewhere must be placed (rules §5), and the
        dragon must take its step. So a skipped turn places the drawn tile without deploying
        anything (``x,y rK -``), at the first legal position in the board's order (top row
        first, then left to right, then the lowest rotation) rather than where a player would
        choose; in the deploy step it deploys nothing (``-``), or where the rules force a choice
        (the princess) the first one offered; in the dragon's movement it takes the first legal
        step in N, E, S, W order."""
        return flow.skip_action(state, seat)

    def outcome(self, state: CarcassonneState) -> Outcome | None:
        if not state.over or state.final is None:
            return None
        return Outcome(tuple(state.scores), ranks_from_scores(state.scores), tuple(outcome_details(state)),
                       final_breakdown(state.final))

    # -- JSON -------------------------------------------------------------------------------------------
    def to_json(self, state: CarcassonneState) -> dict[str, Any]:
        return state_to_json(state)

    def from_json(self, data: dict[str, Any]) -> CarcassonneState:
        return state_from_json(data)

    # -- views and text ---------------------------------------------------------------------------------
    def view(self, state: CarcassonneState, seat: int | None) -> CarcassonneView:
        placements = ()
        deploy: tuple[str, ...] = ()
        if state.phase == flow.PLACE and state.drawn:
            placements = tuple(legal_placements(state.board, state.drawn))
        elif state.phase == flow.DEPLOY:
            deploy = tuple(deploy_codes(state, state.current))
        return view_of(state, seat, placements, deploy)

    def help_lines(self) -> list[Msg]:
        from games.carcassonne.help import LINES
        return list(LINES)

    def status(self, view: CarcassonneView) -> list[Msg]:
        return status_lines(view)

    def turn_prompt(self, view: CarcassonneView) -> list[Msg]:
        return turn_prompt_lines(view)

    # -- computer players -------------------------------------------------------------------------------
    def computer_player(self, level: str = "greedy") -> ComputerPlayer:
        if level == "random":
            return RandomPlayer()
        if level == "strong":
            from games.carcassonne.search import SETTINGS
            return StrongPlayer(SETTINGS)
        from games.carcassonne.ai import GreedyPlayer
        return GreedyPlayer()

    def computer_levels(self) -> Sequence[str]:
        """The levels a table may seat; "strong" thinks for most of a second a decision, which
        the bot does in worker processes, off its event loop."""
        return ("random", "greedy", "strong")

    # -- what the search needs (games/carcassonne/search.py) ---------------------------------------------
    def determinize(self, state: CarcassonneState, seat: int, rng: random.Random) -> CarcassonneState:
        """The pile reshuffled (river course, lake, land in their order) and a fresh seed."""
        return search.determinize(state, seat, rng)

    def evaluate(self, state: CarcassonneState) -> tuple[float, ...]:
        """The scores if the game ended now."""
        return search.evaluate(state)

    def clone(self, state: CarcassonneState) -> CarcassonneState:
        return search.clone(state)

    def chance_key(self, state: CarcassonneState) -> Any:
        return search.chance_key(state)

    def action_order(self, state: CarcassonneState, seat: int, actions: list[Any]) -> list[Any]:
        return search.action_order(self, state, seat, actions)


__all__ = ["Carcassonne"]
