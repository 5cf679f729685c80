"""Every SQL statement of the bot lives in bot/store: no module outside it writes SQL text or
builds statements with SQLAlchemy (they call the repositories of bot/store instead). SQL is
written in capitals here, which words for players never are."""
import re
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot"
SQL = re.compile(r"""["'](\s*(SELECT|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+(TABLE|INDEX))\b)""")
SQLALCHEMY = re.compile(r"^\s*(from|import)\s+(sqlalchemy|alembic)\b", re.M)


def test_no_sql_outside_the_store():
    found = []
    for path in sorted(BOT.rglob("*.py")):
        if path.is_relative_to(BOT / "store"):
            continue
        text = path.read_text()
        found += [f"{path.relative_to(BOT.parent)}: {m.group(1).strip()[:40]}" for m in SQL.finditer(text)]
        found += [f"{path.relative_to(BOT.parent)}: imports {m.group(2)}" for m in SQLALCHEMY.finditer(text)]
    assert found == [], "\n".join(found)


def test_the_check_sees_sql_where_there_is_some():
    assert SQL.search('x = "SELECT id FROM game_tables"') and SQL.search("('UPDATE jobs SET due_at = ?')")
    assert SQLALCHEMY.search("from sqlalchemy import select\n") and not SQL.search('"Select a game"')
