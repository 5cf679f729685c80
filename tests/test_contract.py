"""The game contract, exercised through the test game."""
import json
import random

import pytest

from games.core import IllegalAction, OptionError, ranks_from_scores, toggle_option, validate_options
from games.core.rng import SeededRng
from tests.toygame import GAME


def play_random(seed: int, players: int = 3, options=frozenset()):
    state = GAME.setup(players, options, seed)
    rng = random.Random(seed)
    while GAME.outcome(state) is None:
        seat = sorted(GAME.to_act(state))[0]
        action = rng.choice(GAME.legal_actions(state, seat))
        assert GAME.parse(state, seat, str(action)) == action
        GAME.apply(state, seat, action)
        data = GAME.to_json(state)
        assert GAME.to_json(GAME.from_json(json.loads(json.dumps(data)))) == data
    return state


def test_seeded_setup_is_reproducible_and_varies_with_seed():
    a = GAME.to_json(GAME.setup(4, frozenset(), 42))
    b = GAME.to_json(GAME.setup(4, frozenset(), 42))
    assert a == b
    assert any(GAME.to_json(GAME.setup(4, frozenset(), s))["bonus"] != a["bonus"] for s in range(43, 60))


def test_random_games_end_with_ranked_outcome():
    for seed in range(20):
        state = play_random(seed)
        outcome = GAME.outcome(state)
        assert outcome is not None and len(outcome.scores) == 3
        assert min(outcome.ranks) == 1
        assert GAME.to_act(state) == frozenset()


def test_illegal_action_leaves_state_unchanged():
    state = GAME.setup(2, frozenset(), 1)
    before = GAME.to_json(state)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 0, GAME.parse(state, 0, "add 2"))
    assert "bet" in str(info.value)
    assert GAME.to_json(state) == before
    with pytest.raises(IllegalAction):
        GAME.parse(state, 0, "\x00\xff garbage")


def test_public_view_hides_secrets_until_the_end():
    state = GAME.setup(3, frozenset(), 5)
    GAME.apply(state, 0, GAME.parse(state, 0, "bet odd"))
    public = GAME.view(state, None)
    assert public.my_bonus is None and public.revealed_bonus is None and public.my_bet is None
    assert GAME.view(state, 0).my_bet == "odd"
    assert GAME.view(state, 1).my_bet is None


def test_options_toggle_exclusions_and_unavailable():
    specs = GAME.options
    on = toggle_option(specs, frozenset(), "wide")
    assert on == {"wide"}
    assert toggle_option(specs, on, "WIDE") == frozenset()
    with pytest.raises(OptionError) as clash:
        toggle_option(specs, on, "narrow")
    assert "wide" in str(clash.value)
    with pytest.raises(OptionError) as unknown:
        toggle_option(specs, frozenset(), "nonsense")
    assert "long, wide, narrow, mirror" in str(unknown.value)
    with pytest.raises(OptionError) as missing:
        toggle_option(specs, frozenset(), "mirror")
    assert "not implemented" in str(missing.value)
    assert validate_options(specs, ["long", "narrow"]) == {"long", "narrow"}


def test_option_changes_rules():
    state = GAME.setup(2, frozenset({"wide"}), 3)
    for seat in (0, 1):
        GAME.apply(state, seat, GAME.parse(state, seat, "bet odd"))
    assert [str(a) for a in GAME.legal_actions(state, state.turn)] == ["add 1", "add 2", "add 3", "add 4", "add 5"]


def test_ranks_share_ties_and_use_tie_breaks():
    assert ranks_from_scores([10, 12, 10]) == (2, 1, 2)
    assert ranks_from_scores([(10, 1), (10, 2), (9, 9)]) == (2, 1, 3)


def test_rng_round_trip_continues_the_same_sequence():
    rng = SeededRng(7)
    rng.randint(1, 6)
    copy = SeededRng.from_json(rng.to_json())
    assert [rng.randint(1, 100) for _ in range(5)] == [copy.randint(1, 100) for _ in range(5)]


def test_option_lines_and_the_steps_between_two_sets_of_options():
    """A tournament's options come as one line (values may hold commas) and reach a table as
    /option steps: switches toggled, values set, values not wanted any more back to defaults."""
    from games.core.options import changes_to, option_tokens
    from games.quetzal import GAME as QUETZAL

    assert option_tokens("open_hands, dice=17,17,4,2 first=2") == ["open_hands", "dice=17,17,4,2", "first=2"]
    assert validate_options(QUETZAL.options, option_tokens("dice=1, 1, 1, 1")) == {"dice=1,1,1,1"}
    steps = changes_to(QUETZAL.options, {"publisher_coins", "first=3", "dice=1,1,1,1"}, {"open_hands", "dice=2,2,2,2"})
    assert steps == ["open_hands", "publisher_coins", "dice=2,2,2,2", "first=random"]
    current = frozenset({"publisher_coins", "first=3", "dice=1,1,1,1"})
    for step in steps:
        current = toggle_option(QUETZAL.options, current, step)
    assert current == {"open_hands", "dice=2,2,2,2"}
