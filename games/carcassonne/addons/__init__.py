"""Carcassonne's add-ons and rule variants, one module each (:mod:`.base` has the hooks).

``registry()`` lists them in the order of the options; ``active(options)`` those a table has on,
in the same order, which is the order their hooks run in. The add-on modules are imported on
first use, so the rules modules they build on can import this package.
"""
from __future__ import annotations

import functools
from typing import Iterable

from games.carcassonne.addons.base import PORTAL, Capability


@functools.cache
def registry() -> tuple[Capability, ...]:
    """Every add-on, in the order of the options."""
    from games.carcassonne.addons.drache import Drache
    from games.carcassonne.addons.erweiterung import Erweiterung
    from games.carcassonne.addons.fluss import Fluss
    from games.carcassonne.addons.haendler import Haendler
    from games.carcassonne.addons.koenig import Koenig
    from games.carcassonne.addons.old import OldFarms
    return (OldFarms(), Fluss(), Erweiterung(), Haendler(), Koenig(), Drache())


@functools.lru_cache(maxsize=256)
def active(options: Iterable[str]) -> tuple[Capability, ...]:
    """The add-ons ``options`` turn on (a frozenset or a tuple of option names)."""
    chosen = set(options)
    return tuple(c for c in registry() if c.name in chosen)


def owner_of_tile_set(name: str) -> Capability | None:
    """The add-on whose tiles ``name`` are (their placement rules are its own)."""
    return _by_tile_set().get(name)


def owner_of_kind(kind: str) -> Capability | None:
    """The add-on that brings deploy choices of ``kind`` (large follower, builder, portal, ...)."""
    return next((c for c in registry() if kind in c.deploy_kinds), None)


def pieces(options: Iterable[str]) -> frozenset[str]:
    """The figures and markers the add-ons ``options`` turn on bring."""
    return frozenset(p for c in active(options) for p in c.pieces)


@functools.cache
def _by_tile_set() -> dict[str, Capability]:
    return {c.tile_set: c for c in registry() if c.tile_set is not None}


__all__ = ["Capability", "PORTAL", "registry", "active", "owner_of_tile_set", "owner_of_kind", "pieces"]
