"""Rules beyond the worked examples: summer boats, abilities, upgrades, supplies, winter, Flipper."""
from __future__ import annotations

import pytest

from games.keyflower import GAME

from games.keyflower.rules import seasons
from games.keyflower.rules import village as vil
from games.keyflower.components import COLOURS
from games.keyflower.state import counts

from tests.keyflower.helpers import play, put, rejected, skills, state, supply

ANN, BOB, CARA = 0, 1, 2


def test_passing_counts_consecutive_passes_only():
    st = state(3, auction=["keywood", "alehouse"], supplies=["R2", "R2", "R2"])
    play(st, ANN, "pass")
    play(st, BOB, "pass")
    play(st, CARA, "bid keywood 1 red")
    assert st.passes == 0 and not any(p.passed for p in st.seats)
    play(st, ANN, "pass")
    play(st, BOB, "pass")
    assert st.phase == "actions"
    play(st, CARA, "pass")
    assert st.phase != "actions"


def test_not_your_turn_and_leading_bid_cannot_move():
    st = state(3, auction=["keywood", "alehouse"], supplies=["R2", "R3", "R2"])
    assert "not your turn" in rejected(st, BOB, "pass")
    play(st, ANN, "bid keywood 1 red")
    play(st, BOB, "pass")
    play(st, CARA, "pass")
    assert "leading and can never be moved" in rejected(st, ANN, "bid alehouse 1 red from keywood")
    assert "never bid on" in rejected(st, ANN, "bid keyflower 1 red")
    assert "not on auction" in rejected(st, ANN, "bid stable 1 red")


def test_summer_boat_4a_off_colour_bid():
    st = state(3, season=1, auction=["carpenter", "mason"], supplies=["G4 B3", "R3", "G3 B2"])
    put(st, ANN, "boat4a", 0, -1)
    play(st, ANN, "pass")
    play(st, BOB, "bid carpenter 1 red")
    assert "locked to red" in rejected(st, CARA, "bid carpenter 2 green")
    play(st, CARA, "pass")
    play(st, ANN, "bid carpenter 2 green")
    record = st.activity["carpenter"]
    assert record.bids[ANN].off and record.lock == "red" and record.leader() == ANN
    play(st, BOB, "bid carpenter 2 red")                     # 3 red beats 2 green
    play(st, CARA, "pass")
    assert "is green" in rejected(st, ANN, "bid carpenter 2 blue")
    play(st, ANN, "bid carpenter 2 green")                   # 4 green beats 3 red
    # Bob moves his losing red away: the green bid stands up and becomes the lock
    play(st, BOB, "bid mason 3 red from carpenter")
    assert st.activity["carpenter"].lock == "green" and not st.activity["carpenter"].bids[ANN].off
    # 4a gives nothing against a green bid, nor on turn-order tiles (D10)
    play(st, CARA, "bid to1 1 green")
    assert "locked to green" in rejected(st, ANN, "bid to1 2 blue")


def test_summer_boat_4b_mixed_use():
    st = state(2, season=1, auction=["carpenter", "tavern"], supplies=["R1 Y2 B2", "R3"])
    put(st, ANN, "boat4b", 0, -1)
    assert "one colour" in rejected(st, ANN, "use tavern 2 1r+1y pay blue")   # empty tile: 4b does nothing
    play(st, ANN, "pass")
    play(st, BOB, "use tavern 1 red pay red")
    play(st, ANN, "use tavern 2 1r+1y pay blue")
    use = st.activity["tavern"].uses[-1]
    assert use.keeples == counts(COLOURS, {"red": 1, "yellow": 1}) and st.activity["tavern"].lock == "red"
    legal = {str(a) for a in GAME.legal_actions(st, BOB)}
    assert not any(a.startswith("use tavern") for a in legal)     # Bob would need 3 red, he has 1


def test_peddler_payment_is_an_extra_keeple():
    st = state(2, auction=["peddler"], supplies=["Y1", "Y2"])
    assert "besides the keeples placed" in rejected(st, ANN, "use peddler 1 yellow")
    play(st, ANN, "pass")
    green = st.green
    play(st, BOB, "use peddler 1 yellow")
    assert supply(st, BOB) == {"green": 1} and st.green == green - 1


def test_tavern_payment_and_draw():
    st = state(2, season=1, auction=["tavern"], supplies=["R1", "R1 B1"])
    assert "no red keeple left" in rejected(st, ANN, "use tavern 1 red pay red")
    assert "Name the keeple" in rejected(st, ANN, "use tavern 1 red")
    play(st, ANN, "pass")
    bag = sum(st.bag.values())
    play(st, BOB, "use tavern 1 red pay blue")
    assert st.seats[BOB].keeple_total() == 2 and sum(st.bag.values()) == bag - 2 + 1


def test_workshop_choice_and_no_choice_elsewhere():
    st = state(2, auction=["workshop", "keywood"], supplies=["R2", "R2"])
    assert "Name the resource" in rejected(st, ANN, "use workshop 1 red")
    assert "takes no choice" in rejected(st, ANN, "use keywood 1 red stone")
    play(st, ANN, "use workshop 1 red stone")
    assert st.seats[ANN].village[st.seats[ANN].home].res["stone"] == 1


def test_hiring_fair_sets_the_skill_aside_until_after_the_draw():
    st = state(2, season=1, auction=["hiring", "brewer"], supplies=["R2", "R2"])
    st.seats[ANN].skills = skills("saw")
    st.pile = counts(("saw", "pick", "anvil"))        # empty pile: nothing can be drawn
    play(st, ANN, "use hiring 1 red pay saw")
    assert st.seats[ANN].skill_total() == 0 and st.pile["saw"] == 1
    assert "no saw" in rejected(st, BOB, "use brewer 1 red pay saw")


def test_carpenter_needs_its_skill_and_gains_on_the_home():
    st = state(2, season=1, auction=["carpenter"], supplies=["R2", "R2"])
    assert "costs 1 saw" in rejected(st, ANN, "use carpenter 1 red")
    st.seats[ANN].skills = skills("saw")
    play(st, ANN, "use carpenter 1 red")
    assert st.seats[ANN].village[st.seats[ANN].home].res["wood"] == 3 and st.pile["saw"] >= 1


def test_gains_limited_by_the_stock():
    st = state(2, auction=["miner"], supplies=["R2", "R2"])
    st.stock["iron"] = 1
    play(st, ANN, "use miner 1 red")
    assert st.seats[ANN].village[st.seats[ANN].home].res["iron"] == 1 and st.stock["iron"] == 0


def _upgrader(**res):
    st = state(2, season=2, auction=["inn"], supplies=["R3", "R3"])
    put(st, ANN, "stable", 0, 1)
    put(st, ANN, "workshop", 1, 0, k=0, **res)
    return st


def test_transport_ends_by_itself_when_nothing_can_move():
    st = _upgrader()
    play(st, ANN, "use stable 1 red")
    assert st.transport is None and st.turn == BOB


def test_default_upgrade_payment():
    st = _upgrader(wood=2, stone=1, gold=1)
    play(st, ANN, "use stable 1 red; up workshop")
    assert st.seats[ANN].village["workshop"].res == {"wood": 0, "stone": 1, "iron": 0, "gold": 1}


def test_explicit_upgrade_payment_and_choices_offered():
    st = _upgrader(wood=2, stone=1, gold=1)
    play(st, ANN, "use stable 1 red")
    offered = {str(a) for a in GAME.legal_actions(st, ANN) if str(a).startswith("up")}
    assert offered == {"up workshop", "up workshop pay wood,wood", "up workshop pay wood,stone",
                       "up workshop pay wood,gold", "up workshop pay stone,gold"}
    assert "does not fit" in rejected(st, ANN, "up workshop pay iron,gold")
    play(st, ANN, "up workshop pay stone,gold")
    assert st.seats[ANN].village["workshop"].res == {"wood": 2, "stone": 0, "iron": 0, "gold": 0}


def test_boat_3a_any_resource_pays():
    st = _upgrader(stone=2)
    put(st, ANN, "boat3a", 0, -1)
    st.seats[ANN].village["stable"].res["stone"] = 2
    play(st, ANN, "use home 1 red; up stable")
    assert st.seats[ANN].village["stable"].upgraded


def test_boat_2b_doubles_transport_for_its_owner_only():
    st = _upgrader(wood=1)
    put(st, ANN, "boat2b", 0, -1)
    play(st, ANN, "use stable 1 red")
    assert (st.transport.move_left, st.transport.ups_left) == (4, 2)
    play(st, ANN, "done")
    put(st, BOB, "keywood", 0, 1, wood=1)
    play(st, BOB, "use stable 2 red")
    assert (st.transport.move_left, st.transport.ups_left) == (2, 1)


def test_boat_2a_transport_over_any_edge():
    st = state(2, season=2, auction=["inn"], supplies=["R3", "R3"])
    put(st, ANN, "sawmill", 1, -1, k=0, wood=1)      # touches the home by grass
    assert vil.distance(st, ANN, "sawmill", st.seats[ANN].home) is None
    put(st, ANN, "boat2a", 0, -1)
    assert vil.distance(st, ANN, "sawmill", st.seats[ANN].home) == 1


@pytest.mark.parametrize("side", ["a", "b"])
def test_summer_boats_1a_1b_pay_out_in_the_summer_they_are_won(side):
    st = state(2, season=1, auction=["boat1" + side, "mason"], supplies=["R2", "R2"])
    green = st.green
    play(st, ANN, "bid boat1 1 red")
    assert "not the side in play" in rejected(st, BOB, "bid boat1" + ("b" if side == "a" else "a") + " 1 red")
    play(st, BOB, "pass")
    play(st, ANN, "pass")
    assert st.phase == "boats" and st.seats[ANN].pending == ["boat1" + side]
    bag = sum(st.bag.values())
    before = st.seats[ANN].keeple_total()
    play(st, ANN, "boat seabastion")
    cargo = 6
    if side == "a":
        assert st.seats[ANN].keeple_total() == before + cargo + 2 and sum(st.bag.values()) < bag
    else:
        assert st.seats[ANN].keeple_total() == before + cargo + 1 and st.green == green - 1


def test_winter_turn_order_tiles_and_boats_go_to_the_village():
    st = state(2, season=3, supplies=["R3", "R3"])
    st.auction = ["keythedral"]
    play(st, ANN, "bid keythedral 1 red")
    play(st, BOB, "bid to1 1 red")
    play(st, ANN, "pass")
    play(st, BOB, "pass")
    assert st.purple_wild == BOB
    assert st.seats[BOB].pending[0] == "to1"
    assert st.phase == "boats"
    play(st, st.boat_queue[0], "boat keyflower")
    assert sorted(st.seats[ANN].pending + st.seats[BOB].pending) == sorted(
        ["keythedral", "to1", "keyflower", "seabastion"])


def test_flipper_free_upgrade_then_scoring():
    st = state(4, season=3, supplies=["", "", "", ""])
    put(st, ANN, "flipper", 0, -1)
    put(st, ANN, "farrier", 0, 1)
    st.phase = "placement"
    st.seats[ANN].pending = []
    from games.keyflower.rules.seasons import finish_placement
    finish_placement(st)
    assert st.phase == "flip" and GAME.to_act(st) == {ANN}
    assert {str(a) for a in GAME.legal_actions(st, ANN)} == {"flip home" + st.seats[ANN].home[4:], "flip farrier", "pass"}
    assert "cannot be upgraded" in rejected(st, ANN, "flip flipper")
    play(st, ANN, "flip farrier")
    assert st.seats[ANN].village["farrier"].upgraded and st.phase == "over"
    assert st.final[ANN]["fixed"] == 5 + 2


def test_unplaceable_tiles_are_discarded(monkeypatch):
    st = state(2, supplies=["", ""])
    st.seats[ANN].pending = ["keywood"]
    monkeypatch.setattr(vil, "placements", lambda *args: [])
    events = seasons.start_placement(st)
    assert st.seats[ANN].pending == [] and "keywood" in st.removed
    assert any("cannot place" in e.msg.text for e in events)


def test_boats_filled_one_at_a_time_when_the_bag_runs_short():
    st = state(3, season=0, supplies=["", "", ""])
    st.bag = counts(COLOURS, {"red": 5})
    st.season = 1
    seasons._load_boats(st, "summer")
    loaded = [sum(st.cargo[b][c] for c in COLOURS) for b in st.boats]
    assert loaded == [2, 2, 1]


def test_parse_home_labels_and_rotation_shortcuts():
    st = state(2, supplies=["", ""])
    assert GAME.parse(st, BOB, "use home@1 1 red").tile == st.seats[ANN].home
    assert GAME.parse(st, ANN, "use home 1 r").tile == st.seats[ANN].home
    st.phase = "placement"
    st.seats[ANN].pending = ["barn"]
    labels = vil.labels(st, ANN)
    cell = [name for name, c in labels.items() if c == (1, -1)][0]
    assert "Name the rotation" in str(pytest.raises(Exception, GAME.parse, st, ANN, f"place barn {cell}").value)
    action = GAME.parse(st, ANN, f"place barn {cell} r4")
    assert (action.q, action.r, action.k) == (1, -1, 4)


def test_summer_boat_side_must_match():
    st = state(2, season=1, auction=["boat2b"], supplies=["R2", "R2"])
    assert GAME.parse(st, ANN, "bid boat2 1 red").tile == "boat2b"
    assert "not the side in play" in rejected(st, ANN, "bid boat2a 1 red")


def test_winter_selection_requires_own_tiles():
    st = state(2, season=3, supplies=["", ""])
    st.seats[ANN].winter_hand = ["keythedral", "windmill", "scholar"]
    st.seats[BOB].winter_hand = ["mercers", "jeweller", "scribes"]
    seasons.start_winter(st)
    assert "own winter tiles" in rejected(st, ANN, "winter mercers")
    assert "Choose your winter tiles first" in rejected(st, ANN, "pass")
    play(st, ANN, "winter windmill keythedral")
    assert st.seats[ANN].winter_choice == ["keythedral", "windmill"]
    assert "not your turn" in rejected(st, ANN, "winter scholar")


def test_keeples_from_village_use_go_to_the_owner_at_season_end():
    st = state(2, season=1, auction=["carpenter"], supplies=["Y1", "R3"])
    put(st, ANN, "keywood", 0, 1)
    play(st, ANN, "pass")
    play(st, BOB, "use keywood 2 red")
    play(st, ANN, "pass")
    play(st, BOB, "pass")
    assert supply(st, ANN) == {"yellow": 1, "red": 2} and supply(st, BOB) == {"red": 1}


def test_status_prompts_and_suggestions_in_every_phase():
    import random
    rng = random.Random(1)
    st = GAME.setup(3, frozenset(), 9)
    seen = set()
    while GAME.outcome(st) is None:
        view = GAME.view(st, None)
        lines = GAME.status(view)
        assert lines and all(line.english(["A", "B", "C"]) for line in lines)
        for seat in GAME.to_act(st):
            own = GAME.view(st, seat)
            assert GAME.turn_prompt(own) and GAME.private_lines(own)
            buttons = GAME.suggestions(st, seat)
            assert 0 < len(buttons) <= GAME.max_buttons
            assert set(buttons) <= set(GAME.legal_actions(st, seat))
        seen.add(st.phase)
        seat = rng.choice(sorted(GAME.to_act(st)))
        actions = GAME.legal_actions(st, seat)
        passes = [a for a in actions if str(a) == "pass"]
        GAME.apply(st, seat, passes[0] if passes and rng.random() < 0.3 else rng.choice(actions))
    assert GAME.status(GAME.view(st, None))[0].text == "Keyflower is over."
    assert {"actions", "boats", "winter_select"} <= seen


def test_seating_is_random_and_play_runs_clockwise():
    orders = {tuple(GAME.setup(4, frozenset(), seed).order) for seed in range(12)}
    assert len(orders) > 3
    st = GAME.setup(4, frozenset(), 3)
    first = st.turn
    play(st, first, "pass")
    assert st.turn == st.order[(st.order.index(first) + 1) % 4]


def _exact(st, seat, extra=()):
    from games.core import IllegalAction
    from games.keyflower.rules import action_phase
    from games.keyflower.actions import BidAction, UseAction
    from tests.keyflower.test_properties import _candidates
    listed = {a for a in GAME.legal_actions(st, seat) if isinstance(a, (BidAction, UseAction))}
    checked = 0
    for cand in list(_candidates(st, seat)) + list(extra):
        check = action_phase.check_bid if isinstance(cand, BidAction) else action_phase.check_use
        try:
            check(st, seat, cand)
            ok = True
        except IllegalAction:
            ok = False
        assert ok == (cand in listed), str(cand)
        checked += ok
    return checked


def test_legal_actions_exact_with_summer_boats_4a_and_4b():
    from games.keyflower.actions import UseAction
    st = state(3, season=1, auction=["carpenter", "tavern"], supplies=["G2 B2 R1 Y1", "R3", "Y2"])
    put(st, ANN, "boat4a", 0, -1)
    put(st, ANN, "boat4b", 1, -1)
    play(st, ANN, "pass")
    play(st, BOB, "bid carpenter 1 red")
    play(st, CARA, "use tavern 1 yellow pay yellow")
    mixes = [UseAction("tavern", n, tuple((c, k) for c, k in mix if k), (), f"pay {p}")
             for n in (2, 3) for mix in ((("red", 1), ("blue", n - 1)), (("blue", 1), ("green", n - 1)))
             for p in ("red", "blue", "green", "yellow")]
    assert _exact(st, ANN, mixes) > 10
    legal = {str(a) for a in GAME.legal_actions(st, ANN)}
    assert "bid carpenter 2 green" in legal and "bid carpenter 2 red" not in legal
    assert "use tavern 2 1r+1b pay green" in legal
