"""Every English template the engine uses has a Japanese translation with the same placeholders."""
from __future__ import annotations

import ast
import string
from pathlib import Path

import yaml

import games.carcassonne as package

ROOT = Path(package.__file__).parent
CALLS = {"Msg", "IllegalAction", "public", "private", "OptionSpec"}


def engine_templates() -> set[str]:
    found: set[str] = set()
    for path in sorted(ROOT.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            if name not in CALLS:
                continue
            args = node.args
            if name == "private":
                args = args[1:]
            elif name == "OptionSpec":
                args = args[1:2]
            values = [a for a in args[:1]]
            values += [kw.value for kw in node.keywords if kw.arg in ("description", "unavailable", "text")]
            found.update(v.value for v in values if isinstance(v, ast.Constant) and isinstance(v.value, str))
    return found


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_scanner_finds_the_templates():
    templates = engine_templates()
    assert "It is {player}'s turn." in templates
    assert any(t.startswith("Old farm rule") for t in templates)
    assert len(templates) > 50


def test_japanese_covers_every_template():
    catalogue = yaml.safe_load((ROOT / "locale" / "ja.yaml").read_text(encoding="utf-8"))
    missing = sorted(engine_templates() - set(catalogue))
    assert missing == []
    for english, japanese in catalogue.items():
        assert placeholders(english) == placeholders(japanese), english


def test_option_descriptions_are_translated():
    from games.carcassonne import GAME
    catalogue = yaml.safe_load((ROOT / "locale" / "ja.yaml").read_text(encoding="utf-8"))
    for spec in GAME.options:
        assert spec.description in catalogue
        if spec.unavailable:
            assert spec.unavailable in catalogue


def test_catalogue_has_no_stale_entries():
    catalogue = yaml.safe_load((ROOT / "locale" / "ja.yaml").read_text(encoding="utf-8"))
    assert sorted(set(catalogue) - engine_templates()) == []
