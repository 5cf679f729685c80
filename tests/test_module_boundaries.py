"""A module uses another's public names only: no ``x._name`` on anything but ``self``, ``cls`` or
``super()``, and no import of an underscore name (or from an underscore module) anywhere in
bot/, games/ and renderers/. Extensions reach the table service through its public methods and
hooks (bot/service/tables.py, bot/table/hooks.py).

No third-party private is used today, so there is no allow-list; one would go here, name by name,
with the reason it cannot be avoided."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("bot", "games", "renderers")


def private(name: str) -> bool:
    """``_name`` is private; ``__dunder__`` names are Python's own and public."""
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def own_object(node: ast.expr) -> bool:
    """``self``, ``cls`` or ``super()``: the class reaching its own names."""
    if isinstance(node, ast.Name):
        return node.id in ("self", "cls")
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"


def violations(source: str, where: str = "<source>") -> list[str]:
    """Every use of another module's private name in ``source``, as 'where:line: what'."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and private(node.attr) and not own_object(node.value):
            found.append(f"{where}:{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.ImportFrom):
            if any(private(part) for part in (node.module or "").split(".")):
                found.append(f"{where}:{node.lineno}: from {node.module} import ...")
            found += [f"{where}:{node.lineno}: from {'.' * node.level}{node.module or ''} import {alias.name}"
                      for alias in node.names if private(alias.name)]
        elif isinstance(node, ast.Import):
            found += [f"{where}:{node.lineno}: import {alias.name}"
                      for alias in node.names if any(private(part) for part in alias.name.split("."))]
    return found


def test_the_check_finds_each_kind_of_reach_into_another_module():
    source = """
from bot.service.tables import _error, TableService
from bot._internal import thing
import bot._internal.more
class A:
    def f(self, service):
        self._mine(); super()._base(); type(self).__name__
        service._advance()
        A._winner()
"""
    found = violations(source)
    assert [line.split(": ", 1)[1] for line in found] == [
        "from bot.service.tables import _error",
        "from bot._internal import ...",
        "import bot._internal.more",
        "service._advance",
        "A._winner",
    ], found


@pytest.mark.parametrize("package", PACKAGES)
def test_no_module_uses_another_modules_private_names(package):
    found = []
    for path in sorted((ROOT / package).rglob("*.py")):
        found += violations(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert found == [], "private names used from outside their class or module:\n" + "\n".join(found)


# -- the store imports nothing above it ---------------------------------------------------------------
STORE = ROOT / "bot" / "store"


def imports_above_the_store(source: str, module: str, where: str = "<source>") -> list[str]:
    """Every import in ``source`` (the module ``module`` of bot/store) of a module of ``bot``
    outside ``bot.store``, as 'where:line: module'; relative imports resolved first."""
    package = module.split(".")[:-1]            # bot.store.base and bot.store.__init__: bot.store
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            name = ".".join([*base, *(node.module or "").split(".")]).strip(".")
            # "from bot import dsn" and "from .. import sharding" import the modules they name
            names = [f"{name}.{alias.name}" for alias in node.names] if name == "bot" else [name]
        else:
            continue
        found += [f"{where}:{node.lineno}: {name}" for name in names
                  if (name == "bot" or name.startswith("bot.")) and not (name == "bot.store" or name.startswith("bot.store."))]
    return found


def test_the_store_check_finds_each_kind_of_import_from_above():
    source = """
from bot.config import Settings
import bot.ratings.model
from bot import dsn
from .. import sharding
from ..tournaments.standings import Entry
from bot.store.records import Skill
from .base import Store
import sqlalchemy
"""
    found = imports_above_the_store(source, "bot.store.example")
    assert [line.split(": ", 1)[1] for line in found] == [
        "bot.config", "bot.ratings.model", "bot.dsn", "bot.sharding", "bot.tournaments.standings"], found


def test_the_store_imports_nothing_above_it():
    """bot/store is the bottom of bot/ (design.md, "Store"): its own records and types live there,
    so it can be used, tested and replaced without the service, the config or the extensions."""
    found = []
    for path in sorted(STORE.rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        found += imports_above_the_store(path.read_text(encoding="utf-8"), module, str(path.relative_to(ROOT)))
    assert found == [], "bot/store imports from above it:\n" + "\n".join(found)


def service_store_reads(source: str, where: str = "<source>") -> list[str]:
    """Every ``service.store`` (also ``self.service.store``, ``x.service.store``) in ``source``:
    an extension is handed the repositories and the store it uses, it does not take the
    service's."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Attribute) and node.attr == "store"):
            continue
        owner = node.value
        if (isinstance(owner, ast.Name) and owner.id == "service") or \
                (isinstance(owner, ast.Attribute) and owner.attr == "service"):
            found.append(f"{where}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_the_service_store_check_finds_each_kind_of_read():
    source = """
store = service.store
self.service.store.write([])
bot.service.store.actions(1)
self.store.get(1)
service.stores
"""
    assert [line.split(": ", 1)[1] for line in service_store_reads(source)] == [
        "service.store", "self.service.store", "bot.service.store"]


def test_no_module_outside_the_service_reads_the_service_store():
    service = ROOT / "bot" / "service"
    found = []
    for path in sorted((ROOT / "bot").rglob("*.py")):
        if service in path.parents:
            continue
        found += service_store_reads(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert not found, "\n".join(found)


# -- modules stay small -------------------------------------------------------------------------------
MAX_LINES = 500
#: kept as written: the schema migrations
NOT_COUNTED = (ROOT / "bot" / "store" / "schema_migrations",)


def test_every_module_is_at_most_500_lines():
    """Modules have one job each; one that grows past MAX_LINES is split by what its parts do."""
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if any(path.is_relative_to(folder) for folder in NOT_COUNTED):
                continue
            lines = len(path.read_text(encoding="utf-8").splitlines())
            if lines > MAX_LINES:
                found.append(f"{path.relative_to(ROOT)}: {lines} lines")
    assert found == [], f"modules over {MAX_LINES} lines:\n" + "\n".join(found)
