"""Every English template the engine uses has a Japanese translation with the same placeholders."""
from __future__ import annotations

import ast
import string
from pathlib import Path

import yaml

ENGINE = Path(__file__).resolve().parents[2] / "games" / "keyflower"
CALLS = {"Msg": 0, "IllegalAction": 0, "public": 0, "private": 1, "OptionSpec": 1}


def templates() -> set[str]:
    found: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            index = CALLS.get(name)
            if index is None or len(node.args) <= index:
                continue
            arg = node.args[index]
            assert isinstance(arg, ast.Constant) and isinstance(arg.value, str), \
                f"{path.name}:{node.lineno}: template must be a string literal"
            found.add(arg.value)
    return found


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_japanese_covers_every_template():
    catalogue = yaml.safe_load((ENGINE / "locale" / "ja.yaml").read_text(encoding="utf-8"))
    used = templates()
    assert len(used) > 50
    missing = sorted(used - set(catalogue))
    assert not missing, missing
    for english, japanese in catalogue.items():
        assert isinstance(japanese, str) and japanese.strip(), english
        assert fields(english) == fields(japanese), english
    unused = sorted(set(catalogue) - used)
    assert not unused, unused
