"""Property tests: random legal play keeps every invariant, ends, replays and round-trips; random
text never raises anything but IllegalAction and never changes the state when refused."""
from __future__ import annotations

import json
import random

from hypothesis import given, settings, strategies as st

from games.core import IllegalAction
from games.stone_age import GAME
from games.stone_age.actions import Buy
from games.stone_age.components import MAX_PEOPLE, card
from games.stone_age.rules.payments import payment_points
from games.stone_age.rules.checks import breakdown
from games.stone_age.state import StoneAgeState

OPTIONS = ("hunt_repeat", "tiebreak_sum", "hidden_cards")
MAX_STEPS = 4000


def check_invariants(state: StoneAgeState) -> None:
    for p in state.players:
        assert p.food >= 0 and all(n >= 0 for n in p.res)
        assert 5 <= p.people <= MAX_PEOPLE
        assert 0 <= p.placed <= p.people                           # people conserved
        assert all(n > 0 for n in p.where.values())
        assert len(p.tools) <= 3 and all(1 <= v <= 4 for v, _ in p.tools)
        assert 0 <= p.agriculture <= 10 and p.c36 >= 0 and p.hunger >= 0
        assert len(p.buildings) == len(p.building_points)
    if state.phase in ("feed", "over"):
        assert all(not p.where for p in state.players)
    people_on_spots = {}
    for p in state.players:
        for loc, n in p.where.items():
            people_on_spots[loc] = people_on_spots.get(loc, 0) + n
    for loc, n in people_on_spots.items():
        if loc in ("forest", "clay", "quarry", "river"):
            assert n <= 7
        elif loc == "hut":
            assert n == 2
        elif loc != "hunt":
            assert n == 1
    cards_in_play = [c for c in state.display if c] + state.deck + [c for p in state.players for c in p.cards]
    assert len(cards_in_play) == len(set(cards_in_play)) == 36


def play_random(seed: int, players: int, options: frozenset[str], *, check_all_legal: bool = False):
    state = GAME.setup(players, options, seed)
    rng = random.Random(seed)
    log: list[tuple[int, str]] = []
    expected_track = [0] * players
    steps = 0
    while not GAME.is_over(state):
        steps += 1
        assert steps < MAX_STEPS, "game did not end"
        acting = sorted(GAME.to_act(state))
        assert acting
        seat = rng.choice(acting)
        actions = GAME.legal_actions(state, seat)
        assert actions, (state.phase, seat)
        if check_all_legal and steps % 7 == 0:
            for candidate in actions[:40]:
                copy = GAME.from_json(GAME.to_json(state))
                GAME.apply(copy, seat, candidate)
        action = rng.choice(actions)
        if isinstance(action, Buy):
            if action.loc.startswith("building"):
                expected_track[seat] += payment_points(action.pay)
            elif card(state.display[int(action.loc[4:]) - 1]).top == "points":
                expected_track[seat] += 3
        events = GAME.apply(state, seat, action)
        for event in events:
            if "{before} → {after}" in event.msg.text:
                expected_track[event.msg.params["player"].seat] -= 10
        log.append((seat, str(action)))
        check_invariants(state)
        if steps % 5 == 0 or GAME.is_over(state):
            data = GAME.to_json(state)
            assert GAME.to_json(GAME.from_json(json.loads(json.dumps(data)))) == data
    return state, log, expected_track


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10 ** 6), players=st.integers(2, 4), options=st.sets(st.sampled_from(OPTIONS)))
def test_random_games_keep_invariants_and_end(seed, players, options):
    state, log, expected_track = play_random(seed, players, frozenset(options))
    # Scores are consistent: the track is buildings + 3-point cards − penalties; totals add up.
    assert [p.score for p in state.players] == expected_track
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert list(outcome.scores) == [breakdown(p)["total"] for p in state.players]
    best = max(outcome.scores)
    assert all(outcome.scores[s] == best for s in outcome.winners())
    # Replaying the log from the seed reproduces the final state exactly.
    replay = GAME.setup(players, frozenset(options), seed)
    for seat, text in log:
        GAME.apply(replay, seat, GAME.parse(replay, seat, text))
    assert GAME.to_json(replay) == GAME.to_json(state)


def test_every_legal_action_applies():
    play_random(99, 3, frozenset(), check_all_legal=True)


WORDS = ["place", "resolve", "tools", "buy", "skip", "pick", "claim", "feed", "pay", "starve", "with", "ok", "play",
         "hunt", "food", "forest", "wood", "clay", "brick", "quarry", "stone", "river", "gold", "toolmaker", "tool",
         "maker", "field", "farm", "hut", "building", "card", "b1", "b2", "b5", "c1", "c4", "c9", "0", "1", "2", "3",
         "4", "5", "6", "7", "10", "99", "-1", "w", "b", "s", "g", "u2", "u4", "u9", "none", "2w", "wwb", "3g", "x",
         "🙂", "ストーン", "", "/", "info"]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10 ** 6), players=st.integers(2, 4), warmup=st.integers(0, 150),
       texts=st.lists(st.one_of(st.lists(st.sampled_from(WORDS), min_size=1, max_size=6).map(" ".join),
                                st.text(max_size=30)), min_size=1, max_size=12))
def test_random_text_never_breaks_anything(seed, players, warmup, texts):
    state = GAME.setup(players, frozenset({"hunt_repeat"} if seed % 2 else set()), seed)
    rng = random.Random(seed)
    for _ in range(warmup):
        if GAME.is_over(state):
            break
        seat = rng.choice(sorted(GAME.to_act(state)))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    for text in texts:
        for seat in range(-1, players + 1):
            before = GAME.to_json(state)
            legal = GAME.legal_actions(state, seat) if 0 <= seat < players else []
            try:
                action = GAME.parse(state, seat, text)
                GAME.apply(state, seat, action)
            except IllegalAction:
                assert GAME.to_json(state) == before
                continue
            assert action in legal, (text, str(action))
