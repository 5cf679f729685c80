"""Final scoring (section 11): allocation optimum against brute force, automatic tile scores,
storage tiles, the purple wildcard, options and ties."""
from __future__ import annotations

import itertools
import random

from games.keyflower import GAME

from games.keyflower.rules import geometry
from games.keyflower.rules.scoring import best_keeples, best_resources, best_skills, score_player
from games.keyflower.state import counts
from games.keyflower.components import COLOURS

from tests.keyflower.helpers import put, skills, state


def _splits(n: int, k: int):
    """All ways to put n identical items into k boxes."""
    if k == 1:
        yield (n,)
        return
    for first in range(n + 1):
        for rest in _splits(n - first, k - 1):
            yield (first,) + rest


def brute_resources(have: dict[str, int], tiles: set[str], wild: bool = False) -> int:
    """Every item to one sink: jeweller, watermill, mercers slot W/S/I, windmill, nothing."""
    best = 0
    sinks = ["jeweller", "water", "mW", "mS", "mI", "wind", "none"]
    types = ["wood", "stone", "iron", "gold"]
    for water_type in types:
        def allowed(res: str, sink: str) -> bool:
            if sink == "none":
                return True
            if sink == "jeweller":
                return "jeweller" in tiles and (wild or res == "gold")
            if sink == "water":
                return "watermill" in tiles and (wild or res in (water_type, "gold"))
            if sink.startswith("m"):
                slot = {"W": "wood", "S": "stone", "I": "iron"}[sink[1]]
                return "mercers" in tiles and (wild or res in (slot, "gold"))
            return "windmill" in tiles
        per_type = []
        for res in types:
            options = [s for s in sinks if allowed(res, s)]
            per_type.append([(dict(zip(options, split))) for split in _splits(have[res], len(options))])
        for combo in itertools.product(*per_type):
            total = {s: sum(c.get(s, 0) for c in combo) for s in sinks}
            gold_left = combo[3].get("none", 0)
            value = (2 * total["jeweller"] + total["water"] + 5 * min(total["mW"], total["mS"], total["mI"])
                     + 5 * (total["wind"] // 5) + gold_left)
            best = max(best, value)
    return best


def test_resource_allocation_matches_brute_force():
    rng = random.Random(1)
    names = ["jeweller", "watermill", "mercers", "windmill"]
    for _ in range(60):
        have = {r: rng.randint(0, 3 if r in ("wood", "iron") else 2) for r in ("wood", "stone", "iron", "gold")}
        tiles = {t for t in names if rng.random() < 0.5}
        wild = rng.random() < 0.2
        assert sum(best_resources(have, tiles, wild)) == brute_resources(have, tiles, wild), (have, tiles, wild)


def brute_keeples(have: dict[str, int], tiles: set[str], craft_vp: int = 3, green_wild: bool = False) -> int:
    best = 0
    sinks = ["cR", "cB", "cY", "hall", "market", "apo", "white", "none"]
    for hall_colour in COLOURS:
        def allowed(c: str, sink: str) -> bool:
            if sink == "none":
                return True
            if sink[0] == "c" and len(sink) == 2:
                target = {"R": "red", "B": "blue", "Y": "yellow"}[sink[1]]
                return "craftsmen" in tiles and (c == target or (green_wild and c == "green"))
            if sink == "hall":
                return "villagehall" in tiles and c == hall_colour
            if sink == "market":
                return "keymarket" in tiles and c == "green"
            if sink == "apo":
                return "apothecary" in tiles
            return "whitewind" in tiles
        per = []
        for c in COLOURS:
            options = [s for s in sinks if allowed(c, s)]
            per.append([dict(zip(options, split)) for split in _splits(have[c], len(options))])
        for combo in itertools.product(*per):
            t = {s: sum(x.get(s, 0) for x in combo) for s in sinks}
            value = (craft_vp * min(t["cR"], t["cB"], t["cY"]) + t["hall"] + 2 * t["market"]
                     + 3 * (t["apo"] // 5) + t["white"])
            best = max(best, value)
    return best


def test_keeple_allocation_matches_brute_force():
    rng = random.Random(2)
    names = ["craftsmen", "villagehall", "keymarket", "apothecary", "whitewind"]
    for _ in range(50):
        have = {c: rng.randint(0, 2) if c in ("red", "blue") else rng.randint(0, 3) for c in COLOURS}
        tiles = {t for t in names if rng.random() < 0.5}
        craft_vp = rng.choice((3, 5))
        green_wild = rng.random() < 0.3
        assert best_keeples(have, tiles, craft_vp, green_wild) == brute_keeples(have, tiles, craft_vp, green_wild), \
            (have, tiles, craft_vp, green_wild)


def brute_skills(have: dict[str, int], tiles: set[str]) -> int:
    best = 0
    for v in ("saw", "pick", "anvil"):
        sinks = ["s_saw", "s_pick", "s_anvil", "scholar", "guild", "none"]
        per = []
        for s in ("saw", "pick", "anvil"):
            options = ["none"]
            if "scribes" in tiles:
                options.append("s_" + s)
            if "scholar" in tiles and s == v:
                options.append("scholar")
            if "keyguild" in tiles:
                options.append("guild")
            per.append([dict(zip(options, split)) for split in _splits(have[s], len(options))])
        for combo in itertools.product(*per):
            t = {k: sum(x.get(k, 0) for x in combo) for k in sinks}
            best = max(best, 10 * min(t["s_saw"], t["s_pick"], t["s_anvil"]) + 3 * t["scholar"] + 10 * (t["guild"] // 5))
    return best


def test_skill_allocation_matches_brute_force():
    rng = random.Random(3)
    for _ in range(80):
        have = {s: rng.randint(0, 4) for s in ("saw", "pick", "anvil")}
        tiles = {t for t in ("scribes", "scholar", "keyguild") if rng.random() < 0.6}
        assert best_skills(have, tiles) == brute_skills(have, tiles), (have, tiles)


def test_sea_bastion_two_triangles_sharing_a_tile_score_5():
    R6 = "RRRRRR"
    # triangle (0,0),(1,0),(1,-1) and triangle (0,0),(-1,0),(-1,1): share only (0,0)
    cells = {(0, 0): R6, (1, 0): R6, (1, -1): R6, (-1, 0): R6, (-1, 1): R6}
    assert geometry.best_loop(cells) == 5
    assert geometry.best_loop({(0, 0): R6, (1, 0): R6}) == 0
    assert geometry.best_loop({(0, 0): "GGGGGG", (1, 0): R6, (1, -1): R6}) == 0


def test_sea_breese_and_keyflower_boat_scores():
    st = state(3, supplies=["", "", ""])
    home = st.seats[0].home
    put(st, 0, "boat1a", 0, -1)
    put(st, 0, "boat3b", 0, -2)
    put(st, 0, "seabreese", 0, -3)
    put(st, 0, "stable", 1, 0, upgraded=True)
    put(st, 0, "keyflower", 5, 5)
    result = score_player(st, 0)
    assert result["auto"] == 8 + (1 + 4)            # chain of 3 boats, home 1 + stable 4
    st.seats[0].village[home].upgraded = True
    put(st, 0, "boat2b", 0, -4)
    assert score_player(st, 0)["auto"] == 16 + 2 * (2 + 4)


def test_storage_tiles_lock_off_type_resources_unless_storagefree():
    st = state(2, supplies=["", ""])
    put(st, 0, "timberyard", 1, 0, wood=2, stone=1, gold=1)
    put(st, 0, "mercers", 3, 3, wood=1, iron=1)
    result = score_player(st, 0)
    assert result["storage"] == 2 * 3 and result["alloc"] == 0
    st.options = frozenset({"storagefree"})
    result = score_player(st, 0)
    assert result["storage"] == 6 and result["alloc"] == 5          # the stone completes W+S+I


def test_boat_3b_makes_yard_resources_match():
    st = state(2, supplies=["", ""])
    put(st, 0, "barn", 1, 0, upgraded=True, wood=1, iron=2)
    put(st, 0, "stoneyard", 2, 0, wood=2)
    put(st, 0, "boat3b", 0, -1)
    assert score_player(st, 0)["storage"] == 2 * 3 + 2 * 2


def test_purple_wildcard_only_for_the_winter_winner():
    st = state(2, supplies=["", ""])
    put(st, 0, "mercers", 2, 2, wood=1, stone=1)
    assert score_player(st, 0)["alloc"] == 0
    st.purple_wild = 0
    result = score_player(st, 0)
    assert result["alloc"] == 5                                       # declared as the missing iron
    st.purple_wild = 1
    assert score_player(st, 0)["alloc"] == 0


def test_purple_declared_onto_a_storage_tile():
    st = state(2, supplies=["", ""])
    put(st, 0, "blacksmith", 1, 0, upgraded=True, iron=2)
    st.purple_wild = 0
    assert score_player(st, 0)["storage"] == 3 * 3


def test_craftsmen_options():
    have = counts(COLOURS, {"red": 2, "blue": 2, "yellow": 1, "green": 1})
    assert best_keeples(have, {"craftsmen"}) == 3
    assert best_keeples(have, {"craftsmen"}, craft_vp=5) == 5
    assert best_keeples(have, {"craftsmen"}, green_wild=True) == 6


def test_scoring_tiles_with_supply_and_ties():
    st = state(2, supplies=["R2 B2 Y2 G2", "R2 B2 Y2 G2"])
    for seat in (0, 1):
        put(st, seat, "whitewind", 3, 3)
        st.seats[seat].skills = skills("saw pick anvil")
        put(st, seat, "scribes", 4, 4)
    st.phase = "over"
    st.final = [score_player(st, s) for s in range(2)]
    out = GAME.outcome(st)
    assert out.scores == (18, 18) and out.ranks == (1, 1)        # 8 keeples + one scribes set; no tie-break
