"""games/stone_age/locale/ja.yaml covers every English template the engine uses."""
from __future__ import annotations

import string

import yaml

from tests.stone_age.templates import PACKAGE, scan


def placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


def catalogue() -> dict[str, str]:
    return yaml.safe_load((PACKAGE / "locale" / "ja.yaml").read_text(encoding="utf-8"))


def test_every_template_is_a_literal():
    _, problems = scan()
    assert problems == []


def test_japanese_covers_every_template_with_the_same_placeholders():
    templates, _ = scan()
    ja = catalogue()
    assert len(templates) > 100
    assert sorted(templates - set(ja)) == []
    assert sorted(set(ja) - templates) == []            # no stale entries
    for english, japanese in ja.items():
        literal = "".join(text for text, _, _, _ in string.Formatter().parse(english))
        assert japanese.strip()
        if any(c.isalpha() for c in literal):
            assert japanese != english, english          # translated, not copied
        assert placeholders(english) == placeholders(japanese), english
