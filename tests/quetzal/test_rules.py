"""Rules beyond the worked examples: each section of the reference that has a testable effect."""
from __future__ import annotations

import pytest

from games.core import IllegalAction
from games.quetzal import GAME
from games.quetzal.actions import Deliver, Keep, Place, Reroll
from games.quetzal.rules.gains import gain_discovery, gain_tile
from games.quetzal.rules.rounds import start_round
from games.quetzal.rules.scoring import kind_points, score_delivery
from tests.quetzal.helpers import ScriptedRng, act, new_game, park, pool, set_pool

ANA, BEN, CY = 0, 1, 2


def only(state, seat, spec):
    """``seat`` has exactly the workers in ``spec`` in its pool; the rest are parked at the Camp."""
    set_pool(state, seat, spec)
    park(state, seat, keep=[t.split(":")[0][:-1] if ":" not in t else "big" for t in spec.split()])


def test_stele_marker_and_discovery() -> None:
    state = new_game(3, marker=ANA)
    set_pool(state, ANA, "1w")
    with pytest.raises(IllegalAction, match="start player marker"):
        act(state, ANA, "team stele 1")
    assert not [a for a in GAME.legal_actions(state, ANA) if a.space == "stele"]
    only(state, ANA, "1w")
    only(state, BEN, "1w")
    park(state, CY)
    act(state, ANA, "team camp 1")
    state.rng = ScriptedRng(["w"] * 21)
    act(state, BEN, "team stele 1 white")
    assert state.round == 2 and state.marker == BEN and state.turn == BEN
    assert state.player(BEN).discovery == 1


def test_single_space_taken_and_costs() -> None:
    state = new_game(3, marker=ANA)
    set_pool(state, ANA, "1w 2w")
    set_pool(state, BEN, "1w 2w")
    state.player(ANA).coins = 5
    state.player(BEN).coins = 3
    act(state, ANA, "team t1 1 white")
    assert state.player(ANA).coins == 0
    with pytest.raises(IllegalAction, match="already taken"):
        act(state, BEN, "team t1 1 white")
    with pytest.raises(IllegalAction, match="costs 4 coins"):
        act(state, BEN, "team t2 1 white")
    assert not [a for a in GAME.legal_actions(state, BEN) if a.space in ("t1", "t2")]
    assert [a for a in GAME.legal_actions(state, BEN) if a.space == "t3"]


def test_temple_discount_tile() -> None:
    state = new_game(3, marker=ANA)
    set_pool(state, ANA, "1w")
    state.player(ANA).tiles = ["U01"]
    state.player(ANA).coins = 4
    act(state, ANA, "team t1 1 white")
    assert state.player(ANA).coins == 0


def test_big_worker_returns_wild_and_normal_wild_returns_fixed() -> None:
    state = new_game(3, marker=ANA)
    only(state, ANA, "1s big:w")
    only(state, BEN, "1k 2k 3k")
    act(state, ANA, "team ship 2 black")
    assert [t.workers for t in state.teams_on("ship")] == [["1", "big"]]
    act(state, BEN, "bid ship 3 black")
    assert "1k" in pool(state, ANA) and "big*" in pool(state, ANA)
    assert state.player(ANA).worker("big").wild and not state.player(ANA).worker("1").wild


def test_no_adding_to_own_auction_team() -> None:
    state = new_game(2, marker=ANA)
    set_pool(state, ANA, "1k 2k 3k")
    set_pool(state, BEN, "1w")
    act(state, ANA, "team 3c 1 black")
    act(state, BEN, "team camp 1")
    act(state, BEN, "reroll none")
    with pytest.raises(IllegalAction, match="already hold 3c"):
        act(state, ANA, "team 3c 2 black")
    assert not [a for a in GAME.legal_actions(state, ANA) if a.space == "3c"]


def test_auction_colour_and_size_from_legal_actions() -> None:
    state = new_game(3, marker=ANA)
    set_pool(state, ANA, "1k 2k")
    set_pool(state, BEN, "1w 2w 3w 4k 5k 6k big:w")
    act(state, ANA, "team 3b 2 black")
    on_3b = [a for a in GAME.legal_actions(state, BEN) if a.space == "3b"]
    assert on_3b and all(a.colour == "k" and a.count >= 3 for a in on_3b)
    assert {a.count for a in on_3b} == {3, 4}                   # 4k 5k 6k and the big worker


def test_camp_per_worker_and_empty_pool() -> None:
    state = new_game(3, marker=ANA)
    only(state, ANA, "1w 2k 3k")
    state.player(ANA).coins = 0
    act(state, ANA, "team camp 2 use 1,2")
    assert state.player(ANA).coins == 2 and state.camp_rerolls == 2
    state.rng = ScriptedRng(["u", "s"])
    act(state, ANA, "reroll 3")
    assert state.player(ANA).coins == 3 and state.turn == ANA
    act(state, ANA, "reroll 3")
    assert state.player(ANA).coins == 3 and state.turn == BEN
    state.turn = ANA
    only(state, ANA, "3w")
    state.turn = ANA
    act(state, ANA, "team camp 1")
    assert state.camp_rerolls == 0 and state.turn != ANA       # pool empty: no reroll


def test_mixed_team_on_harbour_and_camp() -> None:
    state = new_game(3, marker=ANA)
    only(state, ANA, "1w 2k 3s")
    state.player(ANA).coins = 6
    action = GAME.parse(state, ANA, "team hm 3")
    assert action == Place("hm", None, ("1", "2", "3"), True)
    act(state, ANA, "team hm 3")
    assert state.player(ANA).coins == 0


def test_harbour_costs_two_per_worker() -> None:
    state = new_game(3, marker=ANA)
    set_pool(state, ANA, "1w 2k 3k")
    state.player(ANA).coins = 3
    with pytest.raises(IllegalAction, match="costs 4 coins"):
        act(state, ANA, "team hm 2")
    assert {a.count for a in GAME.legal_actions(state, ANA) if a.space == "hm"} == {1}


def test_passing_is_not_allowed() -> None:
    state = new_game(3, marker=ANA)
    with pytest.raises(IllegalAction):
        act(state, ANA, "pass")
    assert any(a.space == "camp" for a in GAME.legal_actions(state, ANA))


def test_permanent_overflow_and_identical_tile() -> None:
    state = new_game(3, marker=ANA)
    ana = state.player(ANA)
    events: list = []
    gain_tile(state, ANA, "U01", events)
    gain_tile(state, ANA, "U02", events)            # identical to U01: straight to the discard pile
    assert ana.tiles == ["U01"] and ana.stored == ["U02"]
    gain_tile(state, ANA, "U03", events)
    gain_tile(state, ANA, "U07", events)
    assert ana.tiles == ["U01", "U03", "U07"]
    assert GAME.to_act(state) == {ANA}
    assert {str(a) for a in GAME.legal_actions(state, ANA)} == {"store U01", "store U03", "store U07"}
    with pytest.raises(IllegalAction, match="store one"):
        act(state, ANA, "team camp 1")
    act(state, ANA, "store U03")
    assert ana.tiles == ["U01", "U07"] and ana.stored == ["U02", "U03"]


def test_village_choice_and_overflow_during_resolution() -> None:
    state = new_game(3, marker=ANA)
    only(state, ANA, "1k")
    park(state, BEN)
    park(state, CY)
    state.village = ["U13", "U05", "U09"]
    ana = state.player(ANA)
    ana.tiles = ["U01", "U03"]
    act(state, ANA, "team v1 1 black")
    assert {str(a) for a in GAME.legal_actions(state, ANA)} == {"upgrade 1", "upgrade 2", "upgrade 3"}
    act(state, ANA, "upgrade U09")                 # a tile ID names its slot
    assert ana.tiles == ["U01", "U03", "U09"] and state.round == 1
    act(state, ANA, "store U01")
    assert state.round == 2 and ana.stored == ["U01"]
    assert state.village[2] is not None             # the empty slot was refilled


def test_instant_tiles() -> None:
    state = new_game(3, marker=ANA)
    ana = state.player(ANA)
    ana.coins = 0
    events: list = []
    gain_tile(state, ANA, "U21", events)
    assert len(ana.hand) == 2 and ana.stored == ["U21"]
    gain_tile(state, ANA, "U17", events)
    assert ana.discovery == 1
    gain_tile(state, ANA, "U14", events)
    assert ana.coins == 5 and ana.stored == ["U21", "U17", "U14"]


def test_discovery_rewards_each_step_and_end_of_track() -> None:
    state = new_game(3, marker=ANA)
    ana = state.player(ANA)
    ana.coins, ana.vp = 0, 0
    state.stack.remove("U15")
    state.stack.insert(0, "U15")
    gain_discovery(state, ANA, 12, [])
    assert ana.discovery == 10
    assert ana.coins == 1 + 2 + 5 + 2 + 3          # spaces 2, 4, U15 at 6, 7, 9
    assert ana.vp == 1 + 2 + 3 + 5                 # spaces 3, 5, 8, 10


def test_dealer_tile_and_ship_groups_of_three() -> None:
    assert kind_points("V", 4) == 6 + 1 and kind_points("M", 6) == 24
    assert score_delivery(["V09", "V10", "V11", "V12"], ["V"]).vp == 7 + 4
    state = new_game(3, marker=ANA)
    only(state, ANA, "1k")
    park(state, BEN)
    park(state, CY)
    ana = state.player(ANA)
    ana.tiles = ["U12"]
    ana.hand = ["M09", "M10"]
    act(state, ANA, "team ship 1 black")
    act(state, ANA, "deliver M09 M10")
    assert ana.vp == 7 + 2


def test_harbour_resolves_in_placement_order() -> None:
    state = new_game(3, marker=BEN)
    only(state, BEN, "1w")
    only(state, ANA, "1w 2w")
    park(state, CY)
    state.player(ANA).coins = state.player(BEN).coins = 4
    state.player(ANA).hand = ["V09"]
    state.player(BEN).hand = ["T09"]
    act(state, BEN, "team hm 1")
    act(state, ANA, "team hm 2")
    assert [(s.seat, s.index) for s in state.steps] == [(BEN, 0), (ANA, 0), (ANA, 1)]
    act(state, BEN, "deliver none")
    act(state, ANA, "deliver V09")
    assert state.round == 2                        # Ana's second worker had nothing left to deliver


def test_temple_with_few_cards_takes_what_is_there() -> None:
    state = new_game(3, marker=ANA)
    only(state, ANA, "1w")
    park(state, BEN)
    park(state, CY)
    state.display = [None, "V09", None, None, None, None, None, None]
    act(state, ANA, "team t2 1 white")
    assert "V09" in state.player(ANA).hand


def test_deck_reshuffles_from_discard() -> None:
    state = new_game(3, marker=ANA)
    state.discard = state.deck[5:]
    state.deck = state.deck[:1]
    from games.quetzal.rules.gains import draw_into_hand
    drawn = draw_into_hand(state, ANA, 3, [])
    assert len(drawn) == 3 and state.discard == [] and len(state.player(ANA).hand) == 3
    assert len(state.deck) == 75 - 14 - 5 + 1 - 3          # the old discard pile minus two draws


def test_reroll_tiles_window() -> None:
    state = new_game(3, marker=ANA)
    state.player(ANA).tiles = ["U03"]
    state.player(BEN).tiles = ["U05"]
    state.rng = ScriptedRng(["w"] * 21 + ["u", "s"] + ["k"] * 7)
    start_round(state)
    assert state.phase == "reroll" and GAME.to_act(state) == {ANA, BEN}
    legal_ana = GAME.legal_actions(state, ANA)
    assert Keep() in legal_ana and Reroll((), True) not in legal_ana and len(legal_ana) == 1 + 7 + 21
    assert Reroll((), True) in GAME.legal_actions(state, BEN)
    with pytest.raises(IllegalAction, match="at most 2"):
        act(state, ANA, "reroll 1 2 3")
    coins = state.player(ANA).coins
    act(state, ANA, "reroll 1 2")
    assert state.player(ANA).coins == coins + 1 and pool(state, ANA).startswith("1* 2* 3w")
    assert GAME.to_act(state) == {BEN}
    act(state, BEN, "reroll all")
    assert state.phase == "place" and pool(state, BEN) == "1k 2k 3k 4k 5k 6k big*"


def test_game_ends_after_five_rounds() -> None:
    state = GAME.setup(2, frozenset(), 3)
    rounds = set()
    player = GAME.computer_player("greedy")
    import random
    rng = random.Random(0)
    while not GAME.is_over(state):
        rounds.add(state.round)
        seat = min(GAME.to_act(state))
        GAME.apply(state, seat, player.choose(GAME, state, seat, rng))
    assert rounds == {1, 2, 3, 4, 5} and state.round == 5 and GAME.to_act(state) == frozenset()
    assert state.teams                                 # no Phase 4 after round 5: the board stays
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(state, 0, Deliver(()))
