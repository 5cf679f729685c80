"""Reading the reference's notation (section 9) into actions. Parsing needs the state only to
resolve shorthands: the default workers of a team, hand indexes and Village tile IDs.

Two staged forms keep every prompt's list of legal actions short; the reference's one-line
commands keep their meaning and are accepted as a whole:

* ``deliver <card> +`` adds a card to the delivery being built and asks again; ``deliver
  <cards>`` (one line, or the last card) and ``deliver done`` finish it.
* ``team <space> <count> [colour] use`` fixes the team and asks which workers make it
  (``team ... use <ids>``, or just ``use <ids>``); ``team ... use <ids>`` in one line still works.
"""
from __future__ import annotations

import re

from games.core import IllegalAction, SeatRef, counted
from games.quetzal.actions import (Action, Deliver, Done, Keep, Place, Reroll, Sell, Store, Take, TeamUse, Upgrade,
                                   worker_key)
from games.quetzal.components import BIG, BLACK, WHITE, rules
from games.quetzal.rules.flow import prompt_kind, to_act
from games.quetzal.rules.placement import colour_msg, default_workers, make_place, pool_text
from games.quetzal.rules.rounds import SLOTS
from games.quetzal.state import QuetzalState

#: the reference's command words (section 9.2)
COMMANDS = ("team", "bid", "reroll", "keep", "take", "sell", "upgrade", "store", "deliver", "use")
#: the bot's slash verbs that carry them: /place = team, /bid = bid, /use = any command line,
#: /pass = the "no" answer of the current prompt (keep, reroll none, sell none, deliver none)
VERBS = ("place", "bid", "use", "pass", "play")
COLOUR_TOKENS = {"white": WHITE, "w": WHITE, "arch": WHITE, "archaeologist": WHITE,
                 "black": BLACK, "b": BLACK, "k": BLACK, "adv": BLACK, "adventurer": BLACK}
CARD_RE = re.compile(r"^[a-z]\d\d$")
TILE_RE = re.compile(r"^u\d\d$")


def tokens(text: str) -> list[str]:
    return [t for t in re.split(r"[\s,]+", text.strip().lower()) if t]


def is_number(token: str) -> bool:
    return token.isascii() and token.isdigit() and len(token) <= 3


def parse(state: QuetzalState, seat: int, text: str) -> Action:
    words = tokens(text)
    if not words:
        raise IllegalAction("Write a command, e.g. team camp 1, take B H or deliver none.")
    verb, args = words[0], words[1:]
    if verb in ("team", "bid"):
        return parse_team(state, seat, verb, args)
    if verb == "use":
        return parse_use(state, seat, args)
    if verb == "reroll":
        return parse_reroll(state, args)
    if verb == "keep" and not args:
        return Keep()
    if verb == "pass" and not args:
        return parse_pass(state, seat)
    if verb == "take":
        return Take(parse_slots(args))
    if verb == "sell":
        cards = parse_cards(state, seat, args, "sell")
        if len(cards) > 1:
            raise IllegalAction("You can sell only one card, e.g. sell 2 or sell none.")
        return Sell(cards[0] if cards else None)
    if verb == "upgrade":
        return parse_upgrade(state, args)
    if verb == "deliver":
        return parse_deliver(state, seat, args)
    if verb == "store" and len(args) == 1 and TILE_RE.match(args[0]):
        return Store(args[0].upper())
    if verb == "store":
        raise IllegalAction("Write store and one of your tile IDs, e.g. store U03.")
    raise IllegalAction("I can't read '{command}'. Commands: team, bid, reroll, keep, take, sell, upgrade, store, deliver.",
                        command=text[:40])


def parse_pass(state: QuetzalState, seat: int) -> Action:
    """``pass`` (the /pass command) is the "no" of the current prompt; placing cannot be passed."""
    kind = prompt_kind(state, seat)
    if kind is None:
        waiting = sorted(to_act(state))
        if not waiting:
            raise IllegalAction("The game is over.")
        raise IllegalAction("It is not your turn; waiting for {player}.", player=SeatRef(waiting[0]))
    if kind == "reroll-tile":
        return Keep()
    if kind == "camp-reroll":
        return Reroll(())
    if kind == "sell":
        return Sell(None)
    if kind == "deliver":
        return Done() if state.steps[0].cards else Deliver(())
    if kind == "place":
        raise IllegalAction("Passing is not allowed: place a team. The Camp is always open, e.g. team camp 1.")
    raise IllegalAction("This choice cannot be passed; the suggested moves show what you can do.")


def parse_use(state: QuetzalState, seat: int, args: list[str]) -> Place:
    """``use <ids>`` answers the second step of ``team <space> <count> [colour] use``."""
    if prompt_kind(state, seat) != "workers":
        raise IllegalAction("use names a team's workers, e.g. team 3a 2 black use 4,big.")
    ids = parse_workers(args)
    if not ids:
        raise IllegalAction("Name the workers after use, e.g. use 3,6 or use big.")
    return make_place(state, seat, state.team_space, state.team_colour, ids)


def parse_team(state: QuetzalState, seat: int, verb: str, args: list[str]) -> Place | TeamUse:
    r = rules()
    space = colour = None
    count: int | None = None
    use: list[str] | None = None
    for i, token in enumerate(args):
        if token == "use":
            use = args[i + 1:]
            break
        if token in COLOUR_TOKENS:
            colour = COLOUR_TOKENS[token]
        elif is_number(token):
            count = int(token)
        elif token in r.space_alias:
            space = r.space_alias[token]
        elif token in ("temple", "village"):
            raise IllegalAction("Name the row: t1, t2, t3, t4, t5 for the Temple; v1, v2, v3 for the Village.")
        else:
            raise IllegalAction("I can't read '{token}' in a team command; write e.g. team 3a 2 black.",
                                token=token[:20])
    if space is None:
        raise IllegalAction("Name a space: camp, stele, t1-t5, 3a, 3b, 3c, bm, v1-v3, hm or ship.")
    spec = r.space[space]
    if verb == "bid" and spec.type != "auction":
        raise IllegalAction("bid is for auction spaces (3a, 3b, 3c, bm, ship); write team {space} instead.",
                            space=space)
    ids = None
    if use == []:                        # staged: the next prompt names the workers
        count = 1 if count is None else count
        if spec.roles == "mixed":
            return TeamUse(space, None, count)
        return TeamUse(space, colour or infer_colour(state, seat, space, None), count)
    if use is not None:
        ids = parse_workers(use)
        if count is not None and count != len(ids):
            raise IllegalAction("You asked for {workers} but named {named}.", named=len(ids),
                                workers=counted("{count} worker", "{count} workers", count=count))
        count = len(ids)
    count = 1 if count is None else count
    if count < 1:
        raise IllegalAction("A team needs at least one worker.")
    if spec.roles != "mixed" and colour is None:
        colour = infer_colour(state, seat, space, ids)
    if ids is None:
        ids = default_workers(state, seat, colour, count)
        if ids is None:
            raise IllegalAction("You do not have {count} usable workers for that; your pool is {pool}.",
                                count=count, pool=pool_text(state, seat))
    elif spec.roles == "mixed" and colour is not None:
        player = state.player(seat)
        for wid in ids:
            worker = player.worker(wid)
            if worker is not None and not worker.wild and worker.face != colour:
                raise IllegalAction("Worker {worker} is not {colour}; leave the colour out on {space} to mix roles.",
                                    worker=wid, colour=colour_msg(colour), space=space)
    return make_place(state, seat, space, None if spec.roles == "mixed" else colour, tuple(ids))


def infer_colour(state: QuetzalState, seat: int, space: str, ids: tuple[str, ...] | None) -> str:
    spec = rules().space[space]
    if len(spec.colours()) == 1:
        return spec.colours()[0]
    occupants = state.teams_on(space)
    if spec.type == "auction" and occupants and occupants[0].colour:
        return occupants[0].colour
    player = state.player(seat)
    for wid in ids or ():
        worker = player.worker(wid)
        if worker is not None and not worker.wild:
            return worker.face
    raise IllegalAction("Name the colour for {space}: white or black, e.g. team {space} 1 black.", space=space)


def parse_workers(args: list[str]) -> tuple[str, ...]:
    ids = []
    for token in args:
        if token == BIG or is_number(token):
            wid = BIG if token == BIG else str(int(token))
        else:
            raise IllegalAction("Workers are named 1, 2, ... and big, not '{token}'.", token=token[:20])
        if wid in ids:
            raise IllegalAction("Worker {worker} is named twice.", worker=wid)
        ids.append(wid)
    return tuple(sorted(ids, key=worker_key))


def parse_reroll(state: QuetzalState, args: list[str]) -> Action:
    if args == ["none"]:
        return Keep() if state.phase == "reroll" else Reroll(())
    if args == ["all"]:
        return Reroll((), everything=True)
    ids = parse_workers(args)
    if not ids:
        raise IllegalAction("Write reroll and worker IDs (e.g. reroll 3 or reroll big), reroll all or reroll none.")
    return Reroll(ids)


def parse_slots(args: list[str]) -> tuple[str, ...]:
    slots = []
    for token in args:
        slot = token.upper()
        if len(slot) != 1 or slot not in SLOTS:
            raise IllegalAction("Temple display slots are A to H, not '{token}'; e.g. take B H.", token=token[:20])
        if slot in slots:
            raise IllegalAction("Slot {slot} is named twice.", slot=slot)
        slots.append(slot)
    if not slots:
        raise IllegalAction("Name the display slots to take, e.g. take B H or take C.")
    return tuple(sorted(slots))


def parse_cards(state: QuetzalState, seat: int, args: list[str], verb: str) -> tuple[str, ...]:
    """Card IDs or 1-based hand indexes; ``none`` for no card. Returned in canonical order."""
    if args == ["none"]:
        return ()
    if not args:
        raise IllegalAction("Name the cards (IDs like V03 or hand numbers), or write {verb} none.", verb=verb)
    hand = state.player(seat).hand
    cards: list[str] = []
    for token in args:
        if is_number(token):
            index = int(token)
            if not 1 <= index <= len(hand):
                raise IllegalAction("Your hand has cards 1 to {size}; there is no card {index}.", size=len(hand),
                                    index=index)
            card = hand[index - 1]
        elif CARD_RE.match(token) and token.upper() in rules().card:
            card = token.upper()
        else:
            raise IllegalAction("'{token}' is not a card; use IDs like V03 or hand numbers.", token=token[:20])
        if card in cards:
            raise IllegalAction("Card {card} is named twice.", card=card)
        cards.append(card)
    return tuple(sorted(cards, key=rules().card_order))


def parse_upgrade(state: QuetzalState, args: list[str]) -> Upgrade:
    if len(args) == 1 and is_number(args[0]):
        return Upgrade(int(args[0]))
    if len(args) == 1 and TILE_RE.match(args[0]):
        tile = args[0].upper()
        if tile in state.village:
            return Upgrade(state.village.index(tile) + 1)
        raise IllegalAction("{tile} is not on the Village display.", tile=tile)
    raise IllegalAction("Write upgrade and a Village slot, e.g. upgrade 2.")


def parse_deliver(state: QuetzalState, seat: int, args: list[str]) -> Deliver | Done:
    """``deliver <cards>`` (the delivery is these cards, with any chosen before), ``deliver <cards> +``
    (add them and choose again), ``deliver done`` (deliver the cards chosen so far; with none
    chosen it is ``deliver none``) and ``deliver none``."""
    if args == ["done"]:
        building = prompt_kind(state, seat) == "deliver" and state.steps[0].cards
        return Done() if building else Deliver(())
    more = bool(args) and args[-1].endswith("+")
    if more:
        args = args[:-1] + ([args[-1][:-1]] if args[-1] != "+" else [])
        if not args or args == ["none"]:
            raise IllegalAction("Name a card before the +, e.g. deliver 1 +.")
    return Deliver(parse_cards(state, seat, args, "deliver"), more)
