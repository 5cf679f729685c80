"""Phase 2: which workers a team uses, whether a placement is legal, and placing it (section 5.2)."""
from __future__ import annotations

from itertools import combinations, product

from games.core import Event, IllegalAction, Msg, SeatRef, counted
from games.quetzal.actions import Place, TeamUse, worker_key
from games.quetzal.components import BIG, WILD, Space, rules
from games.quetzal.rules.gains import has_effect
from games.quetzal.state import POOL, QuetzalState, Team, Worker
from games.quetzal.words import coins as coins_word

TEMPLE_ROWS = ("t1", "t2", "t3", "t4", "t5")


def pool_sorted(state: QuetzalState, seat: int) -> list[Worker]:
    return sorted(state.player(seat).pool(), key=lambda w: worker_key(w.wid))


def selection_order(state: QuetzalState, seat: int, colour: str | None) -> list[Worker]:
    """Section 5.2.4: fixed workers of the colour (any colour when None), then normal wild
    workers, then the big worker; lowest ID first within each group."""
    pool = pool_sorted(state, seat)
    fixed = [w for w in pool if not w.wild and (colour is None or w.face == colour)]
    return fixed + [w for w in pool if w.wild and not w.big] + [w for w in pool if w.big]


def default_workers(state: QuetzalState, seat: int, colour: str | None, count: int) -> tuple[str, ...] | None:
    order = selection_order(state, seat, colour)
    return tuple(w.wid for w in order[:count]) if count <= len(order) else None


def closed_spaces(state: QuetzalState) -> tuple[str, ...]:
    return rules().closed.get(state.players, ())


def place_cost(state: QuetzalState, seat: int, space: Space, count: int) -> int:
    cost = space.cost + space.cost_per_worker * count
    if space.code in TEMPLE_ROWS:
        cost = max(0, cost - len(has_effect(state, seat, "discount")))
    return cost


def worker_class(worker: Worker) -> str:
    """Workers of one class are interchangeable in the pool: ``w``/``k`` fixed, ``*`` normal wild,
    ``big``. (The big worker differs from a normal wild one: it comes back wild when outbid.)"""
    return BIG if worker.big else (WILD if worker.wild else worker.face)


def make_place(state: QuetzalState, seat: int, space: str, colour: str | None, workers: tuple[str, ...]) -> Place:
    """The action for this team with exactly the workers named (in ID order); ``short`` when they
    are the ones the default order picks (section 5.2.4), so ``use`` can be left out."""
    workers = tuple(sorted(workers, key=worker_key))
    return Place(space, colour, workers, is_default(state, seat, colour, workers))


def is_default(state: QuetzalState, seat: int, colour: str | None, workers: tuple[str, ...]) -> bool:
    """Are these the workers the reference's default order picks (section 5.2.4)?"""
    default = default_workers(state, seat, colour, len(workers))
    return default is not None and workers == tuple(sorted(default, key=worker_key))


def colour_msg(colour: str | None) -> Msg:
    """A colour as a translatable word (a nested message the bot translates like any other)."""
    return Msg("white") if colour == "w" else Msg("black")


def allowed_msg(space: Space) -> Msg:
    return Msg("white or black") if space.roles == "either" else colour_msg(space.roles)


def place_problem(state: QuetzalState, seat: int, action: Place) -> IllegalAction | None:
    """Why this placement is illegal (section 5.2.2), or None."""
    r = rules()
    space = r.space.get(action.space)
    if space is None:
        return IllegalAction("There is no space '{space}'.", space=action.space)
    if space.code in closed_spaces(state):
        return IllegalAction("{space} is closed with {players} players; choose another Village row.",
                             space=space.code, players=state.players)
    player = state.player(seat)
    ids = action.workers
    if not ids:
        return IllegalAction("A team needs at least one worker.")
    if len(set(ids)) != len(ids):
        return IllegalAction("A worker can be named only once in a team.")
    pool = {w.wid: w for w in player.pool()}
    for wid in ids:
        if wid not in pool:
            return IllegalAction("Worker {worker} is not in your pool; your pool is {pool}.", worker=wid,
                                 pool=pool_text(state, seat))
    if space.type == "single" and len(ids) != 1:
        return IllegalAction("{space} takes exactly one worker, e.g. team {space} 1.", space=space.code)
    if space.roles == "mixed":
        if action.colour is not None:
            return IllegalAction("{space} takes any mix of roles; leave the colour out.", space=space.code)
    else:
        if action.colour not in space.colours():
            return IllegalAction("{space} accepts {allowed} workers only.", space=space.code,
                                 allowed=allowed_msg(space))
        for wid in ids:
            worker = pool[wid]
            if not worker.wild and worker.face != action.colour:
                return IllegalAction("Worker {worker} is {face}; a {colour} team needs {colour} or wild workers.",
                                     worker=wid, face=colour_msg(worker.face), colour=colour_msg(action.colour))
    if space.code == "stele" and state.marker == seat:
        return IllegalAction("You hold the start player marker, so you cannot use the Stele; choose another space.")
    occupants = state.teams_on(space.code)
    if space.type == "single" and occupants:
        return IllegalAction("{space} is already taken by {player}; choose a free space.", space=space.code,
                             player=SeatRef(occupants[0].seat))
    cost = place_cost(state, seat, space, len(ids))
    if player.coins < cost:
        return IllegalAction("{space} costs {cost} for this team and you have {coins}.", space=space.code,
                             cost=coins_word(cost), coins=coins_word(player.coins))
    if space.type == "auction" and occupants:
        current = occupants[0]
        if current.seat == seat:
            return IllegalAction("You already hold {space}; you cannot add to it or outbid yourself.",
                                 space=space.code)
        if current.colour != action.colour:
            return IllegalAction("{space} holds a {colour} team this round; only a larger {colour} team can take it.",
                                 space=space.code, colour=colour_msg(current.colour))
        if len(ids) <= len(current.workers):
            return IllegalAction("{space} holds {workers}; bid at least {need} {colour}.",
                                 space=space.code, need=len(current.workers) + 1, colour=colour_msg(current.colour),
                                 workers=counted("{count} {colour} worker", "{count} {colour} workers",
                                                 count=len(current.workers), colour=colour_msg(current.colour)))
    return None


def teams_by_counts(ids: dict[str, list[str]], eligible: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every team from the ``eligible`` classes (``ids``: each class's workers, lowest ID first),
    once per count of each class, using the lowest IDs of each class; smallest teams first."""
    teams = []
    for counts in product(*(range(len(ids[cls]) + 1) for cls in eligible)):
        if sum(counts):
            chosen = [wid for cls, n in zip(eligible, counts) for wid in ids[cls][:n]]
            teams.append(tuple(sorted(chosen, key=worker_key)))
    teams.sort(key=lambda team: (len(team), [worker_key(w) for w in team]))
    return teams


def all_places(state: QuetzalState, seat: int) -> dict[tuple[str, str | None, int], list[Place]]:
    """Every legal team for ``seat`` (space, colour, size), each with its ways to be made from
    the pool once per count of each worker class (the lowest IDs of each class stand for the
    others: enough to know which teams exist, their default workers, and their value)."""
    r = rules()
    player = state.player(seat)
    pool = pool_sorted(state, seat)
    closed = closed_spaces(state)
    defaults = {}                       # colour -> the default team of each size, in ID order
    for colour in (None, "w", "k"):
        order = [w.wid for w in selection_order(state, seat, colour)]
        defaults[colour] = [tuple(sorted(order[:n], key=worker_key)) for n in range(len(order) + 1)]
    ids = {cls: [w.wid for w in pool if worker_class(w) == cls] for cls in ("w", "k", WILD, BIG)}
    teams: dict[tuple[str, ...], list[tuple[str, ...]]] = {}
    out: dict[tuple[str, str | None, int], list[Place]] = {}
    for space in r.spaces:
        if space.code in closed or (space.code == "stele" and state.marker == seat):
            continue
        occupants = state.teams_on(space.code)
        if space.type == "single" and occupants:
            continue
        if space.roles == "mixed":
            limit = len(pool)
            if space.cost_per_worker:
                limit = min(limit, (player.coins - space.cost) // space.cost_per_worker)
            groups = [(None, ("w", "k", WILD, BIG), 1, limit)]
        else:
            if player.coins < place_cost(state, seat, space, 1):
                continue
            groups = []
            for colour in space.colours():
                low = 1
                if space.type == "auction" and occupants:
                    current = occupants[0]
                    if current.seat == seat or current.colour != colour:
                        continue
                    low = len(current.workers) + 1
                groups.append((colour, (colour, WILD, BIG), low, 1 if space.type == "single" else len(pool)))
        for colour, eligible, low, high in groups:
            if eligible not in teams:
                teams[eligible] = teams_by_counts(ids, eligible)
            for team in teams[eligible]:
                if not low <= len(team) <= high:
                    continue
                key = (space.code, colour, len(team))
                out.setdefault(key, []).append(Place(space.code, colour, team, team == defaults[colour][len(team)]))
    return out


def place_actions(state: QuetzalState, seat: int) -> list[Place | TeamUse]:
    """The placement prompt: per team (space, colour, size) its default workers
    (``team 3a 2 black``) and, when other workers could make it, the staged
    ``team 3a 2 black use`` whose next prompt names the workers."""
    out: list[Place | TeamUse] = []
    eligible = {colour: len(eligible_workers(state, seat, colour)) for colour in (None, "w", "k")}
    for (space, colour, count), variants in all_places(state, seat).items():
        out += [p for p in variants if p.short]
        if eligible[colour] > count:
            out.append(TeamUse(space, colour, count))
    return out


def eligible_workers(state: QuetzalState, seat: int, colour: str | None) -> list[str]:
    """The pool's workers that can join a team of ``colour`` (None: any role), in ID order."""
    return [w.wid for w in pool_sorted(state, seat) if colour is None or w.wild or w.face == colour]


def team_variants(state: QuetzalState, seat: int, space: str, colour: str | None, count: int) -> list[Place]:
    """The legal ways to make one team (the second step of ``team <space> <count> [colour] use``):
    every set of workers that can make it, by their IDs (the reference lets a player name the
    exact workers, section 9.2), the default set first."""
    variants = all_places(state, seat).get((space, colour, count))
    if not variants:
        return []
    teams = [Place(space, colour, combo, is_default(state, seat, colour, combo))
             for combo in combinations(eligible_workers(state, seat, colour), count)]
    return sorted(teams, key=lambda p: not p.short)


def team_use_problem(state: QuetzalState, seat: int, action: TeamUse) -> IllegalAction | None:
    """``team <space> <count> [colour] use`` needs a legal team with a choice of workers."""
    variants = team_variants(state, seat, action.space, action.colour, action.count)
    if len(variants) > 1:
        return None
    if variants:
        return IllegalAction("Only one set of workers can make this team: write {action}.", action=str(variants[0]))
    workers = default_workers(state, seat, action.colour, max(1, action.count))
    if workers is None or action.count < 1:
        return IllegalAction("You do not have {count} usable workers for that; your pool is {pool}.",
                             count=action.count, pool=pool_text(state, seat))
    return place_problem(state, seat, Place(action.space, action.colour, tuple(sorted(workers, key=worker_key)))) \
        or IllegalAction("Only one set of workers can make this team: write {action}.",
                         action=str(make_place(state, seat, action.space, action.colour, workers)))


def pool_text(state: QuetzalState, seat: int) -> str:
    """``1w 2w 3k 4* 5* 6k big*`` (``*`` = wild)."""
    return " ".join(f"{w.wid}{'*' if w.wild else w.face}" for w in pool_sorted(state, seat)) or "-"


def do_place(state: QuetzalState, seat: int, action: Place) -> list[Event]:
    """Perform a validated placement: pay, move the workers, push out an outbid team, Camp coins."""
    r = rules()
    space = r.space[action.space]
    player = state.player(seat)
    cost = place_cost(state, seat, space, len(action.workers))
    player.coins -= cost
    for wid in action.workers:
        worker = player.worker(wid)
        assert worker is not None
        worker.where = space.code
        if action.colour is not None:
            worker.face = action.colour
        elif worker.wild:
            worker.face = WILD
    if action.colour is None:
        events = [Event.public("{player} places {count} on {space}: workers {workers} (pays {cost}).",
                               player=SeatRef(seat), count=len(action.workers), space=space.code,
                               workers=",".join(action.workers), cost=cost)]
    else:
        events = [Event.public("{player} places {count} {colour} on {space}: workers {workers} (pays {cost}).",
                               player=SeatRef(seat), count=len(action.workers), colour=colour_msg(action.colour),
                               space=space.code, workers=",".join(action.workers), cost=cost)]
    if space.type == "auction":
        for loser in state.teams_on(space.code):
            state.teams.remove(loser)
            owner = state.player(loser.seat)
            for wid in loser.workers:
                worker = owner.worker(wid)
                assert worker is not None
                worker.where = POOL
                worker.face = WILD if worker.big else (loser.colour or worker.face)
            events.append(Event.public("{player} is outbid on {space}: workers {workers} return to the pool as {faces}.",
                                       player=SeatRef(loser.seat), space=space.code, workers=",".join(loser.workers),
                                       faces=" ".join(f"{w}{'*' if w == 'big' else loser.colour}"
                                                      for w in loser.workers)))
    state.teams.append(Team(state.seq, seat, space.code, action.colour, list(action.workers), cost))
    state.seq += 1
    if space.code == "camp":
        coins = r.camp_coins * len(action.workers)
        player.coins += coins
        state.camp_rerolls = len(action.workers) if player.pool() else 0
        events.append(Event(counted("Camp: {player} gains {coins} coin.", "Camp: {player} gains {coins} coins.", by="coins",
                                    player=SeatRef(seat), coins=coins)))
    return events

