"""Every picture explains itself: each icon and abbreviation a game's pictures draw (its turn
image and a seat's private picture, over a whole random game, in English and Japanese) has its
line in the game's legend (renderers/legends.py), drawn in the /help picture, or is a code its key
explains. An icon drawn as a shape is declared where it is drawn (renderers.common.legend.mark);
the others are read from the texts drawn: a symbol character and a short
code or abbreviation (three letters at most, or letters joined by ``+`` or ``/``) that is not an
English word. A renderer that starts drawing a new one fails here until the legend says what it
means, in both languages."""
from __future__ import annotations

import io
import re
import unicodedata

import pytest
from PIL import Image

from games import registry
from renderers import registry as renderers
from renderers.common.legend import marking
from renderers.common.picture_words import speaking
from renderers.helppicture import help_picture, key_rows
from renderers.legends import LEGENDS, legend_rows
from tests.renderers.drawnwords import recording
from tests.renderers.positions import JAPANESE, NAMES, configs, positions

GAMES = ["carcassonne", "florenza", "keyflower", "quetzal", "stoneage"]
#: symbols that read as themselves beside numbers and words (an arrow, an equals sign, a times sign)
PLAIN = set("→=＝×−|≤≥<>~＋")
#: short English words a picture writes as words, not abbreviations
WORDS = {"a", "all", "and", "any", "at", "bag", "by", "de", "del", "di", "end", "far", "fee", "for", "in", "it",
         "lo", "low", "no", "of", "on", "one", "or", "out", "pay", "per", "see", "so", "the", "to", "up", "you",
         "act", "hut", "top", "saw", "inn", "pig", "Key", "Sea", "Inn", "San", "Dig", "No", "Any", "Hut", "Art",
         "Piet", "Game", "VP"}
LATIN = re.compile(r"[A-Za-z0-9+*/'’]*[A-Za-z][A-Za-z0-9+*/'’]*")


def normal(token: str) -> str:
    """A token with its numbers taken out: ``V01`` and ``V12`` are one kind of code, ``F0`` is ``F``."""
    return re.sub(r"\d+", "", token)


def abbreviations(text: str) -> set[str]:
    """The short codes and abbreviations in a drawn text (each part of ``S+I``, ``w/s/i``; ``2/w`` whole)."""
    found = set()
    text = re.sub(r"\S*…", " ", text)          # a word cut short is not a code
    for token in LATIN.findall(text):
        token = normal(token).strip("'’")
        if token.startswith("/") and len(token) > 1 and token[1:].isalpha() and len(token) <= 3:
            found.add(token)            # 2/w: a number per something
            continue
        if token.startswith("/"):       # a command (/board NAME)
            continue
        for part in re.split(r"[+/]", token):
            letters = sum(ch.isalpha() for ch in part)
            if part and part.isalpha() and letters <= 3 and part not in WORDS and part not in NAMES:
                found.add(part)
    return found


def symbols(text: str) -> set[str]:
    return {ch for ch in text if unicodedata.category(ch) in ("So", "Sm") and ch not in PLAIN and ch != "+"}


def drawn_tokens(name: str) -> dict[str, str]:
    """Every token the game's pictures draw, with a text (or "shape") it was found in."""
    game = registry.get(name)
    tokens: dict[str, str] = {}
    for players, options in configs(game):
        for snapshot in positions(name, players, options).values():
            state = game.from_json(snapshot)
            for locale in ("en", "ja"):
                names = (JAPANESE if locale == "ja" else NAMES)[:players]
                views = [game.view(state, None)]
                if game.private_info or game.has_secrets(options):
                    views.append(game.view(state, 0))
                with recording() as drawn, marking() as marks:
                    for view in views:
                        renderers.render(name, view, names, locale=locale)
                for token in marks:
                    tokens.setdefault(token, "a shape")
                for text in drawn.texts:
                    for token in symbols(text) | abbreviations(text):
                        tokens.setdefault(token, text)
    return tokens


def explained(name: str) -> set[str]:
    """The tokens the legend and the key explain (``A…H`` and ``t1–t5`` cover the range)."""
    codes = [token for token, _ in legend_rows(name)] + [code for code, _ in key_rows(registry.get(name))]
    covered: set[str] = set()
    for code in codes:
        for piece in re.split(r"[\s,]+", code):
            ends = re.split(r"[…–]", piece)
            if len(ends) == 2 and len(ends[0]) == len(ends[1]) == 1 and ends[0].isalpha():
                covered |= {chr(c) for c in range(ord(ends[0]), ord(ends[1]) + 1)}
            for end in ends:
                covered |= {end, normal(end)}
                covered |= abbreviations(end) | symbols(end)
    return covered


@pytest.mark.parametrize("name", GAMES)
def test_every_icon_and_abbreviation_drawn_is_explained(name):
    drawn = drawn_tokens(name)
    covered = explained(name)
    missing = {token: text for token, text in drawn.items() if token not in covered}
    assert not missing, f"{name}: drawn but not in the legend (renderers/legends.py): {missing}"


@pytest.mark.parametrize("name", GAMES)
def test_the_legend_is_in_both_languages(name):
    assert LEGENDS[name]
    english = legend_rows(name)
    with speaking("ja"):
        japanese = legend_rows(name)
    assert len(english) == len(japanese)
    for (_, en), (_, ja) in zip(english, japanese):
        assert en != ja and re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", ja), en


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("locale", ["en", "ja"])
def test_the_help_picture_draws_every_line_of_its_key_and_legend_whole(name, locale):
    """No meaning is cut short (the Quetzal key used to end "an adve…"), every text stays inside
    the picture, and the picture is at most twice as tall as wide."""
    game = registry.get(name)
    with recording() as drawn:
        png = help_picture(game, locale)
    assert png
    image = Image.open(io.BytesIO(png))
    assert image.height <= 2 * image.width
    assert not drawn.clipped, drawn.clipped
    with speaking(locale):
        rows = key_rows(game) + legend_rows(name)
    everything = re.sub(r"\s+", "", "".join(drawn.texts))
    for code, meaning in rows:
        assert re.sub(r"\s+", "", meaning) in everything, f"{name} {locale}: {meaning!r} is not drawn whole"
        assert re.sub(r"\s+", "", code) in everything, f"{name} {locale}: {code!r} is not drawn whole"
