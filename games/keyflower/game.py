"""Keyflower: the Game contract glued to the rules modules."""
from __future__ import annotations

import copy
from typing import Any, Sequence

from games.core import N_, ComputerPlayer, Event, Game, IllegalAction, Msg, OptionSpec, Outcome, SeatRef
from games.core import reveal
from games.core.outcome import categories, ranks_from_scores
from games.keyflower.rules import legal, action_phase, seasons
from games.keyflower import notation, text, words
from games.keyflower import state as kstate
from games.keyflower.rules import village as vil
from games.keyflower.actions import (Action, BidAction, BoatAction, DoneAction, FlipAction, Move, PassAction,
                                     PlaceAction, Up, UseAction, WinterAction, tile_name)
from games.keyflower.components import SEASON_CODES, SKILLS, tile as tile_def
from games.keyflower.state import KState
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
    def setup(self, players: int, options: frozenset[str], seed: int) -> KState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Keyflower needs 2 to 6 players, not {players}")
        return seasons.setup(players, frozenset(options), seed)

    def to_act(self, state: KState) -> frozenset[int]:
        phase = state.phase
        if phase == "actions":
            return frozenset({state.transport.seat if state.transport else state.turn})
        if phase == "winter_select":
            return frozenset(s for s, p in enumerate(state.seats) if p.winter_choice is None)
        if phase == "boats":
            return frozenset(state.boat_queue[:1])
        if phase == "placement":
            return frozenset(seasons.placement_waiting(state))
        if phase == "flip" and state.flip_seat is not None:
            return frozenset({state.flip_seat})
        return frozenset()

    def legal_actions(self, state: KState, seat: int) -> list[Action]:
        return legal.legal_actions(state, seat, self.to_act(state))

    @words.in_words
    def parse(self, state: KState, seat: int, text: str) -> Action:
        return notation.parse(state, seat, text)

    # -- applying actions --------------------------------------------------------------------
    @words.in_words
    def apply(self, state: KState, seat: int, action: Action) -> list[Event]:
        waiting = self.to_act(state)
        if state.phase == "over":
            raise IllegalAction("The game is over.")
        if seat not in waiting:
            raise IllegalAction("It is not your turn; waiting for {players}.",
                                players=text.seats_param(sorted(waiting)))
        phase = state.phase
        if phase == "winter_select":
            return self._winter(state, seat, action)
        if phase == "boats":
            return self._boat(state, seat, action)
        if phase == "placement":
            return self._place(state, seat, action)
        if phase == "flip":
            return self._flip(state, seat, action)
        if state.transport is not None:
            return self._step(state, seat, action, finish_when_stuck=True)
        if isinstance(action, UseAction) and action.steps:
            return self._compound(state, seat, action)
        return self._turn(state, seat, action)

    def _header(self, st: KState, seat: int, action: Action) -> list[Event]:
        st.action_no += 1
        code = f"{SEASON_CODES[st.season]}-{st.action_no:02d}"
        public = _public_text(action)
        events = [Event.public("{code} {player}: {command}", code=code, player=SeatRef(seat), command=public)]
        if public != str(action):
            events.append(Event.private({seat}, "{code} you: {command}", code=code, command=str(action)))
        return events

    def _turn(self, st: KState, seat: int, action: Action) -> list[Event]:
        if isinstance(action, PassAction):
            events = self._header(st, seat, action)
            st.passes += 1
            st.seats[seat].passed = True
            # (the count of consecutive passes is the status line's; the season's end says everyone passed)
            if st.passes >= st.players:
                return events + seasons.end_season(st)
            st.turn = st.next_seat(st.turn)
            return events
        if isinstance(action, BidAction):
            plan = action_phase.check_bid(st, seat, action)
            events = self._header(st, seat, action) + action_phase.do_bid(st, seat, action, plan)
        elif isinstance(action, UseAction):
            plan_u = action_phase.check_use(st, seat, action)
            events = self._header(st, seat, action) + action_phase.do_use(st, seat, action, plan_u)
        elif isinstance(action, (Move, Up, DoneAction)):
            raise IllegalAction("'move', 'up' and 'done' belong to a transport: first use a transport tile, e.g. 'use home 1 red'.")
        else:
            raise IllegalAction("Now it is the action phase: 'bid', 'use' or 'pass'.")
        st.passes = 0
        for player in st.seats:
            player.passed = False
        if st.transport is None:
            st.turn = st.next_seat(st.turn)
        else:
            events += self._finish_if_stuck(st)
        return events

    def _step(self, st: KState, seat: int, action: Action, finish_when_stuck: bool) -> list[Event]:
        if isinstance(action, DoneAction):
            return self._end_transport(st, seat)
        if isinstance(action, Move):
            cost = action_phase.check_move(st, seat, action)
            events = [Event.public("{player}: {command}", player=SeatRef(seat), command=str(action))]
            events += action_phase.do_move(st, seat, action, cost)
        elif isinstance(action, Up):
            pay = action_phase.check_up(st, seat, action)
            events = [Event.public("{player}: {command}", player=SeatRef(seat), command=_public_text(action))]
            events += action_phase.do_up(st, seat, action, pay)
        else:
            raise IllegalAction("You are in the middle of a transport: 'move [N] RESOURCE FROM TO', 'up TILE' or 'done'.")
        if finish_when_stuck:
            events += self._finish_if_stuck(st)
        return events

    def _finish_if_stuck(self, st: KState) -> list[Event]:
        tr = st.transport
        if tr is not None and len(legal.transport_steps(st, tr.seat)) == 1:   # only 'done' is left
            return self._end_transport(st, tr.seat)
        return []

    def _end_transport(self, st: KState, seat: int) -> list[Event]:
        st.transport = None
        st.turn = st.next_seat(st.turn)
        return [Event.public("{player} finishes the transport.", player=SeatRef(seat))]

    def _compound(self, st: KState, seat: int, action: UseAction) -> list[Event]:
        """``use TILE ...; move ...; up ...`` is validated as one unit (13.3): it is tried on a
        copy first and, only if every step is legal, done again on the real state (the result
        is identical because all randomness comes from the state)."""
        self._run_compound(copy.deepcopy(st), seat, action)
        return self._run_compound(st, seat, action)

    def _run_compound(self, st: KState, seat: int, action: UseAction) -> list[Event]:
        head = UseAction(action.tile, action.n, action.colours, action.sources, action.choice)
        plan = action_phase.check_use(st, seat, head)
        ability = tile_def(head.tile).ability_of(plan.upgraded)
        if ability is None or ability.t != "transport":
            raise IllegalAction("Only transport tiles (home, stable, farrier, wainwright) take 'move' and 'up' steps.")
        events = self._header(st, seat, action)
        events += action_phase.do_use(st, seat, head, plan)
        st.passes = 0
        for player in st.seats:
            player.passed = False
        for step in action.steps:
            events += self._step(st, seat, step, finish_when_stuck=False)[1:]
        if st.transport is not None:
            events += self._end_transport(st, seat)
        return events

    def _winter(self, st: KState, seat: int, action: Action) -> list[Event]:
        if not isinstance(action, WinterAction):
            raise IllegalAction("Choose your winter tiles first: 'winter TILE ...' with at least one of {tiles}.",
                                tiles=" ".join(st.seats[seat].winter_hand))
        hand = st.seats[seat].winter_hand
        if not action.tiles or any(t not in hand for t in action.tiles):
            raise IllegalAction("Choose at least one of your own winter tiles: {tiles}.", tiles=" ".join(hand))
        st.seats[seat].winter_choice = list(action.tiles)
        events = [Event.public("{player} has chosen their winter tiles.", player=SeatRef(seat)),
                  Event.private({seat}, "You put up: {tiles}.", tiles=" ".join(action.tiles))]
        if all(p.winter_choice is not None for p in st.seats):
            events += seasons.reveal_winter(st)
        return events

    def _boat(self, st: KState, seat: int, action: Action) -> list[Event]:
        if not isinstance(action, BoatAction):
            raise IllegalAction("Choose a boat: {boats}.", boats=", ".join(f"boat {b}" for b in st.boats_left))
        if action.boat not in st.boats_left:
            raise IllegalAction("{boat} is not available; choose one of: {boats}.", boat=action.boat,
                                boats=", ".join(st.boats_left))
        events = [Event.public("{code}-boats {player}: boat {boat}", code=SEASON_CODES[st.season],
                               player=SeatRef(seat), boat=action.boat)]
        events += seasons.take_boat(st, seat, action.boat)
        return events + seasons.advance_boats(st)

    def _place(self, st: KState, seat: int, action: Action) -> list[Event]:
        if not isinstance(action, PlaceAction):
            raise IllegalAction("Place your new tiles: 'place TILE q,r rK' (tiles: {tiles}).",
                                tiles=", ".join(tile_name(t) for t in st.seats[seat].pending))
        player = st.seats[seat]
        if action.tile not in player.pending:
            raise IllegalAction("{tile} is not waiting to be placed; yours are: {tiles}.", tile=tile_name(action.tile),
                                tiles=", ".join(tile_name(t) for t in player.pending))
        if not vil.legal_rotation(st, seat, action.tile, (action.q, action.r), action.k):
            options = vil.placements(st, seat, action.tile)
            example = options[0] if options else None
            hint = f"{example[0]},{example[1]} r{example[2]}" if example else "-"
            raise IllegalAction("{tile} cannot go at {q},{r} r{k}: it must touch your village and every touching edge must match (road-road, grass-grass, water-water). For example: {hint}.",
                                tile=tile_name(action.tile), q=action.q, r=action.r, k=action.k, hint=hint)
        return seasons.place(st, seat, action.tile, action.q, action.r, action.k)

    def _flip(self, st: KState, seat: int, action: Action) -> list[Event]:
        if isinstance(action, PassAction):
            return [Event.public("Wi-flip {player}: pass", player=SeatRef(seat))] + seasons.finish_game(st)
        if not isinstance(action, FlipAction):
            raise IllegalAction("Flipper: 'flip TILE' to upgrade one tile for free, or 'pass'.")
        targets = seasons.flip_targets(st, seat)
        if action.tile not in targets:
            raise IllegalAction("{tile} cannot be upgraded; choose one of: {tiles}.", tile=tile_name(action.tile),
                                tiles=", ".join(tile_name(t) for t in targets))
        st.seats[seat].village[action.tile].upgraded = True
        events = [Event.public("Wi-flip {player}: flip {tile}", player=SeatRef(seat), tile=tile_name(action.tile))]
        return events + seasons.finish_game(st)

    # -- turn flow: timeouts and undo ---------------------------------------------------------------
    def skip_action(self, state: KState, seat: int) -> Action | None:
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

    def reveals(self, state: KState, seat: int, action: Action, events: list[Event]) -> bool | Msg:
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
    def view(self, state: KState, seat: int | None) -> KeyflowerView:
        return build_view(state, seat, self.to_act(state))

    def outcome(self, state: KState) -> Outcome | None:
        if state.phase != "over" or state.final is None:
            return None
        totals = [f["total"] for f in state.final]
        ranks = ranks_from_scores(totals)
        details = tuple(Msg("{player}: {total} = tiles {fixed} + auto {auto} + storage {storage} + allocation {alloc} + gold {gold}",
                            {"player": SeatRef(s), **state.final[s]})
                        for s in sorted(range(state.players), key=lambda s: (ranks[s], s)))
        parts = [(label, [f[key] for f in state.final]) for key, label in FINAL_PARTS]
        return Outcome(tuple(totals), ranks, details, categories(parts))

    def to_json(self, state: KState) -> dict[str, Any]:
        return kstate.to_json(state)

    def from_json(self, data: dict[str, Any]) -> KState:
        return kstate.from_json(data)

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

    def suggestions(self, state: KState, seat: int) -> list[Action]:
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
        return RandomPlayer() if level == "random" else KeyflowerPlayer()

    def computer_levels(self) -> Sequence[str]:
        return ("greedy", "random")


def _public_text(action: Action) -> str:
    """The notation with its hidden parts replaced by (hidden) (section 13.3)."""
    if isinstance(action, UseAction):
        hide = action.choice.startswith("pay ") and action.choice[4:] in SKILLS
        parts = [action.head(hide_choice=hide)] + [_public_text(s) for s in action.steps]
        return "; ".join(parts)
    if isinstance(action, Up) and action.pay and "any" in tile_def(action.tile).upgrade_skill:
        shown = [p for p in action.pay if p not in SKILLS] + ["(hidden)"]
        return f"up {tile_name(action.tile)} pay {','.join(shown)}"
    return str(action)
