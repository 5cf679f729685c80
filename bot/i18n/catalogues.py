"""The catalogues' upkeep with Babel: extract every template from the code and bring each
catalogue up to date (new templates added untranslated, gone ones marked obsolete).

    python -m bot.i18n.catalogues          # or: make catalogues

A template is the first argument of ``t``, ``Msg``, ``_error``, ``refusal``, ``refused``, ``IllegalAction``, ``OptionError``,
``store_error``, ``ownership_error``,
``Event.public``, ``Button``, ``N_`` (a template kept in a data table) and ``_`` (Discord's
``locale_str``), the second of ``Event.private``
and ``OptionSpec``, and the singular and plural of ``counted`` / ``tn``; the words drawn in pictures
are the first argument of ``word`` and the two of ``words``. Each catalogue holds the templates of
its own code: the bot's (bot/ and games/core/), the renderers' and each game package's.
"""
from __future__ import annotations

import sys
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from bot.i18n import HERE, LOCALES, catalogue_path

ROOT = HERE.parents[2]
KEYWORDS: dict[str, tuple[int, ...] | None] = {
    "t": None, "Msg": None, "_error": None, "refusal": None, "refused": None, "IllegalAction": None, "OptionError": None, "public": None,
    "Button": None, "_": None, "N_": None, "private": (2,), "OptionSpec": (2,), "counted": (1, 2), "tn": (1, 2),
    "word": None, "words": (1, 2), "store_error": None, "ownership_error": None,
}
Template = str | tuple[str, str]


def catalogued_code() -> dict[Path, list[Path]]:
    """Each folder holding a ``locale/`` catalogue, and the code whose templates it holds."""
    places = {HERE.parent: [ROOT / "bot", ROOT / "games" / "core"], ROOT / "renderers": [ROOT / "renderers"]}
    for folder in sorted((ROOT / "games").iterdir()):
        if (folder / "locale").is_dir():
            places[folder] = [folder]
    toy = ROOT / "tests" / "toygame"
    if toy.is_dir():
        places[toy] = [toy]
    return places


def templates(code: list[Path]) -> dict[Template, list[tuple[str, int]]]:
    """Every template in ``code`` with where it is used (file, line)."""
    found: dict[Template, list[tuple[str, int]]] = {}
    for folder in code:
        for filename, line, message, _comments, _context in extract_from_dir(
                folder, method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=()):
            if message and (not isinstance(message, tuple) or all(message)):
                key = message if isinstance(message, str) else (message[0], message[1])
                found.setdefault(key, []).append((str(folder / filename), line))
    return found


def read(folder: Path, locale: str) -> Catalog:
    path = catalogue_path(folder, locale)
    if not path.exists():
        return Catalog(locale=locale, domain="messages", project="boardtable", charset="utf-8", fuzzy=False)
    with path.open("rb") as source:
        return read_po(source, locale=locale)


def update(folder: Path, code: list[Path], locale: str) -> tuple[int, int]:
    """Add the new templates of ``code`` to ``folder``'s catalogue (untranslated) and drop the
    ones no code uses any more. Returns (added, dropped)."""
    catalog = read(folder, locale)
    used = templates(code)
    added = 0
    for template, places in used.items():
        msgid = template if isinstance(template, str) else template
        if msgid not in catalog:
            catalog.add(msgid, "" if isinstance(template, str) else ("",), locations=places[:1])
            added += 1
    gone = [m.id for m in catalog if m.id and (m.id if isinstance(m.id, str) else tuple(m.id)) not in used]
    for msgid in gone:
        del catalog[msgid]
    catalog.project, catalog.version = "boardtable", "0.1"
    catalog.last_translator = catalog.language_team = "boardtable contributors"
    if added or gone or catalog.revision_date is None or isinstance(catalog.revision_date, str):
        catalog.revision_date = datetime.now(timezone.utc)
    path = catalogue_path(folder, locale)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as target:
        write_po(target, catalog, width=0, sort_output=True, no_location=True, ignore_obsolete=True)
    return added, len(gone)


def main() -> int:
    for folder, code in catalogued_code().items():
        for locale in LOCALES:
            if locale == "en":
                continue
            added, gone = update(folder, code, locale)
            print(f"{catalogue_path(folder, locale).relative_to(ROOT)}: {added} new, {gone} unused")
    return 0


if __name__ == "__main__":
    sys.exit(main())
