"""Pairings, points and standings, without the bot: table sizes, Swiss without repeats, byes,
round robin, knockout seeding, points by rank with ties, Buchholz."""
from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from bot.tournaments import pairing
from bot.store.records import Entry
from bot.tournaments.standings import bye_points, number, standings, table_points


@pytest.mark.parametrize("players, size, smallest, expected", [
    (12, 4, 2, ([4, 4, 4], 0)), (10, 4, 2, ([4, 3, 3], 0)), (10, 4, 4, ([4, 4], 2)), (11, 2, 2, ([2] * 5, 1)),
    (5, 4, 3, ([4], 1)), (7, 3, 2, ([3, 2, 2], 0)), (1, 2, 2, ([], 1)), (2, 5, 2, ([2], 0)),
])
def test_table_sizes(players, size, smallest, expected):
    sizes, byes = pairing.table_sizes(players, size, smallest)
    assert (sizes, byes) == expected and sum(sizes) + byes == players


def simulate_swiss(n: int, size: int, rounds: int, seed: int) -> tuple[list[int], list[list[int]]]:
    """Random results; returns repeat meetings per round and the byes per round."""
    rng = random.Random(seed)
    entries, history, bye_rounds, repeats = [], [], [], []
    for r in range(1, rounds + 1):
        order = [line.user_id for line in standings([(p, str(p), p, False) for p in range(n)], entries)]
        met = pairing.meetings(history)
        had = {p for byes in bye_rounds for p in byes}
        sizes, count = pairing.table_sizes(n, size, 2)
        groups, byes = pairing.swiss(order, sizes, count, met, had)
        assert sorted([p for g in groups for p in g] + byes) == list(range(n))
        repeats.append(sum(met[frozenset(pair)] for g in groups for pair in itertools.combinations(g, 2)))
        for group in groups:
            ranks = list(range(1, len(group) + 1))
            rng.shuffle(ranks)
            for player, rank, points in zip(group, ranks, table_points(ranks, size)):
                entries.append(Entry(r, player, rank, 0, points, tuple(q for q in group if q != player)))
        for player in byes:
            entries.append(Entry(r, player, 1, 0, bye_points(size), (), True))
        history += groups
        bye_rounds.append(byes)
    return repeats, bye_rounds


@pytest.mark.parametrize("seed", range(8))
def test_swiss_two_player_never_repeats_and_rotates_byes(seed):
    repeats, _ = simulate_swiss(12, 2, 4, seed)
    assert repeats == [0, 0, 0, 0]
    repeats, byes = simulate_swiss(11, 2, 5, seed)
    assert repeats == [0] * 5
    flat = [p for round_byes in byes for p in round_byes]
    assert len(flat) == 5 and len(set(flat)) == 5            # five different players sat out


@pytest.mark.parametrize("seed", range(8))
def test_swiss_larger_tables_keep_repeats_at_the_minimum(seed):
    # 12 players at tables of 4: each new table must hold two players from one earlier table
    # (three earlier tables, four seats), so 3, 6, 9 repeats are the least possible
    repeats, _ = simulate_swiss(12, 4, 4, seed)
    assert repeats == [0, 3, 6, 9]
    repeats, _ = simulate_swiss(12, 3, 3, seed)
    assert repeats == [0, 0, 0]


def test_swiss_groups_follow_standings():
    order = list(range(8))
    groups, byes = pairing.swiss(order, [4, 4], 0, Counter(), set())
    assert groups == [[0, 1, 2, 3], [4, 5, 6, 7]] and byes == []
    groups, _ = pairing.swiss(order, [2, 2, 2, 2], 0, pairing.meetings([[0, 1]]), set())
    assert groups[0] == [0, 2]


def test_round_robin_everyone_meets_once():
    for n in (4, 5, 8):
        rounds = pairing.round_robin_rounds(list(range(n)))
        assert len(rounds) == (n - 1 if n % 2 == 0 else n)
        met = pairing.meetings(g for pairs, _ in rounds for g in pairs)
        assert set(met) == {frozenset(p) for p in itertools.combinations(range(n), 2)} and set(met.values()) == {1}
        byes = [p for _, b in rounds for p in b]
        assert sorted(byes) == (list(range(n)) if n % 2 else [])


def test_knockout_seeding_and_byes():
    groups, byes = pairing.elimination(list(range(1, 9)), [2, 2, 2, 2], 0)
    assert groups == [[1, 8], [2, 7], [3, 6], [4, 5]] and byes == []
    groups, byes = pairing.elimination(list(range(1, 7)), [2, 2], 2)
    assert byes == [1, 2] and groups == [[3, 6], [4, 5]]
    groups, _ = pairing.elimination(list(range(1, 10)), [3, 3, 3], 0)
    assert groups == [[1, 6, 7], [2, 5, 8], [3, 4, 9]]


def test_points_by_rank_with_ties_and_scaling():
    assert table_points([1, 2], 2) == [1.0, 0.0]
    assert table_points([1, 1], 2) == [0.5, 0.5]
    assert table_points([2, 1, 3, 4], 4) == [2.0, 3.0, 1.0, 0.0]
    assert table_points([1, 1, 3, 3], 4) == [2.5, 2.5, 0.5, 0.5]
    assert table_points([1, 2, 3], 4) == [3.0, 1.5, 0.0]          # a smaller table, scaled to the full size
    assert (bye_points(2), bye_points(3), bye_points(4)) == (1.0, 1.0, 2.0)
    assert (number(1.0), number(1.5), number(4 / 3)) == ("1", "1.5", "1.33")


def test_standings_order_buchholz_and_shared_places():
    players = [(1, "A", 1, False), (2, "B", 2, False), (3, "C", 3, False), (4, "D", 4, True)]
    entries = [
        Entry(1, 1, 1, 10, 1.0, (2,)), Entry(1, 2, 2, 5, 0.0, (1,)),
        Entry(1, 3, 1, 7, 1.0, (4,)), Entry(1, 4, 2, 3, 0.0, (3,)),
        Entry(2, 1, 2, 4, 0.0, (3,)), Entry(2, 3, 1, 9, 1.0, (1,)),
        Entry(2, 2, 1, 0, 1.0, (), True),
    ]
    lines = standings(players, entries)
    assert [line.name for line in lines] == ["C", "A", "B", "D"]
    c, a, b, d = lines
    assert (c.points, c.wins, c.score, c.games) == (2.0, 2, 16, 2)
    assert a.buchholz == 1.0 + 2.0 and b.buchholz == 1.0 and b.byes == 1 and b.wins == 0
    assert (c.place, a.place, b.place, d.place) == (1, 2, 3, 4) and d.dropped
    assert c.by_round == {1: 1.0, 2: 1.0}
    tied = standings([(1, "A", 1, False), (2, "B", 2, False)], [Entry(1, 1, 1, 0, 0.5, (2,)), Entry(1, 2, 1, 0, 0.5, (1,))])
    assert [line.place for line in tied] == [1, 1]
