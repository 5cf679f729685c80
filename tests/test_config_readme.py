"""The README's configuration table and the config models (bot/config.py) list the same keys
with the same defaults: a key added, removed or changed in one is changed in the other."""
from __future__ import annotations

import re
from pathlib import Path

import yaml

from bot.config import SECTIONS, Settings

README = Path(__file__).resolve().parents[1] / "README.md"
ROW = re.compile(r"^\| `([a-z_]+\.[a-z_]+)` \| (.+?) \| .* \|$")
#: defaults the README says in words rather than as a value, and the value they stand for
IN_WORDS = {"games.enabled": ("all five games", list(Settings().games.enabled))}


def readme_table() -> dict[str, str]:
    text = README.read_text(encoding="utf-8")
    table = text[text.index("## Configuration"):]
    table = table[:table.index("\n\n", table.index("| key |"))]
    return {m.group(1): m.group(2) for line in table.splitlines() if (m := ROW.match(line))}


def model_defaults() -> dict[str, object]:
    return {f"{section}.{name}": field.default
            for section, model in SECTIONS.items() for name, field in model.model_fields.items()}


def test_the_readme_lists_every_key_and_nothing_else():
    listed, keys = readme_table(), model_defaults()
    assert len(listed) > 30
    assert sorted(set(keys) - set(listed)) == [], "keys missing from the README's table"
    assert sorted(set(listed) - set(keys)) == [], "keys in the README's table that config.yaml does not take"


def test_the_readme_shows_each_keys_default():
    wrong = {}
    for name, default in model_defaults().items():
        shown = readme_table()[name]
        if name in IN_WORDS:
            words, value = IN_WORDS[name]
            ok = shown == words and default == value
        else:
            ok = shown.startswith("`") and shown.endswith("`") and yaml.safe_load(shown.strip("`")) == default
        if not ok:
            wrong[name] = (shown, default)
    assert wrong == {}


def test_the_models_defaults_are_the_settings_defaults():
    from bot.config import settings_from_dict

    assert settings_from_dict({}, environ={}) == Settings()
