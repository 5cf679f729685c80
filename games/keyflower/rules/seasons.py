"""Set-up (3), the start of each season (4), the end of a season (7), boat choice, village
expansion (8.3), winter selection and the Flipper's free upgrade."""
from __future__ import annotations

from games.core import Event, SeatRef, SeededRng
from games.keyflower.rules import village as vil
from games.keyflower.actions import tile_name
from games.keyflower.components import (COLOURS, RESOURCES, SEASONS, SKILLS, boats_for, components,
                                  home_ids, player_counts, purple_tile_for, season_tiles, tile as tile_def,
                                  turn_order_for)
from games.keyflower.state import KeyflowerState, Placed, Player, counts
from games.keyflower.rules.supply import add, draw_keeples, draw_skills, short, take_green, total
from games.keyflower.rules import geometry, screen_record
from games.keyflower import words


def setup(players: int, options: frozenset[str], seed: int) -> KeyflowerState:
    comp = components()
    rng = SeededRng(seed)
    homes = list(home_ids())
    rng.shuffle(homes)
    seats = [Player(home=homes[i]) for i in range(players)]
    st = KeyflowerState(players=players, options=frozenset(options), rng=rng, seats=seats)
    st.order = list(range(players))
    rng.shuffle(st.order)                  # "clockwise" is this random seating (section 3, step 1)
    st.bag = counts(COLOURS, {c: comp["keeples"][c] for c in comp["bag_at_start"]})
    st.green = comp["keeples"]["green"]
    st.stock = counts(RESOURCES, comp["resources"])
    st.pile = counts(SKILLS, comp["skills"])
    for player in seats:
        player.keeples = draw_keeples(st, comp["start_keeples"])
        player.village[player.home] = Placed(player.home, 0, 0, 0)
    st.start = min(range(players), key=lambda s: int(seats[s].home[4:]))
    st.purple = st.turn = st.start
    st.boats = list(boats_for(players))
    st.orders = list(turn_order_for(players))
    winter = list(season_tiles("winter"))
    rng.shuffle(winter)
    per = player_counts(players)["winter_per_player"]
    for i, player in enumerate(seats):
        player.winter_hand = sorted(winter[i * per:(i + 1) * per], key=season_tiles("winter").index)
    st.decks["winter"] = winter[players * per:]       # leave the game unseen
    for season in ("spring", "summer", "autumn"):
        deck = list(season_tiles(season))
        rng.shuffle(deck)
        st.decks[season] = deck
    _open_season(st)
    return st


def _open_season(st: KeyflowerState) -> list[Event]:
    """Boats to the season's side and loaded, tiles dealt (spring, summer, autumn)."""
    season = SEASONS[st.season]
    _load_boats(st, season)
    deck = st.decks[season]
    n = player_counts(st.players)["tiles_per_season"]
    dealt, st.decks[season] = deck[:n], []          # surplus tiles leave the game unseen
    st.auction = []
    for tid in dealt:
        if tid.startswith("boat"):
            tid += "ab"[st.rng.randint(0, 1)]
        st.auction.append(tid)
    st.activity = {}
    st.phase = "actions"
    st.passes = 0
    st.action_no = 0
    st.turn = st.start
    for player in st.seats:
        player.passed = False
    return [Event.public("{season} begins: {tiles} on auction; {player} starts.", season=words.season(season),
                         tiles=", ".join(tile_name(t) for t in st.auction), player=SeatRef(st.start))]


def _load_boats(st: KeyflowerState, season: str) -> None:
    want = {b: tile_def(b).cargo[season] for b in st.boats}
    st.cargo = {b: counts(COLOURS + SKILLS) for b in st.boats}
    for index, pool_draw in ((0, draw_keeples), (1, draw_skills)):
        need = {b: want[b][index] for b in st.boats}
        pool = st.bag if index == 0 else st.pile
        if sum(pool.values()) >= sum(need.values()):
            for b in st.boats:
                add(st.cargo[b], pool_draw(st, need[b]))
            continue
        # the bag (or pile) runs short: fill the boats in row order one at a time
        while sum(pool.values()) > 0 and any(need.values()):
            for b in st.boats:
                if need[b] and sum(pool.values()) > 0:
                    add(st.cargo[b], pool_draw(st, 1))
                    need[b] -= 1


def start_winter(st: KeyflowerState) -> list[Event]:
    st.cargo = {b: counts(COLOURS + SKILLS) for b in st.boats}
    st.auction = []
    st.activity = {}
    st.phase = "winter_select"
    for player in st.seats:
        player.winter_choice = None
        player.passed = False
    return [Event.public("Winter: every player secretly chooses at least one winter tile to put up ('winter TILE ...').")]


def reveal_winter(st: KeyflowerState) -> list[Event]:
    chosen: list[str] = []
    for player in st.seats:
        assert player.winter_choice is not None
        chosen.extend(player.winter_choice)
        player.winter_hand = []
        player.winter_choice = None
    st.rng.shuffle(chosen)
    st.auction = chosen
    st.phase = "actions"
    st.passes = 0
    st.action_no = 0
    st.turn = st.start
    return [Event.public("Winter tiles on auction: {tiles}; {player} starts.",
                         tiles=", ".join(chosen), player=SeatRef(st.start))]


# -- end of season (7) ---------------------------------------------------------------------
def end_season(st: KeyflowerState) -> list[Event]:
    code = words.season_code(st.season)
    events: list[Event] = [Event.public("{code}-end: everyone has passed.", code=code)]
    # 1. losing bids return
    for tid, record in st.activity.items():
        leader = record.leader()
        for seat, bid in list(record.bids.items()):
            if seat != leader:
                st.seats[seat].keeples[bid.colour] += bid.count
                screen_record.entering(st.seats[seat], keeples={bid.colour: bid.count})
                del record.bids[seat]
                events.append(Event.public("{player} takes back {n} {colour} from {tile}.", player=SeatRef(seat),
                                           n=bid.count, colour=bid.colour, tile=tile_name(tid)))
    # 2. unbid season tiles leave; their use-keeples go into the bag
    for tid in list(st.auction):
        record = st.peek(tid)
        if record.bids:
            continue
        st.auction.remove(tid)
        st.removed.append(tid)
        for use in record.uses:
            add(st.bag, use.keeples)
        n = sum(u.count for u in record.uses)
        events.append(Event.public("{tile} was not bid on and leaves the game ({keeples} on it to the bag).",
                                   tile=tile_name(tid), keeples=words.keeples(n)))
    # 3. won tiles, from the start player clockwise
    for seat in st.clockwise(st.start):
        for tid in list(st.auction):
            record = st.peek(tid)
            if record.leader() != seat:
                continue
            bid = record.bids[seat]
            player = st.seats[seat]
            player.pending.append(tid)
            st.auction.remove(tid)
            gained = counts(COLOURS)
            for use in record.uses:
                add(gained, use.keeples)
            add(player.keeples, gained)
            screen_record.entering(player, keeples=gained)
            st.bag[bid.colour] += bid.count
            events.append(Event.public("{player} wins {tile} ({n} {colour} to the bag) and takes {keeples} from it.",
                                       player=SeatRef(seat), tile=tile_name(tid), n=bid.count, colour=bid.colour,
                                       keeples=words.keeples(total(gained))))
    # 4. keeples on tiles of one's own village
    for seat, player in enumerate(st.seats):
        back = counts(COLOURS)
        for tid in player.village:
            for use in st.peek(tid).uses:
                add(back, use.keeples)
        if total(back):
            add(player.keeples, back)
            screen_record.entering(player, keeples=back)
            events.append(Event.public("{player} takes {keeples} from their village.", player=SeatRef(seat),
                                       keeples=words.keeples(total(back))))
    # 5. turn order and boats
    winners: dict[str, int] = {}
    for tid in st.orders:
        leader = st.peek(tid).leader()
        if leader is not None:
            bid = st.activity[tid].bids[leader]
            st.bag[bid.colour] += bid.count
            winners[tid] = leader
            events.append(Event.public("{player} wins {tile} ({n} {colour} to the bag).", player=SeatRef(leader),
                                       tile=tid, n=bid.count, colour=bid.colour))
    purple_tile = purple_tile_for(st.players)
    new_start = winners.get(purple_tile, st.next_seat(st.start))
    order_start = winners[purple_tile] if purple_tile in winners else st.start
    queue: list[int] = []
    for tid in st.orders:
        if tid in winners and winners[tid] not in queue:
            queue.append(winners[tid])
    for seat in st.clockwise(order_start):
        if seat not in queue:
            queue.append(seat)
    if st.season == 3:
        for tid, seat in winners.items():
            st.seats[seat].pending.append(tid)
        st.orders = [t for t in st.orders if t not in winners]
        if purple_tile in winners:
            st.purple_wild = winners[purple_tile]
    st.activity = {}
    st.purple = new_start
    st.start = new_start
    if "purpleany" in st.options and st.season == 3:
        st.purple_wild = new_start
    st.boat_queue = queue
    st.boats_left = list(st.boats)
    st.phase = "boats"
    events.append(Event.public("{code}-boats: the boats are chosen in turn order: {order}; {player} is the next start player.",
                               code=code, order=tuple(SeatRef(s) for s in queue), player=SeatRef(new_start)))
    events += advance_boats(st)
    return events


def advance_boats(st: KeyflowerState) -> list[Event]:
    """Give the last boat automatically, then move on to village expansion."""
    events: list[Event] = []
    if len(st.boat_queue) == 1 and st.boats_left:
        events += take_boat(st, st.boat_queue[0], st.boats_left[0])
    if not st.boat_queue:
        events += start_placement(st)
    return events


def take_boat(st: KeyflowerState, seat: int, boat: str) -> list[Event]:
    player = st.seats[seat]
    st.boat_queue.remove(seat)
    st.boats_left.remove(boat)
    events: list[Event] = []
    if st.season == 3:
        st.boats.remove(boat)
        player.pending.append(boat)
        events.append(Event.public("{player} takes the boat {boat}.", player=SeatRef(seat), boat=boat))
    else:
        cargo = st.cargo.pop(boat)
        keeples = {c: cargo[c] for c in COLOURS}
        skills = {s: cargo[s] for s in SKILLS}
        add(player.keeples, keeples)
        add(player.skills, skills)
        screen_record.entering(player, keeples=keeples, skills=skills)
        events.append(Event.public("{player} takes the cargo of {boat}: {items}.", player=SeatRef(seat), boat=boat,
                                   items=short({**keeples, **skills}) or "-"))
    if st.owns(seat, "boat1a"):
        got = draw_keeples(st, 2)
        add(player.keeples, got)
        events += [Event.public("{player} draws {keeples} (summer boat 1a).", player=SeatRef(seat),
                                keeples=words.keeples(total(got))),
                   Event.private({seat}, "You drew {items}.", items=short(got) or "-")]
    if st.owns(seat, "boat1b"):
        n = take_green(st, 1)
        player.keeples["green"] += n
        screen_record.entering(player, keeples={"green": n})
        events.append(Event.public("{player} gains {n} green keeple (summer boat 1b).", player=SeatRef(seat), n=n))
    if st.season < 3:
        st.cargo[boat] = counts(COLOURS + SKILLS)
    return events


# -- village expansion (8.3) -------------------------------------------------------------------
def start_placement(st: KeyflowerState) -> list[Event]:
    st.phase = "placement"
    events: list[Event] = []
    for seat in range(st.players):
        events += discard_unplaceable(st, seat)
    if not placement_waiting(st):
        events += finish_placement(st)
    return events


def placement_waiting(st: KeyflowerState) -> list[int]:
    return [s for s, p in enumerate(st.seats) if p.pending]


def discard_unplaceable(st: KeyflowerState, seat: int) -> list[Event]:
    """D15: when none of a player's pending tiles fits anywhere, they are discarded."""
    player = st.seats[seat]
    if not player.pending or any(vil.placements(st, seat, t) for t in player.pending):
        return []
    gone, player.pending = player.pending, []
    st.removed.extend(gone)
    return [Event.public("{player} cannot place {tiles} anywhere; discarded.", player=SeatRef(seat),
                         tiles=", ".join(tile_name(t) for t in gone))]


def place(st: KeyflowerState, seat: int, tid: str, q: int, r: int, k: int) -> list[Event]:
    player = st.seats[seat]
    occupied_before = vil.edges_at(player, tentative=True)
    river_cell = geometry.river_next(occupied_before)
    player.pending.remove(tid)
    player.placed_now.append(Placed(tid, q, r, k))
    events = [Event.private({seat}, "You placed {tile} at {q},{r} r{k}.", tile=tile_name(tid), q=q, r=r, k=k)]
    edges = geometry.rotated(tile_def(tid).edges, k)
    for d in range(6):
        if geometry.neighbour((q, r), d) == river_cell and edges[d] == "R":
            events.append(Event.private({seat}, "Warning: a road of {tile} now faces the river cell {cell}; no boat can go there.",
                                        tile=tile_name(tid), cell=f"{river_cell[0]},{river_cell[1]}"))
    events += discard_unplaceable(st, seat)
    if not placement_waiting(st):
        events += finish_placement(st)
    return events


def finish_placement(st: KeyflowerState) -> list[Event]:
    """Everyone is done: reveal the new tiles, then the next season (or the end of winter)."""
    events: list[Event] = []
    code = words.season_code(st.season)
    for seat, player in enumerate(st.seats):
        for placed in player.placed_now:
            player.village[placed.id] = placed
            events.append(Event.public("{code}-place {player}: place {tile} {q},{r} r{k}", code=code,
                                       player=SeatRef(seat), tile=tile_name(placed.id), q=placed.q, r=placed.r,
                                       k=placed.k))
        player.placed_now = []
    if st.season < 3:
        st.season += 1
        if st.season == 3:
            return events + start_winter(st)
        return events + _open_season(st)
    flipper = st.owner("flipper")
    if flipper is not None and flip_targets(st, flipper):
        st.flip_seat = flipper
        st.phase = "flip"
        return events         # the status line says who may flip a tile, the panel how
    return events + finish_game(st)


def flip_targets(st: KeyflowerState, seat: int) -> list[str]:
    return [tid for tid, p in st.seats[seat].village.items() if vil.can_upgrade(tile_def(tid), p)]


def finish_game(st: KeyflowerState) -> list[Event]:
    from games.keyflower.rules.scoring import score_player
    st.flip_seat = None
    st.phase = "over"
    st.final = [score_player(st, seat) for seat in range(st.players)]
    return []             # the final scores, each player's line once, are the outcome's (game.py)
