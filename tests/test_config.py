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
    ({"computer": {"default_level": "genius"}}, "computer.default_level", "random, greedy or strong"),
    ({"monitor": {"event_loop": "yes"}}, "monitor.event_loop", "true or false"),
    ({"monitor": {"interval_ms": 1}}, "monitor.interval_ms", "5 to 10000"),
    ({"monitor": {"report_seconds": 0}}, "monitor.report_seconds", "1 to 86400"),
    ({"monitor": {"file": ""}}, "monitor.file", "null or a file path"),
])
def test_bad_values_name_the_key(data, key, allowed):
    with pytest.raises(ConfigError) as error:
        settings_from_dict(data)
    assert key in str(error.value) and allowed in str(error.value)


@pytest.mark.parametrize("name, value, english, japanese", [
    ("think_target", 0, "a number of seconds from 1 to 600 (how soon a computer's move should come)",
     "1から600までの秒数（コンピューターの手が出るまでの目安）"),
    ("think_target", 601, "a number of seconds from 1 to 600 (how soon a computer's move should come)",
     "1から600までの秒数（コンピューターの手が出るまでの目安）"),
    ("think_target", "3s", "a number of seconds from 1 to 600 (how soon a computer's move should come)",
     "1から600までの秒数（コンピューターの手が出るまでの目安）"),
    ("think_floor", 0.01, "a number of seconds from 0.05 to 30", "0.05から30までの秒数"),
    ("think_floor", 31, "a number of seconds from 0.05 to 30", "0.05から30までの秒数"),
    ("think_floor", None, "a number of seconds from 0.05 to 30", "0.05から30までの秒数"),
])
def test_the_thinking_budgets_keys_refuse_bad_values_in_both_languages(name, value, english, japanese):
    """computer.think_target and computer.think_floor: the operator is told the key, what it
    holds and what it must be, in English and in Japanese."""
    with pytest.raises(ConfigError) as error:
        settings_from_dict({"computer": {name: value}}, environ={})
    assert str(error.value) == f"config.yaml: 'computer.{name}' is {value!r}, but it must be {english}."
    assert error.value.lines("ja") == [f"config.yaml：「computer.{name}」が{value!r}になっていますが、{japanese}でなければなりません。"]


def test_the_thinking_budgets_keys_take_numbers():
    assert (Settings().computer.think_target, Settings().computer.think_floor) == (3.0, 0.25)
    computer = settings_from_dict({"computer": {"think_target": 10, "think_floor": 0.1}}).computer
    assert (computer.think_target, computer.think_floor) == (10.0, 0.1)


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
    ({"database": {"backend": "mysql"}}, {}, "'database.backend' is 'mysql', but it must be sqlite or postgres."),
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
    assert message.startswith(f"config.yaml: '{section}.{name}' is ") and ", but it must be " in message
    assert len(message.split("but it must be ", 1)[1]) > 4 and message.endswith(".")
    assert "\n" not in message and "pydantic" not in message.lower() and "validation error" not in message.lower()
    japanese = error.value.lines("ja")
    assert len(japanese) == 1 and japanese[0].startswith(f"config.yaml：「{section}.{name}」が")
    assert japanese[0].endswith("でなければなりません。") and "must be" not in japanese[0]


def test_every_problem_is_reported_at_once_with_the_files_path(tmp_path):
    """A file with several mistakes gets them all in one go, each on a line of its own that starts
    with the file's real path and reads as a sentence, in English and in Japanese."""
    path = tmp_path / "settings" / "bot.yaml"
    path.parent.mkdir()
    path.write_text("rendering:\n  scale: 100\n  threads: 0\ndatabase:\n  pth: x\n  backend: mysql\n"
                    "colour: {}\nlogging:\n  level: loud\n")
    with pytest.raises(ConfigError) as error:
        load_settings(path)
    english = str(error.value).splitlines()
    assert english == [
        f"{path}: There is no key 'database.pth' in the database section; its keys are database.backend, database.path,"
        " database.dsn, database.pool_size.",
        f"{path}: There is no section 'colour'; the sections are database, locale, rendering, games, computer, turns,"
        " replay, discord, scheduler, console, logging, monitor.",
        f"{path}: 'database.backend' is 'mysql', but it must be sqlite or postgres.",
        f"{path}: 'rendering.scale' is 100, but it must be a number from 0.5 to 3.0.",
        f"{path}: 'rendering.threads' is 0, but it must be a whole number from 1 to 32.",
        f"{path}: 'logging.level' is 'LOUD', but it must be DEBUG, INFO, WARNING or ERROR.",
    ]
    assert "config.yaml" not in str(error.value)
    japanese = error.value.lines("ja")
    assert japanese == [
        f"{path}：databaseセクションに「database.pth」というキーはありません。キーは"
        "database.backend、database.path、database.dsn、database.pool_sizeです。",
        f"{path}：「colour」というセクションはありません。セクションは"
        "database、locale、rendering、games、computer、turns、replay、discord、scheduler、console、logging、monitorです。",
        f"{path}：「database.backend」が'mysql'になっていますが、「sqlite」か「postgres」でなければなりません。",
        f"{path}：「rendering.scale」が100になっていますが、0.5から3.0までの数でなければなりません。",
        f"{path}：「rendering.threads」が0になっていますが、1から32までの整数でなければなりません。",
        f"{path}：「logging.level」が'LOUD'になっていますが、「DEBUG」「INFO」「WARNING」「ERROR」のいずれかでなければなりません。",
    ]


def test_the_operators_language_comes_from_the_environment():
    from bot.i18n import environment_language

    assert environment_language({"LANG": "ja_JP.UTF-8"}) == "ja"
    assert environment_language({"LC_ALL": "C.UTF-8", "LANG": "ja_JP.UTF-8"}) == "en"
    assert environment_language({"LANGUAGE": "ja:en", "LANG": "en_US.UTF-8"}) == "ja"
    assert environment_language({"LC_MESSAGES": "fr_FR.UTF-8"}) == "en"
    assert environment_language({}) == "en"
