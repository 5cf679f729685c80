"""Actions and the pieces of the notation that need no game state (rules §15.1)."""
from __future__ import annotations

import re
from dataclasses import dataclass

NOTHING = "-"


@dataclass(frozen=True)
class Place:
    """``x,y rK`` (staged: the deploy code follows as its own action) or ``x,y rK <deploy>``."""

    x: int
    y: int
    rotation: int
    deploy: str | None = None     # canonical deploy code, "-" for nothing, None: ask afterwards

    def __str__(self) -> str:
        text = f"{self.x},{self.y} r{self.rotation}"
        return text if self.deploy is None else f"{text} {self.deploy}"


@dataclass(frozen=True)
class Deploy:
    """The second stage: a deploy code for the tile just placed, or ``-``."""

    code: str

    def __str__(self) -> str:
        return self.code


POSITION = re.compile(r"(-?\d{1,4})\s*,\s*(-?\d{1,4})(?:\s+(.*))?")
ROTATION = re.compile(r"r(\d{1,4})")
ROTATION_ALIASES = {"0": 0, "1": 1, "2": 2, "3": 3, "90": 1, "180": 2, "270": 3}
#: every code the notation knows for a base-game segment (whether or not this tile has it)
SEGMENT_CODE = re.compile(r"c[nesw]|r[nesw]|f(?:nw|ne|en|es|se|sw|ws|wn|i|i2)|m")
NOTHING_WORDS = ("-", "none", "nothing")
WORDS = {"city": "city", "knight": "city", "road": "road", "thief": "road", "field": "field",
         "farmer": "field", "monastery": "monastery", "monk": "monastery"}
VERBS = ("/place", "/play", "/use", "place", "play", "use")


def normalise(text: str) -> str:
    """Lower case, single spaces, without a leading verb."""
    words = text.strip().lower().split()
    if words and words[0] in VERBS:
        words = words[1:]
    return " ".join(words)


def rotation_of(token: str) -> int | None:
    """``r1``/``r90`` -> 1; None if the token is not a rotation at all; -1 for an unknown angle."""
    match = ROTATION.fullmatch(token)
    if not match:
        return None
    return ROTATION_ALIASES.get(match.group(1).lstrip("0") or "0", -1)


def is_addon_code(code: str) -> bool:
    """Whether ``code`` is a deploy code of an add-on's choice (large follower, builder, pig,
    portal, fairy, princess)."""
    if code.startswith("~") or code.startswith("!") or "@" in code:
        return True
    return len(code) > 1 and code[0] in "lbp" and bool(SEGMENT_CODE.fullmatch(code[1:]) or code[1:] in WORDS)
