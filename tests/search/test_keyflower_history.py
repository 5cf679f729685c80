"""A Keyflower determinization keeps what the seat can know, the public history included.

The colours behind a screen are hidden in a view, but keeples and skill tiles that go behind a
screen in view stay known until they are seen leaving: the public record kept in the state
(``Player.seen_keeples`` / ``seen_skills``) must be exactly what the public views and events
alone give, counted here independently of the rules: keeples put on tiles from a supply (the
tiles' bids and uses grow by them), keeples and skill tiles paid (named, or hidden: then every
type may have lost one), green keeples gained, bids and use-keeples taken back at the end of a
season (their colours seen on the tiles beforehand), boat cargo taken (seen on the boats), and
never a draw from the bag or the pile. A determinization keeps what that record puts behind
every other screen."""
from __future__ import annotations

import random
from typing import Any, Iterator

import pytest

from games.core import Term
from games.keyflower import GAME
from games.keyflower.actions import BidAction, UseAction
from games.keyflower.components import COLOURS, SKILLS
from games.keyflower.state import KeyflowerState, counts
from games.keyflower.view import KeyflowerView, TileView
from tests.search.positions import any_seat

OPTIONS = ("craftsmen5", "greenwild", "purpleany", "storagefree")
#: a screen's record as the public history gives it: keeples by colour, skill tiles by type
Record = tuple[dict[str, int], dict[str, int]]


def text(value: Any) -> str:
    return value.en if isinstance(value, Term) else str(value)


def tiles(view: KeyflowerView) -> list[TileView]:
    return list(view.auction) + list(view.orders) + [t for p in view.players for t in p.village]


def on_tiles(view: KeyflowerView) -> list[dict[str, int]]:
    """Each seat's keeples on the tiles, by colour, as the public view shows them."""
    held = [counts(COLOURS) for _ in view.players]
    for tile in tiles(view):
        for bid in tile.bids:
            held[bid.seat][bid.colour] += bid.count
        for use in tile.uses:
            for colour, n in use.keeples:
                held[use.seat][colour] += n
    return held


def uses_on(tile_views: list[TileView]) -> dict[str, int]:
    got = counts(COLOURS)
    for tile in tile_views:
        for use in tile.uses:
            for colour, n in use.keeples:
                got[colour] += n
    return got


def enter(items: dict[str, int], what: dict[str, int]) -> None:
    for key, n in what.items():
        items[key] += n


def leave(items: dict[str, int], what: dict[str, int]) -> None:
    for key, n in what.items():
        items[key] = max(0, items[key] - n)


def follow(record: list[Record], before: KeyflowerView, after: KeyflowerView, action: Any, events: list) -> None:
    """The record changed by one action, from the public views around it and its public events."""
    if isinstance(action, (BidAction, UseAction)):           # from the supply onto the tiles
        for seat, (was, now) in enumerate(zip(on_tiles(before), on_tiles(after))):
            leave(record[seat][0], {c: now[c] - was[c] for c in COLOURS})
    for event in events:
        if event.to is not None:
            continue
        said, params = event.msg.text, dict(event.msg.params)
        if "player" not in params:
            continue
        keeples, skills = record[params["player"].seat]
        if said.startswith("{player} pays 1 {colour} keeple into the bag and gains {n} green"):
            leave(keeples, {text(params["colour"]): 1})
            enter(keeples, {"green": params["n"]})
        elif said.startswith("{player} pays 1 {colour} keeple."):
            leave(keeples, {text(params["colour"]): 1})
        elif said.startswith(("{player} pays a skill tile (hidden)", "{player} sets a skill tile aside (hidden)")):
            leave(skills, {k: 1 for k in SKILLS})
        elif said.startswith("{player} pays a {skill}."):
            leave(skills, {text(params["skill"]): 1})
        elif said.startswith("{player} upgrades {tile} paying {paid}"):
            paid = text(params["paid"]).split(", ")
            leave(skills, {k: paid.count(k) for k in SKILLS})
            leave(skills, {k: paid.count("(hidden)") for k in SKILLS})
        elif said.startswith("{player} takes back {n} {colour}"):
            enter(keeples, {text(params["colour"]): params["n"]})
        elif said.startswith("{player} wins {tile}") and "takes {keeples} from it" in said:
            enter(keeples, uses_on([t for t in before.auction if t.name == text(params["tile"])]))
        elif said.startswith("{player} takes {keeples} from their village."):
            enter(keeples, uses_on(list(before.players[params["player"].seat].village)))
        elif said.startswith("{player} takes the cargo of {boat}"):
            (boat,) = [b for b in before.boats if b.id == text(params["boat"])]
            cargo = dict(boat.cargo)
            enter(keeples, {c: cargo.get(c, 0) for c in COLOURS})
            enter(skills, {k: cargo.get(k, 0) for k in SKILLS})
        elif said.startswith("{player} gains {n} green keeple (summer boat 1b)"):
            enter(keeples, {"green": params["n"]})


def positions(players: int, options: frozenset[str], seed: int) -> Iterator[tuple[KeyflowerState, list[Record]]]:
    """The positions of a seeded random game (players who pass less often than random ones, so
    that seasons are busy), each with every seat's record as the public history gives it."""
    state, rng = GAME.setup(players, options, seed), random.Random(seed)
    record: list[Record] = [(counts(COLOURS), counts(SKILLS)) for _ in range(players)]   # the first eight: unseen
    while not GAME.is_over(state):
        yield state, record
        seat = any_seat(GAME, state, rng)
        actions = GAME.legal_actions(state, seat)
        busy = [a for a in actions if str(a) not in ("pass", "done")]
        action = rng.choice(busy if busy and rng.random() < 0.5 + seed % 4 / 10 else actions)
        before = GAME.view(state, None)
        events = GAME.apply(state, seat, action)
        follow(record, before, GAME.view(state, None), action, events)


GAMES = [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (2, 6), (3, 7), (4, 8)]


@pytest.mark.parametrize("players, seed", GAMES)
def test_the_record_is_what_the_public_history_gives(players, seed):
    options = frozenset(o for i, o in enumerate(OPTIONS) if seed >> i & 1)
    held_keeples = held_skills = 0
    for state, record in positions(players, options, seed):
        assert [(p.seen_keeples, p.seen_skills) for p in state.seats] == record, (state.season, state.phase)
        held_keeples += sum(sum(k.values()) for k, _ in record)
        held_skills += sum(sum(s.values()) for _, s in record)
    assert held_keeples and held_skills


@pytest.mark.parametrize("players, seed", GAMES[:4])
def test_every_determinization_keeps_what_the_history_puts_behind_the_screens(players, seed):
    for n, (state, record) in enumerate(positions(players, frozenset(), seed)):
        if n % 5:
            continue
        for seat in sorted(GAME.to_act(state)):
            sample = GAME.determinize(state, seat, random.Random(n))
            for s, (keeples, skills) in enumerate(record):
                assert all(sample.seats[s].keeples[c] >= keeples[c] for c in COLOURS)
                assert all(sample.seats[s].skills[k] >= skills[k] for k in SKILLS)
