"""The component data against the rules reference (sections 1-3 and Appendix A)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from games.keyflower import components as data
from games.keyflower.components import (boats_for, components, home_ids, player_counts, purple_tile_for, season_tiles,
                                  tile, tiles, turn_order_for)

HERE = Path(__file__).parent
APPENDIX = HERE / "reference" / "appendix_a.jsonl"
RULES = Path("/work/shared/rules/keyflower.md")


def _appendix() -> list[dict]:
    return [json.loads(line) for line in APPENDIX.read_text(encoding="utf-8").splitlines() if line.strip()]


def _yaml_rows() -> dict[str, dict]:
    rows: dict[str, dict] = {}
    for name, kind in (("tiles.yaml", None), ("boats.yaml", "boat"), ("turn_order.yaml", "turn_order")):
        raw = yaml.safe_load((data.DATA_DIR / name).read_text(encoding="utf-8"))
        for tid, row in raw.items():
            entry = {"id": tid}
            if kind:
                entry["kind"] = kind
            entry.update(row)
            rows[tid] = entry
    return rows


def test_fixture_is_the_reference_appendix():
    if not RULES.exists():
        pytest.skip("rules reference not available on this machine")
    text = RULES.read_text(encoding="utf-8")
    block = text.split("```jsonl", 1)[1].split("```", 1)[0]
    assert [json.loads(x) for x in block.strip().splitlines()] == _appendix()


def test_yaml_matches_appendix_exactly():
    rows = _yaml_rows()
    reference = {r["id"]: r for r in _appendix()}
    assert set(rows) == set(reference)
    for tid, ref in reference.items():
        assert rows[tid] == ref, tid


def test_counts_per_season():
    assert len(home_ids()) == 6
    for season in ("spring", "summer", "autumn", "winter"):
        assert len(season_tiles(season)) == 12, season
    summer = season_tiles("summer")
    assert sum(1 for t in summer if t.startswith("boat")) == 4
    assert "store" in summer                                       # D4
    assert sum(1 for t in tiles().values() if t.kind == "summer_boat") == 8   # 4 tiles x 2 sides
    assert sum(1 for t in tiles().values() if t.kind == "boat") == 6
    assert sum(1 for t in tiles().values() if t.kind == "turn_order") == 4


ROADS = {"home": 5, "spring": 4, "summer": 3, "autumn": 2, "winter": 1}


def test_road_counts_and_water():
    for tid, t in tiles().items():
        roads = t.edges.count("R")
        if t.kind == "home":
            assert (roads, t.edges.count("W")) == (5, 1), tid
        elif t.kind in ("boat", "summer_boat"):
            assert t.edges == "WGGWGG", tid
        elif t.kind == "turn_order":
            assert roads == t.number, tid
        else:
            assert roads == ROADS[t.season], tid
        assert len(t.edges) == 6 and set(t.edges) <= set("RGW")


# Upgrade costs and VP front/upgraded typed from the prose tables of section 2.2.
COSTS = {
    "home1": ("wood stone", 0, 5), "home2": ("stone iron", 0, 5), "home3": ("wood iron", 0, 5),
    "home4": ("wood stone", 0, 5), "home5": ("stone iron", 0, 5), "home6": ("wood iron", 0, 5),
    "keywood": ("saw", 0, 3), "keystone": ("pick", 0, 3), "keymine": ("anvil", 0, 3),
    "goldmine": ("stone iron", 0, 3), "woodcutter": ("saw", 0, 3), "quarryman": ("pick", 0, 3),
    "miner": ("anvil", 0, 3), "workshop": ("any any", 0, 3), "alehouse": ("wood stone iron", 0, 0),
    "apprentice": ("wood stone", 0, 3), "peddler": ("gold", 0, 0), "stable": ("wood iron", 0, 5),
    "carpenter": ("wood wood wood", 0, 7), "mason": ("stone stone stone", 0, 7),
    "smelter": ("iron iron iron", 0, 7), "tavern": ("wood stone iron", 0, 0), "brewer": ("stone iron", 0, 3),
    "hiring": ("wood iron", 0, 5), "farrier": ("any any", 0, 5), "store": ("gold", 0, 3),
    "inn": ("any any", 0, 0), "fair": ("gold", 0, 5), "wainwright": ("any any", 0, 5),
    "sawmill": ("wood wood wood", 3, 10), "sculptor": ("stone stone stone", 3, 10),
    "forge": ("iron iron iron", 3, 10), "well": ("any any any", 3, 7), "goldsmith": ("gold gold", 0, 7),
    "timberyard": ("saw", 0, 0), "stoneyard": ("pick", 0, 0), "blacksmith": ("anvil", 0, 0),
    "barn": ("any", 0, 0),
}


def test_upgrade_costs_and_vp():
    upgradable = {tid for tid, t in tiles().items() if t.upgradable}
    assert upgradable == set(COSTS)
    for tid, (cost, front, back) in COSTS.items():
        t = tile(tid)
        assert " ".join(t.upgrade_res + t.upgrade_skill) == cost, tid
        assert t.vp == (front, back), tid
    assert tile("inn").upgrade_res == ("any",) and tile("inn").upgrade_skill == ("any",)


# Abilities (front, upgraded) from section 2.2, in a compact form.
ABILITIES = {
    "keywood": ("gain wood1", "gain wood3"), "keystone": ("gain stone1", "gain stone3"),
    "keymine": ("gain iron1", "gain iron3"), "goldmine": ("gain gold1", "gain gold2"),
    "woodcutter": ("gain wood2", "gain wood1 gold1"), "quarryman": ("gain stone2", "gain stone1 gold1"),
    "miner": ("gain iron2", "gain iron1 gold1"), "workshop": ("choice wood/stone/iron", "gain wood1 stone1 iron1"),
    "alehouse": ("keeples 1", "keeples 2"), "apprentice": ("skills 1", "skills 2"),
    "peddler": ("pay yellow green1", "pay yellow green2"), "stable": ("transport 2/1", "transport 4/2"),
    "carpenter": ("saw wood3", "saw gold3"), "mason": ("pick stone3", "pick gold3"),
    "smelter": ("anvil iron3", "anvil gold3"), "tavern": ("paykeeple 2", "paykeeple 3"),
    "brewer": ("payskill keeples 2", "payskill keeples 3"), "hiring": ("payskill skills 2", "payskill skills 3"),
    "farrier": ("transport 3/1", "transport 5/2"), "store": ("pay blue green1", "pay blue green2"),
    "inn": ("keeples 1", "keeples 3"), "fair": ("pay red green1", "pay red green2"),
    "wainwright": ("transport 4/2", "transport 6/2"),
    "home1": ("transport 1/1", "transport 2/1"),
}


def _describe(a: data.Ability) -> str:
    res = " ".join(f"{r}{n}" for r, n in a.res)
    return {
        "gain": f"gain {res}",
        "gain_choice": "choice " + "/".join(a.options),
        "draw_keeples": f"keeples {a.n}",
        "draw_skills": f"skills {a.n}",
        "pay_keeple_gain_green": f"pay {a.pay} green{a.green}",
        "transport": f"transport {a.move}/{a.upgrades}",
        "pay_skill_gain_res": f"{a.skill} {res}",
        "pay_any_keeple_draw_keeples": f"paykeeple {a.n}",
        "pay_any_skill_draw_keeples": f"payskill keeples {a.n}",
        "pay_any_skill_draw_skills": f"payskill skills {a.n}",
    }[a.t]


def test_abilities():
    for tid, (front, back) in ABILITIES.items():
        t = tile(tid)
        assert _describe(t.ability[0]) == front, tid
        assert _describe(t.ability[1]) == back, tid
    for tid in ("sawmill", "sculptor", "forge", "well", "goldsmith", "timberyard", "stoneyard", "blacksmith", "barn"):
        assert not tile(tid).usable(False) and not tile(tid).usable(True), tid
    for tid in season_tiles("winter"):
        assert not tile(tid).upgradable and not tile(tid).ability


def test_storage_tiles():
    assert tile("timberyard").storage == (("wood", "gold"), (2, 3))
    assert tile("stoneyard").storage == (("stone", "gold"), (2, 3))
    assert tile("blacksmith").storage == (("iron", "gold"), (2, 3))
    assert tile("barn").storage == (("any",), (1, 2))


WINTER = {
    "jeweller": ("per_item", 2), "craftsmen": ("set", 3), "watermill": ("per_chosen_type", 1),
    "mercers": ("set", 5), "keythedral": ("fixed", 12), "windmill": ("set_any", 5), "scribes": ("set", 10),
    "scholar": ("per_chosen_type", 3), "villagehall": ("per_chosen_type", 1), "keymarket": ("per_item", 2),
    "keyguild": ("set_any", 10), "apothecary": ("set_any", 3),
}


def test_winter_scoring():
    for tid, (kind, vp) in WINTER.items():
        assert (tile(tid).scoring["t"], tile(tid).scoring["vp"]) == (kind, vp), tid
    assert tile("craftsmen").scoring["items"] == ["blue", "red", "yellow"]     # D1: 3 VP, no green
    assert tile("mercers").scoring["gold_wild"] is True
    assert tile("windmill").scoring["size"] == 5 and tile("keyguild").scoring["size"] == 5
    assert tile("keythedral").fixed_vp(False) == 12


def test_components_and_setup_table():
    comp = components()
    assert comp["keeples"] == {"red": 40, "blue": 40, "yellow": 40, "green": 20}
    assert sum(comp["keeples"].values()) + 1 == 141                 # with the purple marker
    assert comp["resources"] == {"gold": 48, "iron": 24, "stone": 24, "wood": 24}
    assert comp["skills"] == {"saw": 16, "pick": 16, "anvil": 16}
    assert comp["start_keeples"] == 8
    expected = {2: (6, 3, 1), 3: (7, 3, 2), 4: (8, 3, 3), 5: (9, 2, 4), 6: (10, 2, 4)}
    for n, (per_season, winter, orders) in expected.items():
        row = player_counts(n)
        assert row["tiles_per_season"] == per_season == n + 4
        assert row["winter_per_player"] == winter
        assert row["boats"] == n == len(boats_for(n))
        assert len(turn_order_for(n)) == orders == row["turn_order"]
        assert row["winter_on_auction"] == [n, n * winter]


def test_boats_per_player_count_and_cargo():
    assert boats_for(2) == ("keyflower", "seabastion")
    assert boats_for(3) == ("keyflower", "seabastion", "seabreese")
    assert boats_for(4)[-1] == "flipper" and boats_for(5)[-1] == "ianvincible" and boats_for(6)[-1] == "whitewind"
    cargo = {b: tuple(tile(b).cargo[s] for s in ("spring", "summer", "autumn")) for b in boats_for(6)}
    assert cargo == {
        "keyflower": ((7, 1), (7, 1), (3, 2)), "seabastion": ((6, 2), (6, 2), (6, 2)),
        "seabreese": ((6, 1), (4, 1), (4, 1)), "flipper": ((5, 2), (5, 2), (2, 2)),
        "ianvincible": ((5, 1), (5, 1), (3, 1)),       # D11
        "whitewind": ((4, 2), (4, 2), (4, 1)),
    }
    assert tile("flipper").fixed_vp(True) == 2 and tile("ianvincible").fixed_vp(False) == 5


def test_turn_order_tiles_and_purple():
    assert turn_order_for(2) == ("to1",) and purple_tile_for(2) == "to1"
    assert turn_order_for(3) == ("to1", "to2") and purple_tile_for(3) == "to2"
    assert turn_order_for(4) == ("to1", "to2", "to3") and purple_tile_for(4) == "to3"
    assert turn_order_for(5) == ("to1", "to2", "to3", "to4") and purple_tile_for(5) == "to4"
    assert turn_order_for(6) == ("to1", "to2", "to3", "to4") and purple_tile_for(6) == "to4"


def test_player_count_limits_only_for_boats_and_turn_order():
    for t in tiles().values():
        if t.kind in ("home", "village", "summer_boat", "winter"):
            assert t.min_players == 0 and not t.in_play
