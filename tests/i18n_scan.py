"""Find the English templates a package uses, so tests can check every one is translated."""
from __future__ import annotations

import ast
from pathlib import Path

CALLS_FIRST_ARG = {"t", "Msg", "_error", "IllegalAction", "OptionError", "public", "OptionSpec_desc"}


def _literal(node: ast.AST) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def templates_in(root: Path) -> set[str]:
    found: set[str] = set()
    for path in root.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                name = node.func.id if isinstance(node.func, ast.Name) else node.func.attr if isinstance(node.func, ast.Attribute) else ""
                args = node.args
                if name in CALLS_FIRST_ARG and args and (text := _literal(args[0])):
                    found.add(text)
                if name == "private" and len(args) >= 2 and (text := _literal(args[1])):
                    found.add(text)
                if name == "OptionSpec" and len(args) >= 2 and (text := _literal(args[1])):
                    found.add(text)
                if name == "Button" and args and (text := _literal(args[0])):
                    found.add(text)
                for keyword in node.keywords:
                    if keyword.arg in ("description", "unavailable") and (text := _literal(keyword.value)):
                        found.add(text)
                if name == "describe":
                    found.update(text for k in node.keywords if (text := _literal(k.value)))
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "HELP_LINES" for t in node.targets):
                found.update(text for elt in getattr(node.value, "elts", []) if (text := _literal(elt)))
    return {text for text in found if text.strip()}
