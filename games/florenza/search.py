"""What the search (games/core/search.py) needs from Florenza: a determinization, an evaluation
in points (games/florenza/evaluation.py), a fast copy and the greedy order of moves.

What a seat cannot know: the other seats' hands, the order and contents of the draw deck, the
other seats' discards in the discard pile and in the removed pile (the cards discarded at the
end of round 4, which leave the game: no card is shown when it is discarded, so the seat knows
their union, from the deck lists and what is in play, and the sizes of the parts), the order
of decks II and III and of the monument deck, which copy (so which hidden value) each unhired
named artist is (on display, reserved, left the game or in the artist deck), and the seed of
future shuffles.

What the public history tells besides the views, and a determinization keeps: per-type
resources and exact florins of every seat (a view shows only totals, but every gain and payment
is announced with its amounts, from the same holdings at the start), so the bank too; every
card played and monument built or reserved (in the areas); the contents of decks II and III
until they are dealt; and each pile's parts (``FlorenzaState.discard_parts``,
``removed_parts``: at the end of which round, by which seat, how many cards), since the piles
fill only at the keep choices of the ends of rounds, from the hands, a seat at a time. A part
made at the end of round r holds cards of the decks dealt by then only (``part_sources``:
round 1, deck I; round 2, decks I and II), so during the actions of rounds 2 and 3 the pile
holds no card of the deck dealt that round, and during their end-of-round choices the parts of
earlier rounds hold none of the decks dealt later. And the seat knows its own discards
(``PlayerState.discarded``, secret to it): its parts of the piles.

A determinization keeps the seat's own hand, its own discards where they are (its parts of
the piles, ``own_cards``) and everything else it can know. From the unseen cards (the other
hands, the draw deck and the other seats' parts of the piles) it deals the parts of the piles,
the most restricted first (the earliest round), each from the cards that can be there; then
the other hands (as many cards as each holds) and the draw deck from the cards left. It writes
the other seats' records of their discards from the parts dealt to them (their discards of the
rounds before round 4, which went into its draw deck, are not dealt again: nothing reads
them); it shuffles decks II and III and the monument deck; it redeals the unhired artists
(``redeal_artists``); it replaces the seed. Each hidden collection is sorted before it is
shuffled, so the result depends only on what the seat can know.

A game stored before the discards were recorded has no discards of the seat's own to keep and
each pile as one part of no known seat, made by the end of the last round that can have made
it (see games/florenza/state.py): those parts are dealt again, from the decks dealt by then.
"""
from __future__ import annotations

import copy
import functools
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from games.core import SeededRng
from games.core.search import SearchSettings
from games.florenza import evaluation
from games.florenza.components import artist_card
from games.florenza.rules.setup import DECKS, build_deck
from games.florenza.state import FlorenzaState, PlayerState

if TYPE_CHECKING:
    from games.florenza.game import Florenza

#: the default budget: at most about a second of CPU a decision on a small server
SETTINGS = SearchSettings(iterations=None, seconds=0.9, depth=3, scale=6.0, exploration=0.5, samples=8)


def clone_player(p: PlayerState) -> PlayerState:
    return PlayerState(florins=p.florins, res=list(p.res), hand=list(p.hand), cards=[list(e) for e in p.cards],
                       monuments=[list(e) for e in p.monuments], reserved_monuments=list(p.reserved_monuments),
                       reserved_artists=list(p.reserved_artists), pp=p.pp, keep_pending=p.keep_pending,
                       discarded=[list(e) for e in p.discarded])


def clone(state: FlorenzaState) -> FlorenzaState:
    """An independent copy, field by field (the event messages of ``last`` are immutable and shared)."""
    return FlorenzaState(
        players=state.players, rng=SeededRng(state.rng.seed, state.rng.draws),
        p=[clone_player(p) for p in state.p], round=state.round, phase=state.phase, turn=state.turn,
        pos=state.pos, step=state.step, captain=state.captain, supply=list(state.supply), bank=state.bank,
        decks={name: list(cards) for name, cards in state.decks.items()}, draw=list(state.draw),
        discard=list(state.discard), removed=list(state.removed),
        discard_parts=[list(e) for e in state.discard_parts], removed_parts=[list(e) for e in state.removed_parts],
        mon_deck=list(state.mon_deck),
        mon_display=list(state.mon_display), mon_removed=list(state.mon_removed), art_deck=list(state.art_deck),
        art_display=list(state.art_display), art_removed=list(state.art_removed), anon_used=list(state.anon_used),
        locations=[list(e) for e in state.locations], capitano_user=state.capitano_user,
        captain_choice=state.captain_choice, merchant_choice=state.merchant_choice, last=copy.copy(state.last))


@functools.lru_cache(maxsize=None)
def part_sources(latest: int, players: int) -> frozenset[str]:
    """The cards a part of a pile made by the end of round ``latest`` can hold: those of the
    decks dealt into the draw deck by then (round 1: deck I; round 2: decks I and II)."""
    return frozenset(c for name in DECKS[:latest] for c in build_deck(name, players))


@dataclass(frozen=True)
class PilePart:
    """Where a part of a pile lies (``pile[start:start + count]``), the end of which round made
    it (at the latest) and which seat (``None``: not recorded)."""
    pile: str
    start: int
    count: int
    round: int
    seat: int | None


def pile_parts(state: FlorenzaState) -> list[PilePart]:
    """The parts of the discard and removed piles in pile order, from ``discard_parts`` and
    ``removed_parts``; cards past the recorded parts (none in a state the rules made) are one
    part of no known seat, made by the end of the last round that can have made it."""
    latest = state.round if state.phase == 4 else state.round - 1
    found: list[PilePart] = []
    for name, pile, parts in (("discard", state.discard, state.discard_parts),
                              ("removed", state.removed, state.removed_parts)):
        start = 0
        for made, seat, count in parts:
            found.append(PilePart(name, start, count, made, seat))
            start += count
        if start < len(pile):
            found.append(PilePart(name, start, len(pile) - start, latest, None))
    return found


def own_cards(state: FlorenzaState, seat: int, part: PilePart) -> list[str] | None:
    """The cards of ``part`` if ``seat`` made it and recorded them (``None`` otherwise)."""
    if part.seat != seat:
        return None
    cards = [card for made, card in state.p[seat].discarded if made == part.round]
    return cards if len(cards) == part.count else None


def determinize(state: FlorenzaState, seat: int, rng: random.Random) -> FlorenzaState:
    sample = clone(state)
    others = [s for s in range(state.players) if s != seat]
    parts = pile_parts(state)
    unseen = [c for s in others for c in state.p[s].hand] + state.draw
    dealt: list[PilePart] = []
    for part in parts:
        pile: list[str] = getattr(sample, part.pile)
        mine = own_cards(state, seat, part)
        if mine is None:
            unseen += pile[part.start:part.start + part.count]
            dealt.append(part)
        else:
            pile[part.start:part.start + part.count] = mine
    pool = sorted(unseen)
    for part in sorted(dealt, key=lambda p: p.round):                 # the most restricted first
        sources = part_sources(part.round, state.players)
        picks = rng.sample([i for i, c in enumerate(pool) if c in sources], part.count)
        getattr(sample, part.pile)[part.start:part.start + part.count] = [pool[i] for i in picks]
        for i in sorted(picks, reverse=True):
            del pool[i]
    rng.shuffle(pool)
    for s in others:
        count = len(state.p[s].hand)
        sample.p[s].hand, pool = pool[:count], pool[count:]
    sample.draw = pool
    for s in others:
        sample.p[s].discarded = [[part.round, c] for part in parts if part.seat == s
                                 for c in getattr(sample, part.pile)[part.start:part.start + part.count]]
    for name in sorted(state.decks):
        deck = sorted(state.decks[name])
        rng.shuffle(deck)
        sample.decks[name] = deck
    sample.mon_deck = sorted(state.mon_deck)
    rng.shuffle(sample.mon_deck)
    redeal_artists(state, sample, rng)
    sample.rng = SeededRng(rng.getrandbits(62))
    return sample


def redeal_artists(state: FlorenzaState, sample: FlorenzaState, rng: random.Random) -> None:
    """Every unhired named artist card whose artist is shown (on display, reserved, left the game)
    becomes a random copy of that artist among the unhired ones; the deck gets the rest."""
    places: list[list[int]] = [sample.art_display, sample.art_removed] + [p.reserved_artists for p in sample.p]
    unhired = sorted(state.art_deck + state.art_display + state.art_removed +
                     [i for p in state.p for i in p.reserved_artists])
    by_artist: dict[str, list[int]] = {}
    for index in unhired:
        by_artist.setdefault(artist_card(index)[0], []).append(index)
    for copies in by_artist.values():
        rng.shuffle(copies)
    for place in places:
        for n, index in enumerate(place):
            place[n] = by_artist[artist_card(index)[0]].pop()
    deck = sorted(i for copies in by_artist.values() for i in copies)
    rng.shuffle(deck)
    sample.art_deck = deck


def evaluate(state: FlorenzaState) -> tuple[float, ...]:
    return evaluation.evaluate(state)


def action_order(game: "Florenza", state: FlorenzaState, seat: int, actions: list[Any]) -> list[Any]:
    """The greedy player's ranking (games/florenza/ai.py)."""
    from games.florenza.ai import Context, score
    ctx = Context(game.view(state, seat))
    ranked = sorted(enumerate(actions), key=lambda item: (-score(ctx, item[1]), item[0]))
    return [action for _, action in ranked]


__all__ = ["SETTINGS", "clone", "part_sources", "PilePart", "pile_parts", "own_cards", "determinize", "redeal_artists", "evaluate", "action_order"]
