"""Every worked example of the rules reference (section 13) with its exact expected result."""
from __future__ import annotations

from games.stone_age import GAME
from games.stone_age.components import buildings
from games.stone_age.rules.payments import building_payments
from games.stone_age.rules.checks import breakdown, culture_points, tool_step
from games.stone_age.state import Player

from tests.stone_age.helpers import BLUE, GREEN, RED, YELLOW, act, new, rejects, start_actions, tools


# -- Example 1: gathering and hunting dice ------------------------------------------------------

def test_example_1a_forest_without_tools():
    state = new(dice=[6, 5, 3, 3])
    start_actions(state, {RED: {"forest": 4}})
    events = act(state, RED, "resolve forest")
    assert state.players[RED].res == [5, 0, 0, 0]
    assert state.roll is None
    assert any("6 5 3 3" in e and "17" in e for e in events)


def test_example_1b_hunting_without_tools():
    state = new(dice=[3, 3, 2, 4, 2], first=BLUE)
    start_actions(state, {BLUE: {"hunt": 5, "field": 1}})
    act(state, BLUE, "resolve hunt")
    assert state.players[BLUE].food == 12 + 7


def test_example_1c_and_1e_green_hunts_with_a_tool_then_river():
    state = new(players=4, first=GREEN, dice=[4, 4, 3, 2, 3])
    state.players[GREEN].tools = [[1, 0]]
    start_actions(state, {GREEN: {"hunt": 3, "river": 2, "field": 1}})
    act(state, GREEN, "resolve hunt")
    assert state.roll is not None and state.roll["dice"] == [4, 4, 3]   # 11: 5 food before tools
    act(state, GREEN, "tools 1")
    assert state.players[GREEN].food == 12 + 6
    assert tools(state, GREEN) == [(1, 1)]                              # used for the round
    # 1e: river 2 3 = 5, the only tool is used: settled at once with 0 gold.
    act(state, GREEN, "resolve river")
    assert state.players[GREEN].res[3] == 0
    assert state.last_roll["dice"] == [2, 3] and state.last_roll["gain"] == 0
    rejects(state, GREEN, "tools 1", "no roll waiting")


def test_example_1e_used_tool_rejected_while_a_roll_waits():
    # Same roll with a one-use tool held, so the roll waits: "tools 1" names a used tool.
    state = new(players=4, first=GREEN, dice=[2, 3])
    state.players[GREEN].tools = [[1, 1]]
    state.players[GREEN].one_use = [2]
    start_actions(state, {GREEN: {"river": 2}})
    act(state, GREEN, "resolve river")
    rejects(state, GREEN, "tools 1", "no unused tool of value 1")
    act(state, GREEN, "ok")
    assert state.players[GREEN].res[3] == 0
    assert state.players[GREEN].one_use == [2]


def test_example_1d_two_tools_of_one():
    state = new(players=4, first=YELLOW, dice=[1, 3])
    state.players[YELLOW].tools = [[1, 0], [1, 0]]
    start_actions(state, {YELLOW: {"hunt": 2, "field": 1}})
    act(state, YELLOW, "resolve hunt")
    act(state, YELLOW, "tools 1 1")
    assert state.players[YELLOW].food == 12 + 3


def test_example_1f_three_tools_of_two():
    state = new(first=BLUE, dice=[1, 2, 4])
    state.players[BLUE].tools = [[2, 0], [2, 0], [2, 0]]
    start_actions(state, {BLUE: {"river": 3}})
    act(state, BLUE, "resolve river")
    act(state, BLUE, "tools 2 2 2")
    assert state.players[BLUE].res[3] == 2
    assert state.last_roll["gain"] == 2 and sum(state.last_roll["dice"]) + 6 == 13


# -- Example 2: one round of tools across two locations ---------------------------------------------

def test_example_2_tools_across_two_locations():
    state = new(dice=[2, 1, 4])
    red = state.players[RED]
    red.tools = [[2, 0], [1, 0], [1, 0]]
    start_actions(state, {RED: {"forest": 1, "clay": 2}, BLUE: {"hunt": 1}})
    act(state, RED, "resolve forest")
    act(state, RED, "tools 1")
    assert red.res[0] == 1
    assert sorted(tools(state, RED)) == [(1, 0), (1, 1), (2, 0)]
    act(state, RED, "resolve clay")
    rejects(state, RED, "tools 1 1", "only 1 unused tool")
    act(state, RED, "tools 2 1")
    assert red.res[1] == 2
    assert all(used for _, used in red.tools)
    # Finish the round: the next round all three tools are available again.
    state.dice_queue = [1]
    act(state, BLUE, "resolve hunt")
    assert state.round == 2 and state.phase == "place"
    assert sorted(tools(state, RED)) == [(1, 0), (1, 0), (2, 0)]


# -- Example 3: tool maker progression ---------------------------------------------------------------

def test_example_3_tool_maker_progression():
    expected = ["1", "1,1", "1,1,1", "2,1,1", "2,2,1", "2,2,2", "3,2,2", "3,3,2", "3,3,3", "4,3,3", "4,4,3",
                "4,4,4", "4,4,4"]
    p = Player()
    for step, want in enumerate(expected, start=1):
        changed = tool_step(p)
        assert ",".join(str(v) for v, _ in p.tools) == want
        assert changed == (step <= 12)
        assert p.tool_total == min(step, 12)


def test_example_3_through_the_tool_maker_location():
    state = new()
    state.players[RED].tools = [[2, 0], [1, 0], [1, 0]]
    start_actions(state, {RED: {"toolmaker": 1}, BLUE: {"field": 1}})
    act(state, RED, "resolve toolmaker")
    assert [v for v, _ in state.players[RED].tools] == [2, 2, 1]


def test_example_3_c29_is_one_tool_step():
    deck = ["C29", "C01", "C02", "C03"] + [f"C{i:02d}" for i in range(4, 37) if i != 29]
    state = new(deck=deck)
    state.players[RED].res = [1, 0, 0, 0]
    start_actions(state, {RED: {"card1": 1}, BLUE: {"field": 1}})
    act(state, RED, "buy card 1 with w")
    assert [v for v, _ in state.players[RED].tools] == [1]


# -- Example 4: buying buildings ------------------------------------------------------------------------

def building_game(tile: str, res: list[int]):
    others = [b for b in sorted(buildings()) if b != tile]
    state = new(stacks=[[tile] + others[:6], others[6:13]])
    state.players[RED].res = list(res)
    start_actions(state, {RED: {"building1": 1}, BLUE: {"field": 1}})
    return state


def test_example_4_fixed_tile_b15():
    state = building_game("B15", [0, 1, 2, 1])
    rejects(state, RED, "buy building 1 with b s s", "costs exactly")
    act(state, RED, "buy building 1")
    assert state.players[RED].score == 15
    assert state.players[RED].res == [0, 0, 1, 0]
    state = building_game("B15", [0, 1, 1, 1])
    act(state, RED, "buy building 1 with b s g")
    assert state.players[RED].score == 15


def test_example_4_b24_five_of_three_kinds():
    have = [1, 2, 1, 4]
    state = building_game("B24", have)
    rejects(state, RED, "buy building 1 with g g g g s", "3 different kinds")
    rejects(state, RED, "buy building 1 with g g s b w", "3 different kinds")
    rejects(state, RED, "buy building 1 with g g s b", "exactly 5")
    assert GAME.parse(state, RED, "buy building 1 with g g s b b") in GAME.legal_actions(state, RED)
    act(state, RED, "buy building 1 with g g g s b")
    assert state.players[RED].score == 27


def test_example_4_b24_alternative_payment_gives_25():
    state = building_game("B24", [1, 2, 1, 4])
    act(state, RED, "buy building 1 with g g s b b")
    assert state.players[RED].score == 25


def test_example_4_b21_only_one_of_each():
    assert building_payments(buildings()["B21"], [5, 5, 5, 5]) == [(1, 1, 1, 1)]
    state = building_game("B21", [5, 5, 5, 5])
    rejects(state, RED, "buy building 1 with w w s g", "4 different kinds")
    act(state, RED, "buy building 1 with w b s g")
    assert state.players[RED].score == 18


def test_example_4_b26_one_to_seven_of_any():
    state = building_game("B26", [8, 0, 0, 8])
    rejects(state, RED, "buy building 1 with 8w", "1 to 7")
    rejects(state, RED, "buy building 1 with", "1 to 7")
    assert GAME.parse(state, RED, "buy building 1 with 7g") in GAME.legal_actions(state, RED)
    act(state, RED, "buy building 1 with 3w")
    assert state.players[RED].score == 9
    state = building_game("B26", [0, 0, 0, 7])
    act(state, RED, "buy building 1 with 7g")
    assert state.players[RED].score == 42


# -- Example 5: feeding -----------------------------------------------------------------------------------

def feeding_game(people: int, agriculture: int, food: int, res: list[int], score: int = 0):
    state = new(first=BLUE)
    red = state.players[RED]
    red.people, red.agriculture, red.food, red.res, red.score = people, agriculture, food, list(res), score
    start_actions(state, {BLUE: {"hunt": 1}})
    state.dice_queue = [1]
    act(state, BLUE, "resolve hunt")            # Blue's action turn ends: phase 3
    return state


def test_example_5a_agriculture_feeds_everyone():
    state = feeding_game(5, 5, 0, [0, 0, 0, 0])
    assert state.players[RED].food == 0 and state.players[RED].score == 0
    assert state.round == 2


def test_example_5b_pay_the_shortfall_with_resources():
    state = feeding_game(7, 2, 3, [3, 1, 0, 0], score=30)
    red = state.players[RED]
    assert state.phase == "feed" and red.hunger == 2 and red.food == 0
    assert GAME.to_act(state) == frozenset({RED})
    rejects(state, RED, "feed pay w", "2 food short")
    act(state, RED, "feed pay w w")
    assert red.res == [1, 1, 0, 0] and red.score == 30 and red.food == 0
    assert state.round == 2


def test_example_5b_take_the_penalty():
    state = feeding_game(7, 2, 3, [3, 1, 0, 0], score=30)
    red = state.players[RED]
    act(state, RED, "feed starve")
    assert red.score == 20 and red.res == [3, 1, 0, 0] and red.food == 0


def test_example_5c_surplus_food_is_kept():
    state = feeding_game(4, 6, 1, [0, 0, 0, 0])
    assert state.players[RED].food == 3


# -- Example 6: civilization cards and the display slide ---------------------------------------------

EXAMPLE_6_DECK = ["C05", "C19", "C17", "C26", "C12", "C30"] + [
    f"C{i:02d}" for i in range(1, 37) if f"C{i:02d}" not in {"C05", "C19", "C17", "C26", "C12", "C30"}]


def test_example_6_cards_and_slide():
    state = new(players=4, first=RED, deck=EXAMPLE_6_DECK)
    assert state.display == ["C05", "C19", "C17", "C26"] and len(state.deck) == 32
    state.players[RED].res = [2, 1, 0, 0]
    state.players[BLUE].res = [1, 1, 0, 0]
    start_actions(state, {RED: {"card3": 1}, BLUE: {"card2": 1}, GREEN: {"card4": 1}})
    act(state, RED, "buy card 3 with w w b")
    assert state.players[RED].food == 15 and state.players[RED].cards == ["C17"]
    act(state, BLUE, "buy card 2 with w b")
    assert state.players[BLUE].res == [0, 0, 1, 0] and state.players[BLUE].cards == ["C19"]
    act(state, GREEN, "skip card 4")
    assert state.round == 2
    assert state.display == ["C05", "C26", "C12", "C30"]
    assert len(state.deck) == 30
    assert state.first == BLUE


# -- Example 7: dice for all ------------------------------------------------------------------------------

def test_example_7_dice_for_all():
    deck = ["C05"] + [f"C{i:02d}" for i in range(1, 37) if i != 5]
    state = new(players=4, first=GREEN, deck=deck, dice=[2, 2, 5, 6])
    red, blue, green, yellow = state.players
    red.res = [1, 0, 0, 0]
    red.tools = [[1, 0], [1, 0]]
    blue.agriculture = 2
    start_actions(state, {RED: {"card1": 1, "hunt": 1}})
    assert state.turn == RED                        # Green and Yellow have nothing to resolve
    act(state, RED, "buy card 1 with w")
    assert state.dfa["dice"] == [2, 2, 5, 6]
    assert GAME.to_act(state) == frozenset({RED})
    rejects(state, RED, "tools 1", "pick one of the dice")
    act(state, RED, "pick 5")
    assert [v for v, _ in red.tools] == [1, 1, 1]
    rejects(state, RED, "pick 6", "not your turn")
    act(state, BLUE, "pick 6")
    assert blue.agriculture == 3
    events = act(state, GREEN, "pick 2")
    assert green.res == [0, 1, 0, 0]
    assert yellow.res == [0, 1, 0, 0]               # the last die, automatically
    assert any("last die" in e for e in events)
    assert state.dfa is None and state.turn == RED and GAME.to_act(state) == frozenset({RED})
    assert list(red.where) == ["hunt"]              # Red continues her action turn


# -- Example 8: two-player placement limits -----------------------------------------------------------

def test_example_8_two_player_placement():
    state = new(players=2, first=RED)
    act(state, RED, "place forest 3")
    rejects(state, BLUE, "place forest 2", "only one player per resource location in a 2-player game")
    act(state, BLUE, "place river 2")
    act(state, RED, "place field")
    act(state, BLUE, "place hut")
    rejects(state, RED, "place toolmaker", "only 2 of tool maker/field/hut may be used with 2–3 players")
    act(state, RED, "place building 1")
    assert state.phase == "place" and state.turn == BLUE
    act(state, BLUE, "place card 1")
    assert state.phase == "act" and state.turn == RED
    assert state.players[RED].where == {"forest": 3, "field": 1, "building1": 1}
    assert state.players[BLUE].where == {"river": 2, "hut": 2, "card1": 1}


# -- Example 9: game end by an empty stack, with final scoring ----------------------------------------

def test_example_9_end_by_empty_stack_and_final_scoring():
    state = new(players=2, first=RED, stacks=[["B04", "B01", "B02"], ["B12"]])
    state.round = 9
    red, blue = state.players
    red.score, red.res, red.food, red.agriculture = 82, [1, 1, 4, 0], 4, 5
    red.cards = ["C11", "C26", "C02", "C17", "C31"]
    blue.score, blue.res, blue.food, blue.people = 89, [2, 0, 0, 2], 7, 7
    blue.cards = ["C13", "C14", "C28", "C16", "C21"]
    blue.buildings = ["B05", "B06", "B07", "B08", "B09", "B10"]
    blue.building_points = [12, 12, 13, 13, 13, 13]
    start_actions(state, {RED: {"building2": 1}, BLUE: {"building1": 1}})
    act(state, RED, "buy building 2 with b s s")
    assert red.score == 96 and state.stacks[1] == []
    assert state.phase == "act" and state.turn == BLUE       # the game does not stop
    act(state, BLUE, "buy building 1 with w w g")
    assert blue.score == 101
    assert state.phase == "over" and state.round == 9 and state.end_reason == "stack"
    assert red.food == 4 and red.res == [1, 0, 2, 0] and blue.res == [0, 0, 0, 1]
    assert breakdown(red) == {"track": 96, "culture": 9, "farmers": 15, "tool_makers": 0, "hut_builders": 0,
                              "shamans": 0, "resources": 3, "total": 123}
    assert breakdown(blue) == {"track": 101, "culture": 2, "farmers": 0, "tool_makers": 0, "hut_builders": 35,
                               "shamans": 7, "resources": 1, "total": 146}
    outcome = GAME.outcome(state)
    assert outcome.scores == (123, 146) and outcome.ranks == (2, 1) and outcome.winners() == [BLUE]


# -- Example 10: culture and multiplier arithmetic --------------------------------------------------------

def test_example_10a_eight_symbols_three_doubled():
    symbols = ["art", "healing", "music", "pottery", "sundial", "transport", "weaving", "writing",
               "art", "music", "writing"]
    assert culture_points(symbols) == 73


def test_example_10b_summary_sheet():
    assert culture_points(["writing", "healing", "pottery", "art", "music", "pottery"]) == 26


def test_example_10c_tool_makers():
    p = Player()
    p.tools = [[3, 0], [3, 0], [2, 0]]
    p.cards = ["C09", "C34"]
    p.res = [0, 0, 0, 0]
    assert breakdown(p)["tool_makers"] == 24
    p.cards.append("C33")
    p.one_use = [4]
    assert breakdown(p)["tool_makers"] == 32
