"""Whose turn it is and what an action does to the turn (sections 5 to 8): the action phase's
bids, uses, passes and transports, the secret winter choice, the boats, the village expansion
and the Flipper. Where a season or the game ends, seasons.py takes over."""
from __future__ import annotations

import copy

from games.core import Event, IllegalAction, SeatRef
from games.keyflower.actions import (Action, BidAction, BoatAction, DoneAction, FlipAction, Move, PassAction,
                                     PlaceAction, Up, UseAction, WinterAction, tile_name)
from games.keyflower import words
from games.keyflower.components import SKILLS, tile as tile_def
from games.keyflower.rules import action_phase, legal, seasons
from games.keyflower.rules import village as vil
from games.keyflower.state import KeyflowerState
from games.keyflower.text import seats_param


def to_act(state: KeyflowerState) -> frozenset[int]:
    """The seats that may act now: one in the action phase, the boat choice and the Flipper's
    upgrade, every seat still choosing in the simultaneous winter choice and village expansion."""
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


def apply(state: KeyflowerState, seat: int, action: Action) -> list[Event]:
    """Validate ``action`` by ``seat`` for the phase the game is in and perform it; raise
    ``IllegalAction`` without changing anything."""
    waiting = to_act(state)
    if state.phase == "over":
        raise IllegalAction("The game is over.")
    if seat not in waiting:
        raise IllegalAction("It is not your turn; waiting for {players}.",
                            players=seats_param(sorted(waiting)))
    phase = state.phase
    if phase == "winter_select":
        return _winter(state, seat, action)
    if phase == "boats":
        return _boat(state, seat, action)
    if phase == "placement":
        return _place(state, seat, action)
    if phase == "flip":
        return _flip(state, seat, action)
    if state.transport is not None:
        return _step(state, seat, action, finish_when_stuck=True)
    if isinstance(action, UseAction) and action.steps:
        return _compound(state, seat, action)
    return _turn(state, seat, action)


def _header(st: KeyflowerState, seat: int, action: Action) -> list[Event]:
    st.action_no += 1
    code = words.season_code(st.season, st.action_no)
    public = public_text(action)
    events = [Event.public("{code} {player}: {command}", code=code, player=SeatRef(seat), command=public)]
    if public != str(action):
        events.append(Event.private({seat}, "{code} you: {command}", code=code, command=str(action)))
    return events


def _turn(st: KeyflowerState, seat: int, action: Action) -> list[Event]:
    if isinstance(action, PassAction):
        events = _header(st, seat, action)
        st.passes += 1
        st.seats[seat].passed = True
        # (the count of consecutive passes is the status line's; the season's end says everyone passed)
        if st.passes >= st.players:
            return events + seasons.end_season(st)
        st.turn = st.next_seat(st.turn)
        return events
    if isinstance(action, BidAction):
        plan = action_phase.check_bid(st, seat, action)
        events = _header(st, seat, action) + action_phase.do_bid(st, seat, action, plan)
    elif isinstance(action, UseAction):
        plan_u = action_phase.check_use(st, seat, action)
        events = _header(st, seat, action) + action_phase.do_use(st, seat, action, plan_u)
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
        events += _finish_if_stuck(st)
    return events


def _step(st: KeyflowerState, seat: int, action: Action, finish_when_stuck: bool) -> list[Event]:
    if isinstance(action, DoneAction):
        return _end_transport(st, seat)
    if isinstance(action, Move):
        cost = action_phase.check_move(st, seat, action)
        events = [Event.public("{player}: {command}", player=SeatRef(seat), command=str(action))]
        events += action_phase.do_move(st, seat, action, cost)
    elif isinstance(action, Up):
        pay = action_phase.check_up(st, seat, action)
        events = [Event.public("{player}: {command}", player=SeatRef(seat), command=public_text(action))]
        events += action_phase.do_up(st, seat, action, pay)
    else:
        raise IllegalAction("You are in the middle of a transport: 'move [N] RESOURCE FROM TO', 'up TILE' or 'done'.")
    if finish_when_stuck:
        events += _finish_if_stuck(st)
    return events


def _finish_if_stuck(st: KeyflowerState) -> list[Event]:
    tr = st.transport
    if tr is not None and len(legal.transport_steps(st, tr.seat)) == 1:   # only 'done' is left
        return _end_transport(st, tr.seat)
    return []


def _end_transport(st: KeyflowerState, seat: int) -> list[Event]:
    st.transport = None
    st.turn = st.next_seat(st.turn)
    return [Event.public("{player} finishes the transport.", player=SeatRef(seat))]


def _compound(st: KeyflowerState, seat: int, action: UseAction) -> list[Event]:
    """``use TILE ...; move ...; up ...`` is validated as one unit (13.3): it is tried on a
    copy first and, only if every step is legal, done again on the real state (the result
    is identical because all randomness comes from the state)."""
    _run_compound(copy.deepcopy(st), seat, action)
    return _run_compound(st, seat, action)


def _run_compound(st: KeyflowerState, seat: int, action: UseAction) -> list[Event]:
    head = UseAction(action.tile, action.n, action.colours, action.sources, action.choice)
    plan = action_phase.check_use(st, seat, head)
    ability = tile_def(head.tile).ability_of(plan.upgraded)
    if ability is None or ability.t != "transport":
        raise IllegalAction("Only transport tiles (home, stable, farrier, wainwright) take 'move' and 'up' steps.")
    events = _header(st, seat, action)
    events += action_phase.do_use(st, seat, head, plan)
    st.passes = 0
    for player in st.seats:
        player.passed = False
    for step in action.steps:
        events += _step(st, seat, step, finish_when_stuck=False)[1:]
    if st.transport is not None:
        events += _end_transport(st, seat)
    return events


def _winter(st: KeyflowerState, seat: int, action: Action) -> list[Event]:
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


def _boat(st: KeyflowerState, seat: int, action: Action) -> list[Event]:
    if not isinstance(action, BoatAction):
        raise IllegalAction("Choose a boat: {boats}.", boats=", ".join(f"boat {b}" for b in st.boats_left))
    if action.boat not in st.boats_left:
        raise IllegalAction("{boat} is not available; choose one of: {boats}.", boat=action.boat,
                            boats=", ".join(st.boats_left))
    events = [Event.public("{code}-boats {player}: boat {boat}", code=words.season_code(st.season),
                           player=SeatRef(seat), boat=action.boat)]
    events += seasons.take_boat(st, seat, action.boat)
    return events + seasons.advance_boats(st)


def _place(st: KeyflowerState, seat: int, action: Action) -> list[Event]:
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


def _flip(st: KeyflowerState, seat: int, action: Action) -> list[Event]:
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


def public_text(action: Action) -> str:
    """The notation with its hidden parts replaced by (hidden) (section 13.3)."""
    if isinstance(action, UseAction):
        hide = action.choice.startswith("pay ") and action.choice[4:] in SKILLS
        parts = [action.head(hide_choice=hide)] + [public_text(s) for s in action.steps]
        return "; ".join(parts)
    if isinstance(action, Up) and action.pay and "any" in tile_def(action.tile).upgrade_skill:
        shown = [p for p in action.pay if p not in SKILLS] + ["(hidden)"]
        return f"up {tile_name(action.tile)} pay {','.join(shown)}"
    return str(action)
