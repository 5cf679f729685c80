"""Property tests: random legal games end, pieces are conserved, JSON round-trips, the legal
action list is exact, and random text never breaks anything."""
from __future__ import annotations

import copy
import random

from hypothesis import HealthCheck, given, settings, strategies as st_

from games.core import IllegalAction
from games.keyflower import GAME
from games.keyflower.rules import action_phase
from games.keyflower.actions import BidAction, UseAction
from games.keyflower.components import COLOURS, RESOURCES, SKILLS, components, season_tiles, tile as tile_def
from games.keyflower.rules.legal import usable_tiles
from games.keyflower.state import KeyflowerState

from tests.keyflower.helpers import random_game

TOTAL_KEEPLES = sum(components()["keeples"].values())
TOTAL_RESOURCES = sum(components()["resources"].values())
TOTAL_SKILLS = sum(components()["skills"].values())


def keeple_count(st: KeyflowerState) -> int:
    n = sum(st.bag.values()) + st.green
    n += sum(p.keeple_total() for p in st.seats)
    for record in st.activity.values():
        n += sum(b.count for b in record.bids.values()) + sum(u.count for u in record.uses)
    n += sum(cargo[c] for cargo in st.cargo.values() for c in COLOURS)
    return n


def resource_count(st: KeyflowerState) -> dict[str, int]:
    out = dict(st.stock)
    for player in st.seats:
        for placed in list(player.village.values()) + player.placed_now:
            for r in RESOURCES:
                out[r] += placed.res[r]
    return out


def skill_count(st: KeyflowerState) -> int:
    return (sum(st.pile.values()) + sum(p.skill_total() for p in st.seats)
            + sum(cargo[s] for cargo in st.cargo.values() for s in SKILLS))


def check_invariants(before, seat, action, after: KeyflowerState) -> None:
    assert keeple_count(after) == TOTAL_KEEPLES
    assert resource_count(after) == components()["resources"]
    assert skill_count(after) == TOTAL_SKILLS
    for player in after.seats:
        assert all(v >= 0 for v in player.keeples.values()) and all(v >= 0 for v in player.skills.values())
    assert all(v >= 0 for v in after.bag.values()) and after.green >= 0
    data = GAME.to_json(after)
    assert GAME.to_json(GAME.from_json(data)) == data


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st_.integers(2, 6), seed=st_.integers(0, 10_000))
def test_random_games_end_and_conserve(players, seed):
    st = random_game(players, seed, on_step=check_invariants)
    out = GAME.outcome(st)
    assert out is not None and len(out.scores) == players
    assert all(s >= 0 for s in out.scores)
    best = max(out.scores)
    assert [r == 1 for r in out.ranks] == [s == best for s in out.scores]


def test_notation_round_trip_and_legal_actions_apply():
    rng = random.Random(5)
    for players in (2, 4, 6):
        st = GAME.setup(players, frozenset(), rng.randint(0, 999))
        steps = 0
        while GAME.outcome(st) is None and steps < 300:
            seat = rng.choice(sorted(GAME.to_act(st)))
            actions = GAME.legal_actions(st, seat)
            assert len(set(actions)) == len(actions)
            for action in actions:
                assert GAME.parse(st, seat, str(action)) == action
            for action in rng.sample(actions, min(3, len(actions))):
                trial = copy.deepcopy(st)
                GAME.apply(trial, seat, action)          # every listed action is legal
            action = rng.choice(actions)
            GAME.apply(st, seat, action)
            steps += 1


def _candidates(st: KeyflowerState, seat: int) -> list:
    """A superset of the bids and uses: every tile, count 1-7, colour and choice."""
    losing = sorted(t for t, r in st.activity.items() if seat in r.bids)
    source_sets = [()] + [(t,) for t in losing] + ([tuple(losing[:2])] if len(losing) > 1 else [])
    tiles = list(st.auction) + list(st.orders) + [t for p in st.seats for t in p.village]
    all_choices = ["", "wood", "stone", "iron"] + [f"pay {c}" for c in COLOURS] + [f"pay {s}" for s in SKILLS]
    out: list = []
    for tid in tiles:
        ability = tile_def(tid).ability_of(False)
        takes_choice = ability is not None and ability.t in ("gain_choice", "pay_any_keeple_draw_keeples",
                                                             "pay_any_skill_draw_keeples", "pay_any_skill_draw_skills")
        choices = all_choices if takes_choice else ["", "wood", "pay red"]
        for n in range(1, 8):
            for colour in COLOURS:
                for src in source_sets:
                    out.append(BidAction(tid, n, colour, src))
                    for choice in choices:
                        out.append(UseAction(tid, n, ((colour, n),), src, choice))
    return out


def test_legal_bids_and_uses_are_exact():
    rng = random.Random(11)
    checked = 0
    for seed in range(3):
        st = GAME.setup(3, frozenset(), seed)
        steps = 0
        while GAME.outcome(st) is None and steps < 200:
            seat = rng.choice(sorted(GAME.to_act(st)))
            actions = GAME.legal_actions(st, seat)
            if st.phase == "actions" and st.transport is None and steps % 9 == 0:
                listed = {a for a in actions if isinstance(a, (BidAction, UseAction))}
                for cand in _candidates(st, seat):
                    check = action_phase.check_bid if isinstance(cand, BidAction) else action_phase.check_use
                    try:
                        check(st, seat, cand)       # the validation apply() runs, without the mutation
                        ok = True
                    except IllegalAction:
                        ok = False
                    assert ok == (cand in listed), (str(cand), ok)
                    checked += 1
            GAME.apply(st, seat, rng.choice(actions))
            steps += 1
    assert checked > 1000


WORDS = ["bid", "use", "pass", "boat", "place", "winter", "flip", "move", "up", "done", "from", "pay", "home",
         "home@2", "keywood", "alehouse", "to1", "boat1", "boat2a", "stable", "farrier", "1", "2", "0", "-1,0",
         "1,-1", "r3", "r9", "red", "b", "yellow", "g", "wood", "au", "saw", "pickaxe", "1r+2y", ";", ",", "x",
         "A", "keythedral", "seabreese", "99999", "💥"]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(words=st_.lists(st_.sampled_from(WORDS), min_size=0, max_size=8), junk=st_.text(max_size=12),
       stage=st_.integers(0, 3))
def test_random_text_only_raises_illegal_action(words, junk, stage):
    st = _staged_state(stage)
    text = " ".join(words) + (" " + junk if junk else "")
    before = GAME.to_json(st)
    for seat in range(st.players):
        try:
            action = GAME.parse(st, seat, text)
        except IllegalAction:
            assert GAME.to_json(st) == before
            continue
        trial = GAME.from_json(before)
        try:
            GAME.apply(trial, seat, action)
        except IllegalAction:
            assert GAME.to_json(trial) == before
    assert GAME.to_json(st) == before


_STAGES: dict[int, dict] = {}


def _staged_state(stage: int) -> KeyflowerState:
    """A few fixed positions: spring start, mid-summer, village placement, winter selection."""
    if stage not in _STAGES:
        rng = random.Random(stage)
        st = GAME.setup(3, frozenset(), 100 + stage)
        wanted = ("actions", "actions", "placement", "winter_select")[stage]
        steps = 0
        while not (st.phase == wanted and (stage != 1 or st.season == 1)) and GAME.outcome(st) is None:
            seat = rng.choice(sorted(GAME.to_act(st)))
            actions = GAME.legal_actions(st, seat)
            passes = [a for a in actions if str(a) == "pass"]
            GAME.apply(st, seat, passes[0] if passes and rng.random() < 0.3 else rng.choice(actions))
            steps += 1
        _STAGES[stage] = GAME.to_json(st)
    return GAME.from_json(_STAGES[stage])


def test_every_winter_choice_subset_is_offered():
    st = _staged_state(3)
    assert st.phase == "winter_select"
    for seat in GAME.to_act(st):
        hand = st.seats[seat].winter_hand
        assert len(GAME.legal_actions(st, seat)) == 2 ** len(hand) - 1
    assert set(st.seats[0].winter_hand) <= set(season_tiles("winter"))


def test_usable_tiles_exclude_unusable_kinds():
    st = _staged_state(1)
    for tid in usable_tiles(st):
        assert tid not in st.orders


def test_transport_steps_are_exact():
    from itertools import combinations_with_replacement
    from games.keyflower.actions import Move, Up
    rng = random.Random(21)
    checked = 0
    for seed in range(30):
        st = GAME.setup(2 + seed % 3, frozenset(), 500 + seed)
        while GAME.outcome(st) is None and checked < 4000:
            seat = rng.choice(sorted(GAME.to_act(st)))
            actions = GAME.legal_actions(st, seat)
            if st.transport is not None:
                listed = {a for a in actions if isinstance(a, (Move, Up))}
                village = list(st.seats[seat].village)
                items = ("wood", "stone", "iron", "gold", "saw", "pick", "anvil")
                cands = [Move(k, r, a, b) for a in village for b in village for r in RESOURCES for k in (1, 2, 3)]
                for t in village:
                    cands.append(Up(t))
                    for size in (1, 2, 3, 4):
                        cands += [Up(t, p) for p in combinations_with_replacement(items, size)]
                for cand in cands:
                    check = action_phase.check_move if isinstance(cand, Move) else action_phase.check_up
                    try:
                        check(st, seat, cand)
                        ok = True
                    except IllegalAction:
                        ok = False
                    assert ok == (cand in listed), str(cand)
                    checked += ok
            transports = [a for a in actions if isinstance(a, UseAction) and a.tile in
                          ("stable", "farrier", "wainwright") + tuple(p.home for p in st.seats)]
            moves = [a for a in actions if isinstance(a, (Move, Up))]
            if moves and rng.random() < 0.7:
                action = rng.choice(moves)
            elif transports and rng.random() < 0.5:
                action = rng.choice(transports)
            else:
                passes = [a for a in actions if str(a) == "pass"]
                action = passes[0] if passes and rng.random() < 0.2 else rng.choice(actions)
            GAME.apply(st, seat, action)
        if checked >= 300:
            break
    assert checked >= 300
