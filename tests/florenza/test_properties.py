"""Property tests: random legal games keep every invariant; random text never breaks anything."""
from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core import IllegalAction
from games.florenza import GAME
from games.florenza.components import RES, catalog
from games.florenza.rules.scoring import ingame_prestige
from games.florenza.rules.setup import DECKS, build_deck, location_copies
from games.florenza.state import FlorenzaState

TOTALS = [entry["count"] for entry in catalog().components["resources"]]


def all_cards(state: FlorenzaState) -> Counter:
    cards = Counter(state.draw) + Counter(state.discard) + Counter(state.removed)
    for deck in state.decks.values():
        cards += Counter(deck)
    for player in state.p:
        cards += Counter(player.hand) + Counter(c for c, _ in player.cards)
    return cards


def check_invariants(state: FlorenzaState) -> None:
    n = state.players
    assert all_cards(state) == Counter(c for d in DECKS for c in build_deck(d, n))
    for i in range(6):
        assert state.supply[i] >= 0 and all(p.res[i] >= 0 for p in state.p)
        assert state.supply[i] + sum(p.res[i] for p in state.p) == TOTALS[i], RES[i]
    assert state.bank >= 0 and all(p.florins >= 0 for p in state.p)
    assert state.bank + sum(p.florins for p in state.p) == 4000
    hired = [h for p in state.p for _, h in p.cards + p.monuments if isinstance(h, int)]
    artists = state.art_display + state.art_deck + state.art_removed + hired
    artists += [i for p in state.p for i in p.reserved_artists]
    assert sorted(artists) == list(range(85))
    monuments = state.mon_display + state.mon_deck + state.mon_removed
    monuments += [m for p in state.p for m in p.reserved_monuments] + [m for p in state.p for m, _ in p.monuments]
    assert sorted(monuments) == sorted(catalog().monuments)
    assert sorted(e[0] for e in state.locations) == sorted(e[0] for e in location_copies(n))
    for player in state.p:
        ids = [c for c, _ in player.cards]
        assert len(ids) == len(set(ids))
        assert sum(1 for c in ids if catalog().cards[c].category == "PRE") <= 1
        assert player.pp == ingame_prestige(player)
        for card_id, hired_artist in player.cards:
            assert (hired_artist is not None) == bool(catalog().cards[card_id].artists)
    assert 1 <= state.round <= 5 and 1 <= state.turn <= 8 and state.phase in (3, 4)
    if state.phase == 3:
        assert len(GAME.to_act(state)) == 1


def run_game(players: int, seed: int, greedy_share: float = 0.0, log: list | None = None) -> FlorenzaState:
    state = GAME.setup(players, frozenset(), seed)
    rng = random.Random(seed)
    greedy = GAME.computer_player("greedy")
    steps = 0
    rounds_seen = {1}
    while not GAME.is_over(state):
        check_invariants(state)
        seat = rng.choice(sorted(GAME.to_act(state)))
        legal = GAME.legal_actions(state, seat)
        assert legal, "a seat to act always has a legal action"
        for other in range(players):
            if other not in GAME.to_act(state):
                assert GAME.legal_actions(state, other) == []
        action = greedy.choose(GAME, state, seat, rng) if rng.random() < greedy_share else rng.choice(legal)
        GAME.apply(state, seat, action)
        if log is not None:
            log.append((seat, str(action)))
        data = GAME.to_json(state)
        again = GAME.from_json(json.loads(json.dumps(data)))
        assert GAME.to_json(again) == data
        assert GAME.view(again, None) == GAME.view(state, None)
        rounds_seen.add(state.round)
        steps += 1
        assert steps < 2000
    check_invariants(state)
    assert rounds_seen == {1, 2, 3, 4, 5} and state.round == 5
    outcome = GAME.outcome(state)
    assert outcome is not None and len(outcome.scores) == players and min(outcome.ranks) == 1
    return state


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 4), seed=st.integers(0, 10**9))
def test_random_games_keep_invariants_and_end_after_five_rounds(players, seed):
    run_game(players, seed)


def test_heuristic_games_keep_invariants():
    for players in (2, 3, 4):
        run_game(players, 100 + players, greedy_share=1.0)


def test_replay_of_the_action_log_from_the_seed_reproduces_the_state():
    log: list[tuple[int, str]] = []
    first = run_game(3, 77, greedy_share=0.5, log=log)
    state = GAME.setup(3, frozenset(), 77)
    for seat, text in log:
        GAME.apply(state, seat, GAME.parse(state, seat, text))
    assert GAME.to_json(state) == GAME.to_json(first)


VOCAB = (["play", "p", "build", "b", "reserve", "monument", "artist", "rm", "ra", "use", "u", "workers", "wk",
          "market", "sell", "buy", "trade", "ms", "mb", "mt", "inspire", "draw", "keep", "k", "captain", "cap",
          "merchant", "mer", "hand", "with", "w", "/play", ">", "+", "#", "#0", "#27", "#28", "m1", "m9", "a1", "a11",
          "l1", "l18", "r1", "h1", "h0", "h99", "anon-a", "anon-x", "ma", "wo", "go>wo", "ma+ma>go", "ma+sp>fa",
          "wo>wo", "michelangelo", "leonardo", "bernini", "facciata", "fac", "fa"]
         + list(catalog().cards) + list(catalog().monuments) + list(catalog().artists) + list(catalog().locations))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 120),
       words=st.lists(st.one_of(st.sampled_from(VOCAB), st.text(max_size=6)), max_size=6),
       seat=st.integers(-1, 4))
def test_random_text_never_raises_anything_else_and_never_changes_state(seed, steps, words, seat):
    state = GAME.setup(2 + seed % 3, frozenset(), seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if GAME.is_over(state):
            break
        mover = rng.choice(sorted(GAME.to_act(state)))
        GAME.apply(state, mover, rng.choice(GAME.legal_actions(state, mover)))
    text = " ".join(words)
    before = GAME.to_json(state)
    try:
        action = GAME.parse(state, seat, text)
    except IllegalAction:
        assert GAME.to_json(state) == before
        return
    assert GAME.to_json(state) == before
    legal = GAME.legal_actions(state, seat) if 0 <= seat < state.players else []
    try:
        GAME.apply(state, seat, action)
    except IllegalAction:
        assert GAME.to_json(state) == before
        assert action not in legal
        return
    assert action in legal
