"""PostgreSQL URLs (``DATABASE_URL``, ``database.dsn``, ``--to``): checked before any use, and
described without user name or password.

A URL holds a password, so nothing here ever puts any part of the URL's user information into a
message. A password with ``/``, ``#``, ``?`` or ``@`` written raw breaks the URL apart (the
authority ends at the first ``/``, so ``bot:S3cret/PW@host`` would make ``S3cret`` the "port"
and the client library's error would print it): such URLs are refused with advice to write those
characters URL-encoded (``%2F``, ``%23``, ``%3F``, ``%40``), which works.
"""
from __future__ import annotations

import re
from urllib.parse import unquote

from games.core.messages import Msg

SCHEME = re.compile(r"^postgres(ql)?://", re.I)
EXAMPLE = "postgresql://USER:PASSWORD@HOST:5432/DATABASE"
#: a command that prints a password URL-encoded
ENCODE_COMMAND = "python3 -c \"import getpass, urllib.parse; print(urllib.parse.quote(getpass.getpass(), safe=''))\""


def encode_hint() -> Msg:
    """How to write a password's '/', '#', '?' and '@' in a URL."""
    return Msg("write those characters URL-encoded (/ as %2F, # as %23, ? as %3F, @ as %40); to print a password"
               " encoded: {command}", {"command": ENCODE_COMMAND})


class DsnError(ValueError):
    """The URL cannot be used; the message (``msg``, for the operator's language; ``str``, the
    English) says why and never contains the URL. ``kind`` says what is wrong (``scheme``,
    ``raw`` characters in the user information, a ``port``), for messages that word it in
    another language."""

    def __init__(self, msg: Msg, kind: str = "scheme") -> None:
        super().__init__(msg.english())
        self.msg = msg
        self.kind = kind


def _split(dsn: str) -> tuple[str, str]:
    """(authority, everything after it) of a URL whose scheme was checked."""
    rest = SCHEME.sub("", dsn, count=1)
    end = min((i for i in (rest.find(c) for c in "/?#") if i >= 0), default=len(rest))
    return rest[:end], rest[end:]


def check_dsn(dsn: str, source: str | Msg = "DATABASE_URL") -> None:
    """Raise DsnError unless ``dsn`` is a well-formed PostgreSQL URL. ``source`` names where it
    came from (DATABASE_URL, database.dsn, --to) in the message."""
    if not isinstance(dsn, str) or not SCHEME.match(dsn.strip()):
        raise DsnError(Msg("{source} is not a PostgreSQL URL; expected {example}", {"source": source, "example": EXAMPLE}))
    authority, after = _split(dsn.strip())
    if authority.count("@") > 1 or ("@" not in authority and "@" in after):
        raise DsnError(Msg("{source}: the user name or password contains '/', '#', '?' or '@' written as is, which"
                           " breaks the URL apart; {hint}", {"source": source, "hint": encode_hint()}), "raw")
    hosts = authority.rpartition("@")[2]
    for host in hosts.split(","):
        port = host.rpartition("]")[2].rpartition(":")[2] if ":" in host.rpartition("]")[2] else ""
        if port and not port.isdigit():
            raise DsnError(Msg("{source}: a port is not a number; expected {example} (if the password contains '/',"
                               " '#', '?' or '@': {hint})", {"source": source, "example": EXAMPLE, "hint": encode_hint()}),
                           "port")


def describe_dsn(dsn: str) -> str:
    """``PostgreSQL host:port/database`` without user name or password (also for a URL that
    failed the check: then without the host either)."""
    try:
        check_dsn(dsn)
    except DsnError:
        return "PostgreSQL (a malformed URL)"
    authority, after = _split(dsn.strip())
    path = after.partition("?")[0].partition("#")[0]
    return f"PostgreSQL {authority.rpartition('@')[2] or 'localhost'}{path or '/'}"


def scrub(text: str, dsn: str) -> str:
    """``text`` with the URL's password (raw and decoded) replaced: a backstop for messages built
    from a client library's errors."""
    authority, _ = _split(dsn) if SCHEME.match(dsn or "") else ("", "")
    raw = authority.rpartition("@")[0].partition(":")[2] if "@" in authority else ""
    for secret in sorted({raw, unquote(raw)}, key=len, reverse=True):
        if len(secret) >= 4:
            text = text.replace(secret, "[password]")
    return text
