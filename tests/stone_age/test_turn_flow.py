"""Stone Age's turn-flow decisions: what a skipped turn does (``skip_action``) and which moves
/undo may take back (``reveals``)."""
from __future__ import annotations

from games.core import Msg, reveal
from games.stone_age import GAME
from games.stone_age.actions import Pick, Place, Skip, Starve, Tools
from games.stone_age.components import cards
from games.stone_age.rules.checks import legal_placements

from tests.stone_age.helpers import BLUE, RED, act, new, start_actions

ALL_CARDS = sorted(cards())


def deck_with(*first: str) -> list[str]:
    return list(first) + [c for c in ALL_CARDS if c not in first]


def shown(state, seat: int, text: str):
    return GAME.reveals(state, seat, GAME.parse(state, seat, text), [])


def test_a_skipped_placement_puts_one_person_on_the_first_open_location():
    state = new(first=RED)
    assert GAME.skip_action(state, RED) == Place("hunt", 1) and GAME.skip_action(state, BLUE) is None
    act(state, RED, "place hunt 1")
    act(state, BLUE, "place forest 2")
    skip = GAME.skip_action(state, RED)             # the hunting grounds are used: the next location
    assert skip == legal_placements(state, RED)[0] and skip.n == 1 and skip.loc != "hunt"


def test_a_skipped_action_turn_takes_the_people_back_without_acting():
    state = new()
    start_actions(state, {RED: {"forest": 3, "field": 1}, BLUE: {"hunt": 1}})
    red = state.players[RED]
    while state.turn == RED and state.phase == "act":
        skip = GAME.skip_action(state, RED)
        assert isinstance(skip, Skip)
        GAME.apply(state, RED, skip)
    assert red.where == {} and red.res == [0, 0, 0, 0] and red.agriculture == 0 and state.turn == BLUE


def test_a_roll_waiting_for_tools_takes_none_and_a_shortfall_starves():
    state = new(dice=[1, 2])
    state.players[RED].tools = [[2, 0]]
    start_actions(state, {RED: {"hunt": 2}, BLUE: {"hunt": 1}})
    act(state, RED, "resolve hunt")                 # 3: a tool of 2 would give one more food
    assert state.roll is not None and GAME.skip_action(state, RED) == Tools((), ())
    state = new()
    red = state.players[RED]
    red.food, red.res = 0, [6, 0, 0, 0]
    start_actions(state, {RED: {"field": 1}, BLUE: {"hunt": 1}})
    act(state, RED, "skip field")
    act(state, BLUE, "skip hunt")
    assert state.phase == "feed" and red.hunger == 5
    assert GAME.skip_action(state, RED) == Starve()     # the answer that spends no resources


def test_a_die_for_everyone_is_the_lowest_face():
    state = new(deck=deck_with("C01"), dice=[5, 2])
    state.players[RED].res = [1, 0, 0, 0]
    start_actions(state, {RED: {"card1": 1}, BLUE: {"hunt": 1}})
    act(state, RED, "buy card 1 with w")
    assert state.dfa is not None and GAME.skip_action(state, RED) == Pick(2)


def test_what_can_be_taken_back():
    state = new(first=RED)
    assert shown(state, RED, "place hunt 2") is False
    state = new(stacks=[["B01", "B02"], ["B03"]], deck=deck_with("C26", "C32", "C01"), dice=[3, 3])
    state.players[RED].res = [4, 4, 4, 4]
    state.players[RED].tools = [[2, 0]]
    start_actions(state, {RED: {"hunt": 2, "field": 1, "building1": 1, "building2": 1, "card1": 1, "card2": 1,
                                "card3": 1}, BLUE: {"hunt": 1}})
    assert shown(state, RED, "resolve field") is False
    assert shown(state, RED, "skip building 1") is False
    assert shown(state, RED, "resolve hunt") == reveal.ROLLED
    assert shown(state, RED, "buy card 1 with w") is False          # C26: points, nothing hidden
    assert shown(state, RED, "buy card 2 with w w") == reveal.DREW   # C32 draws the top of the deck
    assert shown(state, RED, "buy card 3 with w w w") == reveal.ROLLED   # C01: dice for everyone
    assert shown(state, RED, "buy building 1 with w w b") == Msg("a new building tile was turned face up")
    assert shown(state, RED, "buy building 2 with w b b") is False      # the stack's last tile: nothing under it
    act(state, RED, "resolve hunt")                 # 6: the tool of 2 would give one more food
    assert state.roll is not None
    assert shown(state, RED, "tools none") is False and shown(state, RED, "tools 2") is False


def test_the_feeding_that_ends_the_round_turns_up_new_cards():
    state = new()
    red = state.players[RED]
    red.food, red.res = 0, [7, 0, 0, 0]
    start_actions(state, {RED: {"card1": 1}, BLUE: {"hunt": 1}})
    act(state, RED, "buy card 1 with w")
    act(state, BLUE, "skip hunt")
    assert state.phase == "feed"
    assert shown(state, RED, "feed starve") == reveal.DREW          # the display is refilled from the deck
