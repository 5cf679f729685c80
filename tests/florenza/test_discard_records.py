"""What the state records of the discards, and games stored before it did.

Each seat's own discards (``PlayerState.discarded``: round and card, secret to the seat) and
each pile's parts (``discard_parts``, ``removed_parts``: round, seat, count, as everyone sees
them made) follow the keep choices of random games. A game stored before they were recorded
loads (nothing of its own discards known, each pile one part of no known seat, made by the end
of the last round that can have made it), plays on exactly as before and is dealt again only
where its cards can be.
"""
from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any, Iterator

import pytest

from games.florenza import GAME
from games.florenza import actions as A
from games.florenza.rules.setup import DECKS, build_deck
from games.florenza.state import FlorenzaState
from tests.florenza.test_properties import check_invariants

#: what the records add to the stored form: keys of the state and of each seat
STATE_KEYS, SEAT_KEYS = ("discard_parts", "removed_parts"), ("discarded",)


def random_game(players: int, seed: int) -> Iterator[tuple[FlorenzaState, int, Any]]:
    """The positions of a seeded random game, each with the seat that acts next and its action
    (applied once the caller resumes)."""
    state = GAME.setup(players, frozenset(), seed)
    rng = random.Random(seed)
    while not GAME.is_over(state):
        seat = rng.choice(sorted(GAME.to_act(state)))
        action = rng.choice(GAME.legal_actions(state, seat))
        yield state, seat, action
        GAME.apply(state, seat, action)


@pytest.mark.parametrize("players, seed", [(2, 11), (3, 12), (4, 13)])
def test_the_state_records_each_seats_discards_and_each_piles_parts(players, seed):
    own: list[list[list[Any]]] = [[] for _ in range(players)]
    parts: dict[str, list[list[Any]]] = {"discard": [], "removed": []}
    keeps = 0
    for state, seat, action in random_game(players, seed):
        if state.round >= 4:
            parts["discard"] = []                          # shuffled into round 4's draw deck
        assert [p.discarded for p in state.p] == own
        assert (state.discard_parts, state.removed_parts) == (parts["discard"], parts["removed"])
        assert sum(n for _, _, n in state.discard_parts) == len(state.discard)
        assert sum(n for _, _, n in state.removed_parts) == len(state.removed)
        if isinstance(action, A.Keep):
            rest = list(state.p[seat].hand)
            rest.remove(action.card)
            own[seat] += [[state.round, c] for c in rest]
            parts["discard" if state.round < 4 else "removed"].append([state.round, seat, len(rest)])
            keeps += 1
    assert keeps >= players


def stored_before_records(state: FlorenzaState) -> dict[str, Any]:
    """The stored form of ``state`` as it was before the discards were recorded."""
    data = json.loads(json.dumps(GAME.to_json(state)))
    for key in STATE_KEYS:
        del data[key]
    for seat in data["p"]:
        for key in SEAT_KEYS:
            del seat[key]
    return data


def without_records(data: dict[str, Any]) -> dict[str, Any]:
    data = copy.deepcopy(data)
    for key in STATE_KEYS:
        data.pop(key)
    for seat in data["p"]:
        for key in SEAT_KEYS:
            seat.pop(key)
    return data


def where(state: FlorenzaState, kept: bool) -> str:
    """The stage of the game a stored state is checked at (the piles it has to load); ``kept``:
    a seat has already kept a card in this step."""
    if state.phase == 4 and state.step == "keep" and kept:
        return f"keeping in round {state.round}"
    if state.phase == 3 and state.round in (2, 3, 5) and state.turn == 2:
        return f"actions of round {state.round}"
    return ""


def may_hold(latest: int, players: int) -> set[str]:
    """The cards a part made by the end of round ``latest`` can hold."""
    return {c for name in DECKS[:latest] for c in build_deck(name, players)}


def unseen_cards(state: FlorenzaState, seat: int) -> Counter[str]:
    hands = [c for s, p in enumerate(state.p) if s != seat for c in p.hand]
    return Counter(hands + state.draw + state.discard + state.removed)


def check_loaded(state: FlorenzaState, loaded: FlorenzaState) -> None:
    """``loaded`` (from the stored form before the records) is ``state`` to everyone, knows none
    of the seats' own discards, and holds each pile as one part made by the end of the last
    round that can have made it; determinizations of it deal only where cards can be."""
    for who in (None, *range(state.players)):
        assert GAME.view(loaded, who) == GAME.view(state, who)
    assert all(p.discarded == [] for p in loaded.p)
    latest = state.round if state.phase == 4 else state.round - 1
    for pile, parts in ((loaded.discard, loaded.discard_parts), (loaded.removed, loaded.removed_parts)):
        assert parts == ([[latest, None, len(pile)]] if pile else [])
    for seat in sorted(GAME.to_act(loaded)):
        for i in range(3):
            sample = GAME.determinize(loaded, seat, random.Random(i))
            assert sample.p[seat].hand == loaded.p[seat].hand
            assert unseen_cards(sample, seat) == unseen_cards(loaded, seat)
            assert set(sample.discard) <= may_hold(latest, state.players)


@pytest.mark.parametrize("players, seed", [(2, 21), (3, 22), (4, 23)])
def test_a_game_stored_before_the_records_loads_and_plays_on(players, seed):
    stages: set[str] = set()
    kept = False
    for state, _, action in random_game(players, seed):
        stage = where(state, kept)
        kept = isinstance(action, A.Keep)
        if not stage or stage in stages:
            continue
        stages.add(stage)
        stored = stored_before_records(state)
        loaded = GAME.from_json(copy.deepcopy(stored))
        check_loaded(state, loaded)
        assert without_records(GAME.to_json(loaded)) == stored           # written with the records
        assert GAME.to_json(GAME.from_json(GAME.to_json(loaded))) == GAME.to_json(loaded)
        real, rng = GAME.from_json(GAME.to_json(state)), random.Random(seed)
        while not GAME.is_over(loaded):                  # plays on as the game would have
            seat = rng.choice(sorted(GAME.to_act(loaded)))
            action = rng.choice(GAME.legal_actions(loaded, seat))
            assert [e.msg for e in GAME.apply(loaded, seat, action)] == [e.msg for e in GAME.apply(real, seat, action)]
            assert without_records(GAME.to_json(loaded)) == without_records(GAME.to_json(real))
            check_invariants(loaded)
            for pile, parts in ((loaded.discard, loaded.discard_parts), (loaded.removed, loaded.removed_parts)):
                assert sum(n for _, _, n in parts) == len(pile)
            if not GAME.is_over(loaded):
                seat = min(GAME.to_act(loaded))
                sample = GAME.determinize(loaded, seat, random.Random(0))
                assert unseen_cards(sample, seat) == unseen_cards(loaded, seat)
        assert GAME.outcome(loaded) == GAME.outcome(real)
    assert {"keeping in round 2", "keeping in round 3", "keeping in round 4", "actions of round 2",
            "actions of round 3", "actions of round 5"} <= stages
