"""Final scoring (section 11) with the best allocation found automatically.

Resources, keeples and skill tiles never compete, so each category is maximised on its own; only
the purple wildcard (the winter +P winner, D7) can go to one of them, so every declaration is
tried. Within a category the search enumerates the set counts of each scoring tile and checks
feasibility with an exact greedy: items that only fit one requirement go there first, gold
(the wildcard) covers the rest, and unassigned real gold scores 1 VP.
"""
from __future__ import annotations

from typing import Callable

from games.keyflower.rules import geometry
from games.keyflower.rules import village as vil
from games.keyflower.components import COLOURS, RESOURCES, SKILLS, tile as tile_def
from games.keyflower.state import KeyflowerState, Player

PLAIN = ("wood", "stone", "iron")
SEA_BREESE = (0, 2, 4, 8, 16, 32)


def _max_true(lo: int, hi: int, ok: Callable[[int], bool]) -> int:
    """Largest v in [lo, hi] with ok(v), given ok is monotone (True then False); lo must be ok."""
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if ok(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


# -- resources -----------------------------------------------------------------------------
def best_resources(have: dict[str, int], tiles: set[str], wild: bool = False,
                   purple_gold: int = 0) -> tuple[int, int]:
    """(VP from Jeweller/Watermill/Mercer's/Windmill, VP from unassigned real gold).

    ``purple_gold`` is a declared wildcard that acts as gold but is not a real gold counter.
    ``wild`` is summer boat 3b: every resource meets any requirement.
    """
    gold = have.get("gold", 0)
    fake = purple_gold
    plain_total = sum(have.get(r, 0) for r in PLAIN)
    everything = plain_total + gold + fake

    def needed(m: int, n: int, j: int, a: int, t: str) -> int:
        if wild:
            return max(0, j + a + 3 * m + 5 * n - plain_total)
        deficit = j + (a if t == "gold" else 0)
        surplus = 0
        for x in PLAIN:
            demand = m + (a if t == x else 0)
            deficit += max(0, demand - have.get(x, 0))
            surplus += max(0, have.get(x, 0) - demand)
        return deficit + max(0, 5 * n - surplus)

    def leftover(need: int) -> int:
        return min(gold, gold + fake - need)

    mercers = "mercers" in tiles
    windmill = "windmill" in tiles
    jeweller = "jeweller" in tiles
    watermill = "watermill" in tiles
    best = (0, gold)
    types = ("wood",) if wild else RESOURCES
    for m in range(everything // 3 + 1 if mercers else 1):
        for n in range(everything // 5 + 1 if windmill else 1):
            if needed(m, n, 0, 0, "wood") > gold + fake:
                break
            for j in range((everything if wild else gold + fake) + 1 if jeweller else 1):
                if needed(m, n, j, 0, "wood") > gold + fake:
                    break
                for t in (types if watermill else ("wood",)):
                    a = 0
                    if watermill:
                        a = _max_true(0, everything, lambda v: needed(m, n, j, v, t) <= gold + fake)
                    left = leftover(needed(m, n, j, a, t))
                    alloc = 5 * m + 5 * n + 2 * j + a
                    if alloc + left > sum(best) or (alloc + left == sum(best) and left > best[1]):
                        best = (alloc, left)
    return best


# -- keeples -----------------------------------------------------------------------------------
def best_keeples(have: dict[str, int], tiles: set[str], craft_vp: int = 3, green_wild: bool = False) -> int:
    green = have.get("green", 0)
    plain = ("red", "blue", "yellow")
    all_k = sum(have.get(c, 0) for c in COLOURS)
    craftsmen = "craftsmen" in tiles
    hall = "villagehall" in tiles
    market = "keymarket" in tiles
    apothecary = "apothecary" in tiles
    white = "whitewind" in tiles
    best = 0

    def surplus(c: int, k: int, h: int, v: str) -> int | None:
        """Keeples left after c Craftsmen sets, k Key Market greens and h Village Hall keeples of v."""
        need_green = k + (h if v == "green" else 0)
        spare = 0
        for x in plain:
            left = have.get(x, 0) - (h if v == x else 0)      # the Village Hall takes real colour only
            if left < 0:
                return None
            short = c - left
            if short > 0:
                if not green_wild:
                    return None
                need_green += short
            else:
                spare -= short
        if need_green > green:
            return None
        return spare + green - need_green

    for c in range(all_k // 3 + 1 if craftsmen else 1):
        if surplus(c, 0, 0, "red") is None:
            break
        for k in range(green + 1 if market else 1):
            if surplus(c, k, 0, "red") is None:
                break
            for p in range(all_k // 5 + 1 if apothecary else 1):
                base = surplus(c, k, 0, "red")
                if base is None or base < 5 * p:
                    break
                for v in (COLOURS if hall else ("red",)):
                    h = 0
                    if hall:
                        h = _max_true(0, all_k, lambda x: (s := surplus(c, k, x, v)) is not None and s >= 5 * p)
                    rest = surplus(c, k, h, v)
                    assert rest is not None
                    value = craft_vp * c + 2 * k + 3 * p + h + ((rest - 5 * p) if white else 0)
                    best = max(best, value)
    return best


# -- skills ----------------------------------------------------------------------------------
def best_skills(have: dict[str, int], tiles: set[str]) -> int:
    total = sum(have.get(s, 0) for s in SKILLS)
    scribes = "scribes" in tiles
    scholar = "scholar" in tiles
    guild = "keyguild" in tiles
    best = 0
    for s in range(min(have.get(x, 0) for x in SKILLS) + 1 if scribes else 1):
        for g in range((total - 3 * s) // 5 + 1 if guild else 1):
            for v in (SKILLS if scholar else ()):
                h = min(have.get(v, 0) - s, total - 3 * s - 5 * g)
                best = max(best, 10 * s + 10 * g + 3 * max(0, h))
            best = max(best, 10 * s + 10 * g)
    return best


# -- the whole score -------------------------------------------------------------------------------
def _auto(st: KeyflowerState, seat: int, player: Player) -> int:
    edges = vil.edges_at(player)
    occupied = set(edges)
    points = 0
    for tid, placed in player.village.items():
        defn = tile_def(tid)
        if defn.kind == "turn_order":
            points += sum(1 for d in range(6) if geometry.neighbour(placed.cell, d) in occupied)
    if "keyflower" in player.village:
        cap = sum(tile_def(t).transport(p.upgraded)[0] for t, p in player.village.items()
                  if t in (player.home, "stable", "farrier", "wainwright"))
        points += cap * (2 if "boat2b" in player.village else 1)
    if "seabastion" in player.village:
        points += geometry.best_loop(edges)
    if "seabreese" in player.village:
        chain = len(geometry.river_chain(edges))
        points += SEA_BREESE[min(chain, 5)]
    return points


def _storage(st: KeyflowerState, player: Player, wild: bool) -> tuple[int, dict[str, int], list[int]]:
    """(VP of storage tiles, resources freed to the pool (option storagefree), VP per extra resource)."""
    points = 0
    freed = {r: 0 for r in RESOURCES}
    per_extra: list[int] = []
    for tid, placed in player.village.items():
        defn = tile_def(tid)
        if defn.storage is None:
            continue
        kinds, vp = defn.storage
        each = vp[1 if placed.upgraded else 0]
        per_extra.append(each)
        for r in RESOURCES:
            n = placed.res[r]
            if wild or "any" in kinds or r in kinds:
                points += each * n
            elif "storagefree" in st.options:
                freed[r] += n
    return points, freed, per_extra


def score_player(st: KeyflowerState, seat: int) -> dict[str, int]:
    player = st.seats[seat]
    village = player.village
    wild = "boat3b" in village
    fixed = sum(tile_def(t).fixed_vp(p.upgraded) for t, p in village.items())
    auto = _auto(st, seat, player)
    storage, freed, per_extra = _storage(st, player, wild)
    pool = {r: freed[r] for r in RESOURCES}
    for tid, placed in village.items():
        if tile_def(tid).storage is None:
            for r in RESOURCES:
                pool[r] += placed.res[r]
    tiles = set(village)
    craft_vp = 5 if "craftsmen5" in st.options else 3
    green_wild = "greenwild" in st.options
    res_alloc, gold = best_resources(pool, tiles, wild)
    kee = best_keeples(player.keeples, tiles, craft_vp, green_wild)
    sk = best_skills(player.skills, tiles)
    base = res_alloc + gold + kee + sk
    best_total, best_split = base, (res_alloc, gold, kee, sk, 0)
    if st.purple_wild == seat:
        options: list[tuple[int, tuple[int, int, int, int, int]]] = []
        for r in RESOURCES:
            extra = dict(pool)
            if r == "gold":
                a, g = best_resources(extra, tiles, wild, purple_gold=1)
            else:
                extra[r] += 1
                a, g = best_resources(extra, tiles, wild)
            options.append((a + g + kee + sk, (a, g, kee, sk, 0)))
        for each in per_extra:
            options.append((base + each, (res_alloc, gold, kee, sk, each)))
        for c in COLOURS:
            extra = dict(player.keeples)
            extra[c] += 1
            k2 = best_keeples(extra, tiles, craft_vp, green_wild)
            options.append((res_alloc + gold + k2 + sk, (res_alloc, gold, k2, sk, 0)))
        for s in SKILLS:
            extra = dict(player.skills)
            extra[s] += 1
            s2 = best_skills(extra, tiles)
            options.append((res_alloc + gold + kee + s2, (res_alloc, gold, kee, s2, 0)))
        for value, split in options:
            if value > best_total:
                best_total, best_split = value, split
    a, g, k, s, extra_storage = best_split
    storage += extra_storage
    alloc = a + k + s
    return {"fixed": fixed, "auto": auto, "storage": storage, "alloc": alloc, "gold": g,
            "total": fixed + auto + storage + alloc + g}


def running_vp(player: Player) -> int:
    """The info panel's VP (section 10): fixed VP of the current sides."""
    return sum(tile_def(t).fixed_vp(p.upgraded) for t, p in player.village.items())
