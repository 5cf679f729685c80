"""A seat's legal actions as a private choice panel, staged when there are many.

The actions are notation lines ("bid farrier 2 red", "play cappella with giotto-painter",
"2,-1 r1"). A panel shows at most ``LEAF_LIMIT`` of them at once; more are grouped by their next
word, so a big set becomes a few short steps (Keyflower: tile → count and colour; Florenza: card
→ artist; Carcassonne: position → rotation). Words every action shares are skipped, so no step
offers a single choice.

A stage is found again from its path (the positions of the groups chosen), recomputed from the
seat's legal actions each time: components carry only (table, turn serial, path or action index),
never action text, and a stale path simply resolves to nothing.
"""
from __future__ import annotations

from dataclasses import dataclass

LEAF_LIMIT = 25          # actions shown together before they are grouped
BUTTON_LIMIT = 20        # up to this many items are buttons (four rows of five); more, select menus
SELECT_SIZE = 25         # options in one select menu (Discord's limit)
PAGE_SIZE = 100          # items on one page: four select menus (the fifth row holds Back/pages)
MAX_LABEL = 80           # Discord's limit for button labels and select options


@dataclass(frozen=True)
class Item:
    """One entry of a stage: a final action (``action`` = its index in the legal list) or a
    group of actions (``child`` = its position, the next step of a path)."""

    label: str
    action: int | None = None
    child: int | None = None


@dataclass(frozen=True)
class Stage:
    path: tuple[int, ...]
    chosen: str                 # the words chosen so far ("bid farrier"); "" at the first step
    items: tuple[Item, ...]

    def pages(self) -> int:
        return max(1, -(-len(self.items) // PAGE_SIZE))

    def page(self, number: int) -> tuple[Item, ...]:
        return self.items[number * PAGE_SIZE:(number + 1) * PAGE_SIZE]


def _label(text: str) -> str:
    return text if len(text) <= MAX_LABEL else text[:MAX_LABEL - 1] + "…"


def _words(texts: list[str]) -> list[list[str]]:
    return [text.split() for text in texts]


def _expand(words: list[list[str]], members: list[int], depth: int) -> tuple[int, list[Item], list[list[int]]]:
    """Items for the actions ``members`` that share their first ``depth`` words, and for each
    group item the actions it holds. Returns the depth actually used (shared words skipped)."""
    if len(members) <= LEAF_LIMIT:
        items = []
        for index in members:
            rest = " ".join(words[index][depth:])
            items.append(Item(_label(rest if depth and rest else " ".join(words[index])), action=index))
        return depth, items, []
    while True:
        groups: dict[str, list[int]] = {}
        ended: list[int] = []
        for index in members:
            if len(words[index]) > depth:
                groups.setdefault(words[index][depth], []).append(index)
            else:
                ended.append(index)
        if len(groups) == 1 and not ended:
            depth += 1           # every action has this word: no choice to make here
            continue
        break
    items = [Item(_label(" ".join(words[i])), action=i) for i in ended]
    held: list[list[int]] = []
    for word, group in groups.items():
        if len(group) == 1:
            items.append(Item(_label(" ".join(words[group[0]][depth:])), action=group[0]))
        else:
            items.append(Item(_label(word), child=len(held)))
            held.append(group)
    return depth, items, held


def stage(texts: list[str], path: tuple[int, ...] = ()) -> Stage | None:
    """The stage at ``path`` of the panel for these actions; None when the path leads nowhere
    (the actions changed since the panel was shown)."""
    words = _words(texts)
    members = list(range(len(texts)))
    depth = 0
    for step in path:
        depth, _, held = _expand(words, members, depth)
        if not 0 <= step < len(held):
            return None
        members = held[step]
        depth += 1
    depth, items, _ = _expand(words, members, depth)
    chosen = " ".join(words[members[0]][:depth]) if path and members else ""
    return Stage(tuple(path), chosen, tuple(items))
