"""The add-ons are capabilities (games/carcassonne/addons): the base game names none of them, and
each hook's effect shows only when its add-on is on."""
from __future__ import annotations

import ast
import functools
import pickle
import random
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from games.carcassonne import GAME
from games.carcassonne.addons import active, pieces, registry
from games.carcassonne.addons.drache import DragonPart
from games.carcassonne.addons.fluss import SPRING
from games.carcassonne.addons.koenig import KingRobberPart
from games.carcassonne.components import tile
from games.carcassonne.rules.placement import START_TILE
from games.core import Msg

ROOT = Path(__file__).resolve().parents[2] / "games" / "carcassonne"
BASE_MODULES = ("game.py", "rules/flow.py", "rules/deploy.py", "rules/placement.py", "rules/final.py", "view.py",
                "text.py")
NAMES = tuple(c.name for c in registry())
SEEDS = (1,)          # one whole game per option set shows every hook's effect


def string_literals(path: Path) -> list[tuple[int, str]]:
    return [(node.lineno, node.value) for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(node, ast.Constant) and isinstance(node.value, str)]


@pytest.mark.parametrize("module", BASE_MODULES)
def test_the_base_game_names_no_add_on(module):
    found = [f"{module}:{line}: {text!r}" for line, text in string_literals(ROOT / module) if text in NAMES]
    assert found == [], "the base game asks the active capabilities instead:\n" + "\n".join(found)


def imported_modules(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            found += [(node.lineno, node.module)] + [(node.lineno, f"{node.module}.{a.name}") for a in node.names]
        elif isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names]
    return found


@pytest.mark.parametrize("module", BASE_MODULES)
def test_the_base_game_imports_no_add_on(module):
    """Not even an add-on's part of the view: the view holds the parts the add-ons build, by type."""
    add_ons = {f"games.carcassonne.addons.{name}" for name in NAMES} | {
        f"games.carcassonne.addons.{type(c).__module__.rsplit('.', 1)[1]}" for c in registry()}
    found = [f"{module}:{line}: {name}" for line, name in imported_modules(ROOT / module) if name in add_ons]
    assert found == []


def test_every_option_is_one_capability_in_the_order_of_the_options():
    assert [spec.name for spec in GAME.options] == ["old", "fluss", "erweiterung", "haendler", "koenig", "drache"]
    assert [c.name for c in active(frozenset({"drache", "fluss"}))] == ["fluss", "drache"]
    assert active(frozenset()) == ()


# -- what whole games show, with and without each add-on ------------------------------------------
def text(msg) -> str:
    return msg.text if isinstance(msg, Msg) else str(msg)


@dataclass
class Seen:
    """What whole games of greedy players showed."""

    start: set[str] = field(default_factory=set)
    pile: set[str] = field(default_factory=set)          # tile sets in the pile at the start
    supply: set[str] = field(default_factory=set)        # figure kinds in supply at the start
    codes: set[str] = field(default_factory=set)         # kinds of deploy code offered
    phases: set[str] = field(default_factory=set)
    events: set[str] = field(default_factory=set)        # event templates
    log: list[str] = field(default_factory=list)
    final: set[str] = field(default_factory=set)         # final categories somebody scored in
    parts: set[type] = field(default_factory=set)        # types of the view's add-on parts
    goods: bool = False                                  # players' views carry goods
    status: set[str] = field(default_factory=set)        # status templates
    pieces: frozenset[str] = frozenset()
    river_first: bool = True                             # river tiles only ever at the river's end


def code_kind(code: str) -> str:
    if code.startswith("~"):
        return "fairy"
    if code.startswith("!"):
        return "princess"
    if "@" in code:
        return "portal"
    if len(code) > 1 and code[0] in "LBP":
        return {"L": "large", "B": "builder", "P": "pig"}[code[0]]
    return "plain"


@functools.cache
def seen(options: frozenset[str]) -> Seen:
    out = Seen()
    for seed in SEEDS:
        state = GAME.setup(3, options, seed)
        out.start.add(state.placements[0][0])
        out.pile |= {tile(t).set for t in state.pile}
        out.supply |= {kind for kind, counts in (("large", state.large), ("builder", state.builders),
                                                 ("pig", state.pigs)) if any(counts)}
        greedy, rng = GAME.computer_player("greedy"), random.Random(seed)
        while GAME.outcome(state) is None:
            (seat,) = GAME.to_act(state)
            out.phases.add(state.phase)
            view = GAME.view(state, None)
            out.codes |= {code_kind(c) for c in view.deploy_options}
            out.parts |= {type(part) for part in view.parts}
            out.goods |= any(p.goods for p in view.players)
            out.status |= {text(m) for m in GAME.status(view)}
            out.pieces = view.pieces
            if state.phase == "place" and state.drawn and tile(state.drawn).river:
                out.river_first &= all((x, y) not in state.board.grid for x, y, _ in view.legal_placements)
            events = GAME.apply(state, seat, greedy.choose(GAME, state, seat, rng))
            out.events |= {text(e.msg) for e in events}
        out.log += state.log
        assert state.final is not None
        out.final |= {part for part, scores in state.final.items() if any(scores)}
    return out


ALL = frozenset(NAMES)


def without(name: str) -> Seen:
    return seen(ALL - {name})


def only(name: str) -> Seen:
    return seen(frozenset({name}))


def test_without_add_ons_the_base_game_shows_none_of_them():
    base = seen(frozenset())
    assert base.start == {START_TILE} and base.pile == {"base"} and base.supply == set()
    assert base.codes == {"plain"} and base.phases == {"place", "deploy"}
    assert base.parts == set()
    assert not base.goods and base.pieces == frozenset()
    assert not base.final & {"goods", "king", "robber", "fairy"}
    assert not any(t.startswith(("King:", "Dragon:", "Set aside")) for t in base.status)
    assert not any("{pieces}" in t for t in base.status)


def test_setup_hooks():
    """Start tile, tiles in the pile and figures in supply come with their add-ons only."""
    assert only("fluss").start == {SPRING} and without("fluss").start == {START_TILE}
    for name in ("erweiterung", "haendler", "koenig", "drache"):
        assert name in only(name).pile and name not in without(name).pile, name
    assert only("erweiterung").supply == {"large"} and "large" not in without("erweiterung").supply
    assert only("haendler").supply == {"builder", "pig"} and not without("haendler").supply & {"builder", "pig"}


def test_placement_hook_the_river():
    """River tiles go only to the river's open end, and only the river brings them."""
    assert "fluss" in only("fluss").pile and only("fluss").river_first
    assert "fluss" not in without("fluss").pile
    river = [c for c in registry() if c.name == "fluss"][0]
    assert river.legal_placements(GAME.setup(2, frozenset(), 1).board, "D") is None    # land tiles: base rules


def test_deploy_hooks():
    """Large follower, builder and pig, portal and fairy codes are offered with their add-ons only."""
    assert "large" in only("erweiterung").codes and "large" not in without("erweiterung").codes
    assert {"builder", "pig"} <= only("haendler").codes and not without("haendler").codes & {"builder", "pig"}
    assert "fairy" in only("drache").codes
    assert not without("drache").codes & {"fairy", "portal", "princess"}


def test_turn_hooks_the_dragon():
    """Dragon tiles are set aside and the dragon moves with the dragon add-on only."""
    assert "dragon" in only("drache").phases and "dragon" not in without("drache").phases
    assert any(" setaside " in line for line in only("drache").log)
    assert not any(" setaside " in line or "| dragon" in line for line in without("drache").log)


def test_scoring_hooks_during_play():
    """Goods for completed cities, the King and Robber Baron, the fairy's bonus: with their add-ons only."""
    goods = "{player} completed the city and takes its goods: wine {wine}, grain {grain}, cloth {cloth}."
    king = "{player} becomes King (largest completed city: {tiles})."
    assert goods in only("haendler").events and goods not in without("haendler").events
    assert king in only("koenig").events and king not in without("koenig").events
    fairy_turn = ("Fairy: {player} gets {points} point for a follower beside the fairy.",
                  "Fairy: {player} gets {points} points for a follower beside the fairy.")
    assert not any(e.startswith("Fairy:") for e in without("drache").events)
    assert not set(fairy_turn) & without("drache").events


def test_final_scoring_hooks():
    """Goods majorities, King and Robber Baron, the old farm rule: with their add-ons only."""
    assert "goods" in only("haendler").final and "goods" not in without("haendler").final
    assert "king" in only("koenig").final and not without("koenig").final & {"king", "robber"}
    assert "fairy" not in without("drache").final
    old = {e for e in only("old").events if e.startswith("Farms (old rule)")}
    assert old and not any(e.startswith("Farms:") for e in only("old").events)
    assert not any(e.startswith("Farms (old rule)") for e in without("old").events)


def test_view_and_text_hooks():
    """View parts, players' goods, the pieces the picture makes room for and the status lines."""
    assert only("koenig").parts == {KingRobberPart} and KingRobberPart not in without("koenig").parts
    assert only("drache").parts == {DragonPart} and DragonPart not in without("drache").parts
    assert only("haendler").goods and not without("haendler").goods
    assert pieces(frozenset({"erweiterung"})) == {"large"} and pieces(frozenset({"koenig", "drache"})) == {
        "king", "robber", "dragon", "fairy"}
    assert "large" not in without("erweiterung").pieces and "builder" not in without("haendler").pieces
    assert any(t.startswith("King:") for t in only("koenig").status)
    assert not any(t.startswith("King:") for t in without("koenig").status)
    assert any(t.startswith("Dragon:") for t in only("drache").status)
    assert not any(t.startswith("Dragon:") for t in without("drache").status)
    assert any("wine {wine}" in t for t in only("haendler").status)
    assert not any("wine {wine}" in t for t in without("haendler").status)
    assert any("{pieces}" in t for t in only("erweiterung").status)


def test_a_views_add_on_parts_are_found_by_type_and_survive_pickling():
    """Pictures are drawn in worker processes, which get the view pickled: its parts come back equal
    and are found by their types again."""
    view = GAME.view(GAME.setup(3, frozenset({"koenig", "drache"}), 1), None)
    assert view.part(KingRobberPart) == KingRobberPart(king=None, robber=None, completed_cities=0, completed_roads=0)
    dragon = view.part(DragonPart)
    assert dragon is not None and dragon.steps == () and view.second is False and (view.turn_player,) == view.to_act
    again = pickle.loads(pickle.dumps(view))
    assert again == view and hash(again) == hash(view) and again.part(DragonPart) == dragon
    assert GAME.view(GAME.setup(3, frozenset(), 1), None).parts == ()


@pytest.mark.parametrize(("options", "ending", "absent"), [
    ((), "for farms (N completed cities).", ("goods", "King", "Robber Baron", "fairy")),
    (("drache",), "for farms (N completed cities) + N for the fairy.", ("goods", "King", "Robber Baron")),
    (("haendler",), "for farms (N completed cities) + N for goods.", ("King", "Robber Baron", "fairy")),
    (("koenig",), "for farms (N completed cities) + N for the King + N for the Robber Baron.", ("goods", "fairy")),
    (("drache", "haendler", "koenig"),
     "for farms (N completed cities) + N for goods + N for the King + N for the Robber Baron + N for the fairy.", ()),
])
def test_the_result_lines_list_only_the_categories_of_the_add_ons_that_are_on(options, ending, absent):
    from bot.i18n import I18n

    state = GAME.new_state(2, options, seed=1, pile=["E"], first=0)
    greedy, rng = GAME.computer_player("greedy"), random.Random(1)
    while GAME.outcome(state) is None:
        (seat,) = GAME.to_act(state)
        GAME.apply(state, seat, greedy.choose(GAME, state, seat, rng))
    details = GAME.outcome(state).details
    lines = [m.english(["Ann", "Ben"]) for m in details[:2]]
    assert all(re.sub(r"\d+", "N", line).endswith(ending) for line in lines), lines
    assert not [word for word in absent for line in lines if word in line], lines
    japanese = [I18n(["games.carcassonne"]).render(m, "ja", ["Ann", "Ben"]) for m in details[:2]]
    named = {"goods": "商品", "King": "王", "Robber Baron": "盗賊騎士", "fairy": "妖精"}
    assert not [named[word] for word in absent for line in japanese if named[word] in line], japanese
    assert all(line.endswith("。") and "{" not in line for line in japanese), japanese
