"""Staging a seat's legal actions into a private panel (bot/presenters/choices.py)."""
from __future__ import annotations

from bot.presenters import choices
from bot.presenters.choices import stage


def leaves(texts: list[str], path: tuple[int, ...] = ()) -> list[int]:
    """Every action reachable below ``path``, by walking all its steps."""
    here = stage(texts, path)
    assert here is not None
    found: list[int] = []
    for item in here.items:
        if item.action is not None:
            found.append(item.action)
        else:
            found += leaves(texts, path + (item.child,))
    return found


def test_few_actions_are_one_step_with_their_full_notation():
    texts = ["pass", "bid farrier 1 red", "use smelter 1 green"]
    root = stage(texts)
    assert [i.label for i in root.items] == texts and [i.action for i in root.items] == [0, 1, 2] and root.chosen == ""


def test_many_actions_become_steps_by_their_words():
    texts = ["pass"] + [f"bid {tile} {n} {colour}" for tile in ("farrier", "stoneyard", "forge", "inn")
                        for colour in ("red", "blue", "yellow") for n in (1, 2, 3)]
    root = stage(texts)
    assert [i.label for i in root.items] == ["pass", "bid"] and root.items[0].action == 0
    tiles = stage(texts, (0,))
    assert tiles.chosen == "bid" and [i.label for i in tiles.items] == ["farrier", "stoneyard", "forge", "inn"]
    counts = stage(texts, (0, 1))
    assert counts.chosen == "bid stoneyard" and counts.items[0].label == "1 red"
    assert texts[counts.items[0].action] == "bid stoneyard 1 red"
    assert sorted(leaves(texts)) == list(range(len(texts)))          # every action once, nothing else


def test_words_every_action_shares_are_skipped():
    texts = [f"team {space} {n}" + (" use" if u else "") for space in [f"s{k}" for k in range(30)] for n in (1, 2) for u in (0, 1)]
    root = stage(texts)
    assert root.items[0].label == "s0" and len(root.items) == 30 and all(i.child is not None for i in root.items)
    assert stage(texts, (3,)).chosen == "team s3"
    assert sorted(leaves(texts)) == list(range(len(texts)))


def test_a_stage_larger_than_a_page_is_paged_and_stale_paths_resolve_to_nothing():
    texts = [f"{x},{y} r0" for x in range(-6, 7) for y in range(-6, 7)] + [f"{x},{y} r1" for x in range(-6, 7) for y in range(-6, 7)]
    root = stage(texts)
    assert len(root.items) == 169 and root.pages() == 2
    assert len(root.page(0)) == choices.PAGE_SIZE and len(root.page(1)) == 69
    assert stage(texts, (500,)) is None and stage(texts, (0, 0)) is None
    assert sorted(leaves(texts)) == list(range(len(texts)))


def test_long_labels_are_cut_to_discords_limit():
    texts = ["play " + "x" * 120] + [f"play c{i}" for i in range(30)]
    root = stage(texts)
    assert len(root.items) == 31 and all(i.action is not None for i in root.items)     # "play" is shared: skipped
    assert root.items[0].label == "x" * 79 + "…" and root.items[1].label == "c0"
    assert all(len(i.label) <= choices.MAX_LABEL for i in root.items)
