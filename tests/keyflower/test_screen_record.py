"""The public record of each screen kept across seasons (games/keyflower/screens.py,
rules/screen_record.py): what everyone saw go behind a screen stays known until it is seen
leaving, private draws add nothing, and the record never claims more than the screen holds."""
from __future__ import annotations

import random

import pytest

from games.keyflower import GAME
from games.keyflower.actions import tile_name
from games.keyflower.components import COLOURS, SKILLS
from games.keyflower.screens import known_keeples, known_skills, season_keeples
from tests.keyflower.helpers import give, play, put, random_game, skills, state

ANN, BOB = 0, 1
OPTIONS = ("craftsmen5", "greenwild", "purpleany", "storagefree")


def check_sound(st) -> tuple[int, int]:
    """Every seat's record (stored and as read) is behind its screen, colour by colour and type
    by type; returns how many keeples and skill tiles the record put behind the screens."""
    keeples, skill_tiles = known_keeples(st), known_skills(st)
    for s, player in enumerate(st.seats):
        assert all(0 <= player.seen_keeples[c] <= player.keeples[c] for c in COLOURS), (s, st.phase)
        assert all(0 <= keeples[s][c] <= player.keeples[c] for c in COLOURS), (s, st.phase)
        assert all(0 <= player.seen_skills[k] <= player.skills[k] for k in SKILLS), (s, st.phase)
        assert all(0 <= skill_tiles[s][k] <= player.skills[k] for k in SKILLS), (s, st.phase)
    return sum(sum(k.values()) for k in keeples), sum(sum(k.values()) for k in skill_tiles)


def finish_season(st) -> None:
    """Everyone passes, then the boats and the village expansion go the first legal way, until
    the next season's action phase."""
    season = st.season
    while not (st.season > season and st.phase in ("actions", "winter_select")):
        seat = min(GAME.to_act(st))
        action = GAME.skip_action(st, seat)
        assert action is not None
        GAME.apply(st, seat, action)


# -- soundness over whole games ------------------------------------------------------------------
@pytest.mark.parametrize("first_seed", range(0, 40, 8))
def test_the_record_never_claims_more_than_a_screen_holds(first_seed):
    carried = skill_seen = 0
    for seed in range(first_seed, first_seed + 8):
        players = 2 + seed % 5
        options = frozenset(o for i, o in enumerate(OPTIONS) if seed >> i & 1)
        totals = []

        def on_step(_before, _seat, _action, st):
            known, known_sk = check_sound(st)
            totals.append((st.season, st.action_no, known, known_sk))

        check_sound(GAME.setup(players, options, seed))
        random_game(players, seed, options, on_step=on_step)
        carried += sum(k for season, no, k, _ in totals if season > 0 and no == 0)
        skill_seen += sum(sk for *_, sk in totals)
    assert carried > 0 and skill_seen > 0        # knowledge did cross seasons; skill tiles became known


def test_the_record_holds_when_players_play_long_seasons():
    """Random players that seldom pass: many uses, payments and hidden skill payments."""
    for seed in range(6):
        st, rng = GAME.setup(3 + seed % 3, frozenset(), seed), random.Random(seed)
        while not GAME.is_over(st):
            check_sound(st)
            seat = rng.choice(sorted(GAME.to_act(st)))
            actions = GAME.legal_actions(st, seat)
            busy = [a for a in actions if str(a) not in ("pass", "done")]
            GAME.apply(st, seat, rng.choice(busy if busy and rng.random() < 0.95 else actions))
        check_sound(st)


# -- worked cases --------------------------------------------------------------------------------
def test_an_outbid_bid_returned_at_the_season_end_stays_known_next_season():
    st = state(2, auction=["keywood", "alehouse"], supplies=["R2 B1", "R3"])
    play(st, ANN, "bid keywood 2 red")
    play(st, BOB, "bid keywood 3 red")
    play(st, ANN, "pass")
    play(st, BOB, "pass")
    assert st.seats[ANN].seen_keeples["red"] == 2            # taken back in view
    finish_season(st)
    assert st.season == 1 and not st.activity
    assert known_keeples(st)[ANN]["red"] >= 2 and season_keeples(st)[ANN]["red"] == 0
    if st.turn == BOB:
        play(st, BOB, "pass")
    play(st, ANN, f"bid {tile_name(st.auction[0])} 1 red")  # one of them is seen leaving
    assert known_keeples(st)[ANN]["red"] >= 1
    assert known_keeples(st)[ANN]["blue"] == st.seats[ANN].seen_keeples["blue"]


def test_boat_cargo_taken_is_known_keeples_and_skill_tiles():
    st = state(2, auction=["keywood"], supplies=["R1", "R1"])
    play(st, ANN, "pass")
    play(st, BOB, "pass")
    assert st.phase == "boats"
    seat, boat = st.boat_queue[0], st.boats_left[0]
    cargo = dict(st.cargo[boat])
    keeples_before, skills_before = dict(st.seats[seat].seen_keeples), dict(st.seats[seat].seen_skills)
    play(st, seat, "boat " + boat)
    assert st.seats[seat].seen_keeples == {c: keeples_before[c] + cargo[c] for c in COLOURS}
    assert known_skills(st)[seat] == {k: skills_before[k] + cargo[k] for k in SKILLS}
    assert sum(cargo[k] for k in SKILLS) > 0                  # a boat always carries a skill tile in spring


def test_private_draws_add_nothing():
    st = state(2, auction=["alehouse", "keywood"], supplies=["R2", "R1"])
    play(st, ANN, "use alehouse 1 red")                      # one keeple drawn unseen
    assert st.seats[ANN].keeple_total() == 2
    assert known_keeples(st)[ANN] == {c: 0 for c in COLOURS}


@pytest.mark.parametrize("side, seen", [("a", 0), ("b", 1)])
def test_summer_boat_1a_draws_unseen_and_1b_gains_a_green_in_view(side, seen):
    st = state(2, season=1, auction=["mason"], supplies=["R1", "R1"])
    put(st, ANN, "boat1" + side, 0, -1)
    play(st, ANN, "pass")
    play(st, BOB, "pass")
    boat = st.boats_left[0]
    cargo = dict(st.cargo[boat])
    assert st.boat_queue[0] == ANN
    play(st, ANN, "boat " + boat)
    assert st.seats[ANN].seen_keeples == {c: cargo[c] + (seen if c == "green" else 0) for c in COLOURS}


def test_keeples_paid_in_view_leave_the_record():
    st = state(2, season=1, auction=["tavern", "peddler"], supplies=["R3 Y1", "R2"])
    play(st, ANN, "use peddler 1 red")                       # pays the yellow, gains a green in view
    assert known_keeples(st)[ANN]["green"] == 1
    play(st, BOB, "pass")
    play(st, ANN, "use tavern 2 red pay green")              # the green is seen paid
    assert known_keeples(st)[ANN]["green"] == 0


def test_a_skill_tile_paid_hidden_may_have_been_of_any_type():
    st = state(2, season=1, auction=["brewer", "keywood"], supplies=["R3", "R1"])
    player = st.seats[ANN]
    player.skills = skills("saw saw pick")
    st.pile = {k: st.pile[k] - player.skills[k] for k in SKILLS}
    player.seen_skills = skills("saw saw pick")              # as if taken as boat cargo
    play(st, ANN, "use brewer 1 red pay pick")               # the type is hidden
    assert known_skills(st)[ANN] == skills("saw")


# -- games stored before the record was kept -----------------------------------------------------
def stored_without_record(st) -> dict:
    data = GAME.to_json(st)
    for raw in data["seats"]:
        assert "seen" in raw
        del raw["seen"]
    return data


def test_an_old_stored_game_loads_with_this_seasons_record_and_plays_on():
    st = state(2, auction=["peddler", "keywood", "alehouse"], supplies=["R2 Y2", "R1 Y1"])
    play(st, ANN, "use peddler 1 red")
    give(st, BOB, "B1")
    st.seats[BOB].seen_keeples["blue"] = 1                   # the stored game cannot know this
    old = stored_without_record(st)
    loaded = GAME.from_json(old)
    assert [p.seen_keeples for p in loaded.seats] == season_keeples(st)
    assert loaded.seats[ANN].seen_keeples["green"] == 1 and loaded.seats[BOB].seen_keeples["blue"] == 0
    again = GAME.to_json(loaded)
    assert {k: v for k, v in again.items() if k != "seats"} == {k: v for k, v in old.items() if k != "seats"}
    assert [{k: v for k, v in raw.items() if k != "seen"} for raw in again["seats"]] == old["seats"]
    finish_season(loaded)                                    # the green crosses into the next season
    assert known_keeples(loaded)[ANN]["green"] >= 1 and season_keeples(loaded)[ANN]["green"] == 0
    rng = random.Random(3)
    while not GAME.is_over(loaded):
        check_sound(loaded)
        seat = rng.choice(sorted(GAME.to_act(loaded)))
        GAME.apply(loaded, seat, rng.choice(GAME.legal_actions(loaded, seat)))


@pytest.mark.parametrize("seed", range(4))
def test_old_stored_random_positions_load_soundly_and_play_on(seed):
    st, rng = GAME.setup(2 + seed, frozenset(), seed), random.Random(seed)
    for _ in range(40 + 10 * seed):
        seat = rng.choice(sorted(GAME.to_act(st)))
        GAME.apply(st, seat, rng.choice(GAME.legal_actions(st, seat)))
    loaded = GAME.from_json(stored_without_record(st))
    assert GAME.view(loaded, None) == GAME.view(st, None)
    while not GAME.is_over(loaded):
        check_sound(loaded)
        seat = rng.choice(sorted(GAME.to_act(loaded)))
        GAME.apply(loaded, seat, rng.choice(GAME.legal_actions(loaded, seat)))
