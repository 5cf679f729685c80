"""What the search (games/core/search.py) needs from Florenza: a determinization, an evaluation
in points (games/florenza/evaluation.py), a fast copy and the greedy order of moves.

What a seat cannot know: the other seats' hands, the order and contents of the draw deck, the
discards and the cards discarded at the end of round 4, which leave the game (no card is shown
when it is discarded: the seat knows their union, from the deck lists and what is in play, and
the sizes of the piles), the order of decks II and III and of the monument deck, which copy
(so which hidden value) each unhired named artist is (on display, reserved, left the game or
in the artist deck), and the seed of future shuffles.

What the public history tells besides the views, and a determinization keeps: per-type
resources and exact florins of every seat (a view shows only totals, but every gain and payment
is announced with its amounts, from the same holdings at the start), so the bank too; every
card played and monument built or reserved (in the areas); the contents of decks II and III
until they are dealt. And where a discarded card can be: the discard pile fills only at the
ends of rounds, from the hands, so during the actions of round 2 it holds cards of deck I only,
and in round 3 cards of decks I and II (``discard_sources``, by card ID).

A determinization keeps the seat's own hand and everything else it can know. It deals the
discard pile from the unseen cards that can be there, then the other hands (as many cards as
each holds), the removed cards and the draw deck from all the unseen cards left; it shuffles
decks II and III and the monument deck; it redeals the unhired artists (``redeal_artists``);
it replaces the seed. Each hidden collection is sorted before it is shuffled, so the result
depends only on what the seat can know.

Not kept, because the state does not record it: which of the discarded and removed cards the
seat discarded itself. The piles hold every seat's discards together, in the order the seats
chose, so the seat's own discards are dealt again with the others'.
"""
from __future__ import annotations

import copy
import random
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


def discard_sources(state: FlorenzaState) -> frozenset[str]:
    """The cards the discard pile can hold: those of the decks dealt into the draw deck before
    the discards were made. During the actions of round r they were made at the ends of earlier
    rounds, from the decks dealt by round r - 1 (round 2: deck I; round 3: decks I and II); at
    the end of round r, from the decks dealt by round r. From round 4 on the pile is empty."""
    dealt = state.round - 1 if state.phase == 3 else state.round
    return frozenset(c for name in DECKS[:dealt] for c in build_deck(name, state.players))


def determinize(state: FlorenzaState, seat: int, rng: random.Random) -> FlorenzaState:
    sample = clone(state)
    others = [s for s in range(state.players) if s != seat]
    unseen = [c for s in others for c in state.p[s].hand] + state.draw + state.discard + state.removed
    sources = discard_sources(state)
    fits = sorted(c for c in unseen if c in sources)
    rng.shuffle(fits)
    sample.discard, fits = fits[:len(state.discard)], fits[len(state.discard):]
    rest = sorted(fits + [c for c in unseen if c not in sources])
    rng.shuffle(rest)
    for s in others:
        count = len(state.p[s].hand)
        sample.p[s].hand, rest = rest[:count], rest[count:]
    sample.removed, sample.draw = rest[:len(state.removed)], rest[len(state.removed):]
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


__all__ = ["SETTINGS", "clone", "discard_sources", "determinize", "redeal_artists", "evaluate", "action_order"]
