"""Card data (YAML) against the reference tables and the published counts."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from games.florenza import GAME
from renderers import florenza
from renderers.registry import renderer_for
from games.florenza.components import CATEGORIES, RES, catalog, florin_cards
from games.florenza.rules.setup import build_deck, location_copies

REFERENCE = Path("/work/shared/rules/florenza.md")


def _rows(start: str, end: str, lead: str = "| `") -> list[list[str]]:
    text = REFERENCE.read_text(encoding="utf-8")
    section = text[text.index(start):text.index(end, text.index(start))]
    return [[c.strip() for c in line.strip().strip("|").split("|")]
            for line in section.splitlines() if line.startswith(lead)]


def _n(cell: str) -> int:
    return 0 if cell in ("–", "-", "") else int(cell)


needs_reference = pytest.mark.skipif(not REFERENCE.exists(), reason="rules reference not available")


@needs_reference
def test_cards_match_reference_table():
    rows = _rows("### 3.3", "### 3.4")
    assert len(rows) == len(catalog().cards) == 63
    for row in rows:
        info = catalog().cards[row[0].strip("`")]
        assert info.name == row[1] and info.category == row[4]
        assert info.cost == tuple(_n(c) for c in row[5:11]), info.id
        assert (info.fl, info.pp) == (_n(row[11]), _n(row[12])), info.id
        assert info.artists == (() if row[13] == "–" else tuple(row[13].split("/"))), info.id
        assert info.text == row[14]


@needs_reference
def test_card_effects_match_reference_wording():
    names = {"marble": "ma", "wood": "wo", "metal": "me", "fabric": "fa", "gold": "go", "spice": "sp"}
    for info in catalog().cards.values():
        turn = re.search(r"Extra action in turn (\d)", info.text)
        assert info.extra_turn == (int(turn.group(1)) if turn else None), info.id
        assert info.extra_draw == (1 if "+1 card" in info.text else 0), info.id
        if "ncome" in info.text and "choice" not in info.text:
            gains = {names[m] for m in re.findall(r"\+1 (marble|wood|metal|fabric|gold|spice)", info.text)}
            assert {RES[i] for i, n in enumerate(info.income) if n} == gains, info.id
            florins = re.search(r"\+(\d+) fl", info.text)
            assert info.income_fl == (int(florins.group(1)) if florins else 0), info.id
        else:
            assert info.income == (0,) * 6 and info.income_fl == 0, info.id


@needs_reference
def test_deck_composition_matches_reference():
    rows = _rows("### 3.4", "### 3.5")
    assert len(rows) == 63
    for row in rows:
        info = catalog().cards[row[0].strip("`")]
        counts = [_n(c) for c in row[1:10]]
        assert [info.copies(d, p) for d in ("I", "II", "III") for p in (2, 3, 4)] == counts, info.id


@needs_reference
def test_monuments_match_reference():
    rows = _rows("### 3.5", "### 3.6", "| #")
    rows = [r for r in rows if r[1].startswith("`")]
    assert len(rows) == 27
    for row in rows:
        info = catalog().monuments[row[1].strip("`")]
        assert info.number == int(row[0][1:]) and info.name == row[2] and info.pp == _n(row[4])
        assert info.cost == tuple(_n(c) for c in row[5:11]) and info.fl == _n(row[11])
        assert info.artists == tuple(row[12].split("/"))


@needs_reference
def test_artists_match_reference():
    rows = _rows("### 3.6", "### 3.7")
    assert len(rows) == 36
    for row in rows:
        info = catalog().artists[row[0].strip("`")]
        assert info.name == row[1] and info.type == row[3][0] and info.fee == int(row[4])
        if not info.anonymous:
            assert info.values == tuple(int(v) for v in row[6].split(","))
            assert len(info.values) == int(row[5])
        assert info.aliases == tuple(a.strip() for a in row[7].split(",") if a.strip())


@needs_reference
def test_locations_match_reference():
    rows = _rows("### 3.7", "## 4.")
    assert len(rows) == 14
    for row in rows:
        info = catalog().locations[row[0].strip("`")]
        assert info.copies == (int(row[3]), int(row[4]), int(row[5]))


def test_published_counts():
    cat = catalog()
    four = Counter(c.category for c in cat.cards.values() for d in ("I", "II", "III") for _ in range(c.copies(d, 4)))
    assert four == {"RES": 9, "WKS": 13, "GLD": 12, "CHU": 12, "DIS": 12, "PAL": 12, "PRE": 6}
    assert set(four) == set(CATEGORIES)
    assert {p: [len(build_deck(d, p)) for d in ("I", "II", "III")] for p in (2, 3, 4)} == {
        2: [16, 16, 16], 3: [21, 21, 22], 4: [26, 26, 24]}
    assert {p: sum(len(build_deck(d, p)) for d in ("I", "II", "III")) for p in (2, 3, 4)} == {2: 48, 3: 64, 4: 76}
    assert len(cat.monuments) == 27 and sorted(m.number for m in cat.monuments.values()) == list(range(1, 28))
    named = [cat.artists[a] for a, _ in cat.artist_cards]
    assert len(named) == 85
    assert Counter(a.type for a in named) == {"A": 28, "P": 29, "S": 28}
    anonymous = [a for a in cat.artists.values() if a.anonymous]
    assert sorted(a.type for a in anonymous) == ["A", "P", "S"] and all(a.fee == 50 for a in anonymous)
    assert {p: len(location_copies(p)) for p in (2, 3, 4)} == {2: 14, 3: 16, 4: 17}
    resources = {r["code"]: r["count"] for r in cat.components["resources"]}
    assert resources == {"ma": 21, "wo": 21, "me": 11, "fa": 11, "go": 11, "sp": 11} and sum(resources.values()) == 86
    notes = cat.components["florins"]["notes"]
    assert sum(int(v) * n for v, n in notes.items()) == cat.components["florins"]["total"] == 4000
    assert sum(notes.values()) == 28


def test_player_counts():
    assert (GAME.min_players, GAME.max_players) == (2, 4)
    assert GAME.name == "florenza" and GAME.title == "Florenza: The Card Game"
    assert renderer_for(GAME.name) is florenza.RENDERER
    assert GAME.options == ()
    with pytest.raises(ValueError):
        GAME.setup(5, frozenset(), 1)
    with pytest.raises(ValueError):
        GAME.setup(1, frozenset(), 1)


def test_verbs_are_the_reference_verbs():
    assert set(GAME.verbs) == {"play", "build", "reserve", "use", "workers", "market", "inspire", "keep",
                               "captain", "merchant"}


@pytest.mark.parametrize("florins,count", [(300, 3), (150, 2), (1250, 5), (650, 3), (0, 0), (50, 1), (950, 6)])
def test_florin_card_count(florins, count):
    assert florin_cards(florins) == count
