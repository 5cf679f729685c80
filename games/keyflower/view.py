"""What a seat (or the public, ``seat=None``) may see of a Keyflower game (section 12.1).

Never in a view: the bag's colours, the order or identity of undealt tiles, other players'
keeple and skill breakdowns, other players' winter tiles and winter choices, and other
players' village placements before everyone has finished placing.
"""
from __future__ import annotations

from dataclasses import dataclass

from games.keyflower.rules import geometry
from games.keyflower.rules import village as vil
from games.keyflower.actions import tile_name
from games.keyflower.components import COLOURS, RESOURCES, SKILLS, purple_tile_for, tile as tile_def
from games.keyflower.rules.scoring import running_vp
from games.keyflower.state import Activity, KeyflowerState, Placed

Pairs = tuple[tuple[str, int], ...]


def _pairs(items: dict[str, int], order: tuple[str, ...]) -> Pairs:
    return tuple((k, items[k]) for k in order if items.get(k, 0) > 0)


@dataclass(frozen=True)
class BidView:
    seat: int
    colour: str
    count: int
    off: bool
    leading: bool


@dataclass(frozen=True)
class UseView:
    seat: int
    keeples: Pairs


@dataclass(frozen=True)
class TileView:
    id: str                  # internal id (summer boats carry their side: boat2b)
    name: str                # notation id
    kind: str
    upgraded: bool = False
    q: int = 0
    r: int = 0
    k: int = 0
    res: Pairs = ()
    lock: str | None = None
    bids: tuple[BidView, ...] = ()
    uses: tuple[UseView, ...] = ()
    tentative: bool = False  # placed this expansion, seen only by its owner until everyone is done
    purple: bool = False     # turn-order tile with the +P icon


@dataclass(frozen=True)
class BoatView:
    id: str
    side: str
    cargo: Pairs
    available: bool = True    # during a boat choice: not taken yet


@dataclass(frozen=True)
class KeyflowerPlayerView:
    seat: int
    home: str
    vp: int
    keeple_total: int
    skill_total: int
    winter_count: int
    start: bool
    purple: bool
    passed: bool
    answered: bool            # simultaneous phases: this seat has nothing left to do
    pending: tuple[str, ...]
    village: tuple[TileView, ...]
    transport_capacity: int
    river: int


@dataclass(frozen=True)
class KeyflowerPrivateView:
    seat: int
    keeples: Pairs
    skills: Pairs
    winter_hand: tuple[str, ...]
    winter_choice: tuple[str, ...] | None


@dataclass(frozen=True)
class KeyflowerView:
    seat: int | None
    players: tuple[KeyflowerPlayerView, ...]
    options: tuple[str, ...]
    season: int
    phase: str
    to_act: tuple[int, ...]
    turn: int
    start: int
    purple: int
    passes: int
    action_no: int
    bag_size: int
    green: int
    stock: Pairs
    pile_size: int
    auction: tuple[TileView, ...]
    orders: tuple[TileView, ...]
    boats: tuple[BoatView, ...]
    boat_queue: tuple[int, ...]
    transport: tuple[int, str, int, int] | None
    flip_seat: int | None
    me: KeyflowerPrivateView | None
    labels: tuple[tuple[str, int, int], ...] = ()
    placements: tuple[tuple[str, int, int, int], ...] = ()
    final: tuple[tuple[tuple[str, int], ...], ...] | None = None
    removed: tuple[str, ...] = ()
    purple_wild: int | None = None
    order: tuple[int, ...] = ()           # seats clockwise (the play order)


def _activity_view(record: Activity) -> dict:
    leader = record.leader()
    return {
        "lock": record.lock,
        "bids": tuple(BidView(s, b.colour, b.count, b.off, s == leader) for s, b in sorted(record.bids.items())),
        "uses": tuple(UseView(u.seat, _pairs(u.keeples, COLOURS)) for u in record.uses),
    }


def _tile_view(st: KeyflowerState, tid: str, placed: Placed | None = None, tentative: bool = False,
               purple: bool = False) -> TileView:
    defn = tile_def(tid)
    extra = _activity_view(st.peek(tid))
    if placed is None:
        return TileView(tid, tile_name(tid), defn.kind, purple=purple, **extra)
    return TileView(tid, tile_name(tid), defn.kind, placed.upgraded, placed.q, placed.r, placed.k,
                    _pairs(placed.res, RESOURCES), tentative=tentative, **extra)


def _transport_capacity(st: KeyflowerState, seat: int) -> int:
    player = st.seats[seat]
    cap = sum(tile_def(t).transport(p.upgraded)[0] for t, p in player.village.items()
              if t in (player.home, "stable", "farrier", "wainwright"))
    return cap * (2 if st.owns(seat, "boat2b") else 1)


def build_view(st: KeyflowerState, seat: int | None, to_act: frozenset[int]) -> KeyflowerView:
    purple_tile = purple_tile_for(st.players)
    seats = []
    for s, player in enumerate(st.seats):
        own = seat == s
        village = [_tile_view(st, t, p) for t, p in player.village.items()]
        if own:
            village += [_tile_view(st, p.id, p, tentative=True) for p in player.placed_now]
        answered = s not in to_act if st.phase in ("winter_select", "placement") else False
        seats.append(KeyflowerPlayerView(
            seat=s, home=player.home, vp=running_vp(player), keeple_total=player.keeple_total(),
            skill_total=player.skill_total(),
            winter_count=len(player.winter_hand),
            start=st.start == s, purple=st.purple == s, passed=player.passed, answered=answered,
            pending=tuple(player.pending) if own else
            tuple(sorted(player.pending + [p.id for p in player.placed_now])),
            village=tuple(village), transport_capacity=_transport_capacity(st, s),
            river=len(geometry.river_chain(vil.edges_at(player))),
        ))
    me = None
    if seat is not None and 0 <= seat < st.players:
        player = st.seats[seat]
        me = KeyflowerPrivateView(
            seat=seat, keeples=_pairs(player.keeples, COLOURS), skills=_pairs(player.skills, SKILLS),
            winter_hand=tuple(player.winter_hand),
            winter_choice=tuple(player.winter_choice) if player.winter_choice is not None else None)
    labels: tuple[tuple[str, int, int], ...] = ()
    placements: tuple[tuple[str, int, int, int], ...] = ()
    if seat is not None and st.phase == "placement" and 0 <= seat < st.players:
        labels = tuple((name, c[0], c[1]) for name, c in vil.labels(st, seat).items())
        placements = tuple((t, q, r, k) for t in dict.fromkeys(st.seats[seat].pending)
                           for q, r, k in vil.placements(st, seat, t))
    from games.keyflower.components import SEASONS
    season_name = SEASONS[min(st.season, 3)]
    boats = tuple(BoatView(b, tile_def(b).side.get(season_name, "B"), _pairs(st.cargo.get(b, {}), COLOURS + SKILLS),
                           st.phase != "boats" or b in st.boats_left)
                  for b in st.boats)
    tr = st.transport
    return KeyflowerView(
        seat=seat, players=tuple(seats), options=tuple(sorted(st.options)), season=st.season, phase=st.phase,
        to_act=tuple(sorted(to_act)), turn=st.turn, start=st.start, purple=st.purple, passes=st.passes,
        action_no=st.action_no, bag_size=sum(st.bag.values()), green=st.green,
        stock=tuple((r, st.stock[r]) for r in RESOURCES), pile_size=sum(st.pile.values()),
        auction=tuple(_tile_view(st, t) for t in st.auction),
        orders=tuple(_tile_view(st, t, purple=t == purple_tile) for t in st.orders),
        boats=boats, boat_queue=tuple(st.boat_queue),
        transport=None if tr is None else (tr.seat, tr.tile, tr.move_left, tr.ups_left),
        flip_seat=st.flip_seat, me=me, labels=labels, placements=placements,
        final=None if st.final is None else tuple(tuple(sorted(f.items())) for f in st.final),
        removed=tuple(st.removed), purple_wild=st.purple_wild, order=tuple(st.order or range(st.players)),
    )
