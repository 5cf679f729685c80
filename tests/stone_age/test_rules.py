"""Rules beyond the worked examples: limits, options, card effects, end conditions, tie-breaks."""
from __future__ import annotations

from games.stone_age import GAME

from games.stone_age.rules import flow
from games.stone_age.actions import Place
from games.stone_age.components import cards

from tests.stone_age.helpers import BLUE, GREEN, RED, YELLOW, act, new, rejects, start_actions

ALL_CARDS = sorted(cards())


def deck_with(*first: str) -> list[str]:
    return list(first) + [c for c in ALL_CARDS if c not in first]


# -- setup -------------------------------------------------------------------------------------------

def test_setup_counts():
    for players in (2, 3, 4):
        state = GAME.setup(players, frozenset(), 11)
        assert len(state.stacks) == players and all(len(s) == 7 for s in state.stacks)
        assert len(state.display) == 4 and len(state.deck) == 32
        assert all(p.people == 5 and p.food == 12 and p.res == [0, 0, 0, 0] for p in state.players)
        assert state.phase == "place" and state.turn == state.first
        tiles = [t for s in state.stacks for t in s]
        assert len(set(tiles)) == 7 * players


def test_setup_is_deterministic_per_seed():
    assert GAME.to_json(GAME.setup(3, frozenset(), 5)) == GAME.to_json(GAME.setup(3, frozenset(), 5))
    assert GAME.to_json(GAME.setup(3, frozenset(), 5)) != GAME.to_json(GAME.setup(3, frozenset(), 6))


# -- placement -----------------------------------------------------------------------------------------

def test_three_player_limits():
    state = new(players=3, first=RED)
    act(state, RED, "place forest 2")
    act(state, BLUE, "place forest 2")
    rejects(state, GREEN, "place forest 1", "at most 2 players")
    act(state, GREEN, "place field")
    act(state, RED, "place hut")
    assert "toolmaker" in GAME.view(state, None).closed
    rejects(state, BLUE, "place toolmaker", "only 2 of tool maker")


def test_four_players_no_extra_limits_but_capacity_seven():
    state = new(players=4, first=RED)
    act(state, RED, "place forest 3")
    act(state, BLUE, "place forest 3")
    rejects(state, GREEN, "place forest 2", "room for 1 more")
    act(state, GREEN, "place forest 1")
    rejects(state, YELLOW, "place forest 1", "full")
    act(state, YELLOW, "place toolmaker")
    act(state, RED, "place field")
    act(state, BLUE, "place hut")
    assert GAME.view(state, None).closed == ()


def test_one_placement_per_location_and_hunt_repeat_option():
    state = new(first=RED)
    act(state, RED, "place hunt 2")
    act(state, BLUE, "place hunt 2")
    rejects(state, RED, "place hunt 1", "already have people")
    state = new(first=RED, options=["hunt_repeat"])
    act(state, RED, "place hunt 2")
    act(state, BLUE, "place hunt 2")
    act(state, RED, "place hunt 1")
    assert state.players[RED].where == {"hunt": 3}
    rejects(state, BLUE, "place forest 4", "only 3 people left")


def test_single_spots_and_hut_counts():
    state = new(first=RED)
    rejects(state, RED, "place field 2", "exactly one person")
    rejects(state, RED, "place hut 3", "exactly 2 people")
    rejects(state, RED, "place building 3", "only 2 building stacks")
    rejects(state, RED, "place forest 6", "only 5 people")
    rejects(state, RED, "place forest 0", "at least one")
    act(state, RED, "place card 4")
    rejects(state, BLUE, "place card 4", "already occupied")


def test_no_legal_placement_keeps_people_home():
    state = new(first=RED)
    red, blue = state.players
    # Red has one person left, already hunted and is in the forest; everything else is taken or closed.
    red.people, red.where = 7, {"hunt": 2, "forest": 1, "hut": 2, "building1": 1}
    blue.people = 9
    blue.where = {"clay": 1, "quarry": 1, "river": 1, "field": 1, "building2": 1,
                  "card1": 1, "card2": 1, "card3": 1, "card4": 1}
    assert GAME.legal_actions(state, RED) == []
    state.turn = BLUE
    events = flow.next_placer(state)
    assert state.phase == "act"
    assert any("1 people stay home" in e.msg.english() for e in events)
    assert red.people == 7


def test_placement_must_continue_until_everyone_is_placed():
    state = new(first=RED)
    act(state, RED, "place hunt 5")
    act(state, BLUE, "place forest 1")
    assert state.turn == BLUE and state.phase == "place"     # Red has nobody left and is skipped
    act(state, BLUE, "place clay 4")
    assert state.phase == "act" and state.turn == RED


# -- village and useless actions -------------------------------------------------------------------------

def test_hut_field_and_toolmaker_at_maximum_do_nothing():
    state = new()
    red = state.players[RED]
    red.people, red.agriculture = 10, 10
    red.tools = [[4, 0], [4, 0], [4, 0]]
    start_actions(state, {RED: {"hut": 2, "field": 1, "toolmaker": 1}, BLUE: {"hunt": 1}})
    assert "gives nothing" in act(state, RED, "resolve hut")[0]
    assert "no change" in act(state, RED, "resolve field")[0]
    assert "no change" in act(state, RED, "resolve toolmaker")[0]
    assert red.people == 10 and red.agriculture == 10 and red.tool_total == 12


def test_new_person_from_the_hut_eats_this_round():
    state = new(first=RED, dice=[1])
    red = state.players[RED]
    red.food = 0
    red.agriculture = 6
    start_actions(state, {RED: {"hut": 2}, BLUE: {"hunt": 1}})
    act(state, RED, "resolve hut")
    act(state, BLUE, "resolve hunt")
    assert red.people == 6 and red.food == 0 and red.score == 0


def test_skip_takes_people_back_without_effect():
    state = new()
    start_actions(state, {RED: {"forest": 3, "field": 1}, BLUE: {"hunt": 1}})
    act(state, RED, "skip forest")
    assert state.players[RED].res == [0, 0, 0, 0] and "forest" not in state.players[RED].where
    rejects(state, RED, "resolve forest", "no people on the forest")
    rejects(state, RED, "buy card 1 with w", "no people on")


def test_gathered_resources_pay_later_in_the_same_turn():
    state = new(stacks=[["B26"], ["B01"]], dice=[6, 6, 6])
    start_actions(state, {RED: {"forest": 3, "building1": 1}, BLUE: {"hunt": 1}})
    rejects(state, RED, "buy building 1 with 6w", "don't have")
    act(state, RED, "resolve forest")
    act(state, RED, "buy building 1 with 6w")
    assert state.players[RED].score == 18


# -- cards ------------------------------------------------------------------------------------------------

def card_game(cid: str, res=(4, 0, 0, 0), dice=(), players=2):
    state = new(players=players, deck=deck_with(cid), dice=dice)
    state.players[RED].res = list(res)
    start_actions(state, {RED: {"card1": 1, "field": 1}, BLUE: {"hunt": 1}})
    return state


def test_card_effects_simple():
    expectations = {
        "C11": lambda p: p.food == 19, "C18": lambda p: p.res[2] == 2, "C21": lambda p: p.res[3] == 1,
        "C22": lambda p: p.res[1] == 1, "C26": lambda p: p.score == 3, "C30": lambda p: p.agriculture == 1,
        "C33": lambda p: p.one_use == [4], "C35": lambda p: p.one_use == [2],
    }
    for cid, check in expectations.items():
        state = card_game(cid)
        act(state, RED, "buy card 1 with w")
        assert check(state.players[RED]), cid
        assert state.players[RED].cards == [cid]


def test_card_costs_exactly_its_slot_number():
    state = card_game("C26", res=(2, 0, 0, 0))
    rejects(state, RED, "buy card 1 with w w", "exactly 1")
    rejects(state, RED, "buy card 1 with g", "don't have")


def test_extra_card_takes_deck_top_bottom_half_only():
    state = new(deck=deck_with("C32", "C02", "C03", "C04", "C11"))
    state.players[RED].res = [1, 0, 0, 0]
    start_actions(state, {RED: {"card1": 1, "field": 1}, BLUE: {"hunt": 1}})
    act(state, RED, "buy card 1 with w")
    red = state.players[RED]
    assert red.cards == ["C32", "C11"] and red.food == 12     # C11's 7 food is not applied
    assert len(state.deck) == 31


def test_extra_card_with_an_empty_deck_draws_nothing():
    state = card_game("C32", res=(1, 0, 0, 0))
    state.deck = []
    events = act(state, RED, "buy card 1 with w")
    assert state.players[RED].cards == ["C32"] and any("draws nothing" in e for e in events)


def test_resource_roll_card_accepts_tools():
    state = card_game("C23", res=(1, 0, 0, 0), dice=[4, 5])
    state.players[RED].tools = [[3, 0]]
    act(state, RED, "buy card 1 with w")
    assert state.roll is not None and state.roll["source"] == "C23"
    act(state, RED, "tools 3")
    assert state.players[RED].res[3] == 2


def test_one_use_tools_are_spent_with_permanent_ones():
    state = new(dice=[2, 2])
    red = state.players[RED]
    red.tools = [[1, 0]]
    red.one_use = [4, 2]
    start_actions(state, {RED: {"quarry": 2, "field": 1}, BLUE: {"hunt": 1}})
    act(state, RED, "resolve quarry")
    rejects(state, RED, "tools u3", "no one-use tool u3")
    act(state, RED, "tools 1 u4 u2")
    assert red.res[2] == 2 and red.one_use == [] and red.tools == [[1, 1]]


def test_any_two_resources_claimed_any_time_or_counted_at_the_end():
    state = card_game("C36", res=(1, 0, 0, 0))
    act(state, RED, "buy card 1 with w")
    assert state.players[RED].c36 == 1
    # Blue acts next, Red may still claim on Blue's turn.
    act(state, RED, "skip field")
    assert state.turn == BLUE
    assert str(GAME.legal_actions(state, RED)[0]).startswith("claim")
    rejects(state, RED, "claim w", "exactly 2")
    act(state, RED, "claim w g")
    assert state.players[RED].res == [1, 0, 0, 1] and state.players[RED].c36 == 0
    rejects(state, RED, "claim w g", "no 'any 2 resources'")


def test_dice_for_all_two_players_and_no_tools():
    state = card_game("C06", res=(1, 0, 0, 0), dice=[6, 4])
    state.players[RED].tools = [[2, 0]]
    act(state, RED, "buy card 1 with w")
    assert GAME.legal_actions(state, RED) and all(str(a).startswith("pick") for a in GAME.legal_actions(state, RED))
    rejects(state, RED, "tools 2", "pick one of the dice")
    act(state, RED, "pick 4")
    assert state.players[RED].res[3] == 1 and state.players[BLUE].agriculture == 1
    assert state.dfa is None and state.turn == RED


# -- feeding -----------------------------------------------------------------------------------------------

def test_starvation_is_automatic_without_enough_resources():
    state = new(first=BLUE, dice=[1])
    red = state.players[RED]
    red.food, red.res, red.score = 1, [1, 0, 0, 0], 4
    start_actions(state, {BLUE: {"hunt": 1}})
    act(state, BLUE, "resolve hunt")
    assert red.score == -6 and red.res == [1, 0, 0, 0] and state.round == 2


def test_feeding_waits_for_all_short_players_at_once():
    state = new(first=BLUE, dice=[1])
    for p in state.players:
        p.food, p.res = 3, [5, 0, 0, 0]
    start_actions(state, {BLUE: {"hunt": 1}})
    act(state, BLUE, "resolve hunt")
    assert GAME.to_act(state) == frozenset({RED, BLUE})
    act(state, BLUE, "feed starve")
    assert state.phase == "feed"
    act(state, RED, "feed pay 2w")
    assert state.round == 2 and state.players[BLUE].score == -10 and state.players[RED].res == [3, 0, 0, 0]


# -- game end ---------------------------------------------------------------------------------------------

def test_game_ends_when_display_cannot_be_refilled():
    state = new(deck=deck_with("C26", "C27", "C28", "C11", "C12"))
    state.deck = state.deck[:0]
    state.players[RED].res = [3, 0, 0, 0]
    start_actions(state, {RED: {"card1": 1}, BLUE: {"hunt": 1}})
    state.dice_queue = [1]
    act(state, RED, "buy card 1 with w")
    act(state, BLUE, "resolve hunt")
    assert state.phase == "over" and state.end_reason == "cards"


def test_empty_deck_without_taken_cards_goes_on():
    state = new()
    state.deck = []
    start_actions(state, {RED: {"field": 1}, BLUE: {"hunt": 1}})
    state.dice_queue = [1]
    act(state, RED, "resolve field")
    act(state, BLUE, "resolve hunt")
    assert state.phase == "place" and state.round == 2


def test_tie_break_order_and_sum():
    for options, winner in ((frozenset(), RED), (frozenset({"tiebreak_sum"}), BLUE)):
        state = new(options=options)
        red, blue = state.players
        red.agriculture, red.tools, red.people = 3, [], 5        # order: agriculture first -> Red
        blue.agriculture, blue.tools, blue.people = 2, [[4, 0], [4, 0]], 5   # sum: 2 + 8 + 5 > 3 + 0 + 5
        state.phase = "over"
        outcome = GAME.outcome(state)
        assert outcome.scores[RED] == outcome.scores[BLUE]
        assert outcome.winners() == [winner]


def test_full_tie_shares_the_rank():
    state = new()
    state.phase = "over"
    assert GAME.outcome(state).ranks == (1, 1)


def test_nothing_after_the_end():
    state = new()
    state.phase = "over"
    rejects(state, RED, "place hunt 1", "game is over")
    assert GAME.legal_actions(state, RED) == [] and GAME.to_act(state) == frozenset()


def test_wrong_phase_and_turn_messages():
    state = new(first=RED)
    rejects(state, BLUE, "place hunt 1", "not your turn")
    rejects(state, RED, "resolve forest", "placement phase")
    rejects(state, RED, "feed starve", "placement phase")
    assert Place("hunt", 5) in GAME.legal_actions(state, RED)
