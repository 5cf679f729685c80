"""A new game: shuffled building stacks and card deck, 5 people and 12 food each (section 4).

Tests (and replays of real games) may fix the card order, the stacks, the first player and
the dice instead of drawing them from the seed.
"""
from __future__ import annotations

from typing import Sequence

from games.core import SeededRng
from games.stone_age.rules import flow
from games.stone_age.components import DISPLAY_SLOTS, STACK_SIZE, buildings, cards
from games.stone_age.state import Player, StoneAgeState


def new_game(players: int, options: frozenset[str], seed: int, *,
             deck: Sequence[str] | None = None, stacks: Sequence[Sequence[str]] | None = None,
             first: int | None = None, dice: Sequence[int] | None = None) -> StoneAgeState:
    """``deck`` lists all cards top first (the first four fill slots 1-4); ``stacks`` top first."""
    if not 2 <= players <= 4:
        raise ValueError("Stone Age is played by 2 to 4 players")
    rng = SeededRng(seed)
    if stacks is None:
        tiles = sorted(buildings())
        rng.shuffle(tiles)
        stacks = [tiles[i * STACK_SIZE:(i + 1) * STACK_SIZE] for i in range(players)]
    if deck is None:
        order = sorted(cards())
        rng.shuffle(order)
        deck = order
    if first is None:
        first = rng.randint(0, players - 1)
    deck = list(deck)
    state = StoneAgeState(
        players=[Player() for _ in range(players)], options=frozenset(options), rng=rng,
        stacks=[list(s) for s in stacks], display=list(deck[:DISPLAY_SLOTS]), deck=deck[DISPLAY_SLOTS:],
        first=first, dice_queue=list(dice or ()),
    )
    flow.start_round(state)
    return state
