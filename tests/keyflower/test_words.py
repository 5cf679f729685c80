"""What Keyflower says, played through a whole game: players by name, each line once, tables in
seat order and final scores by rank, plurals right, option descriptions without internal notes."""
from __future__ import annotations

import random

from games.keyflower import GAME
from games.keyflower.ai import KeyflowerPlayer

NAMES = ["Ann", "Bob", "Cara", "Dan"]


def english(msgs, names=NAMES) -> list[str]:
    return [m.english(names) for m in msgs]


def played(players: int = 4, seed: int = 3):
    """Every (seat, action, events, status after) of a game the computer plays to its end."""
    state = GAME.setup(players, frozenset(), seed)
    rng, ai, turns = random.Random(seed), KeyflowerPlayer(), []
    while not GAME.is_over(state):
        seat = min(GAME.to_act(state))
        action = ai.choose(GAME, state, seat, rng)
        events = GAME.apply(state, seat, action)
        turns.append((seat, action, events, GAME.status(GAME.view(state, None))))
    return state, turns


GAME_STATE, TURNS = played()


def test_option_descriptions_have_no_internal_notes():
    for spec in GAME.options:
        assert "decision" not in spec.description and "(D" not in spec.description, spec.description


def test_players_are_named_never_numbered():
    for _, _, events, status in TURNS:
        for line in english([e.msg for e in events if e.to is None]) + english(status):
            assert "#1" not in line and "#2" not in line, line
    boats = [line for _, _, events, _ in TURNS for line in english([e.msg for e in events]) if "-boats:" in line]
    assert boats and all(any(name in line for name in NAMES) for line in boats)
    assert boats[0].startswith("Sp-boats: the boats are chosen in turn order: ")
    waiting = [line for _, _, _, status in TURNS for line in english(status) if line.startswith("Village expansion")]
    assert waiting and all("#" not in line for line in waiting)
    assert any(line == "Village expansion: waiting for Ann, Bob, Cara, Dan to place their new tiles." for line in waiting)


def test_the_player_table_is_in_seat_order_with_the_turn_order_beside_it():
    _, _, _, status = TURNS[10]
    lines = english(status)
    rows = [line for line in lines if " VP, " in line]
    assert [row.split(":")[0] for row in rows] == NAMES
    order = next(line for line in lines if line.startswith("Turn order, clockwise from "))
    listed = order.split(": ", 1)[1].rstrip(".").split(", ")
    assert sorted(listed) == sorted(NAMES) and order.startswith(f"Turn order, clockwise from {listed[0]} ")


def test_counts_have_their_plural():
    lines = [line for _, _, events, status in TURNS for line in english([e.msg for e in events]) + english(status)]
    assert not [line for line in lines if " 1 keeples" in line or " 1 skill tiles" in line or " 1 winter tiles" in line]
    assert any(" 1 keeple" in line for line in lines)


def test_the_flipper_and_the_final_scores_are_said_once():
    assert any(str(action).startswith("flip ") for _, action, _, _ in TURNS)        # the Flipper was used
    for _, _, events, status in TURNS:
        said = english([e.msg for e in events if e.to is None]) + english(status)
        assert len([line for line in said if "Flipper" in line]) <= 1, said
    _, _, last_events, last_status = TURNS[-1]
    outcome = GAME.outcome(GAME_STATE)
    details = english(outcome.details)
    said = english([e.msg for e in last_events if e.to is None]) + details
    for name in NAMES:
        assert len([line for line in said if line.startswith(f"{name}: ") or line.startswith(f"End {name}:")]) == 1
    ranked = sorted(range(4), key=lambda s: (outcome.ranks[s], s))
    assert [line.split(":")[0] for line in details] == [NAMES[s] for s in ranked]
    finals = [line for line in english(last_status) if "final score" in line]
    assert [line.split(" final score")[0] for line in finals] == [NAMES[s] for s in ranked]


def test_seasons_are_named_in_the_readers_language():
    from bot.i18n import I18n

    lines = [m for _, _, events, status in TURNS for m in [e.msg for e in events] + list(status)]
    begins = [m for m in lines if m.text.startswith("{season} begins")]
    assert [m.english(NAMES).split(" begins")[0] for m in begins] == ["Summer", "Autumn"]
    assert I18n(["games.keyflower"]).render(begins[0], "ja", NAMES).startswith("夏の始まり")
    status = next(m for m in lines if m.text.startswith("Keyflower, {season}"))
    assert status.english(NAMES).startswith("Keyflower, Spring: action ")
