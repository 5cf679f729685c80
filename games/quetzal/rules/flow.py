"""Who acts, what they may do, and doing it: the turn structure across all phases."""
from __future__ import annotations

from itertools import combinations

from games.core import Event, IllegalAction, SeatRef, counted
from games.quetzal.actions import (Action, Deliver, Done, Keep, Place, Reroll, Sell, Store, Take, TeamUse, Upgrade,
                                   worker_key)
from games.quetzal import words
from games.quetzal.components import rules
from games.quetzal.rules.gains import overflowing, roll_workers
from games.quetzal.rules.placement import (do_place, place_actions, place_problem, pool_text, team_use_problem,
                                     team_variants)
from games.quetzal.rules.resolution import (advance, deliver, filled_slots, filled_village, sell, stage_cards,
                                      start_phase3, take_cards, take_tile)
from games.quetzal.state import QuetzalState, Step


# -- who acts ------------------------------------------------------------------------------------
def to_act(state: QuetzalState) -> frozenset[int]:
    if state.phase == "over":
        return frozenset()
    seat = overflowing(state)
    if seat is not None:
        return frozenset({seat})
    if state.phase == "reroll":
        return frozenset(s for s, p in enumerate(state.seats) if p.reroll_window)
    if state.phase == "place":
        return frozenset({state.turn})
    return frozenset({state.steps[0].seat}) if state.steps else frozenset()


def prompt_kind(state: QuetzalState, seat: int) -> str | None:
    """What ``seat`` is asked for now: store, reroll-tile, place, workers (the second step of
    ``team ... use``), camp-reroll, take, sell, upgrade, deliver."""
    if seat not in to_act(state):
        return None
    if overflowing(state) == seat:
        return "store"
    if state.phase == "reroll":
        return "reroll-tile"
    if state.phase == "place":
        if state.camp_rerolls:
            return "camp-reroll"
        return "workers" if state.team_space else "place"
    code = state.steps[0].space
    if code.startswith("t"):
        return "take"
    return {"bm": "sell", "hm": "deliver", "ship": "deliver"}.get(code, "upgrade")


def mid_move(state: QuetzalState, seat: int) -> bool:
    """Whether ``seat`` is part-way through one move: a team chosen (``team ... use``) whose
    workers are still to be named, or a delivery with cards chosen (``deliver <card> +``) that
    is not delivered yet. Only the mover knows of such a step until the move is complete."""
    kind = prompt_kind(state, seat)
    return kind == "workers" or (kind == "deliver" and bool(state.steps[0].cards))


def capacity(step: Step) -> int:
    return rules().ship_cards if step.space == "ship" else rules().harbour_cards


def reroll_tiles(state: QuetzalState, seat: int) -> tuple[list[str], list[str]]:
    """(limited reroll tiles, full reroll tiles) still usable by ``seat`` in this window."""
    window = state.player(seat).reroll_window
    limited = [t for t in window if rules().tile[t].count is not None]
    return limited, [t for t in window if rules().tile[t].count is None]


# -- legal actions -------------------------------------------------------------------------------
def legal_actions(state: QuetzalState, seat: int) -> list[Action]:
    kind = prompt_kind(state, seat)
    player = state.player(seat) if 0 <= seat < state.players else None
    if kind is None or player is None:
        return []
    if kind == "store":
        return [Store(t) for t in player.tiles]
    if kind == "reroll-tile":
        limited, full = reroll_tiles(state, seat)
        out: list[Action] = [Keep()]
        if full:
            out.append(Reroll((), everything=True))
        if limited:
            most = max(rules().tile[t].count or 0 for t in limited)
            ids = sorted((w.wid for w in player.workers), key=worker_key)
            for size in range(1, most + 1):
                out += [Reroll(combo) for combo in combinations(ids, size)]
        return out
    if kind == "camp-reroll":
        return [Reroll(()), *(Reroll((w.wid,)) for w in sorted(player.pool(), key=lambda w: worker_key(w.wid)))]
    if kind == "place":
        return list(place_actions(state, seat))
    if kind == "workers":
        return list(team_variants(state, seat, state.team_space, state.team_colour, state.team_count))
    step = state.steps[0]
    if kind == "take":
        need = min(rules().space[step.space].take, len(filled_slots(state)))
        return [Take(combo) for combo in combinations(filled_slots(state), need)]
    if kind == "sell":
        return [Sell(None), *(Sell(card) for card in player.hand)]
    if kind == "upgrade":
        return [Upgrade(slot) for slot in filled_village(state)]
    return deliver_actions(state, seat, step)


def deliver_actions(state: QuetzalState, seat: int, step: Step) -> list[Action]:
    """A delivery is listed one card at a time (a staged choice, so the list grows with the hand,
    not with its subsets): ``deliver none`` (or ``deliver done`` once cards are chosen), then per
    card ``deliver <card>`` (the delivery is those cards) and ``deliver <card> +`` (add it and
    choose again) while another card could still follow."""
    hand = state.player(seat).hand
    room = capacity(step) - len(step.cards)
    out: list[Action] = [Done() if step.cards else Deliver(())]
    if room < 1:
        return out
    for card in hand:
        out.append(Deliver((card,)))
        if room > 1 and len(hand) > 1:
            out.append(Deliver((card,), more=True))
    return out


# -- validation ----------------------------------------------------------------------------------
def problem(state: QuetzalState, seat: int, action: object) -> IllegalAction | None:
    """Why ``action`` is illegal for ``seat`` now, or None. Never changes the state."""
    if state.phase == "over":
        return IllegalAction("The game is over.")
    kind = prompt_kind(state, seat)
    if kind is None:
        waiting = sorted(to_act(state))
        return IllegalAction("It is not your turn; waiting for {player}.", player=SeatRef(waiting[0]))
    player = state.player(seat)
    if kind == "store":
        if not isinstance(action, Store) or action.tile not in player.tiles:
            return IllegalAction("You have {count} permanent upgrades; store one of them first: store {tiles}.",
                                 count=len(player.tiles), tiles=" / ".join(player.tiles))
        return None
    if kind == "reroll-tile":
        return reroll_tile_problem(state, seat, action)
    if kind == "camp-reroll":
        if not isinstance(action, Reroll) or action.everything or len(action.workers) > 1:
            return IllegalAction("Camp: reroll one worker from your pool ({pool}) or write reroll none.",
                                 pool=pool_text(state, seat))
        if action.workers and ((worker := player.worker(action.workers[0])) is None or worker.where != "pool"):
            return IllegalAction("Worker {worker} is not in your pool; your pool is {pool}.",
                                 worker=action.workers[0], pool=pool_text(state, seat))
        return None
    if kind == "place":
        if isinstance(action, TeamUse):
            return team_use_problem(state, seat, action)
        if not isinstance(action, Place):
            return IllegalAction("It is your turn to place a team, e.g. team camp 1 or team 3a 2 black.")
        return place_problem(state, seat, action)
    if kind == "workers":
        wanted = TeamUse(state.team_space, state.team_colour, state.team_count)
        if not isinstance(action, Place) or (action.space, action.colour, len(action.workers)) != \
                (wanted.space, wanted.colour, wanted.count):
            example = team_variants(state, seat, wanted.space, wanted.colour, wanted.count)[-1]
            return IllegalAction("Name the workers for {team}, e.g. {example}. Your pool: {pool}",
                                 team=wanted.team_text(), example=str(example), pool=pool_text(state, seat))
        return place_problem(state, seat, action)
    step = state.steps[0]
    if kind == "take":
        need = min(rules().space[step.space].take, len(filled_slots(state)))
        if not isinstance(action, Take) or len(action.slots) != need:
            return IllegalAction("{space}: take {cards} from the Temple display, e.g. take {example}.",
                                 space=step.space, cards=words.cards(need), example=" ".join(filled_slots(state)[:need]))
        for slot in action.slots:
            if slot not in filled_slots(state):
                return IllegalAction("Slot {slot} is empty; the display has {slots}.", slot=slot,
                                     slots=" ".join(filled_slots(state)))
        return None
    if kind == "sell":
        if not isinstance(action, Sell):
            return IllegalAction("Black Market: sell one card for 7 coins (e.g. sell 1) or write sell none.")
        if action.card is not None and action.card not in player.hand:
            return IllegalAction("{card} is not in your hand.", card=action.card)
        return None
    if kind == "upgrade":
        slots = filled_village(state)
        if not isinstance(action, Upgrade) or action.slot not in slots:
            return IllegalAction("{space}: take a tile from the Village display with upgrade <slot>; slots: {slots}.",
                                 space=step.space, slots=" ".join(map(str, slots)))
        return None
    return deliver_problem(state, seat, step, action)


def deliver_problem(state: QuetzalState, seat: int, step: Step, action: object) -> IllegalAction | None:
    """A delivery step, staged (``deliver <card> +``, then ``deliver done``) or in one line."""
    player = state.player(seat)
    chosen = " ".join(step.cards)
    most = capacity(step)
    if isinstance(action, Done):
        if not step.cards:
            return IllegalAction("No card is chosen for this delivery yet: write deliver <cards> or deliver none.")
        return None
    if not isinstance(action, Deliver):
        if step.cards:
            return IllegalAction("{space}: your delivery holds {chosen}; add a card (deliver <card> or "
                                 "deliver <card> +) or write deliver done.", space=step.space, chosen=chosen)
        return IllegalAction("{space}: deliver up to {most} cards (e.g. deliver 1 2 3, or one at a time: "
                             "deliver 1 +) or write deliver none.", space=step.space, most=most)
    if not action.cards:
        if action.more:
            return IllegalAction("Name a card before the +, e.g. deliver 1 +.")
        if step.cards:
            return IllegalAction("Your delivery already holds {chosen}: write deliver done to deliver it, or add "
                                 "a card with deliver <card>.", chosen=chosen)
        return None
    count = len(step.cards) + len(action.cards)
    if count > most:
        return IllegalAction("{space}: one delivery holds at most {most} cards, not {count}.", space=step.space,
                             most=most, count=count)
    if len(set(action.cards)) != len(action.cards):
        return IllegalAction("A card can be delivered only once.")
    for card in action.cards:
        if card in step.cards:
            return IllegalAction("{card} is already in this delivery.", card=card)
        if card not in player.hand:
            return IllegalAction("{card} is not in your hand.", card=card)
    if action.more and count == most:
        return IllegalAction("{space}: {count} cards fill the delivery; leave out the + to deliver them.",
                             space=step.space, count=count)
    if action.more and len(action.cards) == len(player.hand):
        return IllegalAction("No card would be left to add; leave out the + to deliver these cards.")
    return None


def reroll_tile_problem(state: QuetzalState, seat: int, action: object) -> IllegalAction | None:
    limited, full = reroll_tiles(state, seat)
    player = state.player(seat)
    if isinstance(action, Keep):
        return None
    if isinstance(action, Reroll) and action.everything:
        return None if full else IllegalAction("reroll all needs the Full reroll upgrade; write reroll <ids> or keep.")
    if isinstance(action, Reroll) and action.workers:
        most = max((rules().tile[t].count or 0 for t in limited), default=0)
        if not limited:
            return IllegalAction("Your upgrade rerolls all workers or none: write reroll all or keep.")
        if len(action.workers) > most:
            return IllegalAction("Your upgrade rerolls at most {most} workers, e.g. reroll 3 5.", most=most)
        for wid in action.workers:
            if player.worker(wid) is None:
                return IllegalAction("You have no worker {worker}.", worker=wid)
        return None
    return IllegalAction("You may use your reroll upgrade now: reroll <ids>, reroll all or keep.")


# -- performing ----------------------------------------------------------------------------------
def perform(state: QuetzalState, seat: int, action: Action) -> list[Event]:
    """Apply an already validated action and run the game forward to the next decision."""
    kind = prompt_kind(state, seat)
    player = state.player(seat)
    events: list[Event] = []
    if kind == "store":
        assert isinstance(action, Store)
        player.tiles.remove(action.tile)
        player.stored.append(action.tile)
        events.append(Event.public("{player} stores {tile} in their discard pile.", player=SeatRef(seat),
                                   tile=action.tile))
        return events + advance(state)
    if kind == "reroll-tile":
        return events + reroll_with_tile(state, seat, action)
    if kind == "camp-reroll":
        assert isinstance(action, Reroll)
        if action.workers:
            text, coins = roll_workers(state, seat, list(action.workers))
            events.append(Event.public("Camp: {player} rerolls {roll} (+{coins}).", player=SeatRef(seat),
                                       roll=text, coins=counted("{count} coin", "{count} coins", count=coins)))
        else:
            events.append(Event.public("Camp: {player} does not reroll.", player=SeatRef(seat)))
        state.camp_rerolls -= 1
        if not player.pool():
            state.camp_rerolls = 0
        if not state.camp_rerolls:
            events += next_turn(state)
        return events
    if kind == "place" and isinstance(action, TeamUse):
        state.team_space, state.team_colour, state.team_count = action.space, action.colour, action.count
        # the first step of a move: only its player hears of it until the workers are named
        return [Event.private({seat}, "{player} chooses the workers for {team}.", player=SeatRef(seat),
                              team=action.team_text())]
    if kind in ("place", "workers"):
        assert isinstance(action, Place)
        state.team_space, state.team_colour, state.team_count = "", None, 0
        events += do_place(state, seat, action)
        if not state.camp_rerolls:
            events += next_turn(state)
        return events
    if isinstance(action, Deliver) and action.more:
        return stage_cards(state, state.steps[0], action.cards)
    step = state.steps.pop(0)
    if isinstance(action, Take):
        events += take_cards(state, step, list(action.slots))
    elif isinstance(action, Sell):
        events += sell(state, step, action.card)
    elif isinstance(action, Upgrade):
        events += take_tile(state, step, action.slot)
    elif isinstance(action, Deliver):
        events += deliver(state, step, action.cards)
    elif isinstance(action, Done):
        events += deliver(state, step, ())
    return events + advance(state)


def reroll_with_tile(state: QuetzalState, seat: int, action: Action) -> list[Event]:
    player = state.player(seat)
    limited, full = reroll_tiles(state, seat)
    if isinstance(action, Keep):
        player.reroll_window = []
        events = [Event.public("{player} keeps the roll.", player=SeatRef(seat))]
    else:
        assert isinstance(action, Reroll)
        if action.everything:
            tile = full[0]
            wids = [w.wid for w in player.workers]
        else:
            tile = limited[0]
            wids = list(action.workers)
        player.reroll_window.remove(tile)
        text, coins = roll_workers(state, seat, wids)
        events = [Event.public("{player} uses {tile} and rerolls {roll} (+{coins}).", player=SeatRef(seat),
                               tile=tile, roll=text, coins=counted("{count} coin", "{count} coins", count=coins))]
    if not any(p.reroll_window for p in state.seats):
        state.phase = "place"
        state.turn = state.marker
        events.append(Event.public("Placement begins with {player}.", player=SeatRef(state.marker)))
    return events


def next_turn(state: QuetzalState) -> list[Event]:
    """The next seat (in order, wrapping) with workers in its pool places; none left: Phase 3."""
    for i in range(1, state.players + 1):
        seat = (state.turn + i) % state.players
        if state.player(seat).pool():
            state.turn = seat
            return []
    return start_phase3(state)


__all__ = ["capacity", "deliver_actions", "legal_actions", "mid_move", "perform", "problem", "prompt_kind", "to_act"]
