"""Component data against the tables of the rules reference (sections 2, 3.1, 4, 7, 8.1)."""
from __future__ import annotations

from collections import Counter

from games.quetzal.components import raw_defaults, raw_rules, rules

# Section 7.1, transcribed: kind -> (cards, values, vp icon IDs, coin icon IDs, discovery icon IDs)
REFERENCE_CARDS = {
    "V": (19, (1, 3, 6), range(1, 3), range(3, 6), range(6, 9)),
    "T": (17, (1, 4, 7), range(1, 3), range(3, 6), range(6, 9)),
    "W": (15, (2, 5, 8), range(1, 3), range(3, 6), range(6, 9)),
    "S": (13, (2, 6, 10), range(1, 3), range(3, 6), range(6, 9)),
    "M": (11, (3, 7, 12), range(1, 3), range(3, 6), range(6, 9)),
}

# Section 7.2, transcribed: IDs -> (name, permanent, VP)
REFERENCE_TILES = {
    ("U01", "U02"): ("temple_discount", True, 2),
    ("U03", "U04"): ("reroll_two", True, 2),
    ("U05", "U06"): ("full_reroll", True, 1),
    ("U07", "U08"): ("vase_dealer", True, 2),
    ("U09",): ("tablet_dealer", True, 2),
    ("U10",): ("weapon_dealer", True, 2),
    ("U11",): ("statuette_dealer", True, 2),
    ("U12",): ("mummy_dealer", True, 2),
    ("U13", "U14", "U15", "U16"): ("gold", False, 1),
    ("U17", "U18", "U19", "U20"): ("discovery", False, 1),
    ("U21", "U22", "U23", "U24"): ("excavation", False, 1),
}

# Section 4, transcribed: code -> (type, roles, extra cost, cost per worker)
REFERENCE_SPACES = {
    "camp": ("free", "mixed", 0, 0), "stele": ("single", "w", 0, 0),
    "t1": ("single", "w", 5, 0), "t2": ("single", "w", 4, 0), "t3": ("single", "w", 3, 0),
    "t4": ("single", "w", 2, 0), "t5": ("single", "either", 1, 0),
    "3a": ("auction", "either", 0, 0), "3b": ("auction", "either", 0, 0), "3c": ("auction", "either", 0, 0),
    "bm": ("auction", "k", 0, 0), "v1": ("single", "k", 2, 0), "v2": ("single", "k", 1, 0),
    "v3": ("single", "either", 1, 0), "hm": ("free", "mixed", 0, 2), "ship": ("auction", "either", 0, 0),
}

# Section 7.3, transcribed
REFERENCE_TRACK = [{}, {}, {"coins": 1}, {"vp": 1}, {"coins": 2}, {"vp": 2}, {"upgrade": 1},
                   {"coins": 2}, {"vp": 3}, {"coins": 3}, {"vp": 5}]


def test_relic_cards_match_section_7_1() -> None:
    r = rules()
    assert len(r.cards) == 75 == raw_rules()["relic_card_count"]
    assert len({c.id for c in r.cards}) == 75
    by_kind = Counter(c.kind for c in r.cards)
    for letter, (count, values, vp, coin, disc) in REFERENCE_CARDS.items():
        assert by_kind[letter] == count
        assert r.kind[letter].values == values
        for card in (c for c in r.cards if c.kind == letter):
            number = int(card.id[1:])
            expected = "vp" if number in vp else "coin" if number in coin else "discovery" if number in disc else None
            assert card.icon == expected, card
    icons = Counter(c.icon for c in r.cards)
    assert (icons["vp"], icons["coin"], icons["discovery"], icons[None]) == (10, 15, 15, 35)
    assert [k.name for k in r.kinds] == ["vase", "tablet", "weapon", "statuette", "mummy"]
    assert sorted(k.name for k in r.kinds) == sorted(raw_rules()["relic_kind_names"])


def test_upgrade_tiles_match_section_7_2() -> None:
    r = rules()
    assert len(r.tiles) == 24 == raw_rules()["upgrade_tile_count"]
    for ids, (name, permanent, vp) in REFERENCE_TILES.items():
        for tile_id in ids:
            tile = r.tile[tile_id]
            assert (tile.name, tile.permanent, tile.vp) == (name, permanent, vp)
    assert r.tile["U03"].count == 2 and r.tile["U05"].count is None
    assert [r.tile[f"U{i:02d}"].kind for i in range(7, 13)] == ["V", "V", "T", "W", "S", "M"]
    assert {r.tile[t].amount for t in ("U13", "U17", "U21")} == {5, 1, 2}


def test_spaces_match_section_4() -> None:
    r = rules()
    assert [s.code for s in r.spaces] == list(REFERENCE_SPACES)
    for code, (kind, roles, cost, per_worker) in REFERENCE_SPACES.items():
        space = r.space[code]
        assert (space.type, space.roles, space.cost, space.cost_per_worker) == (kind, roles, cost, per_worker), code
    assert [(r.space[t].take, r.space[t].draw) for t in ("t1", "t2", "t3", "t4", "t5")] == \
        [(2, 0), (2, 0), (1, 1), (1, 1), (1, 0)]
    assert [r.space[c].bonus for c in ("3a", "3b", "3c")] == ["vp", "discovery", "coin"]
    assert r.space_alias["harbor-master"] == "hm" and r.space_alias["smalltemple"] == "3b"


def test_setup_table_matches_section_3_1() -> None:
    r = rules()
    assert r.setup == {2: {"workers": 7, "coins": 5, "village": 2}, 3: {"workers": 7, "coins": 5, "village": 3},
                       4: {"workers": 6, "coins": 6, "village": 3}, 5: {"workers": 5, "coins": 6, "village": 3}}
    assert r.publisher_coins == (4, 5, 5, 6, 6)
    assert (r.rounds, r.max_permanent, r.black_market_coins, r.harbour_cards, r.ship_cards) == (5, 2, 7, 3, 6)
    assert (r.marker_vp, r.coins_per_vp, r.surroundings_cards) == (2, 3, 2)


def test_defaults_live_in_one_file() -> None:
    """Every DEFAULT/INTERP value of section 14 comes from defaults.yaml."""
    d = raw_defaults()
    r = rules()
    assert d["dice_weights"] == {"w": 17, "k": 17, "s": 4, "u": 2}
    assert Counter(r.dice) == Counter({"w": 17, "k": 17, "s": 4, "u": 2})
    assert d["temple_display"] == r.temple_display == 8
    assert d["space_roles"] == {"camp": "mixed", "hm": "mixed", "ship": "either"}
    assert r.closed == {2: ("v3",)}
    assert d["hands"] == "hidden" and r.hands_hidden
    assert [dict(x) for x in r.track] == REFERENCE_TRACK
    assert d["discovery_track"][6] == {}, "space 6 is confirmed and comes from rules.yaml"
    for key in ("relic_kinds", "upgrade_tiles", "discovery_track", "delivery_group", "closed_spaces"):
        assert key in d and key not in raw_rules()
