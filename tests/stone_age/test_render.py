"""The renderer: valid PNGs in every phase, phone-sized, with key pixels where they belong."""
from __future__ import annotations

import io
import random

from PIL import Image

from games.stone_age import GAME

from games.stone_age.rules import flow
from games.stone_age.ai import GreedyPlayer
from renderers.stone_age import render
from renderers.stone_age.board import GAP, columns
from renderers.stone_age.draw import colour
from renderers.stone_age.palette import CLOSED

from tests.stone_age.helpers import BLUE, RED, act, new, start_actions

NAMES = ["Alice", "ボブ", "Carol", "Dave"]


def decode(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def has_colour(image: Image.Image, box, rgb, tolerance: int = 12) -> bool:
    raw = image.crop(box).tobytes()
    for i in range(0, len(raw), 3):
        if all(abs(raw[i + k] - rgb[k]) <= tolerance for k in range(3)):
            return True
    return False


def forest_box() -> tuple[int, int, int, int]:
    return columns(5, 74 + GAP, 142)[1]


def test_every_phase_renders_a_phone_sized_png():
    seen = set()
    greedy = GreedyPlayer()
    for seed, players in ((1, 2), (2, 4)):
        state = GAME.setup(players, frozenset(), seed)
        rng = random.Random(seed)
        while True:
            key = (state.phase, state.roll is not None, state.dfa is not None)
            if key not in seen or GAME.is_over(state):
                seen.add(key)
                image = decode(render(GAME.view(state, None), NAMES[:players]))
                assert image.width == 720 and 600 < image.height < 3000
            if GAME.is_over(state):
                break
            seat = min(GAME.to_act(state))
            GAME.apply(state, seat, greedy.choose(GAME, state, seat, rng))
    assert {"place", "act", "over"} <= {phase for phase, _, _ in seen}


def test_people_are_drawn_in_their_location_in_seat_colour():
    state = new(first=RED)
    before = decode(render(GAME.view(state, None), NAMES[:2]))
    assert not has_colour(before, forest_box(), colour(RED).fill)
    act(state, RED, "place forest 3")
    after = decode(render(GAME.view(state, None), NAMES[:2]))
    assert has_colour(after, forest_box(), colour(RED).fill)


def test_closed_location_is_marked():
    state = new(first=RED)
    act(state, RED, "place forest 3")
    image = decode(render(GAME.view(state, None), NAMES[:2]))
    assert has_colour(image, forest_box(), CLOSED, tolerance=4)
    quarry = columns(5, 74 + GAP, 142)[3]
    assert not has_colour(image, quarry, CLOSED, tolerance=4)


def test_closures_stay_marked_for_the_rest_of_the_round():
    """§2.5: a location closed by the 2/3-player rules stays closed for the round; §11.1: the
    image marks it. The action phase takes the people off again, but the marks stay."""
    state = new(first=RED)
    act(state, RED, "place forest 3")          # forest: one player's only, with 2 players
    act(state, BLUE, "place field")
    act(state, RED, "place hut")               # two village locations used: the tool maker closes
    act(state, BLUE, "place hunt 4")
    assert state.phase == "act"
    assert GAME.view(state, None).closed == ("forest", "toolmaker")
    act(state, RED, "resolve hut")
    act(state, RED, "resolve forest")          # both left the board; still closed this round
    view = GAME.view(state, None)
    assert not view.people_on("forest") and not view.people_on("hut")
    assert view.closed == ("forest", "toolmaker")
    image = decode(render(view, NAMES[:2]))
    assert has_colour(image, forest_box(), CLOSED, tolerance=4)
    toolmaker = columns(3, 74 + GAP + 142 + GAP, 84)[0]
    assert has_colour(image, toolmaker, CLOSED, tolerance=4)
    restored = GAME.from_json(GAME.to_json(state))
    assert GAME.view(restored, None).closed == ("forest", "toolmaker")


def test_closures_are_cleared_when_the_next_round_begins():
    state = new(first=RED)
    state.closed = ["forest"]
    data = GAME.to_json(state)
    del data["closed"]                          # a snapshot stored before closures were recorded
    assert GAME.from_json(data).closed == []
    flow.start_round(state)
    assert GAME.view(state, None).closed == ()


def test_scale_regions_and_final_scores():
    state = new(first=RED)
    full = decode(render(GAME.view(state, None), NAMES[:2]))
    half = decode(render(GAME.view(state, None), NAMES[:2], scale=0.5))
    assert half.width == 360 and abs(half.height - full.height // 2) <= 1
    board = decode(render(GAME.view(state, None), NAMES[:2], region="board"))
    players = decode(render(GAME.view(state, None), NAMES[:2], region="players"))
    assert board.height + players.height <= full.height + 20
    state.phase = "over"
    final = decode(render(GAME.view(state, None), NAMES[:2]))
    scores = decode(render(GAME.view(state, None), NAMES[:2], region="scores"))
    assert scores.height < final.height and scores.width == 720


def test_pending_roll_and_dice_for_all_render():
    deck = ["C05"] + [f"C{i:02d}" for i in range(1, 37) if i != 5]
    state = new(deck=deck, dice=[3, 4, 2, 5])
    state.players[RED].res = [1, 0, 0, 0]
    state.players[RED].tools = [[2, 0]]
    start_actions(state, {RED: {"forest": 2, "card1": 1}, BLUE: {"hunt": 1}})
    act(state, RED, "resolve forest")
    assert state.roll is not None
    waiting = decode(render(GAME.view(state, RED), NAMES[:2]))
    act(state, RED, "ok")
    act(state, RED, "buy card 1 with w")
    assert state.dfa is not None
    picking = decode(render(GAME.view(state, None), NAMES[:2]))
    assert waiting.size[0] == picking.size[0] == 720


def test_hidden_cards_render_without_card_details():
    state = new(options=["hidden_cards"])
    state.players[BLUE].cards = ["C01", "C11"]
    image = decode(render(GAME.view(state, RED), NAMES[:2]))
    assert image.width == 720
