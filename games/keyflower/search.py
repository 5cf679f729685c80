"""What the search (games/core/search.py) needs from Keyflower: a fast copy, a determinization,
an evaluation in points, the public outcome of chance and the greedy order of moves.

What a seat cannot know (section 12.1, view.py): the colours in the bag and behind the other
players' screens, the skill tiles in the pile and behind their screens, the other players'
winter tiles (and which of them they have secretly put up), the undealt tiles of the seasons to
come and the winter tiles left out of the game, where the other players put their new tiles
before everyone has finished placing, and the seed of every future draw.

A determinization keeps everything public and everything of the seat's own, and deals the rest
again from what the seat knows is somewhere out of its sight:

* keeples: what the public record kept in the state says must be behind each other screen
  (``screens.known_keeples``: every keeple everyone saw go behind it, in this season or an
  earlier one, and has not seen leave: losing bids and use-keeples returned, boat cargo, summer
  boat 1b's and the Peddler's, Store's and Fair's green keeples) stays there; every other keeple
  not in view (the bag and the rest of the other screens) goes into one pool per colour, from
  which each other player gets as many as the rest of their screen holds and the bag the
  remainder;
* skill tiles: the same, with one pool per type: what the public record puts behind each other
  screen (``screens.known_skills``: boat cargo, less what has since been paid by type or may
  have been paid hidden) stays there, and the pile and the rest of the other screens are dealt
  again;
* winter tiles: those not in the seat's hand go into one pool, from which each other player gets
  as many as they hold (a player who has chosen in secret puts up one of the new hand) and the
  box the rest;
* the decks of the seasons to come are shuffled, and where the other players have placed new
  tiles unseen, the tiles go back into their hands (and, if they have finished, are placed again
  where the greedy player would put them);
* the seed of every future draw is a fresh one.

Every pool is sorted before it is shuffled, and the known keeples and skill tiles are kept from
public facts only, so the result depends on what the seat can know only.
"""
from __future__ import annotations

import random
from typing import Any, Hashable

from games.core import SeededRng
from games.core.search import SearchSettings
from games.keyflower.actions import PlaceAction
from games.keyflower.ai import PRODUCTION
from games.keyflower.components import COLOURS, RESOURCES, SKILLS, season_tiles, tile as tile_def
from games.keyflower.rules import village as vil
from games.keyflower.rules.scoring import score_player
from games.keyflower.screens import known_keeples, known_skills
from games.keyflower.state import Activity, Bid, KeyflowerState, Placed, Player, Transport, Use

#: the default budget: at most about a second of CPU a decision on a small server
SETTINGS = SearchSettings(iterations=None, seconds=0.9, depth=4, scale=4.0, exploration=0.4, samples=12)


# -- the copy --------------------------------------------------------------------------------------
def _placed(p: Placed) -> Placed:
    return Placed(p.id, p.q, p.r, p.k, p.upgraded, dict(p.res))


def _player(p: Player) -> Player:
    return Player(home=p.home, keeples=dict(p.keeples), skills=dict(p.skills),
                  village={t: _placed(v) for t, v in p.village.items()}, pending=list(p.pending),
                  placed_now=[_placed(v) for v in p.placed_now], winter_hand=list(p.winter_hand),
                  winter_choice=None if p.winter_choice is None else list(p.winter_choice), passed=p.passed,
                  seen_keeples=dict(p.seen_keeples), seen_skills=dict(p.seen_skills))


def _activity(a: Activity) -> Activity:
    return Activity(a.lock, {s: Bid(b.colour, b.count, b.off) for s, b in a.bids.items()},
                    [Use(u.seat, dict(u.keeples)) for u in a.uses])


def clone(st: KeyflowerState) -> KeyflowerState:
    """An independent copy, field by field (about ten times faster than ``copy.deepcopy``)."""
    tr = st.transport
    return KeyflowerState(
        players=st.players, options=st.options, rng=SeededRng(st.rng.seed, st.rng.draws),
        seats=[_player(p) for p in st.seats], season=st.season, phase=st.phase, turn=st.turn, start=st.start,
        passes=st.passes, action_no=st.action_no, bag=dict(st.bag), green=st.green, stock=dict(st.stock),
        pile=dict(st.pile), decks={k: list(v) for k, v in st.decks.items()}, auction=list(st.auction),
        orders=list(st.orders), activity={t: _activity(a) for t, a in st.activity.items()},
        boats=list(st.boats), cargo={b: dict(c) for b, c in st.cargo.items()}, boat_queue=list(st.boat_queue),
        boats_left=list(st.boats_left), purple=st.purple, purple_wild=st.purple_wild,
        transport=None if tr is None else Transport(tr.seat, tr.tile, tr.move_left, tr.ups_left,
                                                    list(tr.upgraded), tr.moved),
        flip_seat=st.flip_seat, removed=list(st.removed), order=list(st.order),
        final=None if st.final is None else [dict(f) for f in st.final])


# -- the determinization ---------------------------------------------------------------------------
def _deal_counts(pool: dict[str, int], keys: tuple[str, ...], sizes: list[int],
                 rng: random.Random) -> list[dict[str, int]]:
    """``pool`` (counts by key) dealt at random into hands of ``sizes``; the last hand gets the rest."""
    items = [k for k in keys for _ in range(pool.get(k, 0))]
    rng.shuffle(items)
    hands, at = [], 0
    for size in sizes:
        hand = {k: 0 for k in keys}
        for k in items[at:at + size]:
            hand[k] += 1
        hands.append(hand)
        at += size
    rest = {k: 0 for k in keys}
    for k in items[at:]:
        rest[k] += 1
    hands.append(rest)
    return hands


def _redeal(sample: KeyflowerState, others: list[int], rng: random.Random) -> None:
    """The keeples and skills out of the seat's sight dealt again between the screens and the bag /
    pile; the keeples and skill tiles the public record puts behind a screen (screens.py) stay
    there."""
    known = {"keeples": known_keeples(sample), "skills": known_skills(sample)}
    for attr, pool_attr, keys in (("keeples", "bag", COLOURS), ("skills", "pile", SKILLS)):
        kept = [known[attr][s] for s in others]
        pool = dict(getattr(sample, pool_attr))
        for s, fixed in zip(others, kept):
            for k, n in getattr(sample.seats[s], attr).items():
                pool[k] += n - fixed.get(k, 0)
        sizes = [sum(getattr(sample.seats[s], attr).values()) - sum(fixed.values()) for s, fixed in zip(others, kept)]
        *hands, rest = _deal_counts(pool, keys, sizes, rng)
        for s, fixed, hand in zip(others, kept, hands):
            setattr(sample.seats[s], attr, {k: hand[k] + fixed.get(k, 0) for k in keys})
        setattr(sample, pool_attr, rest)


def _winter_order(tid: str) -> int:
    return season_tiles("winter").index(tid)


def _redeal_winter(sample: KeyflowerState, others: list[int], rng: random.Random) -> None:
    """The winter tiles not in the seat's hand dealt again between the other hands and the box; a
    player who has already chosen in secret puts up one tile of the new hand."""
    pool = sorted(list(sample.decks.get("winter", [])) + [t for s in others for t in sample.seats[s].winter_hand])
    rng.shuffle(pool)
    at = 0
    for s in others:
        player = sample.seats[s]
        size = len(player.winter_hand)
        player.winter_hand = sorted(pool[at:at + size], key=_winter_order)
        at += size
        if player.winter_choice is not None and player.winter_hand:
            player.winter_choice = [rng.choice(player.winter_hand)]
    if "winter" in sample.decks:
        sample.decks["winter"] = pool[at:]


def _replace_tiles(sample: KeyflowerState, others: list[int]) -> None:
    """Another player's new tiles, whose places the seat has not seen: taken back into their
    hand, and placed again where the greedy player would put them if they have finished."""
    from games.keyflower.ai import KeyflowerPlayer
    judge = KeyflowerPlayer()
    for s in others:
        player = sample.seats[s]
        if not player.placed_now:
            continue
        finished = not player.pending
        player.pending = sorted(player.pending + [p.id for p in player.placed_now])
        player.placed_now = []
        if not finished:
            continue
        for tid in list(player.pending):
            spots = vil.placements(sample, s, tid)
            player.pending.remove(tid)
            if spots:
                q, r, k = max(spots, key=lambda c: judge.value(sample, s, PlaceAction(tid, *c)))
                player.placed_now.append(Placed(tid, q, r, k))


def determinize(st: KeyflowerState, seat: int, rng: random.Random) -> KeyflowerState:
    sample = clone(st)
    others = [s for s in range(st.players) if s != seat]
    _redeal(sample, others, rng)
    _redeal_winter(sample, others, rng)
    for season in ("spring", "summer", "autumn"):
        deck = sorted(sample.decks.get(season, []))
        rng.shuffle(deck)
        if season in sample.decks:
            sample.decks[season] = deck
    if st.phase == "placement":
        _replace_tiles(sample, others)
    sample.rng = SeededRng(rng.getrandbits(62))
    return sample


# -- the evaluation --------------------------------------------------------------------------------
#: how much of the game is still to come at the start of each season (winter is the last auction)
FUTURE = (1.0, 0.75, 0.5, 0.25)
KEEPLE = 1.0          # a keeple in hand, early on
SKILL = 0.8           # a skill tile in hand, early on (it pays for upgrades)
RESOURCE = 0.5        # a resource in the village, early on (it pays for upgrades)
WIN_CHANCE = 0.8      # a bid that leads now
PRODUCE = 1.0         # a tile's production in one season to come, times the greedy player's weight
UPGRADE = 0.4         # the share of an upgrade's points counted before it is paid for


def open_value(st: KeyflowerState, seat: int, tid: str, placed: Placed | None, future: float, judge: Any) -> float:
    """What a tile of ``seat``'s village (``placed``), or one it may yet place (``None``), is
    likely to add to its printed points: a village tile its production in the seasons left and
    the points of its upgrade; a winter, boat or turn-order tile not yet placed its scoring as
    the greedy player estimates it (once placed, the final scoring counts it exactly)."""
    defn = tile_def(tid)
    if defn.kind not in ("village", "home"):
        return 0.0 if placed is not None else judge.tile_worth(st, seat, tid) - defn.fixed_vp(False)
    upgraded = placed.upgraded if placed is not None else False
    value = 0.0
    ability = defn.ability_of(upgraded)
    if ability is not None and ability.usable:
        value += PRODUCTION.get(ability.t, 0.5) * PRODUCE * (3 - min(st.season, 3))
    if not upgraded and defn.upgradable:
        value += UPGRADE * future * (defn.vp[1] - defn.vp[0])
    return value


def evaluate(st: KeyflowerState) -> tuple[float, ...]:
    """Each seat's score if the game ended now (section 11, with the best allocation) plus what
    is open: tiles won and not yet placed, bids that lead (the tile and the keeples used on it),
    keeples, skills and resources still to spend, upgrades within reach. Exactly the final
    scores once the game is over."""
    if st.final is not None:
        return tuple(float(f["total"]) for f in st.final)
    from games.keyflower.ai import KeyflowerPlayer
    judge = KeyflowerPlayer()
    future = FUTURE[min(st.season, 3)] if st.phase in ("actions", "winter_select") else \
        FUTURE[min(st.season + 1, 3)] if st.season < 3 else 0.0
    values = []
    for seat, player in enumerate(st.seats):
        value = float(score_player(st, seat)["total"])
        for tid in player.pending + [p.id for p in player.placed_now]:
            value += tile_def(tid).fixed_vp(False) + open_value(st, seat, tid, None, future, judge)
        value += future * (KEEPLE * player.keeple_total() + SKILL * player.skill_total())
        value += future * RESOURCE * sum(p.res[r] for p in player.village.values() for r in RESOURCES
                                         if r != "gold")
        for tid, placed in player.village.items():
            value += open_value(st, seat, tid, placed, future, judge)
        values.append(value)
    for tid, record in st.activity.items():
        if not record.bids:
            continue
        leader = record.leader()
        for seat, bid in record.bids.items():
            if seat != leader:
                values[seat] += future * KEEPLE * bid.count        # comes back at the season's end
        if leader is not None and (tid in st.auction or tid in st.orders):
            gained = sum(u.count for u in record.uses)
            worth = tile_def(tid).fixed_vp(False) + open_value(st, leader, tid, None, future, judge)
            values[leader] += WIN_CHANCE * (worth + 0.8 * KEEPLE * gained)
    for seat, player in enumerate(st.seats):
        for tid in player.village:
            back = sum(u.count for u in st.peek(tid).uses)
            values[seat] += future * KEEPLE * back                  # keeples in one's own village return
    return tuple(values)


# -- chance and order ------------------------------------------------------------------------------
def chance_key(st: KeyflowerState) -> Hashable:
    """The public deal: the tiles on auction and the boats' cargo (what the actions leading here
    cannot fix is the new season's tiles and cargo, and the order of the winter auction)."""
    return st.season, tuple(st.auction), tuple(tuple(c.values()) for c in st.cargo.values())


def action_order(state: KeyflowerState, seat: int, actions: list[Any]) -> list[Any]:
    from games.keyflower.ai import KeyflowerPlayer
    judge = KeyflowerPlayer()
    return sorted(actions, key=lambda a: -judge.value(state, seat, a))


__all__ = ["SETTINGS", "clone", "determinize", "evaluate", "chance_key", "action_order"]
