"""A player's village: placed edges, road distances, placement and upgrade payments."""
from __future__ import annotations

from itertools import combinations_with_replacement, permutations

from games.keyflower.rules import geometry
from games.keyflower.components import RESOURCES, SKILLS, TileDef, tile as tile_def
from games.keyflower.state import KeyflowerState, Placed, Player


def placed_tiles(player: Player, tentative: bool = False) -> list[Placed]:
    tiles = list(player.village.values())
    if tentative:
        tiles += player.placed_now
    return tiles


def edges_at(player: Player, tentative: bool = False) -> dict[tuple[int, int], str]:
    return {p.cell: geometry.rotated(tile_def(p.id).edges, p.k) for p in placed_tiles(player, tentative)}


def cells(player: Player, tentative: bool = False) -> dict[tuple[int, int], str]:
    """Cell -> tile id."""
    return {p.cell: p.id for p in placed_tiles(player, tentative)}


def distance(st: KeyflowerState, seat: int, a: str, b: str) -> int | None:
    """Road steps between two tiles of ``seat``'s village (any shared edge with boat 2a)."""
    player = st.seats[seat]
    pa, pb = player.village.get(a), player.village.get(b)
    if pa is None or pb is None:
        return None
    links = geometry.road_links(edges_at(player), any_edge=st.owns(seat, "boat2a"))
    return geometry.distances(links, pa.cell).get(pb.cell)


def all_distances(st: KeyflowerState, seat: int) -> dict[str, dict[str, int]]:
    """Tile id -> (tile id -> steps) for every reachable pair of ``seat``'s village."""
    player = st.seats[seat]
    links = geometry.road_links(edges_at(player), any_edge=st.owns(seat, "boat2a"))
    by_cell = cells(player)
    out: dict[str, dict[str, int]] = {}
    for p in player.village.values():
        out[p.id] = {by_cell[c]: d for c, d in geometry.distances(links, p.cell).items() if c != p.cell}
    return out


def placements(st: KeyflowerState, seat: int, tid: str) -> list[tuple[int, int, int]]:
    """Every legal (q, r, k) for ``tid`` in ``seat``'s village, counting this expansion's tiles."""
    player = st.seats[seat]
    occupied = edges_at(player, tentative=True)
    match = not st.owns(seat, "boat2a")
    printed = tile_def(tid).edges
    out = []
    for cell in geometry.frontier(occupied):
        for k in range(6):
            if geometry.fits(occupied, cell, geometry.rotated(printed, k), match):
                out.append((cell[0], cell[1], k))
    return out


def legal_rotation(st: KeyflowerState, seat: int, tid: str, cell: tuple[int, int], k: int) -> bool:
    player = st.seats[seat]
    occupied = edges_at(player, tentative=True)
    return geometry.fits(occupied, cell, geometry.rotated(tile_def(tid).edges, k), not st.owns(seat, "boat2a"))


def rotations_at(st: KeyflowerState, seat: int, tid: str, cell: tuple[int, int]) -> list[int]:
    return [k for k in range(6) if legal_rotation(st, seat, tid, cell, k)]


def labels(st: KeyflowerState, seat: int) -> dict[str, tuple[int, int]]:
    """A, B, C ... for the cells where at least one pending tile may go (section 8.5)."""
    player = st.seats[seat]
    found: set[tuple[int, int]] = set()
    for tid in player.pending:
        found.update((q, r) for q, r, _ in placements(st, seat, tid))
    ordered = sorted(found, key=lambda c: (c[1], c[0]))
    return {_label(i): cell for i, cell in enumerate(ordered)}


def _label(i: int) -> str:
    letters = ""
    i += 1
    while i:
        i, rem = divmod(i - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


# -- upgrades --------------------------------------------------------------------------
def can_upgrade(defn: TileDef, placed: Placed) -> bool:
    return defn.upgradable and defn.kind in ("home", "village") and not placed.upgraded


def _res_match(req: tuple[str, ...], items: tuple[str, ...], wild: bool) -> bool:
    if len(req) != len(items):
        return False
    for order in set(permutations(items)):
        if all(slot == "any" or wild or item == slot or item == "gold" for slot, item in zip(req, order)):
            return True
    return False


def _skill_match(req: tuple[str, ...], items: tuple[str, ...]) -> bool:
    if len(req) != len(items):
        return False
    return any(all(slot == "any" or item == slot for slot, item in zip(req, order)) for order in set(permutations(items)))


def _fits(items: tuple[str, ...], have: dict[str, int]) -> bool:
    return all(items.count(k) <= have.get(k, 0) for k in set(items))


def payment_ok(defn: TileDef, res_on: dict[str, int], skills: dict[str, int], res: tuple[str, ...],
               sk: tuple[str, ...], wild: bool) -> bool:
    return (_fits(res, res_on) and _fits(sk, skills) and _res_match(defn.upgrade_res, res, wild)
            and _skill_match(defn.upgrade_skill, sk))


def payment_options(defn: TileDef, res_on: dict[str, int], skills: dict[str, int],
                    wild: bool) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """Every distinct (resources, skills) payment for an upgrade, in canonical order."""
    res_choices = [c for c in combinations_with_replacement(RESOURCES, len(defn.upgrade_res))
                   if _fits(c, res_on) and _res_match(defn.upgrade_res, c, wild)]
    sk_choices = [c for c in combinations_with_replacement(SKILLS, len(defn.upgrade_skill))
                  if _fits(c, skills) and _skill_match(defn.upgrade_skill, c)]
    return [(r, s) for r in res_choices for s in sk_choices]


def auto_payment(defn: TileDef, res_on: dict[str, int], skills: dict[str, int],
                 wild: bool) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
    """The bot's default payment of section 6.4 (None if the tile cannot be paid for)."""
    left = dict(res_on)
    paid: list[str] = []

    def most_plain() -> str | None:
        best = max(("wood", "stone", "iron"), key=lambda r: (left[r], -RESOURCES.index(r)))
        return best if left[best] > 0 else None

    for slot in sorted(defn.upgrade_res, key=lambda s: s == "any"):
        if slot != "any" and left.get(slot, 0) > 0:
            pick: str | None = slot
        elif slot == "any" or wild:
            pick = most_plain() or ("gold" if left["gold"] > 0 else None)
        else:
            pick = "gold" if left["gold"] > 0 else None
        if pick is None:
            return None
        left[pick] -= 1
        paid.append(pick)
    spare = dict(skills)
    paid_sk: list[str] = []
    for slot in sorted(defn.upgrade_skill, key=lambda s: s == "any"):
        if slot == "any":
            best = max(SKILLS, key=lambda s: (spare[s], -SKILLS.index(s)))
            pick = best if spare[best] > 0 else None
        else:
            pick = slot if spare.get(slot, 0) > 0 else None
        if pick is None:
            return None
        spare[pick] -= 1
        paid_sk.append(pick)
    res = tuple(sorted(paid, key=RESOURCES.index))
    sk = tuple(sorted(paid_sk, key=SKILLS.index))
    return res, sk
