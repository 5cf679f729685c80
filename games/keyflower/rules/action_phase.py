"""The action phase: bidding (5.2), using tiles (5.3, 6), moving losing bids (5.4), summer boats
4a/4b (5.6) and transport with upgrades (6.3, 6.4).

Each ``check_*`` validates without touching the state and returns what ``do_*`` needs, so an
``IllegalAction`` always leaves the game unchanged.
"""
from __future__ import annotations

from dataclasses import dataclass

from games.core import Event, IllegalAction, SeatRef
from games.keyflower import words
from games.keyflower.actions import BidAction, Move, Up, UseAction, tile_name
from games.keyflower.components import COLOURS, RESOURCES, SKILLS, TileDef, tile as tile_def
from games.keyflower.state import Activity, Bid, KeyflowerState, Transport, Use, counts
from games.keyflower.rules.supply import add, draw_keeples, draw_skills, short, take_green, take_stock, total
from games.keyflower.rules import screen_record
from games.keyflower.rules import village as vil

MAX_USE = 6


def where(st: KeyflowerState, tid: str) -> tuple[str | None, int | None]:
    """("auction" | "order" | "village" | None, owner seat)."""
    if tid in st.auction:
        return "auction", None
    if tid in st.orders:
        return "order", None
    owner = st.owner(tid)
    if owner is not None:
        return "village", owner
    return None, None


def upgraded(st: KeyflowerState, tid: str) -> bool:
    owner = st.owner(tid)
    return owner is not None and st.seats[owner].village[tid].upgraded


def _fmt_tiles(tids: list[str]) -> str:
    return ", ".join(tile_name(t) for t in tids) or "-"


# -- moving losing groups (5.4) ---------------------------------------------------------------
def check_sources(st: KeyflowerState, seat: int, target: str, sources: tuple[str, ...]) -> dict[str, int]:
    """Keeples moved from the listed losing groups, by colour."""
    moved = counts(COLOURS)
    if len(set(sources)) != len(sources):
        raise IllegalAction("Each tile may be named only once after 'from'.")
    for src in sources:
        if src == target:
            raise IllegalAction("You cannot move a bid from {tile} onto {tile} itself; add keeples from your supply instead.",
                                tile=tile_name(src))
        record = st.activity.get(src)
        if record is None or seat not in record.bids:
            raise IllegalAction("You have no bid on {tile} to move. Your losing bids are on: {tiles}.",
                                tile=tile_name(src), tiles=_fmt_tiles(losing_groups(st, seat)))
        if not record.losing(seat):
            raise IllegalAction("Your bid on {tile} is leading and can never be moved. Your losing bids are on: {tiles}.",
                                tile=tile_name(src), tiles=_fmt_tiles(losing_groups(st, seat)))
        moved[record.bids[seat].colour] += record.bids[seat].count
    return moved


def losing_groups(st: KeyflowerState, seat: int) -> list[str]:
    return [tid for tid, rec in st.activity.items() if rec.losing(seat)]


def remove_bid(st: KeyflowerState, tid: str, seat: int) -> None:
    """Take ``seat``'s bid group off ``tid`` and re-derive the colour lock (4a, 5.6)."""
    record = st.activity[tid]
    del record.bids[seat]
    lock = record.lock
    standing = any(not b.off and b.colour == lock for b in record.bids.values()) or \
        any(u.keeples.get(lock or "", 0) for u in record.uses)
    if standing:
        return
    off = [b for b in record.bids.values() if b.off]
    if off:
        record.lock = off[0].colour
        for b in record.bids.values():
            if b.off and b.colour == record.lock:
                b.off = False
        return
    if record.uses:
        by_colour = counts(COLOURS)
        for u in record.uses:
            add(by_colour, u.keeples)
        record.lock = max(COLOURS, key=lambda c: (by_colour[c], -COLOURS.index(c)))
        return
    record.lock = None


def _take(st: KeyflowerState, seat: int, sources: tuple[str, ...], from_supply: dict[str, int]) -> None:
    for src in sources:
        remove_bid(st, src, seat)
    player = st.seats[seat]
    for colour, n in from_supply.items():
        player.keeples[colour] -= n
    screen_record.leaving(player, keeples=from_supply)


def _supply_need(st: KeyflowerState, seat: int, placed: dict[str, int], moved: dict[str, int]) -> dict[str, int]:
    need = {c: placed.get(c, 0) - moved.get(c, 0) for c in COLOURS}
    player = st.seats[seat]
    for c in COLOURS:
        if need[c] < 0:
            raise IllegalAction("You move {moved} {colour} but place only {placed}; every moved keeple must be placed.",
                                moved=moved[c], colour=c, placed=placed.get(c, 0))
        if need[c] > player.keeples[c]:
            raise IllegalAction("That needs {need} {colour} from your supply, but you have {have}.",
                                need=need[c], colour=c, have=player.keeples[c])
    return need


# -- bids (5.2) ------------------------------------------------------------------------------
@dataclass
class BidPlan:
    need: dict[str, int]
    off: bool
    total: int


def may_offcolour_bid(st: KeyflowerState, seat: int, tid: str, record: Activity) -> bool:
    """Summer boat 4a: another player has a standing red/blue/yellow bid on this village tile."""
    if not st.owns(seat, "boat4a") or tid in st.orders or record.lock in (None, "green"):
        return False
    return any(s != seat and not b.off and b.colour == record.lock for s, b in record.bids.items())


def check_bid(st: KeyflowerState, seat: int, a: BidAction) -> BidPlan:
    kind, _ = where(st, a.tile)
    if kind not in ("auction", "order"):
        if tile_def(a.tile).kind == "boat":
            raise IllegalAction("Boats are never bid on; their cargo goes out in turn-order-tile order. Bid on one of: {tiles}.",
                                tiles=_fmt_tiles(st.auction + st.orders))
        raise IllegalAction("{tile} is not on auction. You can bid on: {tiles}.",
                            tile=tile_name(a.tile), tiles=_fmt_tiles(st.auction + st.orders))
    if a.n < 1:
        raise IllegalAction("Place at least 1 keeple.")
    record = st.peek(a.tile)
    mine = record.bids.get(seat)
    off = False
    if mine is not None:
        if a.colour != mine.colour:
            raise IllegalAction("Your bid on {tile} is {colour}; add {colour} keeples to it.",
                                tile=tile_name(a.tile), colour=mine.colour)
        off = mine.off
    elif record.lock is not None and a.colour != record.lock:
        if not may_offcolour_bid(st, seat, a.tile, record):
            raise IllegalAction("{tile} is locked to {lock}; bid with {lock} keeples.",
                                tile=tile_name(a.tile), lock=record.lock)
        off = True
    moved = check_sources(st, seat, a.tile, a.sources)
    if any(n and c != a.colour for c, n in moved.items()):
        raise IllegalAction("All keeples of one bid are one colour: the groups moved must be {colour}.", colour=a.colour)
    need = _supply_need(st, seat, {a.colour: a.n}, moved)
    new_total = (mine.count if mine else 0) + a.n
    best = record.best_other(seat)
    if new_total <= best:
        raise IllegalAction("Your bid on {tile} would total {total}, which does not beat {best}; place at least {least}.",
                            tile=tile_name(a.tile), total=new_total, best=best,
                            least=best + 1 - (mine.count if mine else 0))
    return BidPlan(need, off, new_total)


def do_bid(st: KeyflowerState, seat: int, a: BidAction, plan: BidPlan) -> list[Event]:
    _take(st, seat, a.sources, plan.need)
    record = st.act(a.tile)
    mine = record.bids.get(seat)
    if mine is None:
        record.bids[seat] = Bid(a.colour, a.n, plan.off)
    else:
        mine.count += a.n
    if record.lock is None:
        record.lock = a.colour
    events = [Event.public("{player} leads {tile} with {total} {colour}.", player=SeatRef(seat),
                           tile=tile_name(a.tile), total=plan.total, colour=a.colour)]
    if plan.off:
        events.append(Event.public("(off-colour bid with summer boat 4a)"))
    return events


# -- uses (5.3, 6) ------------------------------------------------------------------------------
@dataclass
class UsePlan:
    need: dict[str, int]
    defn: TileDef
    upgraded: bool
    owner: int | None


def usable_reason(st: KeyflowerState, tid: str) -> str | None:
    """None if ``tid`` may be used now, else why not (an English fragment for the error)."""
    kind, owner = where(st, tid)
    if kind is None:
        return "not_in_play"
    if kind == "order":
        return "order"
    defn = tile_def(tid)
    if not defn.usable(upgraded(st, tid) if owner is not None else False):
        return "no_ability"
    return None


def check_use(st: KeyflowerState, seat: int, a: UseAction) -> UsePlan:
    reason = usable_reason(st, a.tile)
    if reason == "not_in_play":
        raise IllegalAction("{tile} is not in play; use a tile on auction or in a village.", tile=tile_name(a.tile))
    if reason == "order":
        raise IllegalAction("{tile} is a turn-order tile: bid on it, it cannot be used.", tile=tile_name(a.tile))
    if reason == "no_ability":
        raise IllegalAction("{tile} has no ability to use; use a production or transport tile instead.",
                            tile=tile_name(a.tile))
    kind, owner = where(st, a.tile)
    defn = tile_def(a.tile)
    up = upgraded(st, a.tile) if owner is not None else False
    ability = defn.ability_of(up)
    assert ability is not None
    placed = a.keeples
    if a.n < 1 or sum(placed.values()) != a.n or any(c not in COLOURS or n < 0 for c, n in placed.items()):
        raise IllegalAction("Place at least 1 keeple; the colours must add up to the number placed.")
    record = st.peek(a.tile)
    prev = record.last_use()
    if a.n <= prev:
        raise IllegalAction("The last use of {tile} placed {prev}; this use must place more, at least {least}.",
                            tile=tile_name(a.tile), prev=prev, least=prev + 1)
    if record.use_total() + a.n > MAX_USE:
        raise IllegalAction("{tile} already holds {held} use-keeples; {n} more would pass the limit of 6 this season.",
                            tile=tile_name(a.tile), held=record.use_total(), n=a.n)
    mixed_ok = st.owns(seat, "boat4b") and record.has_keeples()
    colours = [c for c, n in placed.items() if n > 0]
    if not mixed_ok:
        if len(colours) != 1:
            raise IllegalAction("All keeples of one use are one colour (mixed colours need summer boat 4b on a tile that already carries keeples).")
        if record.lock is not None and colours[0] != record.lock:
            raise IllegalAction("{tile} is locked to {lock}; use it with {lock} keeples.",
                                tile=tile_name(a.tile), lock=record.lock)
    moved = check_sources(st, seat, a.tile, a.sources)
    if not mixed_ok and any(n and c != colours[0] for c, n in moved.items()):
        raise IllegalAction("All keeples of one use are one colour: the groups moved must be {colour}.", colour=colours[0])
    need = _supply_need(st, seat, placed, moved)
    _check_choice(st, seat, a, ability, need)
    if a.steps and ability.t != "transport":
        raise IllegalAction("Only transport tiles (home, stable, farrier, wainwright) take 'move' and 'up' steps.")
    return UsePlan(need, defn, up, owner)


def _check_choice(st: KeyflowerState, seat: int, a: UseAction, ability, need: dict[str, int]) -> None:
    player = st.seats[seat]
    choice = a.choice
    t = ability.t
    name = tile_name(a.tile)
    if t == "gain_choice":
        if choice not in ability.options:
            raise IllegalAction("Name the resource to gain at the end: {options} (e.g. 'use {tile} 1 red stone').",
                                options=" / ".join(ability.options), tile=name)
        return
    if t == "pay_any_keeple_draw_keeples":
        colour = choice[4:] if choice.startswith("pay ") else ""
        if colour not in COLOURS:
            raise IllegalAction("Name the keeple you pay from your supply: 'use {tile} 1 red pay blue'.", tile=name)
        if player.keeples[colour] - need[colour] < 1:
            raise IllegalAction("You have no {colour} keeple left in your supply to pay.", colour=colour)
        return
    if t in ("pay_any_skill_draw_keeples", "pay_any_skill_draw_skills"):
        skill = choice[4:] if choice.startswith("pay ") else ""
        if skill not in SKILLS:
            raise IllegalAction("Name the skill tile you pay: 'use {tile} 1 red pay saw' (saw, pick or anvil).", tile=name)
        if player.skills[skill] < 1:
            raise IllegalAction("You have no {skill} in your supply to pay.", skill=skill)
        return
    if choice:
        raise IllegalAction("{tile} takes no choice; write just 'use {tile} N COLOUR'.", tile=name)
    if t == "pay_keeple_gain_green" and player.keeples[ability.pay] - need[ability.pay] < 1:
        raise IllegalAction("{tile} costs 1 {colour} keeple from your supply besides the keeples placed; you have none left.",
                            tile=name, colour=ability.pay)
    if t == "pay_skill_gain_res" and player.skills[ability.skill] < 1:
        raise IllegalAction("{tile} costs 1 {skill} from your supply; you have none.", tile=name, skill=ability.skill)


def do_use(st: KeyflowerState, seat: int, a: UseAction, plan: UsePlan) -> list[Event]:
    _take(st, seat, a.sources, plan.need)
    record = st.act(a.tile)
    keeples = counts(COLOURS, a.keeples)
    record.uses.append(Use(seat, keeples))
    if record.lock is None:
        record.lock = next(c for c in COLOURS if keeples[c])
    return _ability(st, seat, a, plan)


def _gain(st: KeyflowerState, seat: int, a: UseAction, plan: UsePlan, res: dict[str, int]) -> list[Event]:
    player = st.seats[seat]
    target = a.tile if plan.owner == seat else player.home
    got = {r: take_stock(st, r, n) for r, n in res.items()}
    add(player.village[target].res, got)
    return [Event.public("{player} gains {items} on {tile}.", player=SeatRef(seat),
                         items=_res_text(got), tile=tile_name(target))]


def _res_text(items: dict[str, int]) -> str:
    parts = [f"{n} {r}" for r, n in items.items() if n > 0]
    return ", ".join(parts) or "-"


def _ability(st: KeyflowerState, seat: int, a: UseAction, plan: UsePlan) -> list[Event]:
    ability = plan.defn.ability_of(plan.upgraded)
    assert ability is not None
    player = st.seats[seat]
    t = ability.t
    who = SeatRef(seat)
    if t == "gain":
        return _gain(st, seat, a, plan, dict(ability.res))
    if t == "gain_choice":
        return _gain(st, seat, a, plan, {a.choice: ability.n or 1})
    if t == "draw_keeples":
        return _draw_k(st, seat, ability.n)
    if t == "draw_skills":
        return _draw_s(st, seat, ability.n)
    if t == "pay_keeple_gain_green":
        player.keeples[ability.pay] -= 1
        st.bag[ability.pay] += 1
        got = take_green(st, ability.green)
        player.keeples["green"] += got
        screen_record.leaving(player, keeples={ability.pay: 1})
        screen_record.entering(player, keeples={"green": got})
        return [Event.public("{player} pays 1 {colour} keeple into the bag and gains {n} green.",
                             player=who, colour=ability.pay, n=got)]
    if t == "pay_any_keeple_draw_keeples":
        colour = a.choice[4:]
        player.keeples[colour] -= 1
        screen_record.leaving(player, keeples={colour: 1})     # paid in view (the draw is private)
        events = [Event.public("{player} pays 1 {colour} keeple.", player=who, colour=colour)]
        events += _draw_k(st, seat, ability.n)
        st.bag[colour] += 1          # paid only after the draw: it cannot be drawn back
        return events
    if t == "pay_any_skill_draw_keeples":
        skill = a.choice[4:]
        player.skills[skill] -= 1
        st.pile[skill] += 1
        screen_record.skills_leaving_unseen(player, 1)
        return [Event.public("{player} pays a skill tile (hidden).", player=who),
                Event.private({seat}, "You paid a {skill}.", skill=skill)] + _draw_k(st, seat, ability.n)
    if t == "pay_any_skill_draw_skills":
        skill = a.choice[4:]
        player.skills[skill] -= 1
        screen_record.skills_leaving_unseen(player, 1)
        events = [Event.public("{player} sets a skill tile aside (hidden).", player=who),
                  Event.private({seat}, "You paid a {skill}.", skill=skill)] + _draw_s(st, seat, ability.n)
        st.pile[skill] += 1          # shuffled back only after the draw
        return events
    if t == "pay_skill_gain_res":
        player.skills[ability.skill] -= 1
        st.pile[ability.skill] += 1
        screen_record.leaving(player, skills={ability.skill: 1})
        return [Event.public("{player} pays a {skill}.", player=who, skill=ability.skill)] + \
            _gain(st, seat, a, plan, dict(ability.res))
    if t == "transport":
        move, ups = ability.move, ability.upgrades
        if st.owns(seat, "boat2b"):
            move, ups = move * 2, ups * 2
        st.transport = Transport(seat, a.tile, move, ups)
        return [Event.public("{player} may move resources {move} and make {ups}.",
                             player=who, move=words.steps(move), ups=words.upgrades(ups))]
    raise IllegalAction("{tile} has no ability to use; use a production or transport tile instead.", tile=tile_name(a.tile))


def _draw_k(st: KeyflowerState, seat: int, n: int) -> list[Event]:
    got = draw_keeples(st, n)
    add(st.seats[seat].keeples, got)
    return [Event.public("{player} draws {keeples} from the bag.", player=SeatRef(seat), keeples=words.keeples(total(got))),
            Event.private({seat}, "You drew {items}.", items=short(got) or "-")]


def _draw_s(st: KeyflowerState, seat: int, n: int) -> list[Event]:
    got = draw_skills(st, n)
    add(st.seats[seat].skills, got)
    return [Event.public("{player} draws {skills}.", player=SeatRef(seat), skills=words.skill_tiles(total(got))),
            Event.private({seat}, "You drew {items}.", items=short(got) or "-")]


# -- transport steps (6.3, 6.4) ---------------------------------------------------------------
def check_move(st: KeyflowerState, seat: int, m: Move) -> int:
    """Cost of a legal move."""
    tr = st.transport
    assert tr is not None
    player = st.seats[seat]
    if tr.upgraded:
        raise IllegalAction("No more moves after an upgrade in the same action; upgrade another tile or write 'done'.")
    if m.k < 1 or m.res not in RESOURCES:
        raise IllegalAction("Write 'move [N] RESOURCE FROM TO', e.g. 'move 2 wood workshop home'.")
    for tid in (m.a, m.b):
        if tid not in player.village:
            raise IllegalAction("{tile} is not in your village; transport moves resources only between your own tiles.",
                                tile=tile_name(tid))
    if m.a == m.b:
        raise IllegalAction("Move resources to a different tile.")
    have = player.village[m.a].res[m.res]
    if have < m.k:
        raise IllegalAction("{tile} holds {have} {res}, not {k}.", tile=tile_name(m.a), have=have, res=m.res, k=m.k)
    d = vil.distance(st, seat, m.a, m.b)
    if d is None:
        raise IllegalAction("No road connects {a} and {b}.", a=tile_name(m.a), b=tile_name(m.b))
    cost = m.k * d
    if cost > tr.move_left:
        raise IllegalAction("Moving {k} {res} {steps} costs {cost}, but only {left} transport is left.",
                            k=m.k, res=m.res, steps=words.steps(d), cost=cost, left=tr.move_left)
    return cost


def do_move(st: KeyflowerState, seat: int, m: Move, cost: int) -> list[Event]:
    tr = st.transport
    assert tr is not None
    village = st.seats[seat].village
    village[m.a].res[m.res] -= m.k
    village[m.b].res[m.res] += m.k
    tr.move_left -= cost
    tr.moved = True
    return [Event.public("{player} moves {k} {res} from {a} to {b} ({left} transport left).", player=SeatRef(seat),
                         k=m.k, res=m.res, a=tile_name(m.a), b=tile_name(m.b), left=tr.move_left)]


def check_up(st: KeyflowerState, seat: int, u: Up) -> tuple[tuple[str, ...], tuple[str, ...]]:
    tr = st.transport
    assert tr is not None
    return check_upgrade(st, seat, u, tr.ups_left)


def check_upgrade(st: KeyflowerState, seat: int, u: Up, ups_left: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    player = st.seats[seat]
    if ups_left < 1:
        raise IllegalAction("No upgrades are left in this action; write 'done'.")
    placed = player.village.get(u.tile)
    if placed is None:
        raise IllegalAction("{tile} is not in your village; you can upgrade only your own tiles.", tile=tile_name(u.tile))
    defn = tile_def(u.tile)
    if not vil.can_upgrade(defn, placed):
        if placed.upgraded:
            raise IllegalAction("{tile} is already upgraded.", tile=tile_name(u.tile))
        raise IllegalAction("{tile} can never be upgraded.", tile=tile_name(u.tile))
    wild = st.owns(seat, "boat3a")
    if u.pay:
        res = tuple(sorted((p for p in u.pay if p in RESOURCES), key=RESOURCES.index))
        sk = tuple(sorted((p for p in u.pay if p in SKILLS), key=SKILLS.index))
        if not vil.payment_ok(defn, placed.res, player.skills, res, sk, wild):
            raise IllegalAction("That payment does not fit {tile}: it costs {cost} (resources lying on the tile, skills from your supply); name every item or leave out 'pay'.",
                                tile=tile_name(u.tile), cost=cost_text(defn))
        return res, sk
    auto = vil.auto_payment(defn, placed.res, player.skills, wild)
    if auto is None:
        raise IllegalAction("{tile} costs {cost}; the resources must lie on it and the skills be in your supply.",
                            tile=tile_name(u.tile), cost=cost_text(defn))
    return auto


def cost_text(defn: TileDef) -> str:
    parts = [r for r in defn.upgrade_res] + [s for s in defn.upgrade_skill]
    return " + ".join(parts) or "nothing"


def do_upgrade(st: KeyflowerState, seat: int, tid: str, pay: tuple[tuple[str, ...], tuple[str, ...]]) -> list[Event]:
    player = st.seats[seat]
    placed = player.village[tid]
    res, sk = pay
    for r in res:
        placed.res[r] -= 1
        st.stock[r] += 1
    for s in sk:
        player.skills[s] -= 1
        st.pile[s] += 1
    placed.upgraded = True
    gain = tile_def(tid).fixed_vp(True) - tile_def(tid).fixed_vp(False)
    any_skill = "any" in tile_def(tid).upgrade_skill
    if any_skill:
        screen_record.skills_leaving_unseen(player, len(sk))
    else:
        screen_record.leaving(player, skills=counts(SKILLS, {s: sk.count(s) for s in sk}))
    shown = list(res) + (["(hidden)"] * len(sk) if any_skill else list(sk))
    events = [Event.public("{player} upgrades {tile} paying {paid} (+{vp} VP).", player=SeatRef(seat),
                           tile=tile_name(tid), paid=", ".join(shown) or "nothing", vp=gain)]
    if any_skill and sk:
        events.append(Event.private({seat}, "You paid {items}.", items=", ".join(sk)))
    return events


def do_up(st: KeyflowerState, seat: int, u: Up, pay: tuple[tuple[str, ...], tuple[str, ...]]) -> list[Event]:
    tr = st.transport
    assert tr is not None
    tr.ups_left -= 1
    tr.upgraded.append(u.tile)
    return do_upgrade(st, seat, u.tile, pay)

