"""The no-peeking property tests, built from a game's own pieces.

A game names how it picks the deciding seat, how it changes what that seat cannot see, its
search budget and the games hypothesis draws; the tests here draw a reachable state and that
seat, and check what holds in every game: the strong player with the same rng and budget
chooses the same legal action whatever the seat cannot see, and a determinization agrees with
the seat (the game adds checks of its own)."""
from __future__ import annotations

import functools
import inspect
import random
from dataclasses import dataclass
from typing import Any, Callable

from hypothesis import HealthCheck, given, settings, strategies as st
from hypothesis.strategies import SearchStrategy

from games.core import SeededRng
from games.core.search import SearchSettings, StrongPlayer
from tests.search.positions import SeatPicker, deciding

#: the same state with what ``seat`` cannot see changed, drawn from the rng
HiddenChange = Callable[[Any, int, random.Random], Any]
#: a game's own checks of a determinization: the state, the deciding seat and the sample
SampleChecks = Callable[[Any, int, Any], None]
#: a hypothesis test of a drawn game and a seed for the rest
PropertyTest = Callable[..., None]
#: (players, options, seed, moves): a new game and how many random actions into it
DrawnGame = tuple[int, frozenset[str], int, int]


def drawn_games(most_players: int, options: tuple[str, ...], most_moves: int) -> SearchStrategy[DrawnGame]:
    """Two to ``most_players`` players, any of the ``options``, any seed, up to ``most_moves``
    random actions in."""
    chosen = st.sets(st.sampled_from(options)).map(frozenset) if options else st.just(frozenset())
    return st.tuples(st.integers(2, most_players), chosen, st.integers(0, 10**6), st.integers(0, most_moves))


def with_another_seed(state: Any, rng: random.Random) -> Any:
    """``state`` with its seed of future dice and draws drawn anew from ``rng``."""
    state.rng = SeededRng(rng.getrandbits(40), rng.randrange(100))
    return state


@dataclass(frozen=True)
class NoPeeking:
    """What a game's no-peeking tests draw and search with."""
    game: Any
    pick: SeatPicker
    hidden_changed: HiddenChange
    budget: SearchSettings
    games: SearchStrategy[DrawnGame]
    #: whether the changed state is checked to look the same to the deciding seat
    same_view: bool = False

    def strong_choice_test(self, max_examples: int) -> PropertyTest:
        """The test that the strong choice does not depend on what the seat cannot see."""
        def test_the_strong_choice_does_not_depend_on_what_the_seat_cannot_see(game: DrawnGame, swap_seed: int) -> None:
            players, options, seed, moves = game
            state, seat = deciding(self.game, self.pick, players, options, seed, moves, swap_seed)
            other = self.hidden_changed(state, seat, random.Random(swap_seed))
            if self.same_view:
                assert self.game.view(other, seat) == self.game.view(state, seat)
            first = StrongPlayer(self.budget).choose(self.game, state, seat, random.Random(seed))
            second = StrongPlayer(self.budget).choose(self.game, other, seat, random.Random(seed))
            assert first == second
            assert first in self.game.legal_actions(state, seat)
        test = _keyed_to(self.hidden_changed, test_the_strong_choice_does_not_depend_on_what_the_seat_cannot_see)
        return settings(max_examples=max_examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])(
            given(self.games, st.integers(0, 10**6))(test))

    def determinization_test(self, max_examples: int) -> Callable[[SampleChecks], PropertyTest]:
        """Turns the game's own checks of a sample into the test that a determinization agrees
        with the seat and hides the rest: the real state is untouched, the seat and the public
        see the same in the sample, the seed of what comes is another, and the same rng gives
        the same sample whatever the seat cannot see."""
        def decorate(own_checks: SampleChecks) -> PropertyTest:
            def test(game: DrawnGame, swap_seed: int) -> None:
                players, options, seed, moves = game
                state, seat = deciding(self.game, self.pick, players, options, seed, moves, swap_seed)
                before = self.game.to_json(state)
                sample = self.game.determinize(state, seat, random.Random(swap_seed))
                assert self.game.to_json(state) == before                       # the real state is untouched
                for who in (seat, None):
                    assert self.game.view(sample, who) == self.game.view(state, who)
                assert sample.rng.to_json() != state.rng.to_json()
                own_checks(state, seat, sample)
                changed = self.hidden_changed(state, seat, random.Random(swap_seed + 1))
                same = self.game.determinize(changed, seat, random.Random(swap_seed))
                assert self.game.to_json(same) == self.game.to_json(sample)
            return settings(max_examples=max_examples, deadline=None)(
                given(self.games, st.integers(0, 10**6))(_keyed_to(own_checks, test, own_checks.__name__)))
        return decorate


def _keyed_to(source: Callable[..., Any], test: PropertyTest, name: str | None = None) -> PropertyTest:
    """``test`` with the source of a function of the game's own (hypothesis keys its example
    database by a test's source, so each game's test keeps examples of its own), under ``name``
    (its own by default) and with its own signature for hypothesis to fill."""
    signature, doc, name = inspect.signature(test), test.__doc__, name or test.__name__
    functools.update_wrapper(test, source)
    test.__name__ = test.__qualname__ = name
    test.__doc__ = doc or source.__doc__
    setattr(test, "__signature__", signature)
    return test
