"""Property tests: random legal play keeps every invariant; random text is refused cleanly."""
from __future__ import annotations

import copy
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import IllegalAction
from games.quetzal import GAME
from games.quetzal.components import rules
from games.quetzal.state import POOL, State

SETTINGS = settings(max_examples=12, deadline=None, derandomize=True)


def check_invariants(state: State, start_workers: list[int]) -> None:
    r = rules()
    cards = list(state.deck) + list(state.discard) + [c for c in state.display if c]
    cards += [c for code in state.surroundings for c in state.surroundings[code]]
    cards += [c for p in state.seats for c in p.hand]
    cards += [c for step in state.steps for c in step.cards]
    assert sorted(cards) == sorted(c.id for c in r.cards), "relic cards are conserved"
    tiles = list(state.stack) + [t for t in state.village if t]
    tiles += [t for p in state.seats for t in p.tiles + p.stored]
    assert sorted(tiles) == sorted(t.id for t in r.tiles), "upgrade tiles are conserved"
    for seat, player in enumerate(state.seats):
        assert len(player.workers) == start_workers[seat], "workers are conserved"
        assert player.coins >= 0 and player.vp >= 0
        assert 0 <= player.discovery <= r.track_end
        assert len(player.tiles) <= r.max_permanent + 1
        placed = sorted(w for t in state.teams if t.seat == seat for w in t.workers)
        assert placed == sorted(w.wid for w in player.workers if w.where != POOL), "board and teams agree"
        for team in state.teams:
            if team.seat == seat:
                assert all(player.worker(w).where == team.space for w in team.workers)
    for i, step in enumerate(state.steps):
        if step.cards:          # a delivery being built: the current step, with room and cards to add
            assert i == 0 and step.space in ("hm", "ship")
            most = r.ship_cards if step.space == "ship" else r.harbour_cards
            assert len(step.cards) < most and state.player(step.seat).hand
    for code in ("stele", "t1", "t2", "t3", "t4", "t5", "v1", "v2", "v3", "3a", "3b", "3c", "bm", "ship"):
        assert len(state.teams_on(code)) <= 1
    assert 1 <= state.round <= r.rounds


def play(players: int, seed: int, check_every: bool = True) -> tuple[State, list[tuple[int, str]]]:
    state = GAME.setup(players, frozenset(), seed)
    start = [len(p.workers) for p in state.seats]
    rng = random.Random(seed)
    history: list[tuple[int, str]] = []
    rounds_seen = {state.round}
    while not GAME.is_over(state):
        acting = sorted(GAME.to_act(state))
        assert acting, "somebody must act while the game is not over"
        seat = rng.choice(acting)
        actions = GAME.legal_actions(state, seat)
        assert actions, "an acting seat always has a legal action"
        for other in range(players):
            if other not in acting:
                assert GAME.legal_actions(state, other) == []
        for action in rng.sample(actions, min(8, len(actions))):
            assert GAME.parse(state, seat, str(action)) == action, str(action)
        action = rng.choice(actions)
        GAME.apply(state, seat, action)
        history.append((seat, str(action)))
        rounds_seen.add(state.round)
        if check_every:
            check_invariants(state, start)
        assert len(history) < 2000
    assert rounds_seen == {1, 2, 3, 4, 5}
    assert GAME.outcome(state) is not None and len(GAME.outcome(state).scores) == players
    return state, history


@SETTINGS
@given(players=st.integers(2, 5), seed=st.integers(0, 10**6))
def test_random_games_keep_invariants_and_end_after_five_rounds(players: int, seed: int) -> None:
    play(players, seed)


@SETTINGS
@given(players=st.integers(2, 5), seed=st.integers(0, 10**6))
def test_json_round_trip_and_replay(players: int, seed: int) -> None:
    state, history = play(players, seed, check_every=False)
    data = GAME.to_json(state)
    again = GAME.from_json(json.loads(json.dumps(data)))
    assert GAME.to_json(again) == data
    replay = GAME.setup(players, frozenset(), seed)
    for i, (seat, text) in enumerate(history):
        if i == len(history) // 2:          # a mid-game JSON round trip changes nothing either
            replay = GAME.from_json(json.loads(json.dumps(GAME.to_json(replay))))
        GAME.apply(replay, seat, GAME.parse(replay, seat, text))
    assert GAME.to_json(replay) == data


WORDS = ["team", "bid", "reroll", "keep", "take", "sell", "upgrade", "store", "deliver", "use", "none", "all",
         "camp", "stele", "t1", "t3", "t5", "3a", "3b", "bm", "v1", "v3", "hm", "ship", "temple", "white", "black",
         "k", "w", "big", "0", "1", "2", "3", "4", "7", "99", "a", "b", "h", "z", "v03", "u03", "m01", ",", "pass"]


def game_at(players: int, seed: int, steps: int) -> State:
    state = GAME.setup(players, frozenset(), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if GAME.is_over(state):
            break
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return state


@settings(max_examples=40, deadline=None, derandomize=True)
@given(seed=st.integers(0, 1000), steps=st.integers(0, 120),
       texts=st.lists(st.one_of(st.text(max_size=30), st.lists(st.sampled_from(WORDS), max_size=6).map(" ".join)),
                      min_size=1, max_size=8))
def test_random_text_is_refused_cleanly_and_legality_is_exact(seed: int, steps: int, texts: list[str]) -> None:
    state = game_at(2 + seed % 4, seed, steps)
    for text in texts:
        for seat in range(state.players):
            before = json.dumps(GAME.to_json(state), sort_keys=True)
            try:
                action = GAME.parse(state, seat, text)
            except IllegalAction:
                assert json.dumps(GAME.to_json(state), sort_keys=True) == before
                continue
            legal = action in GAME.legal_actions(state, seat)
            trial = copy.deepcopy(state)
            try:
                GAME.apply(trial, seat, action)
                accepted = True
            except IllegalAction:
                accepted = False
                assert json.dumps(GAME.to_json(trial), sort_keys=True) == before, "refusal changed the state"
            assert accepted == legal, (text, str(action))
            if legal:
                assert GAME.parse(state, seat, str(action)) == action
            assert json.dumps(GAME.to_json(state), sort_keys=True) == before


def test_every_legal_action_is_accepted_at_sampled_points() -> None:
    for seed in range(6):
        state = game_at(2 + seed % 4, seed, seed * 20)
        for seat in GAME.to_act(state):
            for action in GAME.legal_actions(state, seat)[:60]:
                trial = copy.deepcopy(state)
                GAME.apply(trial, seat, action)
