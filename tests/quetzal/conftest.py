"""Quetzal's fixtures: the real table service with Quetzal enabled, on the real store."""
from __future__ import annotations

import itertools

import pytest

from bot.service import TableService
from tests.conftest import make_settings

QUETZAL = "games.quetzal:GAME"


@pytest.fixture
async def quetzal_service(store):
    seeds = itertools.count(77)
    service = TableService(store, make_settings(games={"enabled": ("quetzal",), "extra": (QUETZAL,)}),
                           seed_source=lambda: next(seeds))
    yield service
    await service.close()
