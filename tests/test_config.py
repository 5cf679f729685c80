"""config.yaml is loaded into typed settings; a bad value names the key and what is allowed."""
from pathlib import Path

import pytest

from bot.config import ConfigError, Settings, load_settings, settings_from_dict

ROOT = Path(__file__).resolve().parents[1]


def test_shipped_config_is_valid():
    settings = load_settings(ROOT / "config.yaml")
    assert settings.database.path.startswith("data/")
    assert settings.locale.default == "en"
    assert settings.discord.sync_commands == "auto"


def test_missing_file_gives_defaults(tmp_path):
    assert load_settings(tmp_path / "none.yaml") == Settings()


def test_a_named_file_that_is_missing_is_an_error(tmp_path):
    path = tmp_path / "no" / "such" / "file.yaml"
    with pytest.raises(ConfigError) as error:
        load_settings(path, required=True)
    assert str(path) in str(error.value) and "does not exist" in str(error.value)


@pytest.mark.parametrize("data, key, allowed", [
    ({"rendering": {"scale": 9}}, "rendering.scale", "0.5 to 3.0"),
    ({"rendering": {"layers": -1}}, "rendering.layers", "0 to 100000"),
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
    assert settings_from_dict({"turns": {"timer": "24h"}}).turns.timer == 86400
    assert settings_from_dict({"turns": {"timer": "90m"}}).turns.timer == 5400


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


def test_database_backend_and_url():
    from bot.store import SqliteStore, store_for
    from bot.store.postgres import PostgresStore

    def store_of(s):
        return store_for(s.database.backend, path=s.database.path, dsn=s.database.dsn, pool_size=s.database.pool_size)

    url = "postgresql://bot:secret@db.example:5432/boardtable"
    s = settings_from_dict({}, environ={"DATABASE_URL": url})
    assert (s.database.backend, s.database.dsn) == ("sqlite", None)        # the URL matters only for postgres
    assert isinstance(store_of(s), SqliteStore)
    s = settings_from_dict({"database": {"backend": "postgres", "pool_size": 8}}, environ={"DATABASE_URL": url})
    assert (s.database.backend, s.database.dsn, s.database.pool_size) == ("postgres", url, 8)
    assert "secret" not in repr(s)
    store = store_of(s)
    assert isinstance(store, PostgresStore) and store.description == "PostgreSQL db.example:5432/boardtable"
    in_file = "postgres://bot@localhost/boardtable"
    assert settings_from_dict({"database": {"backend": "postgres", "dsn": in_file}}, environ={}).database.dsn == in_file
    assert settings_from_dict({"database": {"backend": "postgres", "dsn": in_file}},
                              environ={"DATABASE_URL": url}).database.dsn == url     # the environment wins


@pytest.mark.parametrize("data, environ, expected", [
    ({"database": {"backend": "mysql"}}, {}, "'database.backend' is 'mysql'; allowed: sqlite or postgres"),
    ({"database": {"backend": "postgres"}}, {}, "set the DATABASE_URL environment variable (or database.dsn)"),
    ({"database": {"backend": "postgres"}}, {"DATABASE_URL": "mysql://u:hunter2@h/db"}, "'DATABASE_URL' is not a PostgreSQL URL"),
    ({"database": {"dsn": "u:hunter2@h/db"}}, {}, "'database.dsn' is not a PostgreSQL URL"),
    ({"database": {"pool_size": 0}}, {}, "database.pool_size"),
])
def test_bad_database_settings_are_explained_without_the_password(data, environ, expected):
    with pytest.raises(ConfigError) as error:
        settings_from_dict(data, environ=environ)
    assert expected in str(error.value) and "hunter2" not in str(error.value)


def test_bot_stops_with_a_clear_message_when_the_database_cannot_be_reached(tmp_path, capsys, monkeypatch):
    from bot.__main__ import main
    from tests.pgserver import free_port

    port = free_port()                                   # nothing listens there
    monkeypatch.setenv("DATABASE_URL", f"postgresql://bot:hunter2@127.0.0.1:{port}/boardtable")
    path = tmp_path / "config.yaml"
    path.write_text("database:\n  backend: postgres\n")
    assert main(["console", "--config", str(path)]) == 3
    err = capsys.readouterr().err
    assert f"cannot open the database (PostgreSQL 127.0.0.1:{port}/boardtable)" in err and "hunter2" not in err


def every_key():
    from bot.config import SECTIONS

    return [(section, name) for section, model in SECTIONS.items() for name in model.model_fields]


@pytest.mark.parametrize("section, name", every_key())
def test_every_key_refuses_a_wrong_value_in_one_sentence(section, name):
    """A value of no key's type (a mapping) is refused naming the key and what it allows, in one
    line of the project's own words (nothing of the validation library's report)."""
    with pytest.raises(ConfigError) as error:
        settings_from_dict({section: {name: {"wrong": 1}}}, environ={})
    message = str(error.value)
    assert message.startswith(f"config.yaml: '{section}.{name}' is ") and "; allowed: " in message
    assert len(message.split("allowed: ", 1)[1]) > 3
    assert "\n" not in message and "pydantic" not in message.lower() and "validation error" not in message.lower()
