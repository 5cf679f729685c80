"""Every English template of the engine has a Japanese translation with the same placeholders."""
from __future__ import annotations

import ast
import random
import string
from pathlib import Path

import yaml

from games.core import IllegalAction
from games.florenza import GAME

ENGINE = Path(__file__).resolve().parents[2] / "games" / "florenza"
CATALOGUE = ENGINE / "locale" / "ja.yaml"


def _strings(node: ast.AST) -> list[str]:
    return [n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def _template_arg(call: ast.Call) -> ast.AST | None:
    func = call.func
    if isinstance(func, ast.Name) and func.id in ("Msg", "IllegalAction") and call.args:
        return call.args[0]
    if isinstance(func, ast.Attribute) and func.attr == "public" and call.args:
        return call.args[0]
    if isinstance(func, ast.Attribute) and func.attr == "private" and len(call.args) > 1:
        return call.args[1]
    return None


def engine_templates() -> set[str]:
    """Templates passed to Msg/IllegalAction/Event.public/Event.private, and *_TEXT tables."""
    found: set[str] = set()
    for path in ENGINE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id.endswith("_TEXT")
                                                    for t in node.targets):
                values = node.value.values if isinstance(node.value, ast.Dict) else [node.value]
                for value in values:
                    found.update(_strings(value))
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                assigned: dict[str, list[str]] = {}
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Assign):
                        for target in inner.targets:
                            if isinstance(target, ast.Name) and isinstance(inner.value, (ast.Constant, ast.IfExp)):
                                assigned.setdefault(target.id, []).extend(_strings(inner.value))
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Call):
                        arg = _template_arg(inner)
                        if isinstance(arg, ast.Name):
                            found.update(assigned.get(arg.id, []))
                        elif isinstance(arg, (ast.Constant, ast.IfExp)):
                            found.update(_strings(arg))
            if isinstance(node, ast.Call) and node.func and isinstance(_template_arg(node), (ast.Constant, ast.IfExp)):
                found.update(_strings(_template_arg(node)))
    return found


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def catalogue() -> dict[str, str]:
    return yaml.safe_load(CATALOGUE.read_text(encoding="utf-8"))


def test_scanner_finds_the_templates():
    templates = engine_templates()
    assert len(templates) > 100
    assert "R{round}.P4 income: {player} {income}" in templates
    assert "Bottega d'Arte: artist fees cost you 50 fl less." in templates
    assert "{player} shares the win with {score} pp." in templates


def test_every_template_is_translated_with_the_same_placeholders():
    ja = catalogue()
    missing = sorted(engine_templates() - set(ja))
    assert not missing, missing
    for english, japanese in ja.items():
        assert isinstance(japanese, str) and japanese.strip(), english
        assert placeholders(english) == placeholders(japanese), english
        japanese.format(**{name: "x" for name in placeholders(japanese)})


def test_no_stale_entries():
    assert not sorted(set(catalogue()) - engine_templates())


def test_messages_met_in_play_are_all_catalogued():
    ja = catalogue()
    seen = set()
    rng = random.Random(3)
    state = GAME.setup(3, frozenset(), 3)
    state.p[0].cards.append(["arte-dei-mercatanti", None])
    greedy = GAME.computer_player("greedy")
    while not GAME.is_over(state):
        seat = rng.choice(sorted(GAME.to_act(state)))
        scratch = GAME.from_json(GAME.to_json(state))
        for text in ("zzz", "play duomo", "workers now", "use baratto wo>wo", "keep h99", "captain xx"):
            try:
                GAME.apply(scratch, seat, GAME.parse(scratch, seat, text))
            except IllegalAction as error:
                seen.add(error.msg.text)
        for observer in (None, *range(3)):
            view = GAME.view(state, observer)
            seen.update(m.text for m in GAME.status(view) + GAME.private_lines(view) + GAME.turn_prompt(view))
        seen.update(e.msg.text for e in GAME.apply(state, seat, greedy.choose(GAME, state, seat, rng)))
    seen.update(m.text for m in GAME.outcome(state).details)
    assert not sorted(seen - set(ja))
