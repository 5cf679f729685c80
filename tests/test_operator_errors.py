"""An operator's mistakes get a sentence, not a traceback: the real ``python -m bot`` started with a
corrupt, damaged or unusable database file, a malformed or unreachable PostgreSQL URL, a password
written raw with '/', '#', '?' or '@' in it, or a config file that does not parse. Each time the
process stops with a non-zero exit code and a short message saying what is wrong and what to do,
with no 'Traceback' and no part of any password in anything it printed. A URL-encoded password
with those characters works (against a server that checks passwords)."""
from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import pytest

from tests.pgserver import free_port

ROOT = Path(__file__).resolve().parents[1]
#: a password with every character that breaks a URL written raw; its pieces are distinctive
PASSWORD = "Kq7v/Wz3#Rt9@Pm2?Lx8"
PIECES = [p for p in re.split(r"[/#@?]", PASSWORD)]
#: the variables an operator's messages take their language from (bot.i18n.environment_language)
OPERATOR_LANGUAGE = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
GAMES = "games:\n  enabled: [countdown]\n  extra: ['tests.toygame:GAME']\n"


def run_bot(tmp_path: Path, config: str, *args: str, env: dict[str, str] | None = None,
            stdin: str = "") -> subprocess.CompletedProcess:
    path = tmp_path / "config.yaml"
    path.write_text(config + f"console:\n  images_dir: {tmp_path / 'images'}\n" if "console:" not in config else config)
    environ = {k: v for k, v in os.environ.items() if k not in OPERATOR_LANGUAGE}      # messages in English
    environ.update(PYTHONPATH=str(ROOT), **(env or {}))
    environ.pop("DISCORD_TOKEN", None)
    if "DATABASE_URL" not in (env or {}):
        environ.pop("DATABASE_URL", None)
    mode = [] if args and args[0].startswith("migrate") else ["console"]
    return subprocess.run([sys.executable, "-m", "bot", *mode, "--config", str(path), *args], cwd=ROOT, env=environ,
                          input=stdin, capture_output=True, text=True, timeout=120)


def assert_sentence(done: subprocess.CompletedProcess, code: int, *needles: str, secrets: tuple[str, ...] = ()) -> str:
    """Stopped with ``code``, a short message containing every needle, no traceback and no secret."""
    out = done.stdout + done.stderr
    assert done.returncode == code, out
    assert "Traceback" not in out and 'File "' not in out, out
    for secret in secrets:
        assert secret not in out, f"{secret!r} printed: {out}"
    assert len(done.stderr.strip().splitlines()) <= 2 and len(done.stderr) < 700, done.stderr
    for needle in needles:
        assert needle in out, out
    return out


def test_a_file_that_is_not_a_database(tmp_path):
    database = tmp_path / "tables.sqlite3"
    database.write_bytes(random.Random(1).randbytes(20_000))
    done = run_bot(tmp_path, f"database:\n  path: {database}\n" + GAMES)
    assert_sentence(done, 3, "Database error", str(database), "not an SQLite database", "database.path")


def test_a_damaged_database(tmp_path):
    database = tmp_path / "tables.sqlite3"
    config = f"database:\n  path: {database}\n" + GAMES
    made = run_bot(tmp_path, config, stdin="alice> /join countdown\nbob> /join\nalice> /start\nquit\n")
    assert made.returncode == 0 and "begins" in made.stdout, made.stdout + made.stderr
    data = bytearray(database.read_bytes())
    page = 4096
    data[page:] = random.Random(2).randbytes(len(data) - page)     # the schema page stays; every table is garbage
    database.write_bytes(bytes(data))
    for suffix in ("-wal", "-shm"):
        Path(f"{database}{suffix}").unlink(missing_ok=True)
    done = run_bot(tmp_path, config)
    assert_sentence(done, 3, "Database error", str(database), "malformed", "restore the file from a backup")


def test_a_database_path_that_names_a_folder(tmp_path):
    folder = tmp_path / "tables.sqlite3"
    folder.mkdir()
    done = run_bot(tmp_path, f"database:\n  path: {folder}\n" + GAMES)
    assert_sentence(done, 3, "Database error", str(folder), "database.path")


def test_a_database_folder_that_cannot_exist(tmp_path):
    blocker = tmp_path / "data"
    blocker.write_text("a file where the folder should be")
    done = run_bot(tmp_path, f"database:\n  path: {blocker / 'tables.sqlite3'}\n" + GAMES)
    assert_sentence(done, 4, str(blocker), "folder must be writable")


@pytest.mark.parametrize("where, char", [("DATABASE_URL", c) for c in "/#@?"] + [("database.dsn", "/")])
def test_a_raw_special_character_in_the_password_is_refused(tmp_path, where, char):
    password = f"Kq7v{char}Wz3"
    url = f"postgresql://bot:{password}@127.0.0.1:{free_port()}/boardtable"
    if where == "DATABASE_URL":
        done = run_bot(tmp_path, "database:\n  backend: postgres\n" + GAMES, env={"DATABASE_URL": url})
    else:
        done = run_bot(tmp_path, f"database:\n  backend: postgres\n  dsn: '{url}'\n" + GAMES)
    assert_sentence(done, 2, "Configuration error", where, "URL-encoded", quote(char, safe=""),
                    secrets=("Kq7v", "Wz3"))


def test_the_whole_password_raw_is_refused_and_never_printed(tmp_path):
    url = f"postgresql://bot:{PASSWORD}@127.0.0.1:{free_port()}/boardtable"
    done = run_bot(tmp_path, "database:\n  backend: postgres\n" + GAMES, env={"DATABASE_URL": url})
    assert_sentence(done, 2, "URL-encoded", secrets=tuple(PIECES))


def test_an_unreachable_server(tmp_path):
    port = free_port()                                  # nothing listens there
    url = f"postgresql://bot:{quote(PASSWORD, safe='')}@127.0.0.1:{port}/boardtable"
    done = run_bot(tmp_path, "database:\n  backend: postgres\n" + GAMES, env={"DATABASE_URL": url})
    assert_sentence(done, 3, "Database error", f"127.0.0.1:{port}/boardtable", "PostgreSQL is running",
                    secrets=(*PIECES, quote(PASSWORD, safe="")))


def test_a_port_that_is_not_a_number(tmp_path):
    url = "postgresql://bot:Kq7vWz3@db.example:Rt9Pm2/boardtable"
    done = run_bot(tmp_path, "database:\n  backend: postgres\n" + GAMES, env={"DATABASE_URL": url})
    assert_sentence(done, 2, "port is not a number", secrets=("Kq7vWz3", "Rt9Pm2"))


def test_a_config_file_that_does_not_parse_is_not_quoted(tmp_path):
    config = f"database:\n  backend: postgres\n  dsn: \"postgresql://bot:{quote(PASSWORD, safe='')}@h/db\n" + GAMES
    done = run_bot(tmp_path, config)
    assert_sentence(done, 2, "not valid YAML", "line", secrets=(*PIECES, quote(PASSWORD, safe="")))


@pytest.mark.parametrize("named_by", ["--config", "BOARDTABLE_CONFIG"])
def test_a_config_path_that_does_not_exist(tmp_path, named_by):
    """A mistyped --config stops the bot naming the path, before anything is written (no
    database in the current folder, no images)."""
    missing = tmp_path / "no" / "such" / "file.yaml"
    environ = dict(os.environ, PYTHONPATH=str(ROOT))
    for name in ("DISCORD_TOKEN", "DATABASE_URL", "BOARDTABLE_CONFIG"):
        environ.pop(name, None)
    args = ["--config", str(missing)] if named_by == "--config" else []
    if named_by == "BOARDTABLE_CONFIG":
        environ["BOARDTABLE_CONFIG"] = str(missing)
    done = subprocess.run([sys.executable, "-m", "bot", "console", *args], cwd=tmp_path, env=environ, input="quit\n",
                          capture_output=True, text=True, timeout=120)
    assert_sentence(done, 2, "Configuration error", str(missing), "does not exist")
    assert "Console table" not in done.stdout
    assert list(tmp_path.iterdir()) == []


BAD_CONFIG = "rendering:\n  scale: 100\ndatabase:\n  pth: x\ncolour: {}\nlogging:\n  level: loud\n"


@pytest.mark.parametrize("lang, words", [
    ("C.UTF-8", ("'rendering.scale' is 100, but it must be a number from 0.5 to 3.0.",
                 "There is no key 'database.pth' in the database section;", "There is no section 'colour';",
                 "'logging.level' is 'LOUD', but it must be DEBUG, INFO, WARNING or ERROR.")),
    ("ja_JP.UTF-8", ("「rendering.scale」が100になっていますが、0.5から3.0までの数でなければなりません。",
                     "databaseセクションに「database.pth」というキーはありません。", "「colour」というセクションはありません。",
                     "「logging.level」が'LOUD'になっていますが、")),
])
def test_every_config_error_at_once_with_the_files_path(tmp_path, lang, words):
    """A config file with four mistakes: the bot stops (exit code 2, no traceback) with the four
    of them, each on its own line naming the file as it was given, in the operator's language."""
    path = tmp_path / "settings" / "bot.yaml"
    path.parent.mkdir()
    path.write_text(BAD_CONFIG)
    environ = {k: v for k, v in os.environ.items() if k not in OPERATOR_LANGUAGE}
    environ.update(PYTHONPATH=str(ROOT), LANG=lang)
    for name in ("DISCORD_TOKEN", "DATABASE_URL", "BOARDTABLE_CONFIG"):
        environ.pop(name, None)
    done = subprocess.run([sys.executable, "-m", "bot", "console", "--config", str(path)], cwd=tmp_path, env=environ,
                          input="quit\n", capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    heading = f"設定エラー：{path}：" if lang.startswith("ja") else f"Configuration error: {path}: "
    assert len(lines) == 4 and all(line.startswith(heading) for line in lines), done.stderr
    for line, expected in zip(lines, [words[1], words[2], words[0], words[3]]):
        assert expected in line, done.stderr
    assert "config.yaml" not in done.stderr and "allowed:" not in done.stderr
    assert list(tmp_path.iterdir()) == [path.parent]                  # nothing written


def test_bad_games_settings_are_reported_together(tmp_path):
    config = "games:\n  extra: ['no_such_package.games:GAME']\n  default_options:\n    chess: [fast]\n"
    done = run_bot(tmp_path, config)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 2 and all(line.startswith(f"Configuration error: {tmp_path / 'config.yaml'}: ") for line in lines)
    assert "The entry 'no_such_package.games:GAME' of 'games.extra' cannot be loaded" in lines[0]
    assert "'games.default_options' names the game 'chess', which is not installed" in lines[1]


def test_migrating_to_a_malformed_url(tmp_path):
    source = tmp_path / "tables.sqlite3"
    made = run_bot(tmp_path, f"database:\n  path: {source}\n" + GAMES, stdin="quit\n")
    assert made.returncode == 0, made.stderr
    done = run_bot(tmp_path, f"database:\n  path: {source}\n" + GAMES, "migrate-sqlite-to-postgres", "--to",
                   f"postgresql://bot:{PASSWORD}@127.0.0.1:1/db")
    assert_sentence(done, 3, "Nothing was copied", "URL-encoded", secrets=tuple(PIECES))


async def test_an_encoded_password_works_and_a_wrong_one_is_explained(tmp_path, pg_server):
    database = await pg_server.password_role("pw_user", PASSWORD)
    try:
        config = "database:\n  backend: postgres\n" + GAMES
        good = f"postgresql://pw_user:{quote(PASSWORD, safe='')}@127.0.0.1:{pg_server.port}/{database}"
        done = run_bot(tmp_path, config, env={"DATABASE_URL": good},
                       stdin="alice> /join countdown\nbob> /join\nalice> /start\nquit\n")
        out = done.stdout + done.stderr
        assert done.returncode == 0 and "begins" in done.stdout, out
        assert not any(piece in out for piece in PIECES), out

        wrong = f"postgresql://pw_user:{quote('Zz9/' + PASSWORD[:-1], safe='')}@127.0.0.1:{pg_server.port}/{database}"
        done = run_bot(tmp_path, config, env={"DATABASE_URL": wrong})
        assert_sentence(done, 3, "Database error", "password authentication failed", "check the user name and password",
                        secrets=(*PIECES, "Zz9"))
    finally:
        await pg_server.drop_database(database)


@pytest.mark.parametrize(("lang", "database_error", "not_a_database", "nowhere"), [
    ("en_US.UTF-8", "Database error: ", "not an SQLite database", "Nowhere to copy to: set DATABASE_URL"),
    ("ja_JP.UTF-8", "データベースエラー：", "SQLiteデータベースではありません", "コピー先がありません。「DATABASE_URL」（"),
])
def test_start_up_and_database_messages_speak_the_operators_language(tmp_path, lang, database_error, not_a_database,
                                                                     nowhere):
    """Not only configuration errors: a database that cannot be opened, and a copy with nowhere to
    go, are said in the operator's language too (the store's details included; only SQLite's own
    message stays as SQLite wrote it)."""
    database = tmp_path / "tables.sqlite3"
    database.write_bytes(random.Random(1).randbytes(20_000))
    env = {"LANG": lang}
    done = run_bot(tmp_path, f"database:\n  path: {database}\n" + GAMES, env=env)
    out = assert_sentence(done, 3, str(database), not_a_database)
    assert done.stderr.startswith(database_error), out
    done = run_bot(tmp_path, f"database:\n  path: {database}\n" + GAMES, "migrate", "sqlite-to-postgres", env=env)
    out = assert_sentence(done, 2)
    assert done.stderr.startswith(nowhere), out


@pytest.mark.parametrize(("lang", "expected", "english"), [
    ("en_US.UTF-8", r"^Database error: cannot open the database \(SQLite {database}\): .+ — the file is not an SQLite"
                    r" database: check database\.path in config\.yaml$", None),
    ("ja_JP.UTF-8", r"^データベースエラー：データベース（SQLite {database}）を開けません：.+。このファイルはSQLiteデータベースでは"
                    r"ありません。「config\.yaml」の「database\.path」を確かめてください$", "cannot open"),
])
def test_a_bad_database_is_explained_in_the_operators_language(tmp_path, lang, expected, english):
    """The store's own words (what failed, and what to do) come from the catalogues as well: only
    SQLite's message itself stays as SQLite wrote it."""
    database = tmp_path / "tables.sqlite3"
    database.write_bytes(random.Random(1).randbytes(20_000))
    done = run_bot(tmp_path, f"database:\n  path: {database}\n" + GAMES, env={"LANG": lang})
    out = assert_sentence(done, 3, str(database))
    assert re.match(expected.format(database=re.escape(str(database))), done.stderr.strip()), out
    assert english is None or english not in out, out


def hold_shards(database: Path, count: int, ids: tuple[int, ...]) -> None:
    """Claim shards of ``database`` for a process of another host (live for ten minutes), as a
    shard process running elsewhere would."""
    import asyncio

    from bot.ownership.claims import ShardClaims
    from bot.store import SqliteStore
    from bot.store.shards import Shards

    async def claim() -> None:
        store = await SqliteStore(str(database)).open()
        try:
            await ShardClaims(store, Shards(count, ids), "far-host:1:4242:abcdef", 600).claim()
        finally:
            await store.close()
    asyncio.run(claim())


@pytest.mark.parametrize(("lang", "expected"), [
    ("en_US.UTF-8", r"^Not started: this process would serve shards 1, 2 of 3 of SQLite {database}, but process 4242 on"
                    r" far-host serves shard 1 of 3 \(if it has stopped, its claim lapses in \d+ s\)\. Give each process"
                    r" shard ids of its own \(--shard-ids\)\.$"),
    ("ja_JP.UTF-8", r"^起動しませんでした：このプロセスはSQLite {database}の3個中のシャード1, 2を受け持つはずでしたが、far-hostの"
                    r"プロセス4242が3個中のシャード1を受け持っています（停止していれば、その受け持ちは\d+秒後に切れます）。"
                    r"プロセスごとに別のシャードIDを指定してください（「--shard-ids」）。$"),
])
def test_an_ownership_conflict_is_explained_in_the_operators_language(tmp_path, lang, expected):
    """Another live process serves shards this one was started for: the refusal names who holds
    which shards (one shard, several shards: their plural forms) and what to do, in the
    operator's language; no traceback."""
    database = tmp_path / "tables.sqlite3"
    hold_shards(database, 3, (0, 1))
    done = run_bot(tmp_path, f"database:\n  path: {database}\n" + GAMES, "--shard-count", "3", "--shard-ids", "1,2",
                   env={"LANG": lang})
    out = assert_sentence(done, 4, str(database))
    assert re.match(expected.format(database=re.escape(str(database))), done.stderr.strip()), out


@pytest.mark.parametrize(("lang", "expected"), [
    ("en_US.UTF-8", r"^Nothing was copied: the database {database} is in use by another bot \(process \d+ on \S+,"
                    r" running since \S+\) \(lock file {database}\.lock\)\. Stop the bot first, then copy: what it"
                    r" writes while the rows are copied would be lost\.$"),
    ("ja_JP.UTF-8", r"^何もコピーしませんでした：データベース{database}は別のボット（\S+のプロセス\d+、\S+から稼働中）が使用中です"
                    r"（ロックファイル{database}\.lock）。先にボットを止めてからコピーしてください。コピー中にボットが"
                    r"書き込んだ内容は失われます。$"),
])
def test_a_copy_from_a_database_in_use_is_refused_in_the_operators_language(tmp_path, lang, expected):
    """The lock file of a running bot refuses a copy of its database, in the operator's language."""
    from bot.ownership.filelock import FileLock
    from bot.ownership.identity import process_identity

    database = tmp_path / "tables.sqlite3"
    made = run_bot(tmp_path, f"database:\n  path: {database}\n" + GAMES, stdin="quit\n")
    assert made.returncode == 0, made.stderr
    lock = FileLock(database, process_identity(), shared=False)
    lock.acquire()
    try:
        done = run_bot(tmp_path, f"database:\n  path: {database}\n" + GAMES, "migrate", "sqlite-to-postgres", "--to",
                       "postgresql://bot@127.0.0.1:1/db", env={"LANG": lang})
    finally:
        lock.release()
    out = assert_sentence(done, 4, str(database))
    assert re.match(expected.format(database=re.escape(str(database))), done.stderr.strip()), out
