"""The bag, the green supply, the resource stock and the skill pile (finite, section 1)."""
from __future__ import annotations

from games.keyflower.components import COLOURS, SKILLS
from games.keyflower.state import KeyflowerState, counts


def _draw_one(st: KeyflowerState, pool: dict[str, int], keys: tuple[str, ...]) -> str | None:
    total = sum(pool[k] for k in keys)
    if total <= 0:
        return None
    pick = st.rng.randint(1, total)
    for key in keys:
        pick -= pool[key]
        if pick <= 0:
            pool[key] -= 1
            return key
    raise AssertionError("unreachable")


def draw_keeples(st: KeyflowerState, n: int) -> dict[str, int]:
    """Draw up to ``n`` keeples at random from the bag (fewer if it runs out)."""
    got = counts(COLOURS)
    for _ in range(n):
        colour = _draw_one(st, st.bag, COLOURS)
        if colour is None:
            break
        got[colour] += 1
    return got


def draw_skills(st: KeyflowerState, n: int) -> dict[str, int]:
    got = counts(SKILLS)
    for _ in range(n):
        skill = _draw_one(st, st.pile, SKILLS)
        if skill is None:
            break
        got[skill] += 1
    return got


def take_green(st: KeyflowerState, n: int) -> int:
    got = min(n, st.green)
    st.green -= got
    return got


def take_stock(st: KeyflowerState, res: str, n: int) -> int:
    got = min(n, st.stock[res])
    st.stock[res] -= got
    return got


def add(target: dict[str, int], items: dict[str, int]) -> None:
    for key, value in items.items():
        target[key] = target.get(key, 0) + value


def total(items: dict[str, int]) -> int:
    return sum(items.values())


def short(items: dict[str, int], order: tuple[str, ...] | None = None) -> str:
    """``R3 B2`` style summary (skills by name: ``saw pick``); empty string for nothing."""
    parts = []
    for key in order or tuple(items):
        n = items.get(key, 0)
        if n <= 0:
            continue
        if key in COLOURS:
            parts.append(f"{key[0].upper()}{n}")
        else:
            parts.append(key if n == 1 else f"{n} {key}")
    return " ".join(parts)
