"""Property tests: random legal games keep every invariant; the incremental feature graph and the
frontier agree with a from-scratch computation; random text never does harm."""
from __future__ import annotations

import random
from collections import deque

from hypothesis import given, settings, strategies as st

from games.carcassonne import GAME
from games.carcassonne.board import STRIDE
from games.carcassonne.geometry import OFFSETS, OPPOSITE, TOUCHING, oriented
from games.carcassonne.state import FOLLOWERS
from games.core import IllegalAction

FEW = settings(max_examples=15, deadline=None)


def brute_features(board):
    """Connected features by flood fill over the whole board, with distinct tiles and open edges."""
    adjacent: dict[tuple[int, int], list[tuple[int, int]]] = {}
    nodes = []
    for number, ((x, y), ot) in enumerate(zip(board.positions, board.tiles)):
        for local in range(len(ot.segments)):
            nodes.append((number, local))
            adjacent.setdefault((number, local), [])
        for d, (dx, dy) in enumerate(OFFSETS):
            other = board.grid.get((x + dx, y + dy))
            if other is None:
                continue
            nt = board.tiles[other]
            assert nt.edges[OPPOSITE[d]] == ot.edges[d]
            pairs = []
            if ot.edges[d] in "CR":
                pairs.append((ot.edge_seg[d], nt.edge_seg[OPPOSITE[d]]))
            if ot.edges[d] != "C":
                pairs += [(ot.half_seg[h], nt.half_seg[TOUCHING[h]]) for h in (2 * d, 2 * d + 1)]
            for mine, theirs in pairs:
                adjacent.setdefault((number, mine), []).append((other, theirs))
    seen, components = set(), []
    for start in nodes:
        if start in seen:
            continue
        seen.add(start)
        queue, members = deque([start]), []
        while queue:
            node = queue.popleft()
            members.append(node)
            for nxt in adjacent[node]:
                if nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        components.append(members)
    result = []
    for members in components:
        number, local = members[0]
        kind = board.tiles[number].segments[local].kind
        tiles = {n for n, _ in members}
        open_edges = 0
        for n, l in members:
            x, y = board.positions[n]
            for d in board.tiles[n].segments[l].dirs:
                dx, dy = OFFSETS[d]
                open_edges += (x + dx, y + dy) not in board.grid
        result.append((frozenset(members), kind, len(tiles), open_edges))
    return result


def check_board(board):
    for members, kind, tiles, open_edges in brute_features(board):
        roots = {board.find(n * STRIDE + l) for n, l in members}
        assert len(roots) == 1
        feature = board.features[roots.pop()]
        assert feature.kind == kind
        if kind != "field":
            assert len(feature.tiles) == tiles and feature.open == open_edges
    # frontier: every empty square next to the board, and exactly the fitting rotations
    empty = {(x + dx, y + dy) for x, y in board.grid for dx, dy in OFFSETS} - set(board.grid)
    assert set(board.frontier) == empty


def brute_placements(board, tile_id):
    out = []
    for x, y in {(x + dx, y + dy) for x, y in board.grid for dx, dy in OFFSETS} - set(board.grid):
        for r in range(4):
            ot = oriented(tile_id, r)
            if all(board.tile_at(x + dx, y + dy) is None or board.tile_at(x + dx, y + dy).edges[OPPOSITE[d]] == ot.edges[d]
                   for d, (dx, dy) in enumerate(OFFSETS)):
                out.append((x, y, r))
    return sorted(out)


@FEW
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5), old=st.booleans())
def test_random_games_keep_the_invariants(seed, players, old):
    rng = random.Random(seed)
    state = GAME.setup(players, frozenset({"old"} if old else ()), seed)
    previous = list(state.scores)
    steps = 0
    while not GAME.is_over(state):
        seat = state.current
        assert GAME.to_act(state) == frozenset({seat})
        if state.phase == "place":
            actions = GAME.legal_actions(state, seat)
            assert len(set(actions)) == len(actions)
            assert sorted((a.x, a.y, a.rotation) for a in GAME.legal_actions(state, seat)) == \
                brute_placements(state.board, state.drawn)
        action = rng.choice(GAME.legal_actions(state, seat))
        GAME.apply(state, seat, action)
        steps += 1
        on_board = [sum(1 for f in state.figures if f.seat == s) for s in range(players)]
        assert [a + b for a, b in zip(on_board, state.supply)] == [FOLLOWERS] * players
        assert all(now >= before for now, before in zip(state.scores, previous))
        previous = list(state.scores)
        if rng.random() < 0.1:
            data = GAME.to_json(state)
            state = GAME.from_json(data)
            assert GAME.to_json(state) == data
        if rng.random() < 0.05:
            check_board(state.board)
    check_board(state.board)
    assert len(state.placements) + len(state.discarded) == 72
    assert state.pile == [] and state.drawn is None
    outcome = GAME.outcome(state)
    assert outcome is not None and list(outcome.scores) == state.scores
    assert sum(state.final[k][s] for k in ("play", "city", "road", "monastery", "farm")
               for s in range(players)) == sum(state.scores)


WORDS = st.sampled_from(["0,1", "-1,0", "1,0", "0,-1", "2,2", "r0", "r1", "r2", "r3", "r90", "r4", "cn", "ce", "cs",
                         "rw", "re", "fnw", "fse", "fi", "m", "-", "city", "road", "field", "monastery", "Lcn",
                         "cs@0,0", "~0,0", "!", "place", "/play", "x", ",", "  "])
TEXT = st.one_of(st.lists(WORDS, max_size=4).map(" ".join), st.text(max_size=20))


@FEW
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 80), texts=st.lists(TEXT, min_size=1, max_size=12),
       seat=st.integers(0, 2))
def test_random_text_never_crashes_or_changes_state_when_refused(seed, steps, texts, seat):
    rng = random.Random(seed)
    state = GAME.setup(3, frozenset(), seed)
    for _ in range(steps):
        if GAME.is_over(state):
            break
        GAME.apply(state, state.current, rng.choice(GAME.legal_actions(state, state.current)))
    for text in texts:
        before = GAME.to_json(state)
        try:
            action = GAME.parse(state, seat, text)
        except IllegalAction:
            assert GAME.to_json(state) == before
            continue
        try:
            GAME.apply(state, seat, action)
        except IllegalAction:
            assert GAME.to_json(state) == before
