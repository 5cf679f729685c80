"""One of each: the slash verbs, the languages and durations are each written in one place, and
every adapter and the config read them from there."""
from __future__ import annotations

import pytest

from bot.config import ConfigError, settings_from_dict
from bot.discord.cogs.play import Play
from bot.i18n import LOCALES, I18n, t
from bot.table.tableoptions import LANG, TABLE_OPTIONS
from bot.table.typed import SLASH_VERBS
from bot.turns.durations import parse_span


def test_the_discord_verb_commands_are_the_slash_verbs():
    assert sorted(command.name for command in Play(None).get_app_commands()) == sorted(SLASH_VERBS)


def test_a_table_can_be_set_to_each_language_the_bot_speaks():
    lang = next(spec for spec in TABLE_OPTIONS if spec.name == LANG)
    assert tuple(lang.kind.values) == ("auto", *LOCALES)


def test_config_languages_are_the_bot_languages():
    assert settings_from_dict({}).locale.available == LOCALES
    with pytest.raises(ConfigError) as error:
        settings_from_dict({"locale": {"available": ["en", "fr"]}})
    assert "locale.available" in str(error.value) and "ja" in str(error.value)


def test_a_language_not_offered_reads_as_the_default():
    question = t("Cancelled: nothing changed.")
    both = I18n([], "en", ("en", "ja"))
    english_only = I18n([], "en", ("en",))
    assert both.render(question, "ja") != both.render(question, "en")
    assert english_only.render(question, "ja") == english_only.render(question, "en")
    assert english_only.language("ja-JP") == "en" and both.language("ja-JP") == "ja"


@pytest.mark.parametrize("text, seconds", [
    ("0s", 0), ("90m", 5400), ("24h", 86400), ("1d12h", 129600), ("3d", 259200), ("1 H 30 M", 5400),
])
def test_one_duration_parser_for_options_and_config(text, seconds):
    assert parse_span(text) == seconds
    expected = seconds
    assert settings_from_dict({"turns": {"timer": text}}).turns.timer == expected


@pytest.mark.parametrize("text", ["soon", "", "12", "1x", "h1", "-1h", "9999999999s"])
def test_what_is_not_a_duration_is_refused_by_both(text):
    assert parse_span(text) is None
    with pytest.raises(ConfigError) as error:
        settings_from_dict({"turns": {"timer": text}})
    assert "turns.timer" in str(error.value) and "24h" in str(error.value)
