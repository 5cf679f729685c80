"""'Did you mean …': the closest known name to a mistyped one."""
from __future__ import annotations

import difflib
from typing import Iterable, Mapping

#: how alike a typo and a name must be (difflib's ratio, 0..1)
CUTOFF = 0.6


def closest(typed: str, known: Mapping[str, Iterable[str]]) -> str | None:
    """The key of ``known`` whose spellings (e.g. a game's name and title) come closest to
    ``typed``, spaces and case ignored; None when nothing is close."""
    typed = "".join(typed.lower().split())
    if not typed:
        return None
    best, score = None, CUTOFF
    for key, spellings in known.items():
        for spelling in spellings:
            ratio = difflib.SequenceMatcher(None, typed, "".join(spelling.lower().split())).ratio()
            if ratio > score:
                best, score = key, ratio
    return best
