"""games/quetzal/locale/ja.yaml covers every English template the engine uses, with the same placeholders."""
from __future__ import annotations

import ast
import string
from pathlib import Path

import yaml

PACKAGE = Path(__file__).resolve().parents[2] / "games" / "quetzal"


def templates() -> set[str]:
    """String literals passed as templates: Msg(text), IllegalAction(text), Event.public(text),
    Event.private(seats, text) and OptionSpec(name, description, unavailable=reason)."""
    found: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            index = {"Msg": 0, "IllegalAction": 0, "public": 0, "private": 1, "OptionSpec": 1}.get(name)
            if index is None or len(node.args) <= index:
                continue
            arg = node.args[index]
            assert isinstance(arg, ast.Constant) and isinstance(arg.value, str), \
                f"{path.name}:{node.lineno}: templates must be literal strings"
            found.add(arg.value)
            for keyword in node.keywords:                 # OptionSpec(..., unavailable="reason")
                if keyword.arg == "unavailable" and isinstance(keyword.value, ast.Constant):
                    found.add(keyword.value.value)
    return found


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_japanese_catalogue_covers_every_template() -> None:
    catalogue = yaml.safe_load((PACKAGE / "locale" / "ja.yaml").read_text(encoding="utf-8"))
    used = templates()
    assert len(used) > 80
    missing = sorted(used - set(catalogue))
    assert not missing, missing
    for english in used:
        assert fields(catalogue[english]) == fields(english), english
        assert catalogue[english].strip() and catalogue[english] != english
    unused = sorted(set(catalogue) - used)
    assert not unused, unused


def test_the_shared_scanner_finds_nothing_untranslated() -> None:
    from tests.i18n_scan import templates_in
    catalogue = yaml.safe_load((PACKAGE / "locale" / "ja.yaml").read_text(encoding="utf-8"))
    assert not sorted(templates_in(PACKAGE) - set(catalogue))
