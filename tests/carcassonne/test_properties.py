"""Property tests: random legal games (base game, each add-on, every option at once) keep every
invariant; the incremental feature graph, the frontier and the deploy rules before and after
placing agree with from-scratch computations; random text never does harm."""
from __future__ import annotations

import random
from collections import deque

from hypothesis import given, settings, strategies as st

from games.carcassonne import GAME
from games.carcassonne.rules.board import STRIDE
from games.carcassonne.rules.geometry import OFFSETS, OPPOSITE, TOUCHING, oriented
from games.carcassonne.actions import Deploy, Place
from games.carcassonne.state import FOLLOWERS
from games.carcassonne.components import all_tiles, tiles_of_set
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
        for n, local in members:
            x, y = board.positions[n]
            for d in board.tiles[n].segments[local].dirs:
                dx, dy = OFFSETS[d]
                open_edges += (x + dx, y + dy) not in board.grid
        result.append((frozenset(members), kind, len(tiles), open_edges))
    return result


def check_board(board):
    for members, kind, tiles, open_edges in brute_features(board):
        roots = {board.find(n * STRIDE + local) for n, local in members}
        assert len(roots) == 1
        feature = board.features[roots.pop()]
        assert feature.kind == kind
        if kind != "field":
            assert len(feature.tiles) == tiles and feature.open == open_edges
    # frontier: every empty square next to the board, and exactly the fitting rotations
    empty = {(x + dx, y + dy) for x, y in board.grid for dx, dy in OFFSETS} - set(board.grid)
    assert set(board.frontier) == empty


def brute_placements(state, tile_id):
    """Legal placements from scratch: edges match every neighbour; a river tile must touch a river
    edge and not repeat the previous river tile's turn (recomputed from the placements)."""
    board = state.board
    river = all_tiles()[tile_id].river
    last_turn = 0
    if river:
        rivers = [(t, x, y, r) for t, x, y, r in state.placements if all_tiles()[t].river]
        if len(rivers) >= 2:
            (_, px, py, _), (t, x, y, r) = rivers[-2], rivers[-1]
            heading = OFFSETS.index((x - px, y - py))
            exits = [d for d in range(4) if oriented(t, r).edges[d] == "~" and d != OPPOSITE[heading]]
            last_turn = {1: 1, 3: -1}.get((exits[0] - heading) % 4, 0) if exits else 0
    out = []
    for x, y in {(x + dx, y + dy) for x, y in board.grid for dx, dy in OFFSETS} - set(board.grid):
        for r in range(4):
            ot = oriented(tile_id, r)
            neighbours = [(d, board.tile_at(x + dx, y + dy)) for d, (dx, dy) in enumerate(OFFSETS)]
            if not all(nt is None or nt.edges[OPPOSITE[d]] == ot.edges[d] for d, nt in neighbours):
                continue
            if river:
                entries = [d for d, nt in neighbours if nt is not None and ot.edges[d] == "~"]
                if not entries:
                    continue
                heading = OPPOSITE[entries[0]]
                exits = [d for d in range(4) if ot.edges[d] == "~" and d != entries[0]]
                turn = {1: 1, 3: -1}.get((exits[0] - heading) % 4, 0) if exits else 0
                if turn and turn == last_turn:
                    continue
            out.append((x, y, r))
    return sorted(out)


KINDS = ("follower", "large", "builder", "pig")


def check_figures(state, options):
    """Figures are conserved per kind and seat; builders always have their owner's follower with
    them; nothing stands where the dragon is."""
    expected = {"follower": FOLLOWERS, "large": int("erweiterung" in options), "builder": int("haendler" in options),
                "pig": int("haendler" in options)}
    for kind in KINDS:
        on_board = [sum(1 for f in state.figures if f.seat == s and f.kind == kind) for s in range(state.players)]
        assert [a + b for a, b in zip(on_board, state.supply_of(kind))] == [expected[kind]] * state.players, kind
    by_root = GAME.figures_by_root(state)
    for fig in state.figures:
        if fig.kind == "builder":
            root = state.board.root_of(fig.x, fig.y, fig.feature, fig.segment)
            assert any(f.is_follower and f.seat == fig.seat for f in by_root[root])
    if state.dragon is not None:
        assert not any((f.x, f.y) == state.dragon for f in state.figures)


def total_tiles(options):
    return 72 + sum(sum(t.count for t in tiles_of_set(o)) for o in options if o != "old")


def play_random_game(seed, players, options, deep=True):
    """Play a random game checking the invariants after every action; returns the final state."""
    rng = random.Random(seed)
    state = GAME.setup(players, frozenset(options), seed)
    previous = list(state.scores)
    while not GAME.is_over(state):
        (seat,) = GAME.to_act(state)
        actions = GAME.legal_actions(state, seat)
        assert actions and len(set(actions)) == len(actions)
        action = rng.choice(actions)
        if state.phase == "place":
            if deep and rng.random() < 0.15:
                assert sorted((a.x, a.y, a.rotation) for a in actions) == brute_placements(state, state.drawn)
            ot = oriented(state.drawn, action.rotation)
            before = GAME.deployer(state, seat, ot, action.x, action.y).codes()
            if rng.random() < 0.3:
                # the one-line form gives the same game as the two stages
                code = rng.choice(before)
                staged = GAME.from_json(GAME.to_json(state))
                GAME.apply(staged, seat, action)
                if staged.phase == "deploy":
                    GAME.apply(staged, seat, Deploy(code))
                GAME.apply(state, seat, Place(action.x, action.y, action.rotation, code))
                assert GAME.to_json(state) == GAME.to_json(staged)
            else:
                GAME.apply(state, seat, action)
                if state.phase == "deploy":
                    assert GAME.deploy_options(state, seat) == before
                else:
                    assert before == ["-"]
        else:
            GAME.apply(state, seat, action)
        check_figures(state, options)
        assert all(now >= was for now, was in zip(state.scores, previous))
        previous = list(state.scores)
        if rng.random() < 0.1:
            data = GAME.to_json(state)
            state = GAME.from_json(data)
            assert GAME.to_json(state) == data
        if deep and rng.random() < 0.03:
            check_board(state.board)
        if state.phase == "place" and rng.random() < 0.2:
            # the King/Robber counts kept at each scoring agree with a count over the whole board
            assert state.board.completed_counts() == (state.completed_cities, state.completed_roads)
    check_board(state.board)
    assert len(state.placements) + len(state.discarded) + len(state.setaside) == total_tiles(options)
    assert state.pile == [] and state.drawn is None
    outcome = GAME.outcome(state)
    assert outcome is not None and list(outcome.scores) == state.scores
    parts = ("play", "city", "road", "monastery", "farm", "goods", "king", "robber", "fairy")
    assert sum(state.final[k][s] for k in parts for s in range(players)) == sum(state.scores)
    return state


AVAILABLE = [o.name for o in GAME.options if o.unavailable is None and o.name != "old"]


@FEW
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5), old=st.booleans())
def test_random_games_keep_the_invariants(seed, players, old):
    play_random_game(seed, players, {"old"} if old else set())


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5), old=st.booleans(),
       chosen=st.sets(st.sampled_from(AVAILABLE), min_size=1))
def test_random_games_with_add_ons_keep_the_invariants(seed, players, old, chosen):
    play_random_game(seed, players, set(chosen) | ({"old"} if old else set()), deep=False)


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5), old=st.booleans())
def test_random_games_with_every_available_option_at_once(seed, players, old):
    play_random_game(seed, players, set(AVAILABLE) | ({"old"} if old else set()))


WORDS = st.sampled_from(["0,1", "-1,0", "1,0", "0,-1", "2,2", "r0", "r1", "r2", "r3", "r90", "r4", "cn", "ce", "cs",
                         "rw", "re", "fnw", "fse", "fi", "m", "-", "city", "road", "field", "monastery", "Lcn",
                         "Bre", "Pfnw", "Lcity", "cs@0,0", "cn@1,0", "m@0,1", "~0,0", "~1,0", "!", "!0,0", "!1,0:r",
                         "!0,-1:lY", "dragon", "dragon n", "/dragon s", "e", "west", "use", "place", "/play", "x",
                         ",", "@", "~", "  "])
TEXT = st.one_of(st.lists(WORDS, max_size=4).map(" ".join), st.text(max_size=20))


@FEW
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 120), texts=st.lists(TEXT, min_size=1, max_size=12),
       seat=st.integers(0, 2), every=st.booleans())
def test_random_text_never_crashes_or_changes_state_when_refused(seed, steps, texts, seat, every):
    rng = random.Random(seed)
    state = GAME.setup(3, frozenset(AVAILABLE) if every else frozenset(), seed)
    for _ in range(steps):
        if GAME.is_over(state):
            break
        (actor,) = GAME.to_act(state)
        GAME.apply(state, actor, rng.choice(GAME.legal_actions(state, actor)))
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
