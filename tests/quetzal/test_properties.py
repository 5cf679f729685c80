"""Property tests: random legal play keeps every invariant; random text is refused cleanly."""
from __future__ import annotations

import copy
import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.core import IllegalAction
from games.quetzal import GAME
from games.quetzal.actions import Deliver, Place, TeamUse
from games.quetzal.components import rules
from games.quetzal.rules.flow import prompt_kind
from games.quetzal.state import POOL, QuetzalState

SETTINGS = settings(max_examples=12, deadline=None, derandomize=True)


def check_invariants(state: QuetzalState, start_workers: list[int]) -> None:
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


def play(players: int, seed: int, check_every: bool = True) -> tuple[QuetzalState, list[tuple[int, str]]]:
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
         "k", "w", "big", "0", "1", "2", "3", "4", "7", "99", "a", "b", "h", "z", "v03", "u03", "m01", ",", "pass",
         "+", "done", "1+", "use", "use", "deliver", "deliver"]


def staged_path(state: QuetzalState, seat: int, action: object) -> list[object]:
    """The staged steps a one-line action stands for: ``deliver A B C`` is ``deliver A +``,
    ``deliver B +``, ``deliver C``; a placement with named workers (not the default ones) is
    ``team <space> <count> [colour] use`` and then that placement."""
    if isinstance(action, Deliver) and len(action.cards) > 1:
        return [Deliver((card,), True) for card in action.cards[:-1]] + [Deliver(action.cards[-1:], action.more)]
    if isinstance(action, Place) and not action.short and prompt_kind(state, seat) == "place":
        return [TeamUse(action.space, action.colour, action.count), action]
    return [action]


def path_is_legal(state: QuetzalState, seat: int, action: object) -> bool:
    """Is every staged step of ``action`` a legal action in turn? (legal_actions lists the steps;
    a one-line form is legal exactly when its steps are.)"""
    path = staged_path(state, seat, action)
    trial = copy.deepcopy(state) if len(path) > 1 else state
    for i, step in enumerate(path):
        if step not in GAME.legal_actions(trial, seat):
            return False
        if i < len(path) - 1:
            GAME.apply(trial, seat, step)
    return True


def game_at(players: int, seed: int, steps: int) -> QuetzalState:
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
            legal = path_is_legal(state, seat, action)
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


def one_line_texts(state: QuetzalState, seat: int, rng: random.Random) -> list[str]:
    """Random one-line deliveries (subsets of the hand, with or without +) and placements with
    named workers, right or wrong."""
    kind = prompt_kind(state, seat)
    player = state.player(seat)
    texts = []
    if kind == "deliver":
        for _ in range(4):
            cards = rng.sample(player.hand, min(len(player.hand), rng.randint(1, 7)))
            texts.append("deliver " + " ".join(cards) + rng.choice(["", " +", "+"]))
    if kind in ("place", "workers") and rng.random() < 0.3:
        for _ in range(3):
            pool = [w.wid for w in player.pool()]
            ids = rng.sample(pool, rng.randint(1, len(pool)))
            space = rng.choice(["camp", "hm", "3a", "3b", "3c", "bm", "ship", "t5", "v3", "t1", "v1"])
            colour = rng.choice(["", " white", " black"])
            texts.append(f"team {space} {len(ids)}{colour} use {','.join(ids)}")
    return texts


def test_one_line_forms_are_legal_exactly_when_their_stages_are_and_give_the_same_game() -> None:
    seen = set()
    for seed in range(8):
        state = GAME.setup(2 + seed % 4, frozenset(), seed)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            seat = min(GAME.to_act(state))
            for text in one_line_texts(state, seat, rng):
                try:
                    action = GAME.parse(state, seat, text)
                except IllegalAction:
                    continue
                path = staged_path(state, seat, action)
                legal = path_is_legal(state, seat, action)
                whole = copy.deepcopy(state)
                try:
                    GAME.apply(whole, seat, action)
                    accepted = True
                except IllegalAction:
                    accepted = False
                assert accepted == legal, text
                if accepted:
                    assert GAME.parse(state, seat, str(action)) == action
                    staged = copy.deepcopy(state)
                    for step in path:
                        GAME.apply(staged, seat, step)
                    assert GAME.to_json(staged) == GAME.to_json(whole), text
                    seen.add((type(action).__name__, len(path) > 1))
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert {("Deliver", True), ("Place", True)} <= seen


#: no prompt may list more legal actions than this (autocomplete and the computer player read them all)
LEGAL_BOUND = 300
#: delivery evaluations (set points of a kind, a delivery's score) the suggestions may make for one prompt;
#: ranking every subset of a hand took hundreds of thousands
EVALUATION_BOUND = 5000


def test_legal_actions_stay_small_and_suggestions_cheap(monkeypatch) -> None:
    """Random and greedy games played like a player at the table (a suggested button, then an
    early autocomplete entry, in turn): no prompt lists more than LEGAL_BOUND actions and the
    suggestions never evaluate more than EVALUATION_BOUND deliveries. (Time is in the bench.)"""
    import games.quetzal.ai as ai
    calls = [0]
    for name in ("kind_points", "score_delivery"):
        original = getattr(ai, name)

        def counted(*args, _original=original, **kwargs):
            calls[0] += 1
            return _original(*args, **kwargs)
        monkeypatch.setattr(ai, name, counted)
    most_legal = most_calls = 0
    for seed in range(3):
        for players in (2, 3, 4, 5):
            for policy in ("random", "greedy"):
                state = GAME.setup(players, frozenset(), seed)
                rng = random.Random(seed)
                bot = GAME.computer_player("greedy")
                turn = clicks = 0
                while not GAME.is_over(state):
                    seat = min(GAME.to_act(state))
                    legal = GAME.legal_actions(state, seat)
                    most_legal = max(most_legal, len(legal))
                    calls[0] = 0
                    suggested = GAME.suggestions(state, seat)
                    most_calls = max(most_calls, calls[0])
                    if turn % 2 == 0:
                        action = suggested[clicks % len(suggested)]
                        clicks += 1
                    elif policy == "greedy":
                        action = bot.choose(GAME, state, seat, rng)
                    else:
                        action = legal[:25][turn % min(25, len(legal))]
                    GAME.apply(state, seat, action)
                    turn += 1
    assert 0 < most_legal < LEGAL_BOUND
    assert 0 < most_calls <= EVALUATION_BOUND
