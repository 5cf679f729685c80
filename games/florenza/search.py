"""What the search (games/core/search.py) needs from Florenza: a determinization, an evaluation
in points (games/florenza/evaluation.py), a fast copy and the greedy order of moves.

What a seat cannot know: the other seats' hands, the order and contents of the draw deck, the
discards and the cards removed in the last rounds (it knows only their union, from the deck
lists and what is in play), the order of decks II and III and of the monument deck, which copy
(so which hidden value) each unhired named artist is (on display, reserved, left the game or
in the artist deck), and the seed of future shuffles. Per-type resources and exact florins are
not hidden from the public history (every gain and payment is announced with its amounts) and
are kept. A determinization keeps everything else; each hidden collection is sorted before it
is shuffled, so the result depends only on what the seat can know.
"""
from __future__ import annotations

import copy
import random
from typing import TYPE_CHECKING, Any

from games.core import SeededRng
from games.core.search import SearchSettings
from games.florenza import evaluation
from games.florenza.components import artist_card
from games.florenza.state import FlorenzaState, PlayerState

if TYPE_CHECKING:
    from games.florenza.game import Florenza

#: the default budget: at most about a second of CPU a decision on a small server
SETTINGS = SearchSettings(iterations=None, seconds=0.9, depth=3, scale=6.0, exploration=0.5, samples=8)


def clone_player(p: PlayerState) -> PlayerState:
    return PlayerState(florins=p.florins, res=list(p.res), hand=list(p.hand), cards=[list(e) for e in p.cards],
                       monuments=[list(e) for e in p.monuments], reserved_monuments=list(p.reserved_monuments),
                       reserved_artists=list(p.reserved_artists), pp=p.pp, keep_pending=p.keep_pending)


def clone(state: FlorenzaState) -> FlorenzaState:
    """An independent copy, field by field (the event messages of ``last`` are immutable and shared)."""
    return FlorenzaState(
        players=state.players, rng=SeededRng(state.rng.seed, state.rng.draws),
        p=[clone_player(p) for p in state.p], round=state.round, phase=state.phase, turn=state.turn,
        pos=state.pos, step=state.step, captain=state.captain, supply=list(state.supply), bank=state.bank,
        decks={name: list(cards) for name, cards in state.decks.items()}, draw=list(state.draw),
        discard=list(state.discard), removed=list(state.removed), mon_deck=list(state.mon_deck),
        mon_display=list(state.mon_display), mon_removed=list(state.mon_removed), art_deck=list(state.art_deck),
        art_display=list(state.art_display), art_removed=list(state.art_removed), anon_used=list(state.anon_used),
        locations=[list(e) for e in state.locations], capitano_user=state.capitano_user,
        captain_choice=state.captain_choice, merchant_choice=state.merchant_choice, last=copy.copy(state.last))


def determinize(state: FlorenzaState, seat: int, rng: random.Random) -> FlorenzaState:
    sample = clone(state)
    others = [s for s in range(state.players) if s != seat]
    unseen = sorted([c for s in others for c in state.p[s].hand] + state.draw + state.discard + state.removed)
    rng.shuffle(unseen)
    for s in others:
        count = len(state.p[s].hand)
        sample.p[s].hand, unseen = unseen[:count], unseen[count:]
    sample.discard, unseen = unseen[:len(state.discard)], unseen[len(state.discard):]
    sample.removed, sample.draw = unseen[:len(state.removed)], unseen[len(state.removed):]
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


__all__ = ["SETTINGS", "clone", "determinize", "redeal_artists", "evaluate", "action_order"]
