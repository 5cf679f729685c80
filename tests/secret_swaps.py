"""Give one seat other secrets, changing nothing anyone else can see.

For each game with hidden information: swap some of a seat's secret components with hidden ones
(the deck, the bag, undealt tiles), so counts stay the same and the state stays valid. A public
surface built only from the public view cannot tell the two states apart; one that leaked a
secret would differ. Each function changes ``state`` in place and says whether anything changed.
"""
from __future__ import annotations

import random
from typing import Any, Callable


def _swap_with_pile(hand: list, pile: list, rng: random.Random) -> bool:
    """Exchange some hand entries with different entries of a hidden pile (positions kept)."""
    changed = False
    for i in range(len(hand)):
        others = [j for j, item in enumerate(pile) if item != hand[i]]
        if others and rng.random() < 0.7:
            j = rng.choice(others)
            hand[i], pile[j] = pile[j], hand[i]
            changed = True
    return changed


def florenza(state: Any, seat: int, rng: random.Random) -> bool:
    """Other hand cards, from this round's hidden draw pile or the decks set aside."""
    piles = [pile for pile in (state.draw, *state.decks.values()) if pile]
    return bool(piles) and _swap_with_pile(state.p[seat].hand, rng.choice(piles), rng)


def quetzal(state: Any, seat: int, rng: random.Random) -> bool:
    """Other hand cards, from the face-down deck (the top card stays: it may be on show)."""
    hidden = state.deck[1:]
    changed = _swap_with_pile(state.seats[seat].hand, hidden, rng)
    state.deck[1:] = hidden
    return changed


def stoneage(state: Any, seat: int, rng: random.Random) -> bool:
    """Other civilization cards (with hidden_cards), from the face-down deck."""
    return _swap_with_pile(state.players[seat].cards, state.deck, rng)


def keyflower(state: Any, seat: int, rng: random.Random) -> bool:
    """Other keeple colours behind the screen (traded with the bag) and other winter tiles
    (traded with the undealt ones)."""
    player = state.seats[seat]
    changed = False
    colours = [c for c, n in player.keeples.items() if n > 0]
    for _ in range(3):
        held = [c for c in colours if player.keeples[c] > 0]
        bagged = [c for c, n in state.bag.items() if n > 0]
        pairs = [(a, b) for a in held for b in bagged if a != b]
        if not pairs:
            break
        give, take = rng.choice(pairs)
        player.keeples[give] -= 1
        state.bag[give] += 1
        state.bag[take] -= 1
        player.keeples[take] += 1
        changed = True
    winter = state.decks.get("winter", [])
    if player.winter_choice is None and player.winter_hand and winter:
        changed |= _swap_with_pile(player.winter_hand, winter, rng)
    return changed


SWAPS: dict[str, Callable[[Any, int, random.Random], bool]] = {
    "florenza": florenza, "quetzal": quetzal, "stoneage": stoneage, "keyflower": keyflower,
}
