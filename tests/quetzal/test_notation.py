"""The notation of section 9: parsing, canonical strings, aliases and helpful refusals."""
from __future__ import annotations

import pytest

from games.core import IllegalAction
from games.quetzal import GAME
from renderers import quetzal
from renderers.registry import renderer_for
from games.quetzal.actions import Deliver, Done, Keep, Place, Reroll, Sell, Store, Take, TeamUse, Upgrade
from tests.quetzal.helpers import NAMES, act, new_game, park, set_pool

ANA, BEN, CY = 0, 1, 2


def test_slash_verbs_carry_the_references_commands() -> None:
    assert GAME.verbs == ("place", "bid", "use", "pass", "play")
    assert GAME.action_candidates("place", "3a 2 black")[0] == "team 3a 2 black"
    assert GAME.action_candidates("place", "team camp 1") == ["team camp 1"]
    assert GAME.action_candidates("bid", "ship 3 black")[0] == "bid ship 3 black"
    assert GAME.action_candidates("use", "take B H") == ["take B H"]
    assert GAME.action_candidates("pass", "") == ["pass"]
    assert GAME.action_candidates("play", "deliver none") == ["deliver none"]
    assert GAME.private_info


def test_pass_is_the_no_of_the_current_prompt() -> None:
    state = new_game(3, marker=ANA)
    with pytest.raises(IllegalAction, match="Passing is not allowed"):
        GAME.parse(state, ANA, "pass")
    set_pool(state, ANA, "1w 2k")
    act(state, ANA, "team camp 1")
    assert GAME.parse(state, ANA, "pass") == Reroll(())
    state.phase = "reroll"
    state.player(BEN).reroll_window = ["U03"]
    assert GAME.parse(state, BEN, "pass") == Keep()


def test_team_tokens_in_any_order_and_aliases() -> None:
    state = new_game(3, marker=ANA)
    set_pool(state, ANA, "1w 2w 3w 4k 5s 6k big*")
    a = GAME.parse(state, ANA, "team 3a 3 white")
    assert a == GAME.parse(state, ANA, "team 3 white 3a") == GAME.parse(state, ANA, "TEAM Quarry 3 Archaeologist")
    assert a == GAME.parse(state, ANA, "bid 3a 3 w")
    assert a == Place("3a", "w", ("1", "2", "3"), True) and str(a) == "team 3a 3 white"
    assert GAME.parse(state, ANA, "team harbor-master 1").space == "hm"
    assert GAME.parse(state, ANA, "team boat 1 black").space == "ship"
    assert GAME.parse(state, ANA, "team temple2 1").space == "t2"
    assert GAME.parse(state, ANA, "team smalltemple 1 adv").space == "3b"


def test_use_names_exact_workers() -> None:
    state = new_game(3, marker=ANA)
    set_pool(state, ANA, "1w 2w 3w 4k 5s 6k big*")
    a = GAME.parse(state, ANA, "team bm 2 black use 5,big")
    assert a == Place("bm", "k", ("5", "big"), False) and str(a) == "team bm 2 black use 5,big"
    assert GAME.parse(state, ANA, "team bm 2 black use 4 6").short       # the default pick prints short
    assert str(GAME.parse(state, ANA, "team bm use big")) == "team bm 1 black use big"
    with pytest.raises(IllegalAction, match="asked for 3"):
        GAME.parse(state, ANA, "team bm 3 black use 4,6")


def test_colour_inference_and_refusals() -> None:
    state = new_game(3, marker=ANA)
    set_pool(state, ANA, "1w 2w 3w 4k 5s 6k big*")
    assert GAME.parse(state, ANA, "team t1 1").colour == "w"                    # t1 is white only
    assert GAME.parse(state, ANA, "team v1 1").colour == "k"
    with pytest.raises(IllegalAction, match="Name the colour"):
        GAME.parse(state, ANA, "team t5 1")
    assert GAME.parse(state, ANA, "team t5 use 4").colour == "k"              # a fixed worker decides
    with pytest.raises(IllegalAction, match="Name the row"):
        GAME.parse(state, ANA, "team temple 1 white")
    with pytest.raises(IllegalAction, match="Name the row"):
        GAME.parse(state, ANA, "team village 1 black")
    with pytest.raises(IllegalAction, match="bid is for auction"):
        GAME.parse(state, ANA, "bid t1 1 white")
    with pytest.raises(IllegalAction, match="Name a space"):
        GAME.parse(state, ANA, "team 2 white")
    with pytest.raises(IllegalAction, match="usable workers"):
        GAME.parse(state, ANA, "team 3a 6 white")


def test_camp_colour_selects_workers() -> None:
    state = new_game(3, marker=CY)
    set_pool(state, CY, "1w 2k 3s 4w 5k 6w big*")
    assert str(GAME.parse(state, CY, "team camp 1 black")) == "team camp 1 use 2"
    assert str(GAME.parse(state, CY, "team camp 1")) == "team camp 1"
    assert GAME.parse(state, CY, "team camp 2 white") == Place("camp", None, ("1", "4"), False)
    with pytest.raises(IllegalAction, match="leave the colour out"):
        GAME.parse(state, CY, "team camp black use 1")


def test_other_verbs_round_trip() -> None:
    state = new_game(3, marker=ANA)
    state.player(ANA).hand = ["V03", "T06", "M09"]
    assert GAME.parse(state, ANA, "take h b") == Take(("B", "H")) and str(Take(("B", "H"))) == "take B H"
    assert GAME.parse(state, ANA, "sell 2") == Sell("T06") and str(Sell("T06")) == "sell T06"
    assert GAME.parse(state, ANA, "sell none") == Sell(None) and str(Sell(None)) == "sell none"
    assert GAME.parse(state, ANA, "deliver 3 1") == Deliver(("V03", "M09"))
    assert str(Deliver(("V03", "M09"))) == "deliver V03 M09" and str(Deliver(())) == "deliver none"
    assert GAME.parse(state, ANA, "deliver m09, v03") == Deliver(("V03", "M09"))
    assert GAME.parse(state, ANA, "upgrade 2") == Upgrade(2)
    assert GAME.parse(state, ANA, "store u03") == Store("U03")
    assert GAME.parse(state, ANA, "reroll 5 3") == Reroll(("3", "5")) and str(Reroll(("3", "5"))) == "reroll 3 5"
    assert GAME.parse(state, ANA, "reroll big") == Reroll(("big",))
    assert GAME.parse(state, ANA, "reroll none") == Reroll(()) and str(Reroll(())) == "reroll none"
    assert GAME.parse(state, ANA, "reroll all") == Reroll((), True) and str(Reroll((), True)) == "reroll all"
    assert GAME.parse(state, ANA, "keep") == Keep() and str(Keep()) == "keep"
    state.phase = "reroll"
    assert GAME.parse(state, ANA, "reroll none") == Keep()
    for bad, match in (("deliver 4", "cards 1 to 3"), ("deliver V03 V03", "named twice"), ("take Z", "A to H"),
                       ("sell 1 2", "only one"), ("deliver X99", "not a card"), ("upgrade", "Village slot"),
                       ("store 1", "tile IDs"), ("reroll 1 1", "named twice"), ("", "Write a command")):
        with pytest.raises(IllegalAction, match=match):
            GAME.parse(state, ANA, bad)


def test_errors_say_what_is_right() -> None:
    state = new_game(3, marker=ANA)
    set_pool(state, ANA, "1w 2k")
    park(state, BEN)
    park(state, CY)
    with pytest.raises(IllegalAction) as info:
        act(state, ANA, "team bm 1 black use 1")
    assert "white" in str(info.value) and "black or wild" in str(info.value)
    with pytest.raises(IllegalAction) as info:
        act(state, ANA, "deliver none")
    assert "team camp 1" in str(info.value)


def test_options_and_game_metadata() -> None:
    from games.core import toggle_option, validate_options
    assert (GAME.name, GAME.title, GAME.min_players, GAME.max_players) == ("quetzal", "Quetzal", 2, 5)
    assert renderer_for(GAME.name) is quetzal.RENDERER
    assert validate_options(GAME.options, ()) == frozenset()
    assert toggle_option(GAME.options, frozenset(), "open_hands") == {"open_hands"}
    assert not [spec.name for spec in GAME.options if spec.unavailable]


def test_first_names_the_start_player() -> None:
    """§3.2: the start player is drawn at random, or set with /option first."""
    from games.core import OptionError, option_value, set_option, validate_options
    options = set_option(GAME.options, frozenset(), "first", "3")
    assert options == {"first=3"} and option_value(GAME.options, options, "first") == "3"
    state, events = GAME.setup_events(4, options, 5)
    assert state.marker == state.turn == 2
    assert events[0].msg.english(NAMES) == f"Quetzal for 4 players. {NAMES[2]} is the start player (chosen with /option first)."
    assert set_option(GAME.options, options, "first", "random") == frozenset()          # back to the default
    with pytest.raises(OptionError) as wrong:
        set_option(GAME.options, frozenset(), "first", "alice")
    assert str(wrong.value) == ("'alice' is not a value of first: write random or a seat number from 1 to 5, "
                                "e.g. /option first 5.")
    with pytest.raises(OptionError, match="names seat 4, but only 3 players are seated"):
        validate_options(GAME.options, ["first=4"], players=3)
    assert validate_options(GAME.options, ["first=3"], players=3) == {"first=3"}
    # random: the first draw of the stream, as before the option existed
    assert GAME.setup(3, frozenset(), 9).marker == GAME.setup(3, frozenset({"first=random"}), 9).marker


def test_dice_weights_change_the_rolls() -> None:
    """§8.1: the worker die's weights can be set with /option dice."""
    from games.core import OptionError, set_option
    assert set_option(GAME.options, frozenset(), "dice", "17, 17, 4, 2") == frozenset()    # the default
    options = set_option(GAME.options, frozenset(), "dice", "0,0,0,1")
    assert options == {"dice=0,0,0,1"}
    state = GAME.setup(3, options, 4)
    rolled = [w.roll for p in state.seats for w in p.workers]
    assert rolled and set(rolled) == {"u"}                 # every worker upright: wild, +1 coin each
    assert all(w.wild for p in state.seats for w in p.workers)
    white = GAME.setup(3, frozenset({"dice=1,0,0,0"}), 4)
    assert {w.roll for p in white.seats for w in p.workers} == {"w"}
    assert GAME.from_json(GAME.to_json(state)).options == state.options
    for bad in ("0,0,0,0", "17,17,4", "a,b,c,d", "100,1,1,1"):
        with pytest.raises(OptionError) as wrong:
            set_option(GAME.options, frozenset(), "dice", bad)
        assert "4 whole numbers from 0 to 99 (white, black, side, upright), separated by commas, not all 0" in str(wrong.value)


# -- staged choices ------------------------------------------------------------------------------------
def harbour(hand: list[str]):
    """Ana has just placed 2 workers on the Harbour Master; her first delivery is asked for."""
    state = new_game(3, marker=ANA)
    set_pool(state, ANA, "1w 2k")
    park(state, ANA, keep=["1", "2"])
    park(state, BEN)
    park(state, CY)
    ana = state.player(ANA)
    ana.coins, ana.hand = 8, list(hand)
    act(state, ANA, "team hm 2")
    return state, ana


def test_delivery_one_card_at_a_time() -> None:
    state, ana = harbour(["V03", "V09", "V10", "T06", "M09"])
    legal = GAME.legal_actions(state, ANA)
    assert legal[:3] == [Deliver(()), Deliver(("V03",)), Deliver(("V03",), True)] and len(legal) == 1 + 2 * 5
    assert GAME.parse(state, ANA, "deliver v03+") == GAME.parse(state, ANA, "deliver 1 +") == Deliver(("V03",), True)
    assert str(Deliver(("V03",), True)) == "deliver V03 +" and str(Done()) == "deliver done"
    assert GAME.parse(state, ANA, "deliver done") == Deliver(()) == GAME.parse(state, ANA, "pass")   # nothing chosen
    act(state, ANA, "deliver V03 +")
    assert ana.hand == ["V09", "V10", "T06", "M09"] and state.steps[0].cards == ["V03"]
    assert GAME.view(state, ANA).prompts[0].chosen == ("V03",)
    assert GAME.view(state, None).prompts[0].chosen == () and GAME.view(state, BEN).prompts[0].chosen == ()
    assert GAME.parse(state, ANA, "deliver done") == Done() == GAME.parse(state, ANA, "pass")
    assert Done() in GAME.legal_actions(state, ANA) and Deliver(()) not in GAME.legal_actions(state, ANA)
    with pytest.raises(IllegalAction, match="already holds V03"):
        act(state, ANA, "deliver none")
    act(state, ANA, "deliver 1 +")                                # hand numbers follow the hand as it is now
    assert state.steps[0].cards == ["V03", "V09"]
    assert [str(a) for a in GAME.legal_actions(state, ANA)] == ["deliver done", "deliver V10", "deliver T06",
                                                                "deliver M09"]
    with pytest.raises(IllegalAction, match="fill the delivery"):
        act(state, ANA, "deliver V10 +")
    events = act(state, ANA, "deliver V10")                     # the same result as E6's deliver V03 V09 V10
    assert (ana.vp, ana.coins, ana.discovery) == (6, 5, 0)
    assert any("hm#1" in e and "V×3=6" in e and "+6 VP" in e for e in events)
    assert state.steps[0].index == 1 and state.steps[0].cards == []
    with pytest.raises(IllegalAction, match="No card would be left"):
        act(state, ANA, "deliver M09 T06 +")
    act(state, ANA, "deliver M09 +")
    act(state, ANA, "deliver done")
    assert (ana.vp, ana.discovery) == (9, 0) and ana.hand == ["T06"]


def test_one_line_delivery_after_staged_cards() -> None:
    state, ana = harbour(["V03", "V09", "V10", "T06", "M09"])
    act(state, ANA, "deliver V03 +")
    with pytest.raises(IllegalAction, match="at most 3"):
        act(state, ANA, "deliver V09 V10 M09")
    with pytest.raises(IllegalAction, match="already in this delivery"):
        act(state, ANA, "deliver V03")
    act(state, ANA, "deliver V10 V09")
    assert (ana.vp, ana.coins) == (6, 5) and ana.hand == ["T06", "M09"]


def test_placement_with_named_workers_is_staged() -> None:
    state = new_game(3, marker=ANA)
    set_pool(state, ANA, "1w 2w 3k 4s 5s 6k big*")
    legal = GAME.legal_actions(state, ANA)
    assert Place("3a", "w", ("1", "2"), True) in legal and TeamUse("3a", "w", 2) in legal
    assert Place("3a", "w", ("1", "4"), False) not in legal       # its stage: team 3a 2 white use
    assert GAME.parse(state, ANA, "team 3a 2 white use") == TeamUse("3a", "w", 2)
    assert str(TeamUse("3a", "w", 2)) == "team 3a 2 white use" and str(TeamUse("hm", None, 3)) == "team hm 3 use"
    act(state, ANA, "team 3a 2 white use")
    assert state.turn == ANA and GAME.view(state, ANA).prompts[0].team == "team 3a 2 white"
    assert GAME.view(state, None).prompts[0].kind == "place"        # the table sees the move once complete
    variants = [str(a) for a in GAME.legal_actions(state, ANA)]
    # every pair of the white-capable workers 1, 2, 4, 5, big, by their IDs; the default first
    assert variants == ["team 3a 2 white"] + [f"team 3a 2 white use {pair}" for pair in
                                              ("1,4", "1,5", "1,big", "2,4", "2,5", "2,big", "4,5", "4,big", "5,big")]
    with pytest.raises(IllegalAction, match="Name the workers for team 3a 2 white"):
        act(state, ANA, "team camp 1")
    action = GAME.parse(state, ANA, "use 5 big")                # the workers named are the ones used
    assert str(action) == "team 3a 2 white use 5,big" and GAME.parse(state, ANA, str(action)) == action
    act(state, ANA, "use 5 big")
    assert [t.workers for t in state.teams_on("3a")] == [["5", "big"]] and state.turn == BEN


def test_named_workers_are_the_ones_used() -> None:
    """§5.2.4 / §9.3: a player may name exact workers; the team uses and the log records them,
    even where another worker of the same face would do."""
    state = new_game(3, marker=ANA)
    set_pool(state, ANA, "1w 2k 3k 4w")
    park(state, ANA, keep=["1", "2", "3", "4"])
    assert GAME.parse(state, ANA, "team camp 1 use 3") == Place("camp", None, ("3",), False)
    assert str(GAME.parse(state, ANA, "team camp 1 use 1")) == "team camp 1"      # the default worker
    assert str(GAME.parse(state, ANA, "team camp 1 use 4")) == "team camp 1 use 4"
    # teams of 1-4 by their default workers, and "use" for the sizes with a choice (1, 2 and 3 workers)
    assert len([a for a in GAME.legal_actions(state, ANA) if a.space == "camp"]) == 4 + 3
    act(state, ANA, "team camp 2 use")
    assert [str(a) for a in GAME.legal_actions(state, ANA)] == [
        "team camp 2", "team camp 2 use 1,3", "team camp 2 use 1,4", "team camp 2 use 2,3",
        "team camp 2 use 2,4", "team camp 2 use 3,4"]                                # every pair
    act(state, ANA, "use 3 4")
    assert [t.workers for t in state.teams_on("camp")][-1] == ["3", "4"]


def test_a_refusal_names_the_worker_named() -> None:
    state = new_game(3, marker=ANA)
    set_pool(state, ANA, "1w 2w 3s 4k 5k")
    park(state, ANA, keep=["1", "2", "3", "4", "5"])
    with pytest.raises(IllegalAction) as refused:
        act(state, ANA, "team 3a 2 white use 1,5")
    assert refused.value.msg.english() == "Worker 5 is black; a white team needs white or wild workers."
    act(state, ANA, "team 3a 1 white use 2")
    assert [t.workers for t in state.teams_on("3a")] == [["2"]]


def test_a_single_worker_of_many_alike_can_be_named() -> None:
    state = new_game(3, marker=ANA)
    set_pool(state, ANA, "1w 2s 3s 4k")
    park(state, ANA, keep=["1", "2", "3", "4"])
    act(state, ANA, "team 3a 1 white use 3")
    assert [t.workers for t in state.teams_on("3a")] == [["3"]]
    state = new_game(3, marker=ANA)
    set_pool(state, ANA, "1k")
    park(state, ANA, keep=["1"])
    with pytest.raises(IllegalAction, match="Only one set of workers"):
        act(state, ANA, "team v1 1 use")


def test_delivery_buttons_rank_the_steps_and_keep_the_way_to_finish() -> None:
    state, _ = harbour(["V03", "V09", "V10", "T06", "T09", "W09", "S09", "M09"])
    suggested = GAME.suggestions(state, ANA)
    legal = GAME.legal_actions(state, ANA)
    assert len(suggested) == GAME.max_buttons and suggested[-1] == Deliver(()) and set(suggested) <= set(legal)
    assert suggested[0].more                    # a set of several cards is worth more than any single card
    act(state, ANA, str(suggested[0]))
    suggested = GAME.suggestions(state, ANA)
    assert suggested[-1] == Done() and set(suggested) <= set(GAME.legal_actions(state, ANA))
