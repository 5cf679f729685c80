"""games/quetzal/locale/ja/LC_MESSAGES/messages.po covers every English template the engine uses, with the same placeholders."""
from __future__ import annotations

from tests.catalogues import japanese as ja_catalogue

import string
from pathlib import Path


PACKAGE = Path(__file__).resolve().parents[2] / "games" / "quetzal"


def templates() -> set[str]:
    """Every template of the engine, as Babel extracts it for the catalogue (make catalogues)."""
    from bot.i18n.catalogues import templates as extracted
    return {t for t in extracted([PACKAGE]) if isinstance(t, str)}


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_babel_finds_nothing_untranslated() -> None:
    from bot.i18n.catalogues import templates
    catalogue = ja_catalogue(PACKAGE)
    assert not sorted(str(k) for k in templates([PACKAGE]) if k not in catalogue)
