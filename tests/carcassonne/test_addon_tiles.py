"""The add-on tile data (data/tiles.jsonl) checked against the reference's tables for the River
(§10.1), Inns & Cathedrals (§11.1), Traders & Builders (§12.1), King & Robber Baron (§13.1) and
The Princess & the Dragon (§14.1)."""
from __future__ import annotations

import pytest

from games.carcassonne.components import all_tiles, tiles_of_set
from tests.carcassonne.test_tiles import _fields, _segments

# Rules reference §10.1-§14.1, copied verbatim (the picture column left out).
ADDON_TABLE = """
| R01 | 1 | `F ~ F F` | - | - | f1:Nw Ne En Es Se Sw Ws Wn | river E |
| R02 | 1 | `C ~ C ~` | c1:N; c2:S | - | f1:En Wn >c1; f2:Es Ws >c2 | river WE |
| R03 | 1 | `C ~ R ~` | c1:N | r1:S | f1:En >c1; f2:Wn >c1; f3:Es Se; f4:Sw Ws | river WE |
| R04 | 1 | `F ~ R ~` | - | r1:S | f1:Nw Ne En Wn; f2:Es Se; f3:Sw Ws | monastery, river WE |
| R05 | 1 | `~ R ~ R` | - | r1:EW | f1:Nw Wn; f2:Ne En; f3:Es Se; f4:Sw Ws | river NS |
| R06 | 2 | `F ~ F ~` | - | - | f1:Nw Ne En Wn; f2:Es Se Sw Ws | river WE |
| R07 | 1 | `C ~ ~ C` | c1:NW | - | f1:En Sw >c1; f2:Es Se | river SE |
| R08 | 1 | `R R ~ ~` | - | r1:NE | f1:Nw Es Se Wn; f2:Ne En; f3:Sw Ws | river WS |
| R09 | 2 | `F F ~ ~` | - | - | f1:Nw Ne En Es Se Wn; f2:Sw Ws | river WS |
| R10 | 1 | `F F F ~` | - | - | f1:Nw Ne En Es Se Sw Ws Wn | river W |
| I01 | 2 | `C C C C` | c1:NESW (cathedral) | - | - | - |
| I02 | 1 | `F R F R` | - | r1:W; r2:E | f1:Es Se Sw Ws; f2:Nw Ne En Wn | monastery |
| I03 | 1 | `C C C C` | c1:N; c2:W; c3:E; c4:S | - | f1:i1 >c1,c2,c3,c4 | - |
| I04 | 1 | `C C F C` | c1:N; c2:W; c3:E | - | f1:Se Sw >c1,c2,c3 | - |
| I05 | 1 | `C R C R` | c1:N; c2:S | r1:W; r2:E | f1:Es >c2; f2:Ws >c2; f3:En >c1; f4:Wn >c1 | - |
| I06 | 1 | `C F C C` | c1:NW (pennant); c2:S | - | f1:En Es >c1,c2 | - |
| I07 | 1 | `C F F F` | c1:N | - | f1:En Es >c1; f2:Se Sw Ws Wn >c1 | - |
| I08 | 1 | `C F R F` | c1:N | r1:S | f1:Sw Ws Wn >c1; f2:En Es Se >c1 | - |
| I09 | 1 | `C R F C` | c1:NW | r1:E | f1:En >c1; f2:Es Se Sw >c1 | - |
| I10 | 1 | `R C R C` | c1:EW (pennant) | r1:N; r2:S | f1:Nw >c1; f2:Ne >c1; f3:Se >c1; f4:Sw >c1 | - |
| I11 | 1 | `C F R C` | c1:NW | r1:S (inn) | f1:Sw >c1; f2:En Es Se >c1 | - |
| I12 | 1 | `C F R R` | c1:N | r1:SW (inn) | f1:Sw Ws; f2:En Es Se Wn >c1 | - |
| I13 | 1 | `C R R C` | c1:NW (pennant) | r1:ES (inn) | f1:Es Se; f2:En Sw >c1 | - |
| I14 | 1 | `F R R R` | - | r1:E (inn); r2:W; r3:S | f1:Nw Ne En Wn; f2:Sw Ws; f3:Es Se | - |
| I15 | 1 | `F R F R` | - | r1:EW (inn) | f1:Nw Ne En Wn; f2:Es Se Sw Ws | - |
| I16 | 1 | `F F R R` | - | r1:SW (inn) | f1:Nw Ne En Es Se Wn; f2:Sw Ws | - |
| I17 | 1 | `R R R R` | - | r1:NW; r2:ES | f1:Nw Wn; f2:Es Se; f3:Ne En Sw Ws | - |
| T01 | 1 | `C F F C` | c1:NW (grain) | - | f1:En Es Se Sw >c1 | - |
| T02 | 1 | `C F F C` | c1:NW (wine) | - | f1:En Es Se Sw >c1 | - |
| T03 | 1 | `F C C C` | c1:EW (cloth); c2:S | - | f1:Nw Ne >c1; f2:i1 >c1,c2 | - |
| T04 | 1 | `F C C C` | c1:EW (wine); c2:S | - | f1:Nw Ne >c1; f2:i1 >c1,c2 | - |
| T05 | 1 | `C C F C` | c1:NEW (grain) | - | f1:Se Sw >c1 | - |
| T06 | 1 | `C C C C` | c1:NW (cloth); c2:S; c3:E | - | f1:i1 >c1,c2,c3 | - |
| T07 | 1 | `C R R C` | c1:NW (cloth) | r1:S; r2:E | f1:Sw >c1; f2:Se >c1; f3:Es >c1; f4:En >c1 | - |
| T08 | 1 | `C R R C` | c1:NW (wine) | r1:S; r2:E | f1:Sw >c1; f2:Es Se >c1; f3:En >c1 | - |
| T09 | 1 | `C R C C` | c1:NW (cloth); c2:S | r1:E | f1:En >c1; f2:Es >c1,c2 | - |
| T10 | 1 | `C R C C` | c1:NW (grain); c2:S | r1:E | f1:En >c1; f2:Es >c1,c2 | - |
| T11 | 1 | `C R F C` | c1:NW (cloth) | r1:E | f1:En >c1; f2:Es Se Sw >c1 | - |
| T12 | 1 | `C R F C` | c1:NW (wine) | r1:E | f1:En >c1; f2:Es >c1; f3:Se Sw >c1 | - |
| T13 | 1 | `C C R C` | c1:NEW (wine) | r1:S | f1:Sw >c1; f2:Se >c1 | - |
| T14 | 1 | `C C C C` | c1:NW (wine); c2:ES | - | f1:i1 >c1,c2 | - |
| T15 | 1 | `F C F C` | c1:EW (wine) | - | f1:Nw Ne >c1; f2:Se Sw >c1 | - |
| T16 | 1 | `C R F F` | c1:N | r1:E | f1:En >c1; f2:Es Se Sw Ws Wn >c1 | - |
| T17 | 1 | `F C R C` | c1:EW (grain) | r1:S | f1:Nw Ne >c1; f2:Sw >c1; f3:Se >c1 | - |
| T18 | 1 | `F C R C` | c1:EW (wine) | r1:S | f1:Nw Ne >c1; f2:Sw >c1; f3:Se >c1 | - |
| T19 | 1 | `R C R C` | c1:EW (wine) | r1:N; r2:S | f1:Nw >c1; f2:Ne >c1; f3:Se >c1; f4:Sw >c1 | - |
| T20 | 1 | `F R R R` | - | r1:E; r2:S; r3:W | f1:Nw Ne En Wn; f2:Es Se; f3:Sw Ws | monastery |
| T21 | 1 | `C F R C` | c1:NW (grain) | r1:S | f1:Sw >c1; f2:En Es Se >c1 | - |
| T22 | 1 | `C F R C` | c1:NW (grain) | r1:S | f1:Sw >c1; f2:Se >c1; f3:En Es >c1 | - |
| T23 | 1 | `C F R R` | c1:N | r1:W; r2:S | f1:Wn >c1; f2:Sw Ws; f3:En Es Se >c1 | - |
| T24 | 1 | `R R R R` | - | r1:NS; r2:EW | f1:Nw Wn; f2:Ne En; f3:Es Se; f4:Sw Ws | - |
| K01 | 1 | `C F F F` | c1:N | - | f1:En Es Se Sw Ws Wn >c1 | monastery |
| K02 | 1 | `C F F R` | c1:N | r1:W | f1:Wn >c1; f2:En Es Se Sw Ws >c1 | - |
| K03 | 1 | `C R R R` | c1:N | r1:W; r2:ES | f1:Wn >c1; f2:En Sw Ws >c1; f3:Es Se | - |
| K04 | 1 | `C R R C` | c1:NW | r1:S; r2:E | f1:Sw >c1; f2:Se >c1; f3:Es >c1; f4:En >c1 | - |
| K05 | 1 | `C C C C` | c1:EW; c2:NS | - | f1:i1 >c1,c2; f2:i2 >c1,c2 | - |
| D01 | 1 | `F F F F` | - | - | f1:Nw Ne En Es Se Sw Ws Wn | volcano |
| D02 | 1 | `F F R F` | - | r1:S | f1:Nw Ne En Es Se Sw Ws Wn | volcano |
| D03 | 1 | `C F F F` | c1:N | - | f1:En Es Se Sw Ws Wn >c1 | volcano |
| D04 | 1 | `F F R R` | - | r1:SW | f1:Nw Ne En Es Se Wn; f2:Sw Ws | volcano |
| D05 | 1 | `F R F R` | - | r1:EW | f1:Nw Ne En Wn; f2:Es Se Sw Ws | volcano |
| D06 | 1 | `C C F F` | c1:E; c2:N | - | f1:Se Sw Ws Wn >c1,c2 | volcano |
| D07 | 1 | `C F F F` | c1:N | - | f1:En Es Se Sw Ws Wn >c1 | dragon |
| D08 | 1 | `F R R R` | - | r1:E; r2:S; r3:W | f1:Nw Ne En Wn; f2:Es Se; f3:Sw Ws | monastery, dragon |
| D09 | 1 | `F R R R` | - | r1:E; r2:S; r3:W | f1:Nw Ne En Wn; f2:Es Se; f3:Sw Ws | dragon |
| D10 | 1 | `C C F C` | c1:NEW | - | f1:Se Sw >c1 | monastery, dragon |
| D11 | 2 | `F F R R` | - | r1:SW | f1:Nw Ne En Es Se Wn; f2:Sw Ws | dragon |
| D12 | 1 | `F R F R` | - | r1:EW | f1:Nw Ne En Wn; f2:Es Se Sw Ws | dragon |
| D13 | 1 | `C F F C` | c1:NW | - | f1:En Es Se Sw >c1 | dragon |
| D14 | 1 | `F C F C` | c1:EW (pennant) | - | f1:Nw Ne >c1; f2:Se Sw >c1 | dragon |
| D15 | 1 | `R C R C` | c1:EW | r1:NS (tunnel) | f1:Nw Ne >c1; f2:Se Sw >c1 | dragon |
| D16 | 1 | `C F R R` | c1:N | r1:SW | f1:En Es Se Wn >c1; f2:Sw Ws | dragon |
| D17 | 1 | `C R R F` | c1:N | r1:ES | f1:En Sw Ws Wn >c1; f2:Es Se | dragon |
| D18 | 1 | `R R R R` | - | r1:NW; r2:ES | f1:Nw Wn; f2:Es Se; f3:Ne En Sw Ws | portal |
| D19 | 1 | `F R R R` | - | r1:E; r2:S; r3:W | f1:Nw Ne En Wn; f2:Es Se; f3:Sw Ws | portal |
| D20 | 1 | `C C F C` | c1:NEW (pennant) | - | f1:Se Sw >c1 | portal |
| D21 | 1 | `C R R C` | c1:NW | r1:ES | f1:En Sw >c1; f2:Es Se | portal |
| D22 | 1 | `C F R R` | c1:N | r1:SW | f1:En Es Se Wn >c1; f2:Sw Ws | portal |
| D23 | 1 | `C R R F` | c1:N | r1:ES | f1:En Sw Ws Wn >c1; f2:Es Se | portal |
| D24 | 1 | `C R R R` | c1:N (princess) | r1:E; r2:S; r3:W | f1:En Wn >c1; f2:Sw Ws; f3:Es Se | - |
| D25 | 1 | `C C C F` | c1:N (princess); c2:ES (pennant) | - | f1:Ws Wn >c1; f2:i1 >c1,c2 | - |
| D26 | 1 | `C C F C` | c1:NEW (princess) | - | f1:Se Sw >c1 | - |
| D27 | 1 | `C F F C` | c1:NW (princess) | - | f1:En Es >c1; f2:Se Sw >c1 | - |
| D28 | 1 | `C F F C` | c1:NW (princess) | - | f1:En Es Se Sw >c1 | - |
| D29 | 1 | `C R R C` | c1:NW (princess) | r1:ES | f1:En Sw >c1; f2:Es Se | - |
"""

SETS = {"R": "fluss", "I": "erweiterung", "T": "haendler", "K": "koenig", "D": "drache"}
REFERENCE = {cells[0]: cells for cells in
             ([c.strip() for c in line.strip().strip("|").split("|")] for line in ADDON_TABLE.strip().splitlines())}


def _extra(cell_extras: list[str], name: str) -> list[bool]:
    return [name in extra.split(", ") for extra in cell_extras]


def test_every_addon_tile_is_in_the_reference():
    addon = [t.id for t in all_tiles().values() if t.set != "base"]
    assert sorted(addon) == sorted(REFERENCE)
    for tile_id in REFERENCE:
        assert all_tiles()[tile_id].set == SETS[tile_id[0]]


@pytest.mark.parametrize("tile_id", sorted(REFERENCE))
def test_addon_tile_matches_reference_table(tile_id):
    ref = REFERENCE[tile_id]
    t = all_tiles()[tile_id]
    assert t.count == int(ref[1])
    assert t.edges == ref[2].strip("`").replace(" ", "")
    cities = _segments(ref[3], "c")
    assert [c.edges for c in t.cities] == [e for e, _ in cities]
    extras = [x for _, x in cities]
    assert [c.pennant for c in t.cities] == [1 if x else 0 for x in _extra(extras, "pennant")]
    assert [c.cathedral for c in t.cities] == _extra(extras, "cathedral")
    assert [c.princess for c in t.cities] == _extra(extras, "princess")
    assert [c.goods for c in t.cities] == [next((g for g in ("wine", "grain", "cloth") if g in x), None) for x in extras]
    roads = _segments(ref[4], "r")
    assert [r.edges for r in t.roads] == [e for e, _ in roads]
    assert [r.inn for r in t.roads] == _extra([x for _, x in roads], "inn")
    assert [r.tunnel for r in t.roads] == _extra([x for _, x in roads], "tunnel")
    fields = _fields(ref[5])
    assert [list(f.halves) for f in t.fields] == [h for h, _ in fields]
    assert [list(f.cities) for f in t.fields] == [c for _, c in fields]
    special = ref[6]
    for flag in ("monastery", "volcano", "dragon", "portal"):
        assert getattr(t, flag) == (flag in special), flag
    river = special.split("river ")[1].strip() if "river " in special else ""
    assert sorted(t.river) == sorted(river)


def test_goods_counts():
    """§12.1: wine 9, grain 6, cloth 5 and four tiles without goods."""
    goods = [c.goods for t in tiles_of_set("haendler") for c in t.cities if c.goods]
    assert (goods.count("wine"), goods.count("grain"), goods.count("cloth")) == (9, 6, 5)
    assert sorted(t.id for t in tiles_of_set("haendler") if not any(c.goods for c in t.cities)) == \
        ["T16", "T20", "T23", "T24"]


def test_dragon_set_composition():
    """§14.1: 6 volcano, 12 dragon, 6 magic portal, 6 princess tiles."""
    tiles = tiles_of_set("drache")
    count = {k: sum(t.count for t in tiles if getattr(t, k)) for k in ("volcano", "dragon", "portal")}
    count["princess"] = sum(t.count for t in tiles if any(c.princess for c in t.cities))
    assert count == {"volcano": 6, "dragon": 12, "portal": 6, "princess": 6}
