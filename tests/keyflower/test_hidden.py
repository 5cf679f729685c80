"""Hidden information never reaches the public view or other seats' views (section 12.1).

Method: at positions from every phase, change one seat's secrets and the global secrets (bag
colours, undealt tiles, random seed) and check that the public view and the other seats' views
are unchanged, while the seat's own view does change.
"""
from __future__ import annotations

import random

from games.keyflower import GAME
from games.keyflower.rules import village as vil
from games.keyflower.components import COLOURS, SKILLS
from games.keyflower.state import KeyflowerState

from tests.keyflower.helpers import play, state


def _rotate(values: dict[str, int], keys: tuple[str, ...]) -> None:
    numbers = [values[k] for k in keys]
    for k, n in zip(keys, numbers[1:] + numbers[:1]):
        values[k] = n


def perturb(st: KeyflowerState, seat: int) -> tuple[KeyflowerState, bool]:
    """A copy with ``seat``'s secrets and the hidden global state changed; also whether the
    seat's own secrets actually changed (so its own view must differ)."""
    other = GAME.from_json(GAME.to_json(st))
    _rotate(other.bag, COLOURS)
    for deck in other.decks.values():
        deck.reverse()
    other.rng.seed += 1
    player = other.seats[seat]
    changed = False
    if len(set(player.keeples.values())) > 1:
        _rotate(player.keeples, COLOURS)
        changed = True
    if len(set(player.skills.values())) > 1:
        _rotate(player.skills, SKILLS)
        changed = True
    spare = other.decks.get("winter", [])
    if player.winter_hand and spare:
        player.winter_hand[0], spare[0] = spare[0], player.winter_hand[0]
        if player.winter_choice:
            player.winter_choice = [player.winter_hand[0]]
        changed = True
    elif player.winter_choice is not None and len(player.winter_hand) > 1:
        alt = [t for t in player.winter_hand if [t] != player.winter_choice][0]
        player.winter_choice = [alt]
        changed = True
    for i, placed in enumerate(player.placed_now):
        placed.q, placed.r = 40 + i, 40
        changed = True
    return other, changed


def assert_hidden(st: KeyflowerState) -> None:
    for seat in range(st.players):
        other, changed = perturb(st, seat)
        assert GAME.view(other, None) == GAME.view(st, None), (st.phase, seat)
        for watcher in range(st.players):
            if watcher != seat:
                assert GAME.view(other, watcher) == GAME.view(st, watcher), (st.phase, seat, watcher)
        if changed:
            assert GAME.view(other, seat) != GAME.view(st, seat)


def test_hidden_information_in_every_phase():
    seen: set[str] = set()
    wanted = {"actions", "transport", "boats", "placement", "winter_select", "flip", "over"}
    for seed in range(40):
        rng = random.Random(seed)
        st = GAME.setup(4 + seed % 3, frozenset(), seed)
        last = None
        while True:
            phase = "transport" if st.transport else st.phase
            if phase != last or rng.random() < 0.05:
                assert_hidden(st)
                seen.add(phase)
                last = phase
            if GAME.outcome(st) is not None:
                break
            seat = rng.choice(sorted(GAME.to_act(st)))
            actions = GAME.legal_actions(st, seat)
            uses = [a for a in actions if str(a).startswith("use")]
            passes = [a for a in actions if str(a) == "pass"]
            pick = rng.random()
            if uses and pick < 0.3:
                action = rng.choice(uses)
            elif passes and pick < 0.5:
                action = passes[0]
            else:
                action = rng.choice(actions)
            GAME.apply(st, seat, action)
        if wanted <= seen:
            break
    assert wanted <= seen, wanted - seen


def test_public_view_text_has_no_secrets():
    st = GAME.setup(3, frozenset(), 3)
    text = repr(GAME.view(st, None))
    for player in st.seats:
        for tid in player.winter_hand:
            assert tid not in text
    assert "'bag'" not in text and "decks" not in text
    own = GAME.view(st, 0)
    assert own.me is not None and own.me.seat == 0 and own.me.winter_hand == tuple(st.seats[0].winter_hand)
    assert not any(tid in repr(own) for tid in st.seats[1].winter_hand)
    assert not hasattr(own.players[1], "winter_hand") and not hasattr(own.players[1], "keeples")


def test_random_draws_are_private_events():
    st = state(2, auction=["alehouse", "apprentice"], supplies=["R3", "R2"])
    events = play(st, 0, "use alehouse 1 red")
    public = [e for e in events if e.to is None]
    private = [e for e in events if e.to == frozenset({0})]
    assert any(e.msg.english(["A", "B"]) == "A draws 1 keeple from the bag." for e in public)
    assert all("items" not in e.msg.params for e in public)
    assert any("items" in e.msg.params for e in private)
    events = play(st, 1, "use apprentice 1 red")
    assert all("items" not in e.msg.params for e in events if e.to is None)


def test_paid_skill_of_brewer_is_hidden_in_public_log():
    st = state(2, season=1, auction=["brewer"], supplies=["R3", "R2"])
    st.seats[0].skills["anvil"] = 1
    st.pile["anvil"] -= 1
    events = play(st, 0, "use brewer 1 red pay anvil")
    public_text = " ".join(e.msg.english(["Ann", "Bob"]) for e in events if e.to is None)
    assert "anvil" not in public_text and "(hidden)" in public_text
    private_text = " ".join(e.msg.english(["Ann", "Bob"]) for e in events if e.to == frozenset({0}))
    assert "pay anvil" in private_text


def test_pending_placements_stay_hidden_until_everyone_is_done():
    st = state(2, supplies=["", ""])
    st.phase = "placement"
    st.seats[0].pending = ["alehouse", "keywood"]
    st.seats[1].pending = ["miner"]
    play(st, 0, "place alehouse -1,0 r2")
    public = GAME.view(st, None)
    assert [t.id for t in public.players[0].village] == [st.seats[0].home]
    assert public.players[0].pending == ("alehouse", "keywood")
    assert [t.id for t in GAME.view(st, 0).players[0].village if t.tentative] == ["alehouse"]
    k = next(k for q, r, k in vil.placements(st, 0, "keywood") if (q, r) == (1, 0))
    play(st, 0, f"place keywood 1,0 r{k}")
    assert GAME.view(st, None).players[0].answered
    play(st, 1, "place miner 0,1 r0")
    public = GAME.view(st, None)
    assert {t.id for t in public.players[0].village} == {st.seats[0].home, "alehouse", "keywood"}
