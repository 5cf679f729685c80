"""Hidden information: deck order, the upgrade stack and (by default) hands never reach other viewers."""
from __future__ import annotations

import dataclasses
import random

from games.quetzal import GAME
from games.quetzal.rules.options import OPEN_HANDS
from tests.quetzal.helpers import new_game, park, set_pool


def text_of(view) -> str:
    return repr(dataclasses.asdict(view))


def states(options: frozenset[str] = frozenset()):
    for seed in range(4):
        state = GAME.setup(3, options, seed)
        rng = random.Random(seed)
        for _ in range(30 + 25 * seed):
            seat = min(GAME.to_act(state))
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        yield state


def test_public_and_other_views_hide_deck_stack_and_hands() -> None:
    for state in states():
        assert any(p.hand for p in state.seats)
        public = text_of(GAME.view(state, None))
        for card in state.deck:
            assert card not in public
        for tile in state.stack:
            assert tile not in public
        for seat, player in enumerate(state.seats):
            mine = text_of(GAME.view(state, seat))
            for card in player.hand:
                assert card not in public
                assert card in mine
            for other, other_player in enumerate(state.seats):
                if other != seat:
                    assert all(card not in mine for card in other_player.hand)
            assert all(card not in mine for card in state.deck)
        view = GAME.view(state, None)
        assert [s.hand_count for s in view.players] == [len(p.hand) for p in state.seats]
        assert all(s.hand is None for s in view.players)


def test_open_hands_option_shows_hands_but_never_the_deck() -> None:
    for state in states(frozenset({OPEN_HANDS})):
        public = text_of(GAME.view(state, None))
        assert all(card in public for p in state.seats for card in p.hand)
        assert all(card not in public for card in state.deck)


def test_drawn_card_is_a_private_event() -> None:
    state = new_game(3, marker=0)
    set_pool(state, 0, "1w")
    park(state, 0, keep=["1"])
    park(state, 1)
    park(state, 2)
    top = state.deck[0]
    state.player(0).coins = 5
    state.display = [None] * 7 + ["V09"]
    events = GAME.apply(state, 0, GAME.parse(state, 0, "team t3 1 white"))
    public = [e.msg.english() for e in events if e.to is None]
    private = [e for e in events if e.to is not None]
    assert all(top not in line for line in public)
    assert any(top in e.msg.english() and e.to == frozenset({0}) for e in private)


def test_status_and_prompts_use_only_the_view() -> None:
    for state in states():
        for seat in (None, 0, 1, 2):
            view = GAME.view(state, seat)
            lines = GAME.status(view) + GAME.private_lines(view) + GAME.turn_prompt(view)
            text = " ".join(m.english() for m in lines)
            hidden = set(state.deck)
            for s, player in enumerate(state.seats):
                if s != seat:
                    hidden |= set(player.hand)
            assert all(card not in text for card in hidden)

