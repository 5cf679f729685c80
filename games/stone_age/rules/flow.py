"""Phase changes of a round: placement turns, action turns, feeding, round end and game end.

Functions here mutate a state that has already been validated and return the events.
"""
from __future__ import annotations

from games.core import Event, SeatRef, counted
from games.stone_age.components import DISPLAY_SLOTS
from games.stone_age.rules.checks import can_place, closed_now, sort_tools, unplaced
from games.stone_age.state import StoneAgeState


def seats_from(state: StoneAgeState, start: int) -> list[int]:
    return [(start + i) % state.count for i in range(state.count)]


# -- who acts --------------------------------------------------------------------------------

def to_act(state: StoneAgeState) -> frozenset[int]:
    """The seat placing or in its action turn; the picker of a dice-for-all card; every seat
    that must still answer a food shortfall; nobody once the game is over."""
    if state.phase == "over":
        return frozenset()
    if state.phase == "feed":
        return frozenset(hungry(state))
    if state.phase == "act" and state.dfa is not None:
        return frozenset({state.dfa["pickers"][0]})
    return frozenset({state.turn})


# -- placement -------------------------------------------------------------------------------

def start_round(state: StoneAgeState) -> list[Event]:
    state.phase = "place"
    state.taken_cards = []
    state.closed = []
    for p in state.players:
        p.where = {}
        for tool in p.tools:
            tool[1] = 0
        sort_tools(p)
    state.turn = state.first
    return [Event.public("Round {round} begins. First player: {player}.",
                         round=state.round, player=SeatRef(state.first))]


def next_placer(state: StoneAgeState) -> list[Event]:
    """Pass placement to the next seat that can place, or start the action phase."""
    for seat in seats_from(state, state.turn + 1):
        if can_place(state, seat):
            state.turn = seat
            return []
    events = []
    for seat in seats_from(state, state.first):
        left = unplaced(state.players[seat])
        if left:
            events.append(Event.public("{player} has no open location left; {n} people stay home this round.",
                                       player=SeatRef(seat), n=left))
    return events + start_actions(state)


# -- actions ---------------------------------------------------------------------------------

def start_actions(state: StoneAgeState) -> list[Event]:
    state.closed = closed_now(state)
    state.phase = "act"
    state.turn = state.first
    events = [Event.public("All people are placed. Actions begin with {player}.", player=SeatRef(state.first))]
    if not state.players[state.turn].where:
        events += next_actor(state)
    return events


def action_turn_done(state: StoneAgeState) -> bool:
    return state.roll is None and state.dfa is None and not state.players[state.turn].where


def next_actor(state: StoneAgeState) -> list[Event]:
    """After an action, move to the next seat with people on the board, or to feeding."""
    if not action_turn_done(state):
        return []
    seat = state.turn
    while True:
        seat = (seat + 1) % state.count
        if seat == state.first:
            return start_feeding(state)
        if state.players[seat].where:
            state.turn = seat
            return []


# -- feeding ---------------------------------------------------------------------------------

def start_feeding(state: StoneAgeState) -> list[Event]:
    state.phase = "feed"
    events = []
    for seat in seats_from(state, state.first):
        p = state.players[seat]
        p.food += p.agriculture
        need = p.people
        if p.food >= need:
            p.food -= need
            events.append(Event.public("{player} feeds {people} people (agriculture {agriculture}); {food} food left.",
                                       player=SeatRef(seat), people=need, agriculture=p.agriculture, food=p.food))
            continue
        short = need - p.food
        p.food = 0
        if sum(p.res) + 2 * p.c36 >= short:
            p.hunger = short
            events.append(Event.public("{player} is {short} food short: pay {resources} or take −10 points.",
                                       player=SeatRef(seat), short=short, resources=counted("{count} resource", "{count} resources", count=short)))
        else:
            before = p.score
            p.score -= 10
            events.append(Event.public("{player} is {short} food short and cannot pay it with resources: "
                                       "−10 points (score {before} → {after}).",
                                       player=SeatRef(seat), short=short, before=before, after=p.score))
    return events + maybe_end_round(state)


def hungry(state: StoneAgeState) -> list[int]:
    return [seat for seat in seats_from(state, state.first) if state.players[seat].hunger > 0]


def maybe_end_round(state: StoneAgeState) -> list[Event]:
    if hungry(state):
        return []
    return end_round(state)


# -- round end -------------------------------------------------------------------------------

def end_round(state: StoneAgeState) -> list[Event]:
    empty_slots = sum(1 for c in state.display if c is None)
    if any(not stack for stack in state.stacks):
        state.end_reason = "stack"
    elif len(state.deck) < empty_slots:
        state.end_reason = "cards"
    if state.end_reason:
        state.phase = "over"
        state.turn = -1
        if state.end_reason == "stack":
            return [Event.public("Round {round} over. A building stack is empty: the game ends.", round=state.round)]
        return [Event.public("Round {round} over. The card display cannot be refilled: the game ends.",
                             round=state.round)]
    kept: list[str | None] = [c for c in state.display if c is not None]
    new_slots = list(range(len(kept) + 1, DISPLAY_SLOTS + 1))
    while len(kept) < DISPLAY_SLOTS:
        kept.append(state.deck.pop(0))
    state.display = kept
    finished = state.round
    state.round += 1
    state.first = (state.first + 1) % state.count
    if new_slots:
        slots = ", ".join(str(s) for s in new_slots)
        events = [Event.public("Round {round} over. Cards slid; new cards in slots {slots}. First player: {player}.",
                               round=finished, slots=slots, player=SeatRef(state.first))]
    else:
        events = [Event.public("Round {round} over. No card was taken. First player: {player}.",
                               round=finished, player=SeatRef(state.first))]
    return events + start_round(state)
