"""Renderer: images decode, have sane sizes, show the right regions and never draw secrets publicly."""
from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageChops, ImageStat

from games.florenza import GAME
from renderers.common import player_colour
from renderers.florenza import WIDTH, render
from tests.florenza.helpers import NAMES
from tests.florenza.test_privacy import perturbed


def advance(state, rng, steps):
    greedy = GAME.computer_player("greedy")
    for _ in range(steps):
        if GAME.is_over(state):
            return
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, greedy.choose(GAME, state, seat, rng))


def image(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def close(colour, expected, tolerance=12):
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected))


@pytest.fixture(scope="module")
def midgame():
    state = GAME.setup(4, frozenset(), 21)
    advance(state, random.Random(21), 62)
    assert state.phase == 3 and state.round == 3
    return state


def test_public_image_decodes_with_sane_size_and_key_pixels(midgame):
    public = image(render(GAME.view(midgame, None), NAMES))
    assert public.width == WIDTH and 1000 < public.height <= 2 * WIDTH
    assert close(public.getpixel((4, 4)), (60, 44, 36))             # header bar
    # the player lines carry each seat's badge in its colour
    colours = {public.getpixel((x, y)) for x in range(14, 40, 2) for y in range(public.height - 300, public.height, 2)}
    for seat in range(4):
        assert any(close(c, player_colour(seat).fill) for c in colours), seat
    # every tableau, framed in its seat colour, is one /board away
    players = image(render(GAME.view(midgame, None), NAMES, region="players"))
    colours = {players.getpixel((x, y)) for x in (8, 9, 10) for y in range(0, players.height, 3)}
    for seat in range(4):
        assert any(close(c, player_colour(seat).fill) for c in colours), seat
    one = image(render(GAME.view(midgame, None), NAMES, region=NAMES[2]))
    assert one.height < players.height
    assert image(render(GAME.view(midgame, None), NAMES, region="3")).tobytes() == one.tobytes()


def test_seat_view_shows_the_seat_s_own_picture_and_public_view_cannot(midgame):
    public = image(render(GAME.view(midgame, None), NAMES))
    seat_view = GAME.view(midgame, 1)
    own = image(render(seat_view, NAMES))
    assert own.height <= 2 * own.width
    # the header as in the public picture, then the seat's tableau and the private panel
    top = ImageChops.difference(own.crop((0, 0, own.width, 90)), public.crop((0, 0, public.width, 90)))
    assert max(ImageStat.Stat(top).mean) < 1.5
    bars = [y for y in range(own.height) if close(own.getpixel((4, y)), (30, 60, 90))]
    assert bars, "the private header bar"
    hand = image(render(seat_view, NAMES, region="hand"))
    assert hand.width == WIDTH and 150 < hand.height < 1200
    with pytest.raises(ValueError):
        render(GAME.view(midgame, None), NAMES, region="hand")
    with pytest.raises(ValueError):
        render(GAME.view(midgame, None), NAMES, region="everything")


def test_public_image_does_not_depend_on_secrets(midgame):
    rng = random.Random(5)
    first = render(GAME.view(midgame, None), NAMES)
    for _ in range(2):
        other = perturbed(midgame, *rng.sample(range(4), 2), rng, later=False)
        assert render(GAME.view(other, None), NAMES) == first
    # a seat's image does not depend on the other seats' secrets either
    mine = render(GAME.view(midgame, 0), NAMES)
    other = perturbed(midgame, 2, 3, rng, later=False)
    assert render(GAME.view(other, 0), NAMES) == mine


def test_regions_scale_and_other_phases():
    state = GAME.setup(2, frozenset(), 3)
    names = ["アリス", "ボブ"]
    assert image(render(GAME.view(state, None), names, scale=0.5)).width == WIDTH // 2
    common = image(render(GAME.view(state, None), names, region="common"))
    players = image(render(GAME.view(state, None), names, region="players"))
    assert common.height > 600 and players.height > 200
    with pytest.raises(ValueError):
        render(GAME.view(state, None), names, region="nobody")
    rng = random.Random(3)
    while state.phase == 3:
        advance(state, rng, 1)
    assert state.step == "keep"
    image(render(GAME.view(state, None), names))
    advance(state, rng, 10_000)
    final = image(render(GAME.view(state, None), names))
    assert final.height > 600



def test_a_section_drawn_on_a_page_that_grows_is_the_same_picture(midgame, monkeypatch):
    """Sections start on a small page here, so every one grows it while drawing (a page that grows
    is a new image: what a section draws after that must land on it)."""
    from renderers.common import layers
    from renderers.florenza import parts

    view = GAME.view(midgame, None)
    layers.CACHE.clear()
    tall = image(render(view, NAMES, cache_key=("grow-test", 1)))
    monkeypatch.setattr(parts, "START", 24)
    layers.CACHE.clear()
    grown = image(render(view, NAMES, cache_key=("grow-test", 2)))
    assert tall.size == grown.size
    assert ImageChops.difference(tall, grown).getbbox() is None


@pytest.mark.parametrize("locale", ["en", "ja"])
def test_every_artist_on_display_is_named_whole(midgame, monkeypatch, locale):
    """A long name (most Japanese ones) is the artist's surname, as a hired artist's tile says
    it, rather than cut with an ellipsis."""
    from dataclasses import replace

    from games.florenza.components import catalog
    from renderers.common.picture_words import speaking
    from renderers.florenza import draw, render_image

    drawn: list[str] = []
    text = draw.Canvas.text

    def recording(self, xy, words, *args, **kwargs):
        drawn.append(words)
        return text(self, xy, words, *args, **kwargs)
    monkeypatch.setattr(draw.Canvas, "text", recording)
    named = [a for a in catalog().artists.values() if not a.anonymous]
    view = GAME.view(midgame, None)
    for start in range(0, len(named), 8):
        shown = named[start:start + 8]
        drawn.clear()
        with speaking(locale):
            render_image(replace(view, artists=tuple(a.id for a in shown)), NAMES)
        for artist in shown:
            full, surname = (artist.ja, artist.ja.split("・")[-1]) if locale == "ja" else \
                (artist.name, artist.name.split()[-1])
            assert full in drawn or surname in drawn, f"{artist.id}: neither {full!r} nor {surname!r} drawn"
        assert not [words for words in drawn if words.endswith("…") and "・" in words]
