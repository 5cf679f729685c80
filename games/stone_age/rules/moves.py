"""Applying moves: validation first (raising ``IllegalAction`` with nothing changed), then the
change and its public events. Legal-move enumeration lives beside each check."""
from __future__ import annotations

from games.core import Event, IllegalAction, Msg, N_, SeatRef, counted
from games.stone_age.rules import flow
from games.stone_age.actions import Action, Buy, Claim, FeedPay, Pick, Place, Resolve, Skip, Starve, Tools
from games.stone_age.components import (
    DICE_FOR_ALL, GATHER, MAX_AGRICULTURE, MAX_PEOPLE, RESOURCES, VALUE, VILLAGE, building, card,
)
from games.stone_age.words import good_msg, goods_msg, loc_msg, top_msg
from games.stone_age.rules.payments import (
    Payment, building_payments, building_rule_error, covers, multisets, payment_points,
)
from games.stone_age.rules.checks import (
    all_locations, legal_placements, placement_error, roll_dice, tool_choices, tool_step, tools_could_help,
    tools_error, tools_text, use_tools,
)
from games.stone_age.state import Player, StoneAgeState


# -- legal actions ---------------------------------------------------------------------------

def claims(p: Player) -> list[Claim]:
    return [Claim(pay) for pay in multisets(2, (2, 2, 2, 2))] if p.c36 > 0 else []


def legal_actions(state: StoneAgeState, seat: int) -> list[Action]:
    if state.phase == "over" or not 0 <= seat < state.count:
        return []
    p = state.players[seat]
    extra = claims(p)
    if seat not in flow.to_act(state):
        return list(extra)
    actions: list[Action] = []
    if state.phase == "place":
        actions = list(legal_placements(state, seat))
    elif state.phase == "feed":
        actions = [*(FeedPay(pay) for pay in multisets(p.hunger, p.res)), Starve()]
    elif state.dfa is not None:
        actions = [Pick(face) for face in sorted(set(state.dfa["left"]))]
    elif state.roll is not None:
        actions = list(tool_choices(p))
    else:
        actions = action_turn_moves(state, seat)
    return actions + extra


def action_turn_moves(state: StoneAgeState, seat: int) -> list[Action]:
    p = state.players[seat]
    actions: list[Action] = []
    for loc in all_locations(state):
        if loc not in p.where:
            continue
        if loc in GATHER or loc in VILLAGE:
            actions.append(Resolve(loc))
        elif loc.startswith("building"):
            stack = state.stacks[int(loc[8:]) - 1]
            if stack:
                actions += [Buy(loc, pay) for pay in building_payments(building(stack[0]), p.res)]
        else:
            actions += [Buy(loc, pay) for pay in multisets(int(loc[4:]), p.res)]
        actions.append(Skip(loc))
    return actions


# -- apply -----------------------------------------------------------------------------------

def apply(state: StoneAgeState, seat: int, action: Action) -> list[Event]:
    if state.phase == "over":
        raise IllegalAction("The game is over; no more moves.")
    if not 0 <= seat < state.count:
        raise IllegalAction("You are not playing in this game.")
    if isinstance(action, Claim):
        return apply_claim(state, seat, action)
    acting = flow.to_act(state)
    if seat not in acting:
        if len(acting) == 1:
            raise IllegalAction("It is not your turn; waiting for {player}.", player=SeatRef(min(acting)))
        waiting = ", ".join(str(s + 1) for s in sorted(acting))
        raise IllegalAction("It is not your turn; waiting for seats {seats}.", seats=waiting)
    if state.phase == "place":
        if not isinstance(action, Place):
            raise IllegalAction("It is the placement phase: place people, e.g. 'place hunt 2' or 'place field'.")
        return apply_place(state, seat, action)
    if state.phase == "feed":
        if isinstance(action, FeedPay):
            return apply_feed_pay(state, seat, action)
        if isinstance(action, Starve):
            return apply_starve(state, seat)
        p = state.players[seat]
        raise IllegalAction("You are {short} food short: write 'feed pay' with {resources} or 'feed starve'.",
                            short=p.hunger, resources=counted("{count} resource", "{count} resources", count=p.hunger))
    if state.dfa is not None:
        if not isinstance(action, Pick):
            raise IllegalAction("Pick one of the dice first: {faces} (e.g. 'pick {face}').",
                                faces=" ".join(map(str, state.dfa["left"])), face=state.dfa["left"][0])
        return apply_pick(state, seat, action)
    if state.roll is not None:
        if not isinstance(action, Tools):
            raise IllegalAction("Finish the roll first: add tools (e.g. 'tools {example}') or write 'ok'.",
                                example=" ".join(map(str, state.players[seat].unused_tools()[:1])) or "none")
        return apply_tools(state, seat, action)
    if isinstance(action, Tools):
        raise IllegalAction("There is no roll waiting for tools; tools are added right after a roll.")
    if isinstance(action, Resolve):
        return apply_resolve(state, seat, action)
    if isinstance(action, Skip):
        return apply_skip(state, seat, action)
    if isinstance(action, Buy):
        return apply_buy(state, seat, action)
    if isinstance(action, Pick):
        raise IllegalAction("There are no dice to pick now.")
    raise IllegalAction("It is your action turn: resolve, buy or skip your locations, e.g. {example}.",
                        example=str(action_turn_moves(state, seat)[0]))


# -- placement -------------------------------------------------------------------------------

def apply_place(state: StoneAgeState, seat: int, action: Place) -> list[Event]:
    if not _known(action.loc):
        raise IllegalAction("That is not a location on the board.")
    error = placement_error(state, seat, action)
    if error is not None:
        raise error
    p = state.players[seat]
    p.where[action.loc] = p.where.get(action.loc, 0) + action.n
    events = [Event.public("{player} places {n} on the {where}.", player=SeatRef(seat), n=action.n,
                           where=loc_msg(action.loc))]
    return events + flow.next_placer(state)


# -- action turn -----------------------------------------------------------------------------

def _require_there(p: Player, loc: str) -> None:
    if not _known(loc):
        raise IllegalAction("That is not a location on the board.")
    if loc not in p.where:
        mine = ", ".join(str(Skip(k))[5:] for k in p.where) or "none"
        raise IllegalAction("You have no people on the {where}; your locations left: {mine}.",
                            where=loc_msg(loc), mine=mine)


def _known(loc: str) -> bool:
    return loc in GATHER or loc in VILLAGE or (loc[:8] == "building" and loc[8:].isdigit()) \
        or (loc[:4] == "card" and loc[4:].isdigit())


def apply_skip(state: StoneAgeState, seat: int, action: Skip) -> list[Event]:
    p = state.players[seat]
    _require_there(p, action.loc)
    n = p.where.pop(action.loc)
    events = [Event.public("{player} takes {n} back from the {where} without acting.",
                           player=SeatRef(seat), n=n, where=loc_msg(action.loc))]
    return events + flow.next_actor(state)


def apply_resolve(state: StoneAgeState, seat: int, action: Resolve) -> list[Event]:
    p = state.players[seat]
    loc = action.loc
    if loc not in GATHER and loc not in VILLAGE:
        raise IllegalAction("Buildings and cards are bought or skipped: write 'buy {spot}' or 'skip {spot}'.",
                            spot=str(Skip(loc))[5:])
    _require_there(p, loc)
    n = p.where.pop(loc)
    if loc in GATHER:
        return start_roll(state, seat, loc, GATHER[loc], n)
    if loc == "toolmaker":
        events = [_tool_event(state, seat)]
    elif loc == "field":
        events = [_agriculture_event(seat, p)]
    else:
        if p.people < MAX_PEOPLE:
            p.people += 1
            events = [Event.public("{player} gains a person at the hut ({people} people).",
                                   player=SeatRef(seat), people=p.people)]
        else:
            events = [Event.public("{player} already has 10 people; the hut gives nothing.", player=SeatRef(seat))]
    return events + flow.next_actor(state)


def _tool_event(state: StoneAgeState, seat: int) -> Event:
    p = state.players[seat]
    if tool_step(p):
        return Event.public("{player} makes a tool (tools {tools}).", player=SeatRef(seat), tools=tools_text(p))
    return Event.public("{player} already has three tools of value 4; no change.", player=SeatRef(seat))


def _agriculture_event(seat: int, p: Player) -> Event:
    if p.agriculture < MAX_AGRICULTURE:
        p.agriculture += 1
        return Event.public("{player} raises agriculture to {level}.", player=SeatRef(seat), level=p.agriculture)
    return Event.public("{player} is already at agriculture 10; no change.", player=SeatRef(seat))


def start_roll(state: StoneAgeState, seat: int, source: str, resource: str, n: int) -> list[Event]:
    p = state.players[seat]
    dice = roll_dice(state, n)
    total = sum(dice)
    div = VALUE[resource]
    where = loc_msg(source) if source in GATHER else Msg("card {card}", {"card": source})
    events = [Event.public("{player} rolls {dice} for {good} ({where}): total {total} → {gain}.",
                           player=SeatRef(seat), dice=" ".join(map(str, dice)), good=good_msg(resource),
                           where=where, total=total, gain=total // div)]
    state.roll = {"seat": seat, "source": source, "resource": resource, "dice": dice}
    if tools_could_help(p, total, div):
        return events       # the status line offers the tools (text.roll_line): said once, and only to whom it asks

    return events + settle_roll(state, seat, Tools((), ()))


def settle_roll(state: StoneAgeState, seat: int, tools: Tools) -> list[Event]:
    roll = state.roll
    assert roll is not None
    p = state.players[seat]
    use_tools(p, tools)
    resource = roll["resource"]
    total = sum(roll["dice"]) + sum(tools.permanent) + sum(tools.one_use)
    gain = total // VALUE[resource]
    if resource == "food":
        p.food += gain
    else:
        p.res[RESOURCES.index(resource)] += gain
    state.last_roll = dict(roll, tools=list(tools.permanent), one_use=list(tools.one_use), gain=gain)
    state.roll = None
    events = []
    if tools.permanent or tools.one_use:
        events.append(Event.public("{player} adds {tools}: total {total}.", player=SeatRef(seat),
                                   tools=str(tools)[6:], total=total))
    events.append(Event.public("{player} gains {n} {good}.", player=SeatRef(seat), n=gain, good=good_msg(resource)))
    return events + flow.next_actor(state)


def apply_tools(state: StoneAgeState, seat: int, action: Tools) -> list[Event]:
    error = tools_error(state.players[seat], action)
    if error is not None:
        raise error
    return settle_roll(state, seat, action)


def _payment_check(p: Player, pay: Payment) -> None:
    if any(n < 0 for n in pay) or not covers(p.res, pay):
        raise IllegalAction("You don't have {pay}; you have {have}.", pay=goods_msg(pay),
                            have=goods_msg(p.res, say_resources=True))


def apply_buy(state: StoneAgeState, seat: int, action: Buy) -> list[Event]:
    p = state.players[seat]
    loc, pay = action.loc, action.pay
    if not loc.startswith(("building", "card")):
        raise IllegalAction("Only buildings and cards are bought; write 'resolve {loc}' instead.", loc=loc)
    _require_there(p, loc)
    spot = str(Skip(loc))[5:]
    if loc.startswith("card"):
        k = int(loc[4:])
        if sum(pay) != k:
            raise IllegalAction("Card {k} costs exactly {k} resources of any kinds; you offered {n}.",
                                k=k, n=sum(pay))
        _payment_check(p, pay)
        return buy_card(state, seat, k, pay)
    k = int(loc[8:])
    stack = state.stacks[k - 1]
    tile = building(stack[0])
    reason = building_rule_error(tile, pay)
    if reason == "fixed":
        raise IllegalAction("Building {k} costs exactly {cost}; write 'buy {spot}' to pay it, or 'skip {spot}'.",
                            k=k, cost=" ".join(r[0] for r in tile.cost), spot=spot)
    if reason == "count_kinds":
        raise IllegalAction("Building {k} takes exactly {count} resources of exactly {kinds} different kinds; "
                            "you offered {n} of {m} kinds.", k=k, count=tile.count, kinds=tile.kinds,
                            n=sum(pay), m=sum(1 for x in pay if x))
    if reason == "any":
        raise IllegalAction("Building {k} takes 1 to 7 resources of any kinds; you offered {n}.", k=k, n=sum(pay))
    _payment_check(p, pay)
    for i, n in enumerate(pay):
        p.res[i] -= n
    points = payment_points(pay)
    p.score += points
    p.buildings.append(stack.pop(0))
    p.building_points.append(points)
    del p.where[loc]
    events = [Event.public("{player} builds {tile} with {pay}: +{points} (score {score}).",
                           player=SeatRef(seat), tile=tile.id, pay=goods_msg(pay), score=p.score,
                           points=counted("{count} point", "{count} points", count=points))]
    if stack:
        events.append(Event.public("Building stack {k} now shows {tile} ({left} left).", k=k, tile=stack[0],
                                   left=len(stack)))
    else:
        events.append(Event.public("Building stack {k} is empty: the game ends after this round.", k=k))
    return events + flow.next_actor(state)


def buy_card(state: StoneAgeState, seat: int, k: int, pay: Payment) -> list[Event]:
    p = state.players[seat]
    cid = state.display[k - 1]
    assert cid is not None
    c = card(cid)
    for i, n in enumerate(pay):
        p.res[i] -= n
    p.cards.append(cid)
    state.display[k - 1] = None
    state.taken_cards.append(k)
    del p.where[f"card{k}"]
    events = [Event.public("{player} buys {card} (card {k}) with {pay}: {effect}.", player=SeatRef(seat), card=cid,
                           k=k, pay=goods_msg(pay), effect=top_msg(c))]
    if c.top == "dice_for_all":
        return events + start_dice_for_all(state, seat, cid)
    if c.top == "resource_roll":
        return events + start_roll(state, seat, cid, c.resource or "wood", c.dice)
    if c.top == "food":
        p.food += c.amount
    elif c.top == "resource":
        p.res[RESOURCES.index(c.resource or "wood")] += c.amount
    elif c.top == "points":
        p.score += c.amount
    elif c.top == "tool":
        events.append(_tool_event(state, seat))
    elif c.top == "agriculture":
        events.append(_agriculture_event(seat, p))
    elif c.top == "extra_card":
        events += draw_extra(state, seat)
    elif c.top == "one_use_tool":
        p.one_use.append(c.value)
        p.one_use.sort(reverse=True)
    elif c.top == "any_two_resources":
        p.c36 += 1
        events.append(Event.public("{player} may take any 2 resources at any time: 'claim w g'.",
                                   player=SeatRef(seat)))
    return events + flow.next_actor(state)


def draw_extra(state: StoneAgeState, seat: int) -> list[Event]:
    """C32: the top card of the deck, bottom half only; nothing when the deck is empty (reference [D])."""
    if not state.deck:
        return [Event.public("The card deck is empty; {player} draws nothing.", player=SeatRef(seat))]
    drawn = state.deck.pop(0)
    state.players[seat].cards.append(drawn)
    if "hidden_cards" in state.options:
        return [Event.public("{player} draws a card from the deck ({left} left).", player=SeatRef(seat),
                             left=len(state.deck)),
                Event.private({seat}, "You drew {card} (only its bottom half counts).", card=drawn)]
    return [Event.public("{player} draws {card} from the deck; only its bottom half counts ({left} left).",
                         player=SeatRef(seat), card=drawn, left=len(state.deck))]


# -- dice for all ----------------------------------------------------------------------------

def start_dice_for_all(state: StoneAgeState, buyer: int, cid: str) -> list[Event]:
    dice = roll_dice(state, state.count)
    state.dfa = {"buyer": buyer, "card": cid, "dice": list(dice), "left": list(dice),
                 "pickers": flow.seats_from(state, buyer), "picks": []}
    events = [Event.public("{player} rolls {dice} for everyone; picks go from {player} in seat order.",
                           player=SeatRef(buyer), dice=" ".join(map(str, dice)))]
    return events + _dfa_prompt(state)


def _dfa_prompt(state: StoneAgeState) -> list[Event]:
    dfa = state.dfa
    assert dfa is not None
    return [Event.public("{player}, pick a die: {faces}.", player=SeatRef(dfa["pickers"][0]),
                         faces=" ".join(map(str, sorted(dfa["left"]))))]


def apply_pick(state: StoneAgeState, seat: int, action: Pick) -> list[Event]:
    dfa = state.dfa
    assert dfa is not None
    if action.face not in dfa["left"]:
        raise IllegalAction("No die shows {face}; pick one of {faces}.", face=action.face,
                            faces=" ".join(map(str, sorted(dfa["left"]))))
    events = _take_die(state, seat, action.face)
    if len(dfa["pickers"]) == 1:
        last = dfa["pickers"][0]
        events += _take_die(state, last, dfa["left"][0], automatic=True)
    if dfa["pickers"]:
        return events + _dfa_prompt(state)
    state.last_dfa = state.dfa
    state.dfa = None
    return events + flow.next_actor(state)


def _take_die(state: StoneAgeState, seat: int, face: int, automatic: bool = False) -> list[Event]:
    dfa = state.dfa
    assert dfa is not None
    dfa["left"].remove(face)
    dfa["pickers"].pop(0)
    dfa["picks"].append([seat, face])
    p = state.players[seat]
    reward = DICE_FOR_ALL[face]
    said = N_("{player} gets the last die ({face}).") if automatic else N_("{player} picks {face}.")
    events = [Event(Msg(said, {"player": SeatRef(seat), "face": face}))]
    if reward == "tool":
        events.append(_tool_event(state, seat))
    elif reward == "agriculture":
        events.append(_agriculture_event(seat, p))
    else:
        p.res[RESOURCES.index(reward)] += 1
        events.append(Event.public("{player} gains {n} {good}.", player=SeatRef(seat), n=1, good=good_msg(reward)))
    return events


# -- feeding and C36 -------------------------------------------------------------------------

def apply_feed_pay(state: StoneAgeState, seat: int, action: FeedPay) -> list[Event]:
    p = state.players[seat]
    if sum(action.pay) != p.hunger:
        raise IllegalAction("You are {short} food short; pay exactly {resources} (any kinds), "
                            "or write 'feed starve'.", short=p.hunger,
                            resources=counted("{count} resource", "{count} resources", count=p.hunger))
    _payment_check(p, action.pay)
    for i, n in enumerate(action.pay):
        p.res[i] -= n
    p.hunger = 0
    events = [Event.public("{player} pays {pay} instead of food.", player=SeatRef(seat), pay=goods_msg(action.pay))]
    return events + flow.maybe_end_round(state)


def apply_starve(state: StoneAgeState, seat: int) -> list[Event]:
    p = state.players[seat]
    before = p.score
    p.score -= 10
    p.hunger = 0
    events = [Event.public("{player} goes hungry: −10 points (score {before} → {after}).",
                           player=SeatRef(seat), before=before, after=p.score)]
    return events + flow.maybe_end_round(state)


def apply_claim(state: StoneAgeState, seat: int, action: Claim) -> list[Event]:
    p = state.players[seat]
    if p.c36 <= 0:
        raise IllegalAction("You have no 'any 2 resources' card to claim.")
    if any(n < 0 for n in action.pay) or sum(action.pay) != 2:
        raise IllegalAction("Claim exactly 2 resources, e.g. 'claim w g'.")
    p.c36 -= 1
    for i, n in enumerate(action.pay):
        p.res[i] += n
    return [Event.public("{player} claims {pay} (card C36).", player=SeatRef(seat), pay=goods_msg(action.pay))]
