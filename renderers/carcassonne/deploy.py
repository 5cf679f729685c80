"""Where the deploy codes of the rules (§15.1) point on a placed tile: BSW's white squares."""
from __future__ import annotations

import re

from games.carcassonne.components import all_tiles, rotate_dir, rotate_half
from renderers.carcassonne.geometry import geometry
from renderers.carcassonne.shapes import Point, rotate_point

_CODE = re.compile(r"^(?:[LBP])?(c|r|f|m)([nesw]{0,2}|i2?)$", re.IGNORECASE)


def segment_of(tile_id: str, rotation: int, code: str) -> tuple[str, int] | None:
    """(feature, segment) that a deploy code such as ``cn``, ``Lfsw``, ``fi`` or ``m`` names on a tile
    placed with ``rotation``; None for codes that point elsewhere (portal, fairy, princess, ``-``)."""
    m = _CODE.match(code.strip())
    if not m or tile_id not in all_tiles():
        return None
    kind, where = m.group(1).lower(), m.group(2).lower()
    t = all_tiles()[tile_id]
    if kind == "m":
        return ("monastery", 0) if t.monastery else None
    if kind in ("c", "r"):
        if len(where) != 1:
            return None
        segments = t.cities if kind == "c" else t.roads
        for i, seg in enumerate(segments):
            if any(rotate_dir(e, rotation) == where.upper() for e in seg.edges):
                return ("city" if kind == "c" else "road", i)
        return None
    if where in ("i", "i2"):
        wanted = "i1" if where == "i" else "i2"
        for i, f in enumerate(t.fields):
            if wanted in f.halves:
                return ("field", i)
        return None
    if len(where) != 2:
        return None
    half = where[0].upper() + where[1]
    for i, f in enumerate(t.fields):
        if any(rotate_half(h, rotation) == half for h in f.halves):
            return ("field", i)
    return None


def spots(tile_id: str, rotation: int, codes: tuple[str, ...]) -> list[tuple[str, Point]]:
    """One labelled spot per segment offered by ``codes``, in rotated unit coordinates: the plain
    code names it (the large follower goes where a normal one may); a segment offered only to the
    builder or the pig shows that code (``Bre``, ``Pfnw``)."""
    best: dict[tuple[str, int], str] = {}
    for code in codes:
        seg = segment_of(tile_id, rotation, code)
        if seg is None or "@" in code:
            continue
        rank = (code[:1] in ("L", "B", "P"), len(code))
        if seg not in best or rank < (best[seg][:1] in ("L", "B", "P"), len(best[seg])):
            best[seg] = code
    g = geometry(tile_id) if tile_id in all_tiles() else None
    out = []
    for seg, code in best.items():
        if g and seg in g.anchors:
            out.append((code, rotate_point(g.anchors[seg], rotation)))
    return out
