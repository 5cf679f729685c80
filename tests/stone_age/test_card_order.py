"""Stone Age's cards run 1 → 4 in the picture as in the text (the slot's number is its cost),
and the text names a card or building still to resolve once ("card 2", not "card 2 (card 2)")."""
from __future__ import annotations

import io

from PIL import Image

from bot.i18n import I18n
from games.stone_age import GAME
from renderers import registry as renderers
from renderers.stone_age.palette import CARD_PRICE
from tests.stone_age.helpers import RED, new, start_actions


def _price_squares_by_column(locale: str) -> list[int]:
    """How many cost squares each card slot shows, left to right (slot n shows n)."""
    state = new(first=RED)
    png = renderers.render("stoneage", GAME.view(state, None), ["Red", "Blue"], locale=locale)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    width, height = image.size
    pixels = image.load()
    rows: dict[int, list[int]] = {}
    for y in range(height):
        xs = [x for x in range(width) if pixels[x, y] == CARD_PRICE]
        if xs:
            rows[y] = xs
    assert rows, "no card cost squares drawn"
    y = max(rows, key=lambda r: len(rows[r]))           # a line through every square
    xs = set(rows[y])
    runs = [[x] for x in sorted(xs) if x - 1 not in xs]          # each square is one run of its colour
    for run in runs:
        while run[-1] + 1 in xs:
            run.append(run[-1] + 1)
    starts = [run[0] for run in runs if len(run) >= 10]    # (not a stray pixel of a letter)
    counts = [1]
    for before, x in zip(starts, starts[1:]):            # a slot's squares sit side by side
        if x - before > width // 16:
            counts.append(1)
        else:
            counts[-1] += 1
    return counts


def test_the_cards_run_from_one_to_four_left_to_right():
    for locale in ("en", "ja"):
        assert _price_squares_by_column(locale) == [1, 2, 3, 4], locale


def test_a_card_left_to_resolve_is_named_once():
    state = new(first=RED)
    start_actions(state, {RED: {"card2": 1, "forest": 2}})
    line = next(m for m in GAME.status(GAME.view(state, None)) if "left to resolve" in m.text)
    english = line.english(["Red", "Blue"])
    assert "card 2 (card 2)" not in english and "card 2" in english, english
    assert "forest" in english
    japanese = I18n(("games.stone_age",)).render(line, "ja", ["Red", "Blue"])
    assert "カード 2" in japanese or "カード2" in japanese, japanese
