"""Collects the English catalogue templates used by the Stone Age engine (ast scan)."""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "games" / "stone_age"
TEMPLATE_CALLS = {"Msg": 0, "IllegalAction": 0, "T": 0, "OptionSpec": 1, "public": 0, "private": 1}


def _strings(node: ast.AST) -> tuple[list[str], list[ast.AST]]:
    """Constant strings in a template position; anything else is returned as 'dynamic'."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value], []
    if isinstance(node, ast.IfExp):
        a, da = _strings(node.body)
        b, db = _strings(node.orelse)
        return a + b, da + db
    return [], [node]


def scan() -> tuple[set[str], list[str]]:
    """(templates, problems): problems name f-strings or unknown dynamic templates."""
    templates: set[str] = set()
    problems: list[str] = []
    for path in sorted(PACKAGE.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name not in TEMPLATE_CALLS:
                continue
            index = TEMPLATE_CALLS[name]
            if name == "OptionSpec":
                arg = node.args[1] if len(node.args) > 1 else next(
                    (k.value for k in node.keywords if k.arg == "description"), None)
            else:
                arg = node.args[index] if len(node.args) > index else None
            if arg is None:
                continue
            found, dynamic = _strings(arg)
            templates.update(found)
            for d in dynamic:
                # Names looked up in the tables of names.py (whose values are T(...) templates) are fine.
                if isinstance(d, ast.Subscript) and isinstance(d.value, ast.Name) and \
                        d.value.id in {"LOCATION", "GOOD", "CULTURE", "FIGURE"}:
                    continue
                if isinstance(d, ast.Call) and isinstance(d.func, ast.Name) and d.func.id == "T":
                    continue        # Msg(T("...")): the T call is scanned itself
                problems.append(f"{path.name}:{getattr(d, 'lineno', '?')}: {ast.dump(d)[:80]}")
    return templates, problems
