"""Keyflower's strong player never peeks: what the deciding seat cannot see (the colours in the
bag and behind the other screens, the skill pile, the other winter hands and secret choices,
the decks to come, the other players' unrevealed placements, the seed of future draws) may
change without changing its choice."""
from __future__ import annotations

import dataclasses
import random

from games.keyflower import GAME
from games.keyflower.components import COLOURS, SKILLS
from games.keyflower.rules import village as vil
from games.keyflower.screens import known_keeples, known_skills
from games.keyflower.search import SETTINGS
from games.keyflower.state import KeyflowerState, Placed
from tests.search.no_peeking import NoPeeking, drawn_games, with_another_seed
from tests.search.positions import any_seat

OPTIONS = ("craftsmen5", "greenwild", "purpleany", "storagefree")
#: the shipped settings with an iteration budget instead of a CPU one (CPU time varies)
BUDGET = dataclasses.replace(SETTINGS, iterations=40, seconds=None, samples=6)


def _swap_between(counts_a: dict[str, int], counts_b: dict[str, int], keys: tuple[str, ...],
                  rng: random.Random, kept: dict[str, int] | None = None) -> None:
    """One item of a kind ``a`` holds beyond ``kept`` goes to ``b`` and one of another kind comes
    back (sizes kept)."""
    kept = kept or {}
    pairs = [(x, y) for x in keys for y in keys if x != y and counts_a[x] > kept.get(x, 0) and counts_b[y] > 0]
    if pairs:
        x, y = rng.choice(pairs)
        counts_a[x] -= 1
        counts_b[x] += 1
        counts_b[y] -= 1
        counts_a[y] += 1


def hidden_changed(state: KeyflowerState, seat: int, rng: random.Random) -> KeyflowerState:
    """The same state as ``seat`` sees it with other hidden things: keeples and skills swapped
    between the bag / pile and the other screens (the keeples and skill tiles the public record
    puts behind a screen staying there), winter tiles between the other hands and the
    box, the decks to come reordered, other secret winter choices and unrevealed placements
    changed, another seed."""
    other = GAME.clone(state)
    others = [s for s in range(state.players) if s != seat]
    known, known_sk = known_keeples(state), known_skills(state)
    for s in others:
        for _ in range(3):
            _swap_between(other.seats[s].keeples, other.bag, COLOURS, rng, known[s])
            _swap_between(other.seats[s].skills, other.pile, SKILLS, rng, known_sk[s])
        hand, box = other.seats[s].winter_hand, other.decks.get("winter", [])
        if hand and box:
            i, j = rng.randrange(len(hand)), rng.randrange(len(box))
            choice = other.seats[s].winter_choice
            if choice and hand[i] in choice:
                choice.remove(hand[i])
                choice.append(box[j])
            hand[i], box[j] = box[j], hand[i]
        if other.seats[s].winter_choice is not None and hand:
            other.seats[s].winter_choice = [hand[-1]]
        if other.seats[s].placed_now and not other.seats[s].pending:
            player = other.seats[s]
            ids = [p.id for p in player.placed_now]
            player.placed_now = []
            for tid in ids:
                spots = vil.placements(other, s, tid)
                if spots:
                    q, r, k = rng.choice(spots)
                    player.placed_now.append(Placed(tid, q, r, k))
    for season in ("spring", "summer", "autumn"):
        rng.shuffle(other.decks.get(season, []))
    return with_another_seed(other, rng)




#: every phase turns up: random players pass often, so seasons go by quickly
NO_PEEKING = NoPeeking(GAME, any_seat, hidden_changed, BUDGET, drawn_games(5, OPTIONS, 160), same_view=True)
test_the_strong_choice_does_not_depend_on_what_the_seat_cannot_see = NO_PEEKING.strong_choice_test(max_examples=15)


@NO_PEEKING.determinization_test(max_examples=40)
def test_a_determinization_agrees_with_the_seat_and_hides_the_rest(state, seat, sample):
    for colour in COLOURS:                                     # no keeple made or lost
        assert sample.bag[colour] + sum(p.keeples[colour] for p in sample.seats) == \
            state.bag[colour] + sum(p.keeples[colour] for p in state.seats)
    for skill in SKILLS:                                       # no skill tile made or lost
        assert sample.pile[skill] + sum(p.skills[skill] for p in sample.seats) == \
            state.pile[skill] + sum(p.skills[skill] for p in state.seats)
    known, known_sk = known_keeples(state), known_skills(state)   # what the public record puts behind a screen stays
    for s, player in enumerate(sample.seats):
        assert all(player.keeples[c] >= known[s][c] for c in COLOURS)
        assert all(player.skills[k] >= known_sk[s][k] for k in SKILLS)
        assert player.keeple_total() == state.seats[s].keeple_total()
        assert player.skill_total() == state.seats[s].skill_total()
        if player.winter_choice is not None:
            assert set(player.winter_choice) <= set(player.winter_hand)
        assert sorted(player.pending + [p.id for p in player.placed_now]) == \
            sorted(state.seats[s].pending + [p.id for p in state.seats[s].placed_now])
    assert GAME.to_act(sample) == GAME.to_act(state)
