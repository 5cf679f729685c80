"""The Japanese catalogue of a package as a dict, for tests (English template -> Japanese)."""
from __future__ import annotations

from pathlib import Path

from bot.i18n.catalogues import read


def japanese(folder: Path) -> dict:
    """``folder`` holds ``locale/ja/LC_MESSAGES/messages.po``; plural entries are keyed by
    (singular, plural) with a tuple of forms."""
    catalog = read(folder, "ja")
    return {(m.id if isinstance(m.id, str) else tuple(m.id)): (m.string if isinstance(m.string, str) else tuple(m.string))
            for m in catalog if m.id}
