"""config.yaml is loaded into typed settings; a bad value names the key and what is allowed."""
from pathlib import Path

import pytest

from bot.config import ConfigError, Settings, load_settings, settings_from_dict

ROOT = Path(__file__).resolve().parents[1]


def test_shipped_config_is_valid():
    settings = load_settings(ROOT / "config.yaml")
    assert settings.database_path.startswith("data/")
    assert settings.default_locale == "en"
    assert settings.sync_commands == "auto"


def test_missing_file_gives_defaults(tmp_path):
    assert load_settings(tmp_path / "none.yaml") == Settings()


@pytest.mark.parametrize("data, key, allowed", [
    ({"rendering": {"scale": 9}}, "rendering.scale", "0.5 to 3.0"),
    ({"locale": {"default": "fr"}}, "locale.default", "en or ja"),
    ({"turns": {"timer": "soon"}}, "turns.timer", "24h"),
    ({"turns": {"on_timeout": "explode"}}, "turns.on_timeout", "computer, skip or remove"),
    ({"discord": {"sync_commands": "sometimes"}}, "discord.sync_commands", "auto, always or never"),
    ({"database": {"path": ""}}, "database.path", "a file path"),
    ({"database": {"pth": "x"}}, "database.pth", "database.path"),
    ({"colour": {}}, "colour", "database"),
    ({"computer": {"default_level": "genius"}}, "computer.default_level", "random or greedy"),
    ({"monitor": {"event_loop": "yes"}}, "monitor.event_loop", "true or false"),
    ({"monitor": {"interval_ms": 1}}, "monitor.interval_ms", "5 to 10000"),
    ({"monitor": {"report_seconds": 0}}, "monitor.report_seconds", "1 to 86400"),
    ({"monitor": {"file": ""}}, "monitor.file", "null or a file path"),
])
def test_bad_values_name_the_key(data, key, allowed):
    with pytest.raises(ConfigError) as error:
        settings_from_dict(data)
    assert key in str(error.value) and allowed in str(error.value)


def test_durations_parse():
    assert settings_from_dict({"turns": {"timer": "24h"}}).turn_timer_seconds == 86400
    assert settings_from_dict({"turns": {"timer": "90m"}}).turn_timer_seconds == 5400


def test_bad_yaml_is_reported(tmp_path):
    path = tmp_path / "config.yaml"
    path.write_text("database: [unclosed\n")
    with pytest.raises(ConfigError) as error:
        load_settings(path)
    assert "not valid YAML" in str(error.value)


def test_bot_refuses_to_start_with_bad_config(tmp_path, capsys):
    from bot.__main__ import main

    path = tmp_path / "config.yaml"
    path.write_text("rendering:\n  scale: 100\n")
    assert main(["console", "--config", str(path)]) == 2
    assert "rendering.scale" in capsys.readouterr().err
