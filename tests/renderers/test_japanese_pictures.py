"""Every game's pictures drawn in Japanese: every text Pillow draws is recorded, and none may hold
an English word besides the notation players type (deploy codes, tile and card ids, space codes),
the players' names and the components the Japanese help pages themselves name in Italian
(Florenza's monuments and locations). Early, late and final positions with the fewest and the
most players; the turn image, every /board region, every seat's private view, the result and a
replay (its captions and frames). Nothing drawn may reach outside the image it is drawn on. The
same pictures in English keep their English words (the words really are looked up)."""
from __future__ import annotations

import re

import pytest

from games import registry
from games.carcassonne.components import all_tiles
from games.florenza.components import RES, catalog
from games.keyflower.components import tiles as keyflower_tiles
from games.quetzal.components import rules as quetzal_rules
from games.stone_age.notation import ALIASES
from renderers import registry as renderers
from renderers.common.picture_words import speaking, word
from renderers.replay import Move, caption, make_replay
from tests.renderers.drawnwords import english_left, recording
from tests.renderers.positions import JAPANESE, configs, positions

GAMES = [name for name in registry.names() if renderers.has_pictures(name) and type(registry.get(name)).__module__.startswith("games.")]
DIRECTIONS = "(?:nne|ene|ese|sse|ssw|wsw|wnw|nnw|n|e|s|w)"


def _italian_words(names) -> set[str]:
    return {part for name in names for part in re.findall(r"[A-Za-zà-ü']+", name)}


def notation(name: str) -> tuple[set[str], list[str]]:
    """The words and the patterns of words players type in this game (allowed in a picture)."""
    if name == "carcassonne":
        return set(all_tiles()) | {"dragon", "code", "x", "y"}, [rf"[lbp]?[cfrm]?{DIRECTIONS}*", r"[A-Z][a-z]?\d*"]
    if name == "florenza":
        data = catalog()
        italian = _italian_words([m.name for m in data.monuments.values()] + [loc.name for loc in data.locations.values()])
        # the resource codes as typed (market sell ma); an amount (ma2, fl50) is not typed
        return italian | set(RES) | {"fl", "keep"}, [r"[HMALR]\d+"]
    if name == "keyflower":
        return set(keyflower_tiles()) | {"home", "Au"}, [r"boat[1-4][ab]?", r"r\d", r"to\d"]
    if name == "quetzal":
        r = quetzal_rules()
        return set(r.space) | set(r.card) | set(r.tile) | {"keep", "big", "ok"}, [r"[tv]\d"]
    if name == "stoneage":
        return set(ALIASES) | {"ok"}, [r"[CB]\d+", r"u\d"]
    return set(), []


def untranslated(name: str, texts: list[str], names: list[str]) -> list[str]:
    words, patterns = notation(name)
    pattern = re.compile("|".join(f"(?:{p})" for p in patterns)) if patterns else None
    allowed = set(names) | words | {"board"}        # the command /board, as typed
    allowed |= {token for text in texts for token in re.findall(r"[A-Za-z][A-Za-z0-9]*", text)
                if pattern is not None and pattern.fullmatch(token)}
    return english_left(texts, allowed)


def draw_all(name: str, locale: str) -> tuple[list[str], list]:
    game = registry.get(name)
    texts: list[str] = []
    clipped: list = []
    for players, options in configs(game):
        names = JAPANESE[:players]
        for snapshot in positions(name, players, options).values():
            state = game.from_json(snapshot)
            public = game.view(state, None)
            with recording() as drawn:
                for region in [None, *renderers.regions(game.name, public, names)]:
                    assert renderers.render(game.name, public, names, region=region, locale=locale)
                if game.private_info or game.has_secrets(options):
                    for seat in range(players):
                        assert renderers.render(game.name, game.view(state, seat), names, locale=locale)
                outcome = game.outcome(state)
                if outcome is not None:
                    assert renderers.render_result(game, outcome, names, public, locale=locale)
            texts += drawn.texts
            clipped += drawn.clipped
    return texts, clipped


@pytest.mark.parametrize("name", GAMES)
def test_every_word_drawn_in_japanese(name):
    texts, clipped = draw_all(name, "ja")
    left = sorted(set(untranslated(name, texts, JAPANESE)))
    assert not left, f"{name}: English drawn in Japanese pictures: {left[:20]}"
    assert not clipped, f"{name}: text reaching outside its image: {clipped[:5]}"
    assert any(re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", t) and not any(n in t for n in JAPANESE) for t in texts)


@pytest.mark.parametrize("name", GAMES)
def test_english_pictures_keep_english(name):
    texts, _ = draw_all(name, "en")
    japanese = [t for t in texts if re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", t) and not any(n in t for n in JAPANESE)]
    assert not japanese, f"{name}: Japanese drawn in English pictures: {japanese[:10]}"


@pytest.mark.parametrize("name", GAMES)
def test_a_replay_in_japanese(name):
    """A replay's captions, frames and result frame, drawn in Japanese (two key moments)."""
    import random

    game = registry.get(name)
    players, options = configs(game)[0]
    rng = random.Random(3)
    state = game.setup(players, options, 3)
    moves = []
    while game.outcome(state) is None:
        seat = rng.choice(sorted(game.to_act(state)))
        action = rng.choice(game.legal_actions(state, seat))
        moves.append(Move(len(moves) + 1, seat, str(action)))
        game.apply(state, seat, action)
    names = JAPANESE[:players]
    with recording() as drawn:
        gif, frames = make_replay(name, players, sorted(options), 3, moves, names, game.outcome(state), 3, 100, locale="ja")
    assert gif and frames >= 2
    left = sorted(set(untranslated(name, drawn.texts, names + [m.text for m in moves])))
    assert not left, f"{name}: English drawn in a Japanese replay: {left[:20]}"
    assert not drawn.clipped


def test_words_follow_the_language_they_are_drawn_in():
    """The same template in both languages, and a language set for one drawing only."""
    with speaking("ja"):
        assert word("Legend") == "凡例"
        with speaking(None):
            assert word("Legend") == "凡例"
    assert word("Legend") == "Legend"
    with speaking("en-US"):
        assert word("Turn {turn} · {tiles} left", turn=3, tiles="5") == "Turn 3 · 5 left"
    with speaking("ja"):
        assert caption(800, (Move(4, 0, "place 1,0 r1"),), ["さくら"], []).width == 800
