"""Positions of every game for the renderer tests: a seeded random game played by legal moves,
kept early (a few moves in), late (four fifths through) and final."""
from __future__ import annotations

import functools
import random

from games import registry
from games.core.contract import Game
from games.core.options import OptionError, toggle_option

NAMES = ["Ann", "Bob", "Cara", "Dan", "Eve", "Finn"]
JAPANESE = ["さくら", "たろう", "はなこ", "けんじ", "ゆき", "あおい"]


def all_options(game: Game) -> frozenset[str]:
    """As many options as can be on together, in the order the game lists them."""
    chosen: frozenset[str] = frozenset(s.name for s in game.options if s.default)
    for spec in game.options:
        if spec.name not in chosen:
            try:
                chosen = toggle_option(game.options, chosen, spec.name)
            except OptionError:
                continue
    return chosen


def configs(game: Game) -> list[tuple[int, frozenset[str]]]:
    """The fewest players with no options, and the most players with every option."""
    plain = frozenset(s.name for s in game.options if s.default)
    return [(game.min_players, plain), (game.max_players, all_options(game))]


@functools.lru_cache(maxsize=16)
def positions(name: str, players: int, options: frozenset[str], seed: int = 5) -> dict[str, dict]:
    """JSON snapshots {"early", "late", "final"} of one random game."""
    game = registry.get(name)
    rng = random.Random(seed)
    state = game.setup(players, options, seed)
    snapshots = [game.to_json(state)]
    while game.outcome(state) is None:
        seat = rng.choice(sorted(game.to_act(state)))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        snapshots.append(game.to_json(state))
    return {"early": snapshots[min(3, len(snapshots) - 1)], "late": snapshots[len(snapshots) * 4 // 5],
            "final": snapshots[-1]}
