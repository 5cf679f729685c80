"""The tile data (data/tiles.jsonl) checked against the reference's base-tile table (rules §4)
and the sanity rules of §2.5 for every tile of every set."""
from __future__ import annotations

import re

import pytest

from games.carcassonne.rules.geometry import oriented
from games.carcassonne.components import DIRS, HALVES, all_tiles, tiles_of_set

# Rules reference §4, copied verbatim (the picture column left out).
BASE_TABLE = """
| ID | # | N E S W | cities | roads | fields (half-edges > bordering cities) | special |
| --- | --- | --- | --- | --- | --- | --- |
| A | 2 | `F F R F` | - | r1:S | f1:Nw Ne En Es Se Sw Ws Wn | monastery |
| B | 4 | `F F F F` | - | - | f1:Nw Ne En Es Se Sw Ws Wn | monastery |
| C | 1 | `C C C C` | c1:NESW (pennant) | - | - | - |
| D | 4 | `C R F R` | c1:N | r1:EW | f1:En Wn >c1; f2:Es Se Sw Ws | - |
| E | 5 | `C F F F` | c1:N | - | f1:En Es Se Sw Ws Wn >c1 | - |
| F | 2 | `F C F C` | c1:EW (pennant) | - | f1:Nw Ne >c1; f2:Se Sw >c1 | - |
| G | 1 | `F C F C` | c1:EW | - | f1:Nw Ne >c1; f2:Se Sw >c1 | - |
| H | 3 | `C F C F` | c1:N; c2:S | - | f1:En Es Ws Wn >c1,c2 | - |
| I | 2 | `C F F C` | c1:N; c2:W | - | f1:En Es Se Sw >c1,c2 | - |
| J | 3 | `C R R F` | c1:N | r1:ES | f1:En Sw Ws Wn >c1; f2:Es Se | - |
| K | 3 | `C F R R` | c1:N | r1:SW | f1:En Es Se Wn >c1; f2:Sw Ws | - |
| L | 3 | `C R R R` | c1:N | r1:E; r2:S; r3:W | f1:En Wn >c1; f2:Sw Ws; f3:Es Se | - |
| M | 2 | `C F F C` | c1:NW (pennant) | - | f1:En Es Se Sw >c1 | - |
| N | 3 | `C F F C` | c1:NW | - | f1:En Es Se Sw >c1 | - |
| O | 2 | `C R R C` | c1:NW (pennant) | r1:ES | f1:En Sw >c1; f2:Es Se | - |
| P | 3 | `C R R C` | c1:NW | r1:ES | f1:En Sw >c1; f2:Es Se | - |
| Q | 1 | `C C F C` | c1:NEW (pennant) | - | f1:Se Sw >c1 | - |
| R | 3 | `C C F C` | c1:NEW | - | f1:Se Sw >c1 | - |
| S | 2 | `C C R C` | c1:NEW (pennant) | r1:S | f1:Se >c1; f2:Sw >c1 | - |
| T | 1 | `C C R C` | c1:NEW | r1:S | f1:Se >c1; f2:Sw >c1 | - |
| U | 8 | `F R F R` | - | r1:EW | f1:Nw Ne En Wn; f2:Es Se Sw Ws | - |
| V | 9 | `F F R R` | - | r1:SW | f1:Nw Ne En Es Se Wn; f2:Sw Ws | - |
| W | 4 | `F R R R` | - | r1:E; r2:S; r3:W | f1:Nw Ne En Wn; f2:Es Se; f3:Sw Ws | - |
| X | 1 | `R R R R` | - | r1:N; r2:E; r3:S; r4:W | f1:Nw Wn; f2:Ne En; f3:Es Se; f4:Sw Ws | - |
"""


def _reference_rows():
    rows = {}
    for line in BASE_TABLE.strip().splitlines()[2:]:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        rows[cells[0]] = cells
    return rows


def _segments(cell: str, letter: str):
    """'c1:NW (pennant); c2:S' -> [('NW', 'pennant'), ('S', '')]."""
    if cell == "-":
        return []
    out = []
    for part in cell.split(";"):
        match = re.fullmatch(rf"\s*{letter}(\d+):([A-Za-z ]+?)(?:\s*\((\w+)\))?\s*", part)
        assert match, part
        out.append((int(match.group(1)), match.group(2).strip(), match.group(3) or ""))
    assert [n for n, _, _ in out] == list(range(1, len(out) + 1))
    return [(edges, extra) for _, edges, extra in out]


def _fields(cell: str):
    """'f1:En Wn >c1; f2:Es Se Sw Ws' -> [(['En','Wn'], [0]), (['Es','Se','Sw','Ws'], [])]."""
    out: list = []
    if cell == "-":
        return out
    for part in cell.split(";"):
        match = re.fullmatch(r"\s*f(\d+):([A-Za-z0-9 ]+?)(?:\s*>([c0-9, ]+))?\s*", part)
        assert match, part
        cities = [int(c.strip()[1:]) - 1 for c in match.group(3).split(",")] if match.group(3) else []
        out.append((match.group(2).split(), cities))
    return out


REFERENCE = _reference_rows()


def test_base_set_has_24_types_and_72_tiles():
    base = tiles_of_set("base")
    assert sorted(t.id for t in base) == sorted(REFERENCE)
    assert len(base) == 24
    assert sum(t.count for t in base) == 72
    assert [t.id for t in base if t.start] == ["D"]


@pytest.mark.parametrize("tile_id", sorted(REFERENCE))
def test_base_tile_matches_reference_table(tile_id):
    ref = REFERENCE[tile_id]
    t = all_tiles()[tile_id]
    assert t.count == int(ref[1])
    assert t.edges == ref[2].strip("`").replace(" ", "")
    cities = _segments(ref[3], "c")
    assert [c.edges for c in t.cities] == [e for e, _ in cities]
    assert [c.pennant for c in t.cities] == [1 if extra == "pennant" else 0 for _, extra in cities]
    roads = _segments(ref[4], "r")
    assert [r.edges for r in t.roads] == [e for e, _ in roads]
    fields = _fields(ref[5])
    assert [list(f.halves) for f in t.fields] == [h for h, _ in fields]
    assert [list(f.cities) for f in t.fields] == [c for _, c in fields]
    assert t.monastery == ("monastery" in ref[6])
    assert not (t.volcano or t.dragon or t.portal or t.river)


def test_set_sizes():
    expected = {"base": (24, 72), "fluss": (10, 12), "erweiterung": (17, 18), "haendler": (24, 24),
                "koenig": (5, 5), "drache": (29, 30)}
    for name, (types, tiles) in expected.items():
        got = tiles_of_set(name)
        assert (len(got), sum(t.count for t in got)) == (types, tiles), name
    assert len(all_tiles()) == 109


@pytest.mark.parametrize("tile_id", sorted(all_tiles()))
def test_sanity_rules(tile_id):
    """§2.5: every half of an R/F/~ edge is in exactly one field, no half of a C edge is; every C
    edge is in exactly one city and every R edge in exactly one road; segments touch only edges of
    their own type; field city references exist."""
    t = all_tiles()[tile_id]
    halves = [h for f in t.fields for h in f.halves if h not in ("i1", "i2")]
    assert len(halves) == len(set(halves))
    for d, edge in zip(DIRS, t.edges):
        mine = {h for h in HALVES if h[0] == d}
        if edge == "C":
            assert not mine & set(halves)
        else:
            assert mine <= set(halves), (d, edge)
        cities = [c for c in t.cities if d in c.edges]
        roads = [r for r in t.roads if d in r.edges]
        assert len(cities) == (1 if edge == "C" else 0), d
        assert len(roads) == (1 if edge == "R" else 0), d
    for f in t.fields:
        assert f.halves
        assert all(0 <= c < len(t.cities) for c in f.cities)


@pytest.mark.parametrize("tile_id", sorted(all_tiles()))
def test_rotation_keeps_every_segment(tile_id):
    for r in range(4):
        ot = oriented(tile_id, r)
        assert ot.edges == "".join(oriented(tile_id, 0).edges[(d - r) % 4] for d in range(4))
        for local, seg in enumerate(ot.segments):
            for d in seg.dirs:
                assert ot.edge_seg[d] == local and ot.edges[d] in "CR"
            for h in seg.halves:
                assert ot.half_seg[h] == local


def test_rotation_example_from_the_rules():
    """§2.4: D in r1 has the city on E, the road N-S and f1 = Se Ne."""
    ot = oriented("D", 1)
    assert ot.edges == "RCRF"
    f1 = ot.segments[ot.local("field", 0)]
    assert sorted(HALVES[h] for h in f1.halves) == ["Ne", "Se"]
