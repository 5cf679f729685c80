"""The worked examples E1-E8 of the rules reference (section 15), with their exact results."""
from __future__ import annotations

from games.keyflower import GAME
from games.keyflower.rules import geometry
from games.keyflower.rules import village as vil
from games.keyflower.rules.scoring import best_resources, running_vp, score_player
import copy

from games.keyflower.state import Placed, counts
from games.keyflower.components import COLOURS, SKILLS

from tests.keyflower.helpers import play, put, rejected, skills, state, supply

ANN, BOB, CARA, DAN = 0, 1, 2, 3
SPRING7 = ["alehouse", "keywood", "goldmine", "keystone", "keymine", "miner", "workshop"]


def test_e1_bidding_colour_lock_moving_and_end_of_phase():
    st = state(3, auction=SPRING7, supplies=["R3 B2 Y3", "R2 B2 Y4", "R5 B2 Y1"])
    assert st.orders == ["to1", "to2"]
    play(st, ANN, "bid alehouse 1 yellow")
    assert st.activity["alehouse"].lock == "yellow" and st.activity["alehouse"].leader() == ANN
    assert supply(st, ANN)["yellow"] == 2
    play(st, BOB, "bid alehouse 2 yellow")
    assert st.activity["alehouse"].leader() == BOB and st.activity["alehouse"].losing(ANN)
    assert supply(st, BOB)["yellow"] == 2
    play(st, CARA, "bid keywood 1 red")
    assert st.activity["keywood"].lock == "red" and supply(st, CARA)["red"] == 4
    assert "locked to red" in rejected(st, ANN, "bid keywood 2 yellow from alehouse")
    assert "does not beat 2" in rejected(st, ANN, "bid alehouse 1 yellow")
    events = play(st, ANN, "bid goldmine 2 yellow from alehouse")
    assert "alehouse" not in [t for t, a in st.activity.items() if ANN in a.bids]
    assert st.activity["goldmine"].bids[ANN].count == 2 and st.activity["goldmine"].leader() == ANN
    assert supply(st, ANN) == {"red": 3, "blue": 2, "yellow": 1}
    assert events[0].msg.params["command"] == "bid goldmine 2 yellow from alehouse"
    assert str(events[0].msg.params["code"]) == "Sp-04"
    play(st, BOB, "pass")
    assert st.passes == 1
    play(st, CARA, "pass")
    assert st.passes == 2
    bag_before = sum(st.bag.values())
    play(st, ANN, "pass")
    # end of spring
    assert st.phase == "boats"
    assert sum(st.bag.values()) == bag_before + 5
    assert st.seats[ANN].pending == ["goldmine"]
    assert st.seats[BOB].pending == ["alehouse"]
    assert st.seats[CARA].pending == ["keywood"]
    assert sorted(st.removed) == sorted(set(SPRING7) - {"alehouse", "keywood", "goldmine"})
    assert st.orders == ["to1", "to2"]
    assert st.boat_queue == [ANN, BOB, CARA]
    assert st.purple == BOB and st.start == BOB


def test_e2_using_a_tile_on_auction():
    st = state(4, season=1, auction=["store", "carpenter"],
               supplies=["Y3 B1", "Y4 B1 R2", "Y1 R3", "Y2 R2"])
    st.green = 20
    play(st, ANN, "use store 2 yellow")
    assert st.green == 19 and st.activity["store"].lock == "yellow"
    assert [u.count for u in st.activity["store"].uses] == [2]
    assert supply(st, ANN) == {"yellow": 1, "green": 1}
    assert "at least 3" in rejected(st, BOB, "use store 2 yellow")
    assert "locked to yellow" in rejected(st, BOB, "use store 3 red")
    play(st, BOB, "use store 3 yellow")
    assert [u.count for u in st.activity["store"].uses] == [2, 3]
    assert supply(st, BOB) == {"yellow": 1, "red": 2, "green": 1}
    assert not [a for a in GAME.legal_actions(st, CARA) if str(a).startswith("use store")]
    assert "locked to yellow" in rejected(st, CARA, "bid store 1 red")
    play(st, CARA, "bid store 1 yellow")
    play(st, DAN, "bid store 2 yellow")
    assert st.activity["store"].leader() == DAN
    for seat in (ANN, BOB, CARA, DAN):
        play(st, seat, "pass")
    assert supply(st, CARA) == {"yellow": 1, "red": 3}
    assert supply(st, DAN) == {"yellow": 5, "red": 2}          # +5 use-keeples, -2 winning bid: net +3
    assert st.seats[DAN].pending == ["store"]


def test_e3_using_a_tile_in_another_village():
    st = state(2, season=1, auction=["carpenter"], supplies=["Y3 R2", "Y2"], start=BOB)
    put(st, ANN, "woodcutter", 0, 1)
    play(st, BOB, "use woodcutter 1 yellow")
    bob_home = st.seats[BOB].village[st.seats[BOB].home]
    assert bob_home.res["wood"] == 2
    assert "at least 2" in rejected(st, ANN, "use woodcutter 1 yellow")
    assert "locked to yellow" in rejected(st, ANN, "use woodcutter 2 red")
    play(st, ANN, "use woodcutter 2 yellow")
    assert st.seats[ANN].village["woodcutter"].res["wood"] == 2
    assert supply(st, ANN) == {"yellow": 1, "red": 2}
    play(st, BOB, "pass")
    play(st, ANN, "pass")
    assert supply(st, ANN) == {"yellow": 4, "red": 2}          # the 3 yellow from her Woodcutter, one of them Bob's
    assert supply(st, BOB) == {"yellow": 1}


def _e4_village():
    st = state(2, season=2, auction=["inn"], supplies=["R3", "R2"])
    player = st.seats[ANN]
    player.village = {}
    player.home = "home2"
    put(st, ANN, "home2", 0, 0)
    put(st, ANN, "workshop", 0, 1, wood=1, stone=1, iron=1)
    put(st, ANN, "apprentice", -1, 1, k=1)
    put(st, ANN, "farrier", 0, 2)
    return st


def test_e4_village_geometry():
    st = _e4_village()
    edges = vil.edges_at(st.seats[ANN])
    assert edges[(0, 0)] == "WRRRRR" and edges[(0, 1)] == "RGGRRR"
    assert edges[(-1, 1)] == "GRRGRR" and edges[(0, 2)] == "RGRGGR"
    links = geometry.road_links(edges)
    connected = {frozenset((a, b)) for a, bs in links.items() for b in bs}
    assert connected == {frozenset(p) for p in [((0, 0), (0, 1)), ((0, 0), (-1, 1)), ((0, 1), (-1, 1)),
                                                 ((0, 1), (0, 2))]}

    def d(a, b):
        return vil.distance(st, ANN, a, b)

    assert (d("workshop", "apprentice"), d("workshop", "farrier"), d("farrier", "home2"),
            d("farrier", "apprentice")) == (1, 1, 2, 2)


def test_e4_transport_and_upgrade():
    st = _e4_village()
    vp_before = running_vp(st.seats[ANN])
    play(st, ANN, "use farrier 1 red; move stone workshop apprentice; move wood workshop farrier; "
                  "move iron workshop farrier; up farrier")
    village = st.seats[ANN].village
    assert village["farrier"].upgraded
    assert running_vp(st.seats[ANN]) == vp_before + 5
    assert village["apprentice"].res == {"wood": 0, "stone": 1, "iron": 0, "gold": 0}
    assert sum(village["workshop"].res.values()) == 0 and sum(village["farrier"].res.values()) == 0
    assert [u.keeples for u in st.activity["farrier"].uses] == [counts(COLOURS, {"red": 1})]
    assert st.transport is None and st.turn == BOB
    # later in the same autumn: 1 wood on the home
    village["home2"].res["wood"] += 1
    st.stock["wood"] -= 1
    play(st, BOB, "pass")
    assert "at least 2" in rejected(st, ANN, "use farrier 1 red")
    play(st, ANN, "use farrier 2 red; move wood home apprentice; up apprentice")
    assert village["apprentice"].upgraded
    assert running_vp(st.seats[ANN]) == vp_before + 8
    assert [u.count for u in st.activity["farrier"].uses] == [1, 2]
    assert st.activity["farrier"].use_total() == 3


def test_e4_rejections_exact_reasons():
    st = _e4_village()
    # the farrier holds nothing, so its own upgrade cannot be paid
    assert "farrier costs any + any" in rejected(st, ANN, "use farrier 1 red; up farrier")
    # moving after an upgrade (made payable here so that the move is what fails)
    st2 = _e4_village()
    st2.seats[ANN].village["farrier"].res["wood"] = 2
    assert "No more moves after an upgrade" in rejected(st2, ANN, "use farrier 1 red; up farrier; move wood workshop farrier")
    # over budget: 1 + 1 + 2 = 4 > 3
    msg = rejected(st, ANN, "use farrier 1 red; move stone workshop apprentice; move wood workshop farrier; "
                            "move wood farrier home")
    assert "costs 2, but only 1 transport is left" in msg


def test_e4_reference_variant_costs_three_not_four():
    """The reference calls 'move stone workshop home; ...' 4 > 3, but by its own road list the
    home-workshop link makes that move cost 1, so the command costs exactly 3 and is legal."""
    st = _e4_village()
    assert vil.distance(st, ANN, "workshop", "home2") == 1
    play(st, ANN, "use farrier 1 red; move stone workshop home; move wood workshop farrier; move iron workshop farrier")
    assert st.seats[ANN].village["home2"].res["stone"] == 1
    assert st.seats[ANN].village["farrier"].res == {"wood": 1, "stone": 0, "iron": 1, "gold": 0}


def test_e4_staged_transport_matches_the_one_line_command():
    st = _e4_village()
    play(st, ANN, "use farrier 1 red")
    assert st.transport is not None and GAME.to_act(st) == {ANN}
    legal = {str(a) for a in GAME.legal_actions(st, ANN)}
    assert {"move stone workshop apprentice", "move wood workshop farrier", "done"} <= legal
    assert "up farrier" not in legal
    for text in ("move stone workshop apprentice", "use move wood workshop farrier", "move iron workshop farrier"):
        play(st, ANN, text)
    assert "up farrier" in {str(a) for a in GAME.legal_actions(st, ANN)}
    play(st, ANN, "up farrier")
    assert st.seats[ANN].village["farrier"].upgraded
    assert st.transport is None and st.turn == BOB          # no upgrade left: the transport ends by itself


def test_e5_placement_and_river():
    st = state(3, supplies=["", "", ""])
    st.seats[ANN].pending = ["alehouse", "boat2b", "barn"]
    st.phase = "placement"
    assert vil.rotations_at(st, ANN, "alehouse", (-1, 0)) == [0, 1, 2, 5]
    for k in (0, 1, 5):
        edges = geometry.rotated("RRRRGG", k)
        assert edges[1] == "R"                                # faces the first river cell
    assert geometry.rotated("RRRRGG", 2)[1] == "G"
    assert vil.rotations_at(st, ANN, "barn", (1, -1)) == [3, 4]
    assert geometry.rotated("RRGGGG", 3) == "GGGRRG" and geometry.rotated("RRGGGG", 4) == "GGGGRR"
    assert not vil.rotations_at(st, ANN, "boat2b", (1, -1))  # the home's NE edge is a road
    events = play(st, ANN, "place alehouse -1,0 r2")
    assert not any("Warning" in e.msg.text for e in events)
    assert vil.rotations_at(st, ANN, "boat2b", (0, -1)) == [0, 3]
    play(st, ANN, "place boat2 0,-1 r0")
    edges = vil.edges_at(st.seats[ANN], tentative=True)
    edges[(0, -2)] = geometry.rotated("WGGWGG", 0)           # the Sea Breese, later
    assert geometry.fits(vil.edges_at(st.seats[ANN], tentative=True), (0, -2), "WGGWGG")
    assert geometry.river_chain(edges) == [(0, -1), (0, -2)]


def test_e5_road_towards_the_river_warns():
    st = state(3, supplies=["", "", ""])
    st.seats[ANN].pending = ["alehouse", "barn"]
    st.phase = "placement"
    events = play(st, ANN, "place alehouse -1,0 r0")
    assert any("Warning" in e.msg.text and e.to == frozenset({ANN}) for e in events)


def _e6(bid_to2: bool):
    st = state(3, auction=SPRING7, supplies=["B1", "R2", "B2"])
    st.cargo = {
        "keyflower": {**counts(COLOURS, {"red": 3, "blue": 2, "yellow": 2}), **counts(SKILLS, {"pick": 1})},
        "seabastion": {**counts(COLOURS, {"red": 1, "blue": 3, "yellow": 2}), **counts(SKILLS, {"saw": 1, "anvil": 1})},
        "seabreese": {**counts(COLOURS, {"blue": 2, "yellow": 4}), **counts(SKILLS, {"saw": 1})},
    }
    if bid_to2:
        play(st, ANN, "bid to2 1 blue")
    else:
        play(st, ANN, "pass")
    play(st, BOB, "bid to1 2 red")
    if bid_to2:
        play(st, CARA, "bid to2 2 blue")
    else:
        play(st, CARA, "pass")
    while st.phase == "actions":
        play(st, st.turn, "pass")
    return st


def test_e6_turn_order_tiles_and_boats():
    st = _e6(True)
    assert supply(st, ANN) == {"blue": 1}                    # the losing 1B came back
    assert st.boat_queue == [BOB, CARA, ANN]
    assert st.purple == CARA
    play(st, BOB, "boat keyflower")
    assert supply(st, BOB) == {"red": 3, "blue": 2, "yellow": 2}
    assert st.seats[BOB].skills["pick"] == 1
    bag, pile = sum(st.bag.values()), sum(st.pile.values())
    play(st, CARA, "boat seabastion")
    assert supply(st, CARA) == {"red": 1, "blue": 3, "yellow": 2}
    assert supply(st, ANN) == {"blue": 3, "yellow": 4} and st.seats[ANN].skills["saw"] == 1
    # summer starts at once (nobody won a village tile): Cara, Ann, Bob
    assert st.season == 1 and st.phase == "actions"
    assert st.start == CARA and st.turn == CARA
    assert {b: sum(st.cargo[b][c] for c in COLOURS) for b in st.boats} == {"keyflower": 7, "seabastion": 6,
                                                                            "seabreese": 4}
    assert bag - sum(st.bag.values()) == 17 and pile - sum(st.pile.values()) == 4


def test_e6_variant_nobody_bids_on_to2():
    st = _e6(False)
    assert st.boat_queue == [BOB, ANN, CARA]
    assert st.purple == BOB and st.start == BOB
    play(st, BOB, "boat keyflower")
    play(st, ANN, "boat seabreese")
    assert st.season == 1 and st.turn == BOB
    order = [(st.start + i) % 3 for i in range(3)]
    assert order == [BOB, CARA, ANN]


def _e7_state():
    st = state(3, supplies=["", "", ""])
    st.seats[ANN].village = {}
    st.seats[ANN].home = "home1"
    put(st, ANN, "home1", 0, 0, upgraded=True)
    put(st, ANN, "stable", 1, 0)
    put(st, ANN, "sawmill", 2, 0, upgraded=True)
    put(st, ANN, "timberyard", 3, 0, upgraded=True, wood=3, gold=1)
    put(st, ANN, "keyflower", 4, 0)
    put(st, ANN, "workshop", 0, 1, wood=6, stone=3, iron=6, gold=2)
    put(st, ANN, "mercers", 10, 9)
    put(st, ANN, "windmill", 11, 9)
    put(st, ANN, "to1", 10, 10)
    st.seats[ANN].keeples = counts(COLOURS, {"blue": 2, "red": 1, "green": 1})
    st.seats[ANN].skills = skills("saw")
    return st


def test_e7_final_scoring():
    st = _e7_state()
    assert score_player(st, ANN) == {"fixed": 15, "auto": 6, "storage": 12, "alloc": 25, "gold": 0, "total": 58}


def test_e7_keeping_the_gold_scores_less():
    have = {"wood": 6, "stone": 3, "iron": 6, "gold": 2}
    assert best_resources(have, {"mercers", "windmill"}) == (25, 0)
    # the alternative of the example: Mercer's 3 + Windmill 1 (W3 I2) + 2 gold = 22 < 25
    assert 5 * 3 + 5 + 2 < sum(best_resources(have, {"mercers", "windmill"}))


def test_e8_winter_selection_two_turn_order_tiles_and_boats():
    st = state(3, season=2, supplies=["R1 B2", "", ""])
    hands = [["keythedral", "scholar", "windmill"], ["mercers", "keymarket", "apothecary"],
             ["villagehall", "jeweller", "scribes"]]
    for seat, hand in enumerate(hands):
        st.seats[seat].winter_hand = hand
    put(st, ANN, "boat2b", 0, -1)
    put(st, ANN, "alehouse", -1, 0, k=2)
    put(st, ANN, "miner", 1, -1, k=1)
    from games.keyflower.rules import seasons
    st.season = 3
    seasons.start_winter(st)
    assert GAME.to_act(st) == {ANN, BOB, CARA}
    play(st, ANN, "winter keythedral")
    public = GAME.view(st, None)
    assert public.players[ANN].answered and public.me is None
    play(st, BOB, "winter mercers keymarket")
    play(st, CARA, "winter jeweller")
    assert sorted(st.auction) == ["jeweller", "keymarket", "keythedral", "mercers"]
    assert all(not p.winter_hand for p in st.seats)
    assert st.phase == "actions"
    play(st, ANN, "bid to1 1 red")
    play(st, BOB, "pass")
    play(st, CARA, "pass")
    play(st, ANN, "bid to2 2 blue")
    for seat in (BOB, CARA, ANN):
        play(st, seat, "pass")
    assert st.boat_queue == [ANN, BOB, CARA]
    assert st.purple_wild == ANN
    play(st, ANN, "boat seabreese")
    play(st, BOB, "boat keyflower")
    assert st.seats[CARA].pending == ["seabastion"]
    assert sorted(st.seats[ANN].pending) == ["seabreese", "to1", "to2"]
    play(st, ANN, "place seabreese 0,-2 r0")
    assert geometry.river_chain(vil.edges_at(st.seats[ANN], tentative=True)) == [(0, -1), (0, -2)]
    def occupied():
        return set(vil.edges_at(st.seats[ANN], tentative=True))

    def touching(q, r):
        return sum(1 for d in range(6) if geometry.neighbour((q, r), d) in occupied())

    def second(spot1):
        trial = copy.deepcopy(st)
        trial.seats[ANN].pending.remove("to1")
        trial.seats[ANN].placed_now.append(Placed("to1", *spot1))
        cells = set(vil.edges_at(trial.seats[ANN], tentative=True))
        return next((p for p in vil.placements(trial, ANN, "to2")
                     if sum(1 for d in range(6) if geometry.neighbour(p[:2], d) in cells) == 3
                     and spot1[:2] not in [geometry.neighbour(p[:2], d) for d in range(6)]), None)

    spot1 = next(p for p in vil.placements(st, ANN, "to1") if touching(p[0], p[1]) == 2 and second(p))
    spot2 = second(spot1)
    play(st, ANN, f"place to1 {spot1[0]},{spot1[1]} r{spot1[2]}")
    play(st, ANN, f"place to2 {spot2[0]},{spot2[1]} r{spot2[2]}")
    assert GAME.view(st, None).players[ANN].village == GAME.view(st, BOB).players[ANN].village
    assert not any(t.id == "to2" for t in GAME.view(st, None).players[ANN].village)   # hidden until all placed
    play(st, BOB, "place keyflower " + "{},{} r{}".format(*vil.placements(st, BOB, "keyflower")[0]))
    play(st, CARA, "place seabastion " + "{},{} r{}".format(*vil.placements(st, CARA, "seabastion")[0]))
    assert st.phase == "over"
    assert st.final[ANN]["auto"] == 4 + 2 + 3                 # Sea Breese chain 2, to1 2, to2 3
    # Bob has no 2b: his Keyflower boat scores his home's transport number only
    assert st.final[BOB]["auto"] == 1
