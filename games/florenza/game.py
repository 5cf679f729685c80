"""Florenza: The Card Game (BGA version) — the Game object tying the modules together."""
from __future__ import annotations

import random
from typing import Any, Sequence

from games.core import N_, ComputerPlayer, Event, Game, IllegalAction, Msg, Outcome, RandomPlayer, ranks_from_scores, reveal
from games.core.outcome import categories
from games.florenza import actions as A
from games.florenza.rules import flow, legal, moves, queries
from games.florenza import notation, search, text
from games.florenza.components import RES
from games.florenza.rules.scoring import final_scores
from games.florenza.rules.setup import new_game
from games.florenza.state import FlorenzaState, state_from_json, state_to_json
from games.florenza.view import FlorenzaView, build_view


#: the final score's parts (scoring.FinalScore) for the result image; penalties count negative
FINAL_PARTS = (("ingame", N_("Prestige in play"), 1), ("sets", N_("Sets"), 1), ("guilds", N_("Guilds"), 1),
               ("resources", N_("Most resources"), 1), ("florins", N_("Most florins"), 1), ("captain", N_("Captain"), 1),
               ("penalty_monuments", N_("Reserved monuments"), -1), ("penalty_artists", N_("Reserved artists"), -1))
TIEBREAK = N_("Equal scores: the most valuable buildings decide")


class Florenza(Game):
    name = "florenza"
    title = N_("Florenza: The Card Game")      # marked for the catalogue: the name Japanese players know
    min_players = 2
    max_players = 4
    options = ()
    verbs = ("play", "build", "reserve", "use", "workers", "market", "inspire", "keep", "captain", "merchant")
    max_buttons = 10
    private_info = True
    random_seat_order = True      # seat 0 is always the first captain (reference §12 #14): seats are shuffled at the start

    # -- life cycle ---------------------------------------------------------------------------
    def setup(self, players: int, options: frozenset[str], seed: int) -> FlorenzaState:
        if options:
            raise ValueError(f"Florenza has no options (got {sorted(options)})")
        return new_game(players, seed)

    def to_act(self, state: FlorenzaState) -> frozenset[int]:
        return flow.to_act(state)

    def legal_actions(self, state: FlorenzaState, seat: int) -> list[Any]:
        return legal.legal_actions(state, seat)

    def parse(self, state: FlorenzaState, seat: int, text_: str) -> Any:
        return notation.parse(state, seat, text_)

    def apply(self, state: FlorenzaState, seat: int, action: Any) -> list[Event]:
        return moves.apply(state, seat, action)

    def view(self, state: FlorenzaState, seat: int | None) -> FlorenzaView:
        return build_view(state, seat)

    def outcome(self, state: FlorenzaState) -> Outcome | None:
        if not state.over:
            return None
        scores = final_scores(state)
        view = self.view(state, None)
        parts = [(label, [sign * getattr(s, key) for s in scores]) for key, label, sign in FINAL_PARTS]
        return Outcome(tuple(s.total for s in scores), ranks_from_scores([s.key for s in scores]),
                       tuple(text.final_lines(view)), categories(parts), TIEBREAK)

    def to_json(self, state: FlorenzaState) -> dict[str, Any]:
        return state_to_json(state)

    def from_json(self, data: dict[str, Any]) -> FlorenzaState:
        return state_from_json(data)

    # -- turn flow: timeouts and undo ------------------------------------------------------------
    def skip_action(self, state: FlorenzaState, seat: int) -> Any:
        """There is no pass (5.3). A skipped player does what BGA does for an absent one (11):
        sends out workers (or, with the bank too low for that, takes inspiration) and keeps the
        first card of their hand; as captain (or owner of Arte dei Mercatanti) they name the
        allowed resource with the largest supply, the first in resource order on a tie."""
        if seat not in flow.to_act(state):
            return None
        if state.phase == 3:
            for action in (A.Workers(), A.Inspire()):
                try:
                    moves.check(state, seat, action)
                except IllegalAction:
                    continue
                return action
            return None
        if state.step == "keep":
            hand = state.p[seat].hand
            return A.Keep(hand[0]) if hand else None
        options = queries.captain_options(state) if state.step == "captain" else queries.merchant_options(state)
        if not options:
            return None
        richest = max(options, key=lambda code: (state.supply[RES.index(code)], -RES.index(code)))
        return A.CaptainChoice(richest) if state.step == "captain" else A.MerchantChoice(richest)

    def reveals(self, state: FlorenzaState, seat: int, action: Any, events: list[Event]) -> bool | Msg:
        """Hidden are hands, holdings, the decks and unhired artists' values (8). Reserving a
        monument or an artist, using a location, sending out workers, the market, building a
        monument with an anonymous artist and the captain's or Mercatanti choice show nothing
        new and may be taken back. Playing a card shows a card of the hand; hiring a named
        artist turns up its value; inspiration and the next round's draws take cards from a
        deck; keeping a card is a secret choice."""
        after = self.from_json(self.to_json(state))
        try:
            done = self.apply(after, seat, action)
        except IllegalAction:
            return True
        if after.rng.draws != state.rng.draws or _deck_sizes(after) != _deck_sizes(state):
            return reveal.DREW
        if reveal.secret(done):
            return reveal.SECRET
        if isinstance(action, A.Play):
            return reveal.SHOWN
        if _named_hires(after) != _named_hires(state):
            return Msg("a hired artist's hidden value was revealed")
        return after.over

    # -- text ---------------------------------------------------------------------------------
    def help_lines(self) -> list[Msg]:
        from games.florenza.help import LINES
        return list(LINES)

    def status(self, view: FlorenzaView) -> list[Msg]:
        return text.status(view)

    def private_lines(self, view: FlorenzaView) -> list[Msg]:
        return text.private_lines(view)

    def turn_prompt(self, view: FlorenzaView) -> list[Msg]:
        return text.turn_prompt(view)

    # -- helpers for buttons and computer players -----------------------------------------------
    def suggestions(self, state: FlorenzaState, seat: int) -> list[Any]:
        from games.florenza.ai import ranked_actions
        ranked = ranked_actions(self, state, seat)
        essentials = [a for a in (A.Workers(), A.Inspire()) if a in ranked]
        budget = self.max_buttons - len(essentials)
        chosen = []
        for action in ranked:
            if action in essentials:
                chosen.append(action)
            elif budget > 0:
                chosen.append(action)
                budget -= 1
        return chosen

    def action_label(self, action: Any) -> str:
        label = str(action)
        return label if len(label) <= 80 else label[:79] + "…"

    def computer_player(self, level: str = "greedy") -> ComputerPlayer:
        from games.florenza.ai import HeuristicPlayer
        if level == "strong":
            from games.core.search import StrongPlayer
            return StrongPlayer(search.SETTINGS)
        return RandomPlayer() if level == "random" else HeuristicPlayer()

    def computer_levels(self) -> Sequence[str]:
        """The levels a table may seat. "strong" (``computer_player("strong")``) is searched in
        the arena but not offered: it does not beat greedy there yet (docs/performance.md)."""
        return ("random", "greedy")

    # -- what the search needs (games/florenza/search.py) -------------------------------------
    def determinize(self, state: FlorenzaState, seat: int, rng: random.Random) -> FlorenzaState:
        """Other hands, the draw deck, the other seats' discards (each part of a pile from the
        decks dealt by the round that made it) and the hidden decks redealt, unhired artists'
        copies redealt, a fresh seed; the seat's own discards, holdings and everything public
        kept."""
        return search.determinize(state, seat, rng)

    def evaluate(self, state: FlorenzaState) -> tuple[float, ...]:
        return search.evaluate(state)

    def clone(self, state: FlorenzaState) -> FlorenzaState:
        return search.clone(state)

    def action_order(self, state: FlorenzaState, seat: int, actions: list[Any]) -> list[Any]:
        return search.action_order(self, state, seat, actions)


def _deck_sizes(state: FlorenzaState) -> tuple[int, ...]:
    """The sizes of every face-down pile: the draw deck, the artist and monument decks, decks II and III."""
    return (len(state.draw), len(state.art_deck), len(state.mon_deck), *(len(state.decks.get(k, ())) for k in ("II", "III")))


def _named_hires(state: FlorenzaState) -> int:
    """How many named artists (stored by card number) are on cards and monuments."""
    return sum(isinstance(entry[1], int) for player in state.p for entry in player.cards + player.monuments)
