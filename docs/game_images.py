"""Pictures of every game for the README, from real games of the greedy computer players:
``python docs/game_images.py`` writes into docs/images/:

* ``{game}_turn.png``: the turn image in the middle of a game (what a channel sees after a move),
* ``{game}_result.png``: the result posted when the game ends,
* ``carcassonne_board.png`` (``/board``: the whole board late in the game), ``keyflower_village.png``
  (``/board NAME``), ``quetzal_player.png`` (``/board NAME``), ``stone_age_board.png`` and
  ``stone_age_final.png`` (``bench/florenza_bench.py --samples docs/images`` writes Florenza's
  regions and a player's own picture).

* ``{game}_turn_ja.png`` and ``{game}_result_ja.png``: the same pictures for a table that speaks
  Japanese,
* ``help_{game}_{en,ja}.png``: the notation picture of ``/help GAME`` in each language.

Carcassonne and Keyflower are played by players with Japanese names.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games import registry  # noqa: E402
from renderers import registry as renderers  # noqa: E402
from renderers.helppicture import help_picture  # noqa: E402

OUT = ROOT / "docs" / "images"
ENGLISH = ["Ann", "Bob", "Cara", "Dan", "Eve"]
JAPANESE = ["さくら", "Bob", "はなこ", "田中 太郎", "Eve"]
GAMES = {  # name: (players, options, seed, names)
    "carcassonne": (4, frozenset({"erweiterung", "haendler", "koenig"}), 11, JAPANESE),
    "keyflower": (4, frozenset(), 5, JAPANESE),
    "stoneage": (4, frozenset(), 3, ENGLISH),
    "florenza": (3, frozenset(), 21, ENGLISH),
    "quetzal": (4, frozenset(), 2, ENGLISH),
}


def play(name: str, players: int, options: frozenset[str], seed: int) -> list:
    """The states of a game of greedy computer players, one after every move."""
    game = registry.get(name)
    state = game.setup(players, options, seed)
    player = game.computer_player("greedy")
    rng = random.Random(seed)
    states = [game.to_json(state)]
    while game.outcome(state) is None:
        seat = sorted(game.to_act(state))[0]
        game.apply(state, seat, player.choose(game, state, seat, rng))
        states.append(game.to_json(state))
    return states


def middle(game, states: list, at: float = 0.55):
    """A state about ``at`` through the game where one player is to act."""
    for snapshot in states[int(len(states) * at):]:
        state = game.from_json(snapshot)
        if len(game.to_act(state)) == 1:
            return state
    return game.from_json(states[-1])


def write(filename: str, png: bytes | None) -> None:
    assert png
    (OUT / filename).write_bytes(png)
    print("wrote", filename)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, (players, options, seed, names) in GAMES.items():
        game = registry.get(name)
        names = names[:players]
        states = play(name, players, options, seed)
        turn = middle(game, states)
        final = game.from_json(states[-1])
        stem = "stone_age" if name == "stoneage" else name
        write(f"{stem}_turn.png", renderers.render(game.name, game.view(turn, None), names))
        write(f"{stem}_result.png", renderers.render_result(game, game.outcome(final), names, game.view(final, None)))
        write(f"{stem}_turn_ja.png", renderers.render(game.name, game.view(turn, None), names, locale="ja"))
        write(f"{stem}_result_ja.png", renderers.render_result(game, game.outcome(final), names, game.view(final, None),
                                                               locale="ja"))
        for locale in ("en", "ja"):
            write(f"help_{stem}_{locale}.png", help_picture(game, locale))
        if name == "carcassonne":
            late = middle(game, states, 0.85)
            write("carcassonne_board.png", renderers.render(game.name, game.view(late, None), names, region="board"))
        elif name == "keyflower":
            late = middle(game, states, 0.8)
            write("keyflower_village.png", renderers.render(game.name, game.view(late, None), names, region=names[0]))
        elif name == "quetzal":
            write("quetzal_player.png", renderers.render(game.name, game.view(turn, None), names, region=names[1]))
        elif name == "stoneage":
            write("stone_age_board.png", renderers.render(game.name, game.view(turn, None), names))
            write("stone_age_final.png", renderers.render(game.name, game.view(final, None), names))


if __name__ == "__main__":
    main()
