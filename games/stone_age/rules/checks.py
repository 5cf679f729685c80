"""Rule checks shared by ``legal_actions`` and ``apply``: placement, tools, dice, scoring.

Every check returns ``None`` when the move is legal or an ``IllegalAction`` (not raised) that
says what is wrong and what would be right, so enumeration and validation cannot drift apart.
"""
from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Iterable

from games.core import IllegalAction, counted
from games.stone_age.actions import Place, Tools
from games.stone_age.components import (
    GATHER, MAX_TOOL_VALUE, MAX_TOOLS, RESOURCE_SPOT_CAPACITY, RESOURCE_SPOTS, VALUE, VILLAGE, card,
)
from games.stone_age.words import loc_msg
from games.stone_age.state import Player, StoneAgeState


# -- board occupancy ---------------------------------------------------------------------------

def all_locations(state: StoneAgeState) -> list[str]:
    locs = list(GATHER) + list(VILLAGE)
    locs += [f"building{k}" for k in range(1, len(state.stacks) + 1)]
    locs += [f"card{k}" for k in range(1, 5)]
    return locs


def occupants(state: StoneAgeState, loc: str) -> list[tuple[int, int]]:
    return [(seat, p.where[loc]) for seat, p in enumerate(state.players) if p.where.get(loc)]


def people_at(state: StoneAgeState, loc: str) -> int:
    return sum(p.where.get(loc, 0) for p in state.players)


def player_limit(state: StoneAgeState) -> int | None:
    """Distinct players allowed on a resource location (None: no limit with 4 players)."""
    return {2: 1, 3: 2}.get(state.count)


def village_used(state: StoneAgeState) -> int:
    return sum(1 for loc in VILLAGE if people_at(state, loc))


def village_closed(state: StoneAgeState) -> bool:
    return state.count < 4 and village_used(state) >= 2


def closed_for_players(state: StoneAgeState, loc: str) -> bool:
    """A resource location closed by the 2/3-player rule (or the third village location)."""
    if loc in RESOURCE_SPOTS:
        limit = player_limit(state)
        return limit is not None and len(occupants(state, loc)) >= limit \
            and people_at(state, loc) < RESOURCE_SPOT_CAPACITY
    if loc in VILLAGE:
        return village_closed(state) and not people_at(state, loc)
    return False


def closed_now(state: StoneAgeState) -> list[str]:
    """The resource and village locations the 2/3-player rules close at this moment."""
    return [loc for loc in list(GATHER) + list(VILLAGE) if closed_for_players(state, loc)]


def unplaced(p: Player) -> int:
    return max(0, p.people - p.placed)


# -- placement ---------------------------------------------------------------------------------

def placement_error(state: StoneAgeState, seat: int, action: Place) -> IllegalAction | None:
    p = state.players[seat]
    loc, n = action.loc, action.n
    left = unplaced(p)
    if loc.startswith("building"):
        k = int(loc[8:])
        if not 1 <= k <= len(state.stacks):
            return IllegalAction("There are only {stacks} building stacks; choose building 1 to {stacks}.",
                                 stacks=len(state.stacks))
        if not state.stacks[k - 1]:
            return IllegalAction("Building stack {k} is empty; choose another stack.", k=k)
    if loc.startswith("card") and not (1 <= int(loc[4:]) <= 4 and state.display[int(loc[4:]) - 1]):
        return IllegalAction("There is no card in that slot; choose card 1 to 4.")
    if n < 1:
        return IllegalAction("Place at least one person.")
    if n > left:
        return IllegalAction("You have only {left} people left to place; place at most {left}.", left=left)
    if loc in p.where and not (loc == "hunt" and "hunt_repeat" in state.options):
        return IllegalAction("You already have people on the {where} this round; each player places on a "
                             "location in one turn only. Choose another location.", where=loc_msg(loc))
    if loc == "hunt":
        return None
    if loc in RESOURCE_SPOTS:
        room = RESOURCE_SPOT_CAPACITY - people_at(state, loc)
        if room <= 0:
            return IllegalAction("The {where} is full (7 people); choose another location.", where=loc_msg(loc))
        limit = player_limit(state)
        if limit is not None and len(occupants(state, loc)) >= limit:
            if limit == 1:
                return IllegalAction("Only one player per resource location in a 2-player game; the {where} "
                                     "is taken. Choose another location.", where=loc_msg(loc))
            return IllegalAction("At most 2 players per resource location in a 3-player game; the {where} "
                                 "has two already. Choose another location.", where=loc_msg(loc))
        if n > room:
            return IllegalAction("The {where} has room for {room} more people; place at most {room}.",
                                 where=loc_msg(loc), room=room)
        return None
    if loc == "hut":
        if n != 2:
            return IllegalAction("The hut always takes exactly 2 people; write 'place hut'.")
    elif n != 1:
        return IllegalAction("The {where} takes exactly one person; write 'place {move}'.",
                             where=loc_msg(loc), move=str(Place(loc, 1))[6:])
    if people_at(state, loc):
        return IllegalAction("The {where} is already occupied this round; choose another location.", where=loc_msg(loc))
    if loc in VILLAGE and village_closed(state):
        return IllegalAction("Only 2 of tool maker/field/hut may be used with 2–3 players, and 2 are taken; "
                             "choose another location.")
    return None


def legal_placements(state: StoneAgeState, seat: int) -> list[Place]:
    """Checks each location once with its smallest placement, then adds every larger count."""
    p = state.players[seat]
    left = unplaced(p)
    result: list[Place] = []
    if left <= 0:
        return result
    for loc in all_locations(state):
        base = 2 if loc == "hut" else 1
        if not placement_open(state, seat, loc):
            continue
        if loc == "hunt":
            most = left
        elif loc in RESOURCE_SPOTS:
            most = min(left, RESOURCE_SPOT_CAPACITY - people_at(state, loc))
        else:
            most = base
        result.extend(Place(loc, n) for n in range(base, most + 1))
    return result


def placement_open(state: StoneAgeState, seat: int, loc: str) -> bool:
    """Whether ``loc`` takes its smallest placement from ``seat`` (one person, two at the hut):
    ``placement_error`` is None for it, decided without building the messages (the search asks
    this thousands of times a second)."""
    p = state.players[seat]
    if unplaced(p) < (2 if loc == "hut" else 1):
        return False
    if loc.startswith("building"):
        k = int(loc[8:])
        return 1 <= k <= len(state.stacks) and bool(state.stacks[k - 1]) and loc not in p.where \
            and not people_at(state, loc)
    if loc.startswith("card"):
        k = int(loc[4:])
        return 1 <= k <= 4 and bool(state.display[k - 1]) and loc not in p.where and not people_at(state, loc)
    if loc in p.where and not (loc == "hunt" and "hunt_repeat" in state.options):
        return False
    if loc == "hunt":
        return True
    if loc in RESOURCE_SPOTS:
        limit = player_limit(state)
        return people_at(state, loc) < RESOURCE_SPOT_CAPACITY and \
            (limit is None or len(occupants(state, loc)) < limit)
    return not people_at(state, loc) and not (loc in VILLAGE and village_closed(state))


def can_place(state: StoneAgeState, seat: int) -> bool:
    if unplaced(state.players[seat]) <= 0:
        return False
    return any(placement_open(state, seat, loc) for loc in all_locations(state))


# -- tools ---------------------------------------------------------------------------------------

def sort_tools(p: Player) -> None:
    p.tools.sort(key=lambda t: (-t[0], t[1]))


def tool_step(p: Player) -> bool:
    """One tool step (section 2.3); returns False when all three tools are already 4."""
    if len(p.tools) < MAX_TOOLS:
        p.tools.append([1, 0])
    else:
        low = min(v for v, _ in p.tools)
        if low >= MAX_TOOL_VALUE:
            return False
        same = [t for t in p.tools if t[0] == low]
        # Several lowest tools: upgrade an unused one (reference [D]).
        target = next((t for t in same if not t[1]), same[0])
        target[0] += 1
    sort_tools(p)
    return True


def tools_text(p: Player) -> str:
    return ",".join(str(v) for v, _ in p.tools) or "-"


def tool_choices(p: Player) -> list[Tools]:
    """Every distinct set of unused tools (permanent and one-use) that may be added to a roll."""
    perm = Counter(p.unused_tools())
    once = Counter(p.one_use)
    perm_values = sorted(perm, reverse=True)
    once_values = sorted(once, reverse=True)
    result = []
    for perm_counts in product(*(range(perm[v] + 1) for v in perm_values)):
        chosen = tuple(v for v, c in zip(perm_values, perm_counts) for _ in range(c))
        for once_counts in product(*(range(once[v] + 1) for v in once_values)):
            chosen_once = tuple(v for v, c in zip(once_values, once_counts) for _ in range(c))
            result.append(Tools(chosen, chosen_once))
    result.sort(key=lambda t: (sum(t.permanent) + sum(t.one_use), len(t.permanent) + len(t.one_use)))
    return result


def tools_error(p: Player, action: Tools) -> IllegalAction | None:
    have = Counter(p.unused_tools())
    for value, need in Counter(action.permanent).items():
        if have[value] < need:
            unused = ", ".join(str(v) for v in p.unused_tools()) or "none"
            if have[value] == 0:
                return IllegalAction("You have no unused tool of value {value} (unused tools: {unused}).",
                                     value=value, unused=unused)
            return IllegalAction("You have only {tools} of value {value} (unused tools: {unused}); a tool's value "
                                 "cannot be split.", value=value, unused=unused,
                                 tools=counted("{count} unused tool", "{count} unused tools", count=have[value]))
    once = Counter(p.one_use)
    for value, need in Counter(action.one_use).items():
        if once[value] < need:
            held = " ".join(f"u{v}" for v in sorted(p.one_use, reverse=True)) or "none"
            return IllegalAction("You have no one-use tool u{value} (one-use tools: {held}).", value=value, held=held)
    return None


def use_tools(p: Player, action: Tools) -> None:
    for value in action.permanent:
        tool = next(t for t in p.tools if t[0] == value and not t[1])
        tool[1] = 1
    for value in action.one_use:
        p.one_use.remove(value)


def tools_could_help(p: Player, total: int, divisor: int) -> bool:
    """Whether adding every unused tool would raise the yield at all."""
    extra = sum(p.unused_tools()) + sum(p.one_use)
    return extra > 0 and (total + extra) // divisor > total // divisor


# -- dice ----------------------------------------------------------------------------------------

def roll_dice(state: StoneAgeState, n: int) -> list[int]:
    """Dice from the fixed queue first (tests, replays), otherwise from the table's SeededRng."""
    dice = []
    for _ in range(n):
        dice.append(state.dice_queue.pop(0) if state.dice_queue else state.rng.randint(1, 6))
    return dice


def divisor(resource: str) -> int:
    return VALUE[resource]


# -- final scoring -------------------------------------------------------------------------------

def culture_points(symbols: Iterable[str]) -> int:
    """Sets of different symbols, each scoring (size)²."""
    counts = Counter(symbols)
    total, level = 0, 1
    while True:
        size = sum(1 for c in counts.values() if c >= level)
        if not size:
            return total
        total += size * size
        level += 1


def breakdown(p: Player) -> dict[str, int]:
    """The final-scoring rows of section 8 for one player."""
    figures = Counter()
    symbols = []
    for cid in p.cards:
        c = card(cid)
        if c.bottom_type == "culture":
            symbols.append(c.symbol)
        else:
            figures[c.bottom_type] += c.figures
    rows = {
        "track": p.score,
        "culture": culture_points(symbols),
        "farmers": figures["farmer"] * p.agriculture,
        "tool_makers": figures["tool_maker"] * p.tool_total,
        "hut_builders": figures["hut_builder"] * len(p.buildings),
        "shamans": figures["shaman"] * p.people,
        # An unclaimed C36 counts as its 2 resources (reference [D]).
        "resources": sum(p.res) + 2 * p.c36,
    }
    rows["total"] = sum(rows.values())
    return rows


def figure_totals(cards: Iterable[str]) -> dict[str, int]:
    totals = Counter()
    for cid in cards:
        c = card(cid)
        if c.bottom_type != "culture":
            totals[c.bottom_type] += c.figures
    return {k: totals[k] for k in ("farmer", "tool_maker", "hut_builder", "shaman")}
