"""Every game draws the same pixels as when the digests were recorded (see picture_digests.py):
whole random games of every game, in English and Japanese, turn images, regions, private views,
results and help pictures. A change meant to alter pictures records new digests and says which
pictures changed and why."""
from __future__ import annotations

import json

import pytest

from tests.renderers.picture_digests import DATA, digests, environment, shipped_games

RECORDED = json.loads(DATA.read_text())


def test_every_game_is_recorded():
    assert sorted(RECORDED["games"]) == sorted(shipped_games())


@pytest.mark.parametrize("name", shipped_games())
def test_pictures_are_pixel_identical(name):
    if RECORDED["environment"] != environment():
        differing = sorted(k for k in {**RECORDED["environment"], **environment()}
                           if RECORDED["environment"].get(k) != environment().get(k))
        pytest.skip(f"the digests were recorded with other fonts or Pillow ({', '.join(differing)}); "
                    "record them again with python -m tests.renderers.picture_digests")
    now = digests(name)
    before = RECORDED["games"][name]
    assert now.keys() == before.keys(), "the pictures drawn are not the ones recorded"
    changed = [label for label in before if now[label] != before[label]]
    assert not changed, f"{len(changed)} of {len(before)} {name} pictures changed: {changed[:12]}"
