"""PostgreSQL URLs are checked before use and described without secrets (bot/store/dsn.py)."""
import pytest

from bot.store.dsn import DsnError, check_dsn, describe_dsn, scrub


@pytest.mark.parametrize("url", [
    "postgresql://bot:secret@db.example:5432/boardtable",
    "postgres://bot@localhost/boardtable",
    "postgresql://bot:S3cret%2FPW%23x%40y%3Fz@127.0.0.1:5432/db",
    "postgresql://bot:pa:ss@[::1]:5432/db?sslmode=require",
    "postgresql://bot:pw@h1:5432,h2:5433/db",
    "postgresql:///db?host=/run/postgresql",
])
def test_good_urls_pass(url):
    check_dsn(url)


@pytest.mark.parametrize("url, says", [
    ("mysql://bot:Kq7vWz3@h/db", "is not a PostgreSQL URL"),
    ("postgresql://bot:Kq7v/Wz3@h/db", "URL-encoded"),
    ("postgresql://bot:Kq7v#Wz3@h/db", "URL-encoded"),
    ("postgresql://bot:Kq7v?Wz3@h/db", "URL-encoded"),
    ("postgresql://bot:Kq7v@Wz3@h/db", "URL-encoded"),
    ("postgresql://bot:Kq7vWz3@h:Rt9/db", "port is not a number"),
])
def test_bad_urls_are_refused_without_quoting_them(url, says):
    with pytest.raises(DsnError) as error:
        check_dsn(url, "DATABASE_URL")
    text = str(error.value)
    assert says in text and "DATABASE_URL" in text
    assert not any(piece in text for piece in ("Kq7v", "Wz3", "Rt9"))


def test_descriptions_and_scrubbing_keep_the_password_out():
    assert describe_dsn("postgresql://bot:secret@db.example:5432/boardtable?sslmode=require") == \
        "PostgreSQL db.example:5432/boardtable"
    assert describe_dsn("postgresql://bot:S3cret/PW@127.0.0.1:1/db") == "PostgreSQL (a malformed URL)"
    url = "postgresql://bot:S3cret%2FPW@h/db"
    assert scrub("failed: S3cret/PW and S3cret%2FPW", url) == "failed: [password] and [password]"
