"""What the search (games/core/search.py) needs from Stone Age: a determinization, an evaluation
in points (games/stone_age/evaluation.py), a fast copy, the public outcome of chance and the
greedy order of moves.

What a seat cannot know: the order of the face-down card deck, the tiles below the top of each
building stack (with fewer than four players some tiles are out of the game, unseen), the dice
still to be rolled and, with the ``hidden_cards`` option, the one civilization card another
seat may hold without anyone else having seen it: the card C32 ("extra card") draws face down
from the deck. Every other card in a hand was bought from the face-up display in everyone's
sight, so the public history places it even though a view with ``hidden_cards`` only counts
the hand.

The state keeps that history in each hand's order: a hand lists its cards as they arrived, and
C32 is the only card that puts a card into a hand unseen, right after itself (``draw_extra`` in
rules/moves.py), so the card after C32 in another seat's hand is the unseen one. (If the deck
was empty when C32 was bought, nothing was drawn and the card after it, if any, was bought later
in that round; the deck is then still empty, that card is the only one in the pool and is dealt
back to where it is, so the sample is the same either way.)

A determinization keeps everything else, the seat's own hand and every bought card where they
are. It deals the unseen cards (the deck's and those drawn face down by other seats, sorted,
then shuffled) back to those places and to the deck; it fills the stacks below their tops from
the unseen tiles the same way; and it replaces the dice seed by a fresh one from the rng (and
drops any fixed dice of a test or replay).
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from games.core import SeededRng
from games.core.search import SearchSettings
from games.stone_age import evaluation
from games.stone_age.components import buildings, card
from games.stone_age.actions import Buy, Claim, Place, Resolve
from games.stone_age.rules.payments import payment_points
from games.stone_age.state import Player, StoneAgeState

if TYPE_CHECKING:
    from games.stone_age.game import StoneAge

#: the default budget: at most about a second of CPU a decision on a small server
SETTINGS = SearchSettings(iterations=None, seconds=0.9, depth=6, scale=5.0, exploration=0.15, widen_base=1,
                          widen_power=0.4, samples=16)


def clone_player(p: Player) -> Player:
    return Player(people=p.people, food=p.food, res=list(p.res), tools=[list(t) for t in p.tools],
                  one_use=list(p.one_use), agriculture=p.agriculture, score=p.score, cards=list(p.cards),
                  buildings=list(p.buildings), building_points=list(p.building_points), c36=p.c36,
                  where=dict(p.where), hunger=p.hunger)


def _plain(value: Any) -> Any:
    """A copy of plain JSON data (the roll and dice-for-all records)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def clone(state: StoneAgeState) -> StoneAgeState:
    """An independent copy, field by field (about ten times faster than the JSON round trip)."""
    return StoneAgeState(
        players=[clone_player(p) for p in state.players], options=state.options,
        rng=SeededRng(state.rng.seed, state.rng.draws), stacks=[list(s) for s in state.stacks],
        display=list(state.display), deck=list(state.deck), first=state.first, round=state.round,
        phase=state.phase, turn=state.turn, roll=_plain(state.roll), dfa=_plain(state.dfa),
        last_roll=_plain(state.last_roll), last_dfa=_plain(state.last_dfa), end_reason=state.end_reason,
        dice_queue=list(state.dice_queue), taken_cards=list(state.taken_cards), closed=list(state.closed))


def hidden_hands(state: StoneAgeState, seat: int) -> list[int]:
    """The seats whose civilization cards ``seat`` sees only as a count."""
    if "hidden_cards" not in state.options or state.phase == "over":
        return []
    return [s for s in range(state.count) if s != seat]


def drawn_face_down(state: StoneAgeState, seat: int) -> list[tuple[int, int]]:
    """Where the cards are that reached another seat's hand unseen by ``seat``, as (seat, index
    in its hand): the card after C32 in each hand that ``seat`` sees only as a count."""
    places: list[tuple[int, int]] = []
    for s in hidden_hands(state, seat):
        cards = state.players[s].cards
        places += [(s, i + 1) for i, cid in enumerate(cards[:-1]) if card(cid).top == "extra_card"]
    return places


def determinize(state: StoneAgeState, seat: int, rng: random.Random) -> StoneAgeState:
    sample = clone(state)
    places = drawn_face_down(state, seat)
    unseen = sorted(state.deck + [state.players[s].cards[i] for s, i in places])
    rng.shuffle(unseen)
    for s, i in places:
        sample.players[s].cards[i] = unseen.pop()
    sample.deck = unseen
    seen = {stack[0] for stack in state.stacks if stack} | {b for p in state.players for b in p.buildings}
    tiles = sorted(set(buildings()) - seen)
    rng.shuffle(tiles)
    for stack in sample.stacks:
        below = len(stack) - 1
        if below > 0:
            stack[1:], tiles = tiles[:below], tiles[below:]
    sample.rng = SeededRng(rng.getrandbits(62))
    sample.dice_queue = []
    return sample


def evaluate(state: StoneAgeState) -> tuple[float, ...]:
    return evaluation.evaluate(state)


def chance_key(state: StoneAgeState) -> Any:
    """The dice waiting for a choice: a roll's total while tools may be added, the faces left of
    a dice-for-all roll. Other outcomes of chance (what a settled roll gave, the cards and tiles
    turned up) are left out on purpose: a subtree per outcome would leave each thin and make
    every line through chance look worse than a line around it."""
    roll = state.roll
    dfa = state.dfa
    if roll is None and dfa is None:
        return None
    return (None if roll is None else sum(roll["dice"]), None if dfa is None else tuple(sorted(dfa["left"])))


def action_order(game: "StoneAge", state: StoneAgeState, seat: int, actions: list[Any]) -> list[Any]:
    """The greedy player's choice first, then the rest by a cheap rank: the largest placement
    at each location, resolving a location, the building payment worth most and the cheapest
    card payment, skipping, and claims (C36) last."""
    from games.stone_age.ai import GreedyPlayer
    choice = str(GreedyPlayer().choose(game, state, seat, random.Random(0)))
    return sorted(actions, key=lambda a: (str(a) != choice, _rank(a)))


def _rank(action: Any) -> tuple[int, float]:
    if isinstance(action, Place):
        return 0, -action.n
    if isinstance(action, Resolve):
        return 0, 0.0
    if isinstance(action, Buy):
        points = payment_points(action.pay)
        return 1, -points if action.loc.startswith("building") else points
    if isinstance(action, Claim):
        return 3, -payment_points(action.pay)
    return 2, 0.0


__all__ = ["SETTINGS", "clone", "determinize", "evaluate", "chance_key", "action_order", "hidden_hands",
           "drawn_face_down"]
