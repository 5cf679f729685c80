"""The options' descriptions are translated (the catalogue as a whole is checked by tests/test_i18n.py)."""
from __future__ import annotations

from tests.catalogues import japanese as ja_catalogue

from pathlib import Path

import games.carcassonne as package

ROOT = Path(package.__file__).parent


def test_option_descriptions_are_translated():
    from games.carcassonne import GAME
    catalogue = ja_catalogue(ROOT)
    for spec in GAME.options:
        assert spec.description in catalogue
        if spec.unavailable:
            assert spec.unavailable in catalogue
