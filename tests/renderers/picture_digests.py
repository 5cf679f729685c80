"""Digests of every game's pictures over whole random games, to prove a change draws the same
pixels (tests/renderers/test_same_pictures.py).

For each shipped game, at the fewest players without options and the most with every option,
two seeded random games are played to the end by legal moves. Every few moves, in English and
in Japanese, the public turn image, seat 0's private view (games with secrets) and, at every
third such position and the end, every region ``/board`` offers are drawn; at the end the result
card; the help picture of each language too.
A digest is the SHA-256 of the decoded pixels (mode, size and bytes), not of the PNG file, so a
change of encoder settings is not a change of picture.

``python -m tests.renderers.picture_digests`` records the digests of this tree into
``tests/renderers/data/picture_digests.json``, with the drawing environment they hold for
(Pillow, FreeType, the font files): the pixels of text depend on them.
"""
from __future__ import annotations

import hashlib
import io
import json
import random
import re
import sys
from pathlib import Path
from typing import Iterator

import PIL
from PIL import Image, features

from games import registry
from games.core.contract import Game
from renderers import registry as renderers
from renderers.helppicture import help_picture
from tests.renderers.positions import JAPANESE, NAMES, configs

DATA = Path(__file__).with_name("data") / "picture_digests.json"
SEEDS = (3, 17)
LANGUAGES = ("en", "ja")
#: drawn every this many moves (and at the first and last position)
EVERY = 25
#: the /board regions are drawn at every this many of those positions (and at the last)
REGIONS_EVERY = 3


def shipped_games() -> list[str]:
    return [name for name in registry.names()
            if renderers.has_pictures(name) and type(registry.get(name)).__module__.startswith("games.")]


def digest(png: bytes | None) -> str:
    if not png:
        return "-"
    image = Image.open(io.BytesIO(png))
    image.load()
    hashed = hashlib.sha256(f"{image.mode} {image.size}".encode())
    hashed.update(image.tobytes())
    if image.palette is not None:
        hashed.update(bytes(image.getpalette() or []))
    return hashed.hexdigest()[:24]


def _states(game: Game, players: int, options: frozenset[str], seed: int) -> Iterator[tuple[int, object]]:
    rng = random.Random(seed * 7919 + players)
    state = game.setup(players, options, seed)
    move = 0
    yield move, game.to_json(state)
    while game.outcome(state) is None:
        seat = rng.choice(sorted(game.to_act(state)))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        move += 1
        if move % EVERY == 0 or game.outcome(state) is not None:
            yield move, game.to_json(state)


def pictures(name: str) -> Iterator[tuple[str, bytes | None]]:
    """(label, PNG) of every picture the digests cover for one game."""
    game = registry.get(name)
    for language in LANGUAGES:
        yield f"help {language}", help_picture(game, language)
    for players, options in configs(game):
        for seed in SEEDS:
            for sample, (move, snapshot) in enumerate(_states(game, players, options, seed)):
                state = game.from_json(snapshot)
                public = game.view(state, None)
                over = game.outcome(state) is not None
                for language in LANGUAGES:
                    names = (JAPANESE if language == "ja" else NAMES)[:players]
                    where = f"{players}p seed {seed} move {move} {language}"
                    regions = renderers.regions(game.name, public, names) if sample % REGIONS_EVERY == 0 or over else []
                    for region in [None, *regions]:
                        yield f"{where} region {region}", renderers.render(game.name, public, names, region=region,
                                                                          locale=language)
                    if game.private_info or game.has_secrets(options):
                        yield f"{where} seat 0", renderers.render(game.name, game.view(state, 0), names, locale=language)
                    outcome = game.outcome(state)
                    if outcome is not None:
                        yield f"{where} result", renderers.render_result(game, outcome, names, public,
                                                                         locale=language)


def digests(name: str) -> dict[str, str]:
    return {label: digest(png) for label, png in pictures(name)}


RENDERERS = Path(renderers.__file__).parent    # the renderers package
FONT_PATH = re.compile(r"/usr/share/fonts/[^\"' ]+")


def font_files() -> list[str]:
    """The font files the renderers name (renderers/common/fonts.py's candidates) that exist here:
    a font installed for something else changes no picture, nor do the fallback fonts found by
    folder (renderers/common/fontchain.py), which draw only what these fonts cannot."""
    named = {m.group() for path in RENDERERS.rglob("*.py")
             for m in FONT_PATH.finditer(path.read_text(encoding="utf-8"))}
    return sorted(path for path in named if Path(path).suffix in (".ttf", ".ttc", ".otf") and Path(path).exists())


def environment() -> dict[str, str]:
    """What the pixels of drawn text depend on besides our code."""
    sizes = {path: str(Path(path).stat().st_size) for path in font_files()}
    return {"pillow": PIL.__version__, "freetype": str(features.version("freetype2")),
            "raqm": str(features.version("raqm")), **sizes}


def record() -> None:
    data = {"environment": environment(), "games": {name: digests(name) for name in shipped_games()}}
    DATA.parent.mkdir(exist_ok=True)
    DATA.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    print(f"{DATA}: {sum(len(d) for d in data['games'].values())} pictures")


if __name__ == "__main__":
    record() if sys.argv[1:] in ([], ["--record"]) else sys.exit("usage: python -m tests.renderers.picture_digests [--record]")
