"""Whose turn it is and how the round moves on: the turn loop of Phase 3, Phase 4 steps 1-4,
Phases 1-2 of the next round and the end of the game (§5)."""
from __future__ import annotations

from games.core import Event, SeatRef, counted
from games.florenza.components import RES, TURNS, ROUNDS, card, catalog, res_named, res_text
from games.florenza.rules.queries import (
    CONST, captain_options, draw_size, eligible, merchant_options, merchant_owner,
)
from games.florenza.rules.setup import artists_on_display, monument_sort_key
from games.florenza.state import FlorenzaState


def current_actor(state: FlorenzaState) -> int | None:
    """The seat whose slot of Phase 3 it is (``None`` in Phase 4 and after the game)."""
    return state.order()[state.pos] if state.phase == 3 and not state.over else None


def to_act(state: FlorenzaState) -> frozenset[int]:
    """The seats that may act now: the slot's seat in Phase 3; in Phase 4 every seat still
    keeping a card, then the captain, then the owner of Arte dei Mercatanti."""
    if state.over:
        return frozenset()
    if state.phase == 3:
        return frozenset({state.order()[state.pos]})
    if state.step == "keep":
        return frozenset(seat for seat, player in enumerate(state.p) if player.keep_pending)
    if state.step == "captain":
        return frozenset({state.captain})
    if state.step == "merchant":
        owner = merchant_owner(state)
        return frozenset() if owner is None else frozenset({owner})
    return frozenset()


def advance(state: FlorenzaState, events: list[Event]) -> None:
    """After an action: the next eligible slot of Phase 3, or Phase 4 when none is left."""
    order = state.order()
    turn, pos = state.turn, state.pos + 1
    while turn <= TURNS:
        while pos < state.players:
            if eligible(state, order[pos], turn):
                state.turn, state.pos = turn, pos
                return
            pos += 1
        turn, pos = turn + 1, 0
    begin_phase4(state, events)


def begin_phase4(state: FlorenzaState, events: list[Event]) -> None:
    """Step 1: monuments (two rightmost stay), artists leave, keep choices are opened."""
    state.phase, state.step = 4, "keep"
    shown = sorted(state.mon_display, key=monument_sort_key)
    stay, gone = shown[-2:], shown[:-2]
    state.mon_removed.extend(gone)
    state.mon_display = stay
    artists_gone = len(state.art_display)
    state.art_removed.extend(state.art_display)
    state.art_display = []
    events.append(Event.public("R{round}.P4 end of actions: {monuments} and {artists} leave the game; staying: {stay}",
                               round=state.round,
                               monuments=counted("{count} monument", "{count} monuments", count=len(gone)),
                               artists=counted("{count} artist", "{count} artists", count=artists_gone),
                               stay=", ".join(stay) or "–"))
    if state.round < ROUNDS:
        for seat in state.order():
            player = state.p[seat]
            player.keep_pending = len(player.hand) >= 2
            if len(player.hand) == 1:
                events.append(Event.public("R{round}.P4 {player} keeps their only card.",
                                           round=state.round, player=SeatRef(seat)))
    continue_phase4(state, events)


def continue_phase4(state: FlorenzaState, events: list[Event]) -> None:
    """Move through the Phase-4 steps until someone must choose or the round is over."""
    if state.step == "keep":
        if any(player.keep_pending for player in state.p):
            return
        state.step = "captain"
        if captain_options(state):
            return
    if state.step == "captain":
        state.step = "merchant"
    if state.step == "merchant":
        owner = merchant_owner(state)
        if owner is not None and state.merchant_choice is None and merchant_options(state):
            return
    finish_round(state, events)


def income_package(state: FlorenzaState, seat: int) -> tuple[list[int], int]:
    """What ``seat`` is owed in Phase 4 step 2 before supply and bank limits."""
    base = CONST["income"]
    res = [base.get(code, 0) for code in RES]
    florins = base["fl"]
    if state.captain_choice:
        res[RES.index(state.captain_choice)] += 1
    player = state.p[seat]
    for entry in player.cards:
        info = card(entry[0])
        res = [a + b for a, b in zip(res, info.income)]
        florins += info.income_fl
    if state.merchant_choice and merchant_owner(state) == seat:
        res[RES.index(state.merchant_choice)] += 1
    return res, florins


def finish_round(state: FlorenzaState, events: list[Event]) -> None:
    """Step 2 income, step 3 next captain, step 4 reset; then the next round or the end."""
    for seat in state.order():
        owed, florins = income_package(state, seat)
        player = state.p[seat]
        got = [min(n, state.supply[i]) for i, n in enumerate(owed)]
        paid = min(florins, state.bank)
        for i, n in enumerate(got):
            player.res[i] += n
            state.supply[i] -= n
        player.florins += paid
        state.bank -= paid
        events.append(Event.public("R{round}.P4 income: {player} {income}", round=state.round,
                                   player=SeatRef(seat), income=res_named(tuple(got), paid) if res_text(tuple(got), paid) else "–"))
    state.captain = state.capitano_user if state.capitano_user is not None else (state.captain + 1) % state.players
    events.append(Event.public("R{round}.P4 next captain: {player}", round=state.round, player=SeatRef(state.captain)))
    for entry in state.locations:
        entry[1] = None
    state.anon_used = [False, False, False]
    state.capitano_user = None
    state.captain_choice = state.merchant_choice = None
    if state.round >= ROUNDS:
        state.step = "over"
        return
    start_round(state, state.round + 1, events)


def start_round(state: FlorenzaState, number: int, events: list[Event]) -> None:
    """Phase 1 (new artists and monuments) and Phase 2 (draw deck, hand refill), then Phase 3."""
    state.round, state.step = number, ""
    count = artists_on_display(state.players)
    state.art_display, state.art_deck = state.art_deck[:count], state.art_deck[count:]
    added = catalog().components["round"]["monuments_added"]
    new, state.mon_deck = state.mon_deck[:added], state.mon_deck[added:]
    state.mon_display = sorted(state.mon_display + new, key=monument_sort_key)
    events.append(Event.public("R{round}.P1 {artists} new artists and {monuments} new monuments on display",
                               round=number, artists=len(state.art_display), monuments=len(new)))
    if number == 2:
        state.draw = state.draw + state.decks.pop("II", [])
    elif number == 3:
        state.draw = state.draw + state.decks.pop("III", [])
    elif number == 4:
        state.draw, state.discard, state.discard_parts = state.draw + state.discard, [], []
    if number < 5:
        state.rng.shuffle(state.draw)
    for seat in state.order():
        player = state.p[seat]
        want = draw_size(player)
        drawn = [state.draw.pop() for _ in range(min(want, len(state.draw)))]
        player.hand.extend(drawn)
        events.append(Event(counted("R{round}.P2 {player} draws {count} card (hand {hand})",
                                    "R{round}.P2 {player} draws {count} cards (hand {hand})", round=number,
                                    player=SeatRef(seat), count=len(drawn), hand=len(player.hand))))
        if drawn:
            events.append(Event.private({seat}, "You drew: {cards}.", cards=tuple(card(c).named for c in drawn)))
    state.phase, state.turn, state.pos = 3, 1, 0
    events.append(Event.public("Round {round}: {player} is captain and acts first.", round=number,
                               player=SeatRef(state.captain)))
