"""Hidden information (§8), proven by non-interference in every phase of random games.

At each step we make a copy of the state in which two seats X and Y hold *different* secrets
(other hand cards, another split of their resources, other florin amounts with the same florin-card
count, other records of their own discards), hidden artist values are swapped between copies of
the same artist and the decks are in another order. Everything another seat or the public can
see — the view, the status lines, the public events of the next action — must be identical in
both. A view or message that depended on a secret would differ, so this catches any leak,
whatever form it takes.
"""
from __future__ import annotations

import random
import re

import pytest

from games.core import IllegalAction
from games.florenza import GAME
from games.florenza import actions as Ac
from games.florenza.components import catalog, florin_cards
from games.florenza.state import FlorenzaState

CARD_IDS = set(catalog().cards)


def _swap_hands(state: FlorenzaState, seats: tuple[int, ...], rng: random.Random, decks: bool) -> None:
    """Give the seats other hand cards: from the hidden piles, or (``decks`` False) from each other
    and from the removed pile, so that nothing anybody draws later changes."""
    piles = [pile for pile in (state.draw, *state.decks.values(), state.discard, state.removed) if pile]
    if not decks:
        piles = [pile for pile in (state.removed, *(state.p[s].hand for s in seats)) if pile]
    for seat in seats:
        hand = state.p[seat].hand
        for i in range(len(hand)):
            if piles:
                pile = rng.choice(piles)
                j = rng.randrange(len(pile))
                hand[i], pile[j] = pile[j], hand[i]
        rng.shuffle(hand)


def _move_resources(state: FlorenzaState, x: int, y: int, rng: random.Random) -> None:
    """x gives y one of type r, y gives x one of type q: totals and supply stay the same."""
    px, py = state.p[x], state.p[y]
    options = [(r, q) for r in range(6) for q in range(6) if r != q and px.res[r] and py.res[q]]
    if options:
        r, q = rng.choice(options)
        px.res[r] -= 1
        py.res[r] += 1
        py.res[q] -= 1
        px.res[q] += 1


def _move_florins(state: FlorenzaState, x: int, y: int) -> None:
    """Move florins between x and y without changing either florin-card count or the bank."""
    fx, fy = state.p[x].florins, state.p[y].florins
    for d in range(50, 2001, 50):
        for sign in (1, -1):
            nx, ny = fx + sign * d, fy - sign * d
            if nx >= 0 and ny >= 0 and florin_cards(nx) == florin_cards(fx) and florin_cards(ny) == florin_cards(fy):
                state.p[x].florins, state.p[y].florins = nx, ny
                return


def _change_discard_records(state: FlorenzaState, seats: tuple[int, ...], rng: random.Random) -> None:
    """Give the seats other records of their own discards (other cards in the same rounds)."""
    cards = sorted(CARD_IDS)
    for seat in seats:
        for entry in state.p[seat].discarded:
            entry[1] = rng.choice(cards)


def _swap_artist_values(state: FlorenzaState, rng: random.Random, reserved: bool) -> None:
    """Exchange hidden copies of the same artist (different values) between their places."""
    places = [state.art_deck, state.art_removed]
    if reserved:
        places += [state.art_display, *(p.reserved_artists for p in state.p)]
    slots = [(place, i) for place in places for i in range(len(place))]
    by_artist: dict[str, list[tuple[list[int], int]]] = {}
    for place, i in slots:
        by_artist.setdefault(catalog().artist_cards[place[i]][0], []).append((place, i))
    for group in by_artist.values():
        if len(group) >= 2:
            (p1, i1), (p2, i2) = rng.sample(group, 2)
            p1[i1], p2[i2] = p2[i2], p1[i1]


def perturbed(state: FlorenzaState, x: int, y: int, rng: random.Random, later: bool) -> FlorenzaState:
    """A copy with other secrets for x and y. ``later``: keep everything the next action could
    legitimately reveal (deck order, values of artists that can be hired, florins shown at the end)."""
    other = GAME.from_json(GAME.to_json(state))
    _swap_hands(other, (x, y), rng, decks=not later)
    _change_discard_records(other, (x, y), rng)
    _move_resources(other, x, y, rng)
    if not later and not state.over:
        _move_florins(other, x, y)
    _swap_artist_values(other, rng, reserved=not later and not state.over)
    if not later:
        rng.shuffle(other.draw)
        for deck in other.decks.values():
            rng.shuffle(deck)
    return other


def observed(state: FlorenzaState, observer: int | None):
    view = GAME.view(state, observer)
    return view, GAME.status(view), GAME.private_lines(view), GAME.turn_prompt(view)


def check_step(state: FlorenzaState, rng: random.Random, seat: int, action) -> None:
    n = state.players
    for _ in range(2):
        x, y = rng.sample(range(n), 2)
        other = perturbed(state, x, y, rng, later=False)
        for observer in [None, *(s for s in range(n) if s not in (x, y))]:
            assert observed(state, observer) == observed(other, observer), (state.round, state.phase, observer)
    if action is None:
        return
    # the next action's public events do not depend on anybody's secrets either
    pool = [s for s in range(n) if s != seat]
    x, y = rng.sample(pool, 2) if len(pool) >= 2 and rng.random() < 0.7 else rng.sample(range(n), 2)
    first = GAME.from_json(GAME.to_json(state))
    other = perturbed(state, x, y, rng, later=True)
    try:
        events_other = GAME.apply(other, seat, action)
    except IllegalAction:
        return                                         # the changed secret made it illegal: nothing to compare
    events = GAME.apply(first, seat, action)
    assert [e.msg for e in events if e.to is None] == [e.msg for e in events_other if e.to is None], str(action)
    for observer in [None, *(s for s in range(n) if s not in (x, y))]:
        assert observed(first, observer) == observed(other, observer), str(action)
    # another deck order (what anyone draws is secret): the public side must not change
    shuffled = GAME.from_json(GAME.to_json(state))
    _swap_hands(shuffled, (x, y), rng, decks=True)
    rng.shuffle(shuffled.draw)
    for deck in (*shuffled.decks.values(), shuffled.discard):
        rng.shuffle(deck)
    try:
        events_shuffled = GAME.apply(shuffled, seat, action)
    except IllegalAction:
        return
    assert [e.msg for e in events if e.to is None] == [e.msg for e in events_shuffled if e.to is None], str(action)
    assert observed(first, None) == observed(shuffled, None)


def _tokens(text: str) -> set[str]:
    return set(re.split(r"[\s,;:()]+", text))


def check_direct(state: FlorenzaState, seat: int, action, events) -> None:
    """Plain checks: who sees which event, and no card name in public draw/keep events."""
    assert GAME.view(state, None).me is None
    for event in events:
        if event.to is not None:
            assert event.to == {seat} or isinstance(action, (Ac.CaptainChoice, Ac.MerchantChoice, Ac.Keep,
                                                             Ac.Workers, Ac.Use, Ac.Play, Ac.Build, Ac.Inspire,
                                                             Ac.ReserveArtist, Ac.ReserveMonument, Ac.MarketBuy,
                                                             Ac.MarketSell, Ac.MarketTrade))
            assert len(event.to) == 1
    # the only Florenza card a public line may name is the one just played
    allowed = {action.card} if isinstance(action, Ac.Play) else set()
    if isinstance(action, Ac.Use):
        allowed = {action.location}        # locations share some names with workshop cards
    for event in events:
        if event.to is None:
            assert _tokens(event.msg.english()) & CARD_IDS <= allowed, event.msg.english()


@pytest.mark.parametrize("players,seed,merchant", [(2, 1, False), (3, 2, True), (4, 3, False), (3, 4, False),
                                                   (4, 5, True)])
def test_no_secret_reaches_other_seats_in_any_phase(players, seed, merchant):
    rng = random.Random(seed)
    state = GAME.setup(players, frozenset(), seed)
    if merchant:
        state.p[1].cards.append(["arte-dei-mercatanti", None])
    heuristic = GAME.computer_player("greedy")
    phases = set()
    while not GAME.is_over(state):
        phases.add((state.phase, state.step))
        seat = rng.choice(sorted(GAME.to_act(state)))
        player = heuristic if rng.random() < 0.6 else GAME.computer_player("random")
        action = player.choose(GAME, state, seat, rng)
        check_step(state, rng, seat, action)
        events = GAME.apply(state, seat, action)
        check_direct(state, seat, action, events)
    check_step(state, rng, 0, None)
    phases.add((state.phase, state.step))
    expected = {(3, ""), (4, "keep"), (4, "captain"), (4, "over")}
    if merchant:
        expected.add((4, "merchant"))
    assert expected <= phases


def test_public_view_holds_no_private_fields():
    state = GAME.setup(3, frozenset(), 9)
    public = GAME.view(state, None)
    assert public.me is None
    assert GAME.private_lines(public) == []
    mine = GAME.view(state, 1)
    assert mine.me is not None and mine.me.seat == 1 and mine.me.hand == tuple(state.p[1].hand)
    # the public part of a seat's view is exactly the public view
    assert mine.players == public.players and mine.artists == public.artists


def test_unhired_artist_values_appear_nowhere():
    state = GAME.setup(3, frozenset(), 10)
    view = GAME.view(state, 0)
    text = repr(view)
    # views name artists by ID only: no card numbers, no values
    assert all(isinstance(a, str) for a in view.artists)
    assert "art_deck" not in text and "value=" not in text.replace("value=0", "")
