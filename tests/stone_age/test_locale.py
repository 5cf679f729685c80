"""Stone Age's names (locations, goods, card effects) are kept in tables and reach messages as
nested Msgs: each is marked for the catalogue and translated (the catalogue as a whole is checked
by tests/test_i18n.py)."""
from __future__ import annotations

from games.stone_age import names
from tests.catalogues import japanese as ja_catalogue
from tests.test_i18n import PLACES

PACKAGE = next(folder for folder in PLACES if folder.name == "stone_age")


def test_every_name_in_the_tables_is_translated():
    catalogue = ja_catalogue(PACKAGE)
    tables = [names.LOCATION, names.GOOD, names.CULTURE]
    kept = [text for table in tables for text in table.values()]
    assert len(kept) > 20
    for text in kept:
        assert catalogue.get(text) and catalogue[text] != text, text
