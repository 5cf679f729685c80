"""What people type at a table, read the same way everywhere: cleaned text and the game verbs."""
from __future__ import annotations

#: the game verbs that exist as slash commands; other verbs of a game go through /play.
SLASH_VERBS = ("play", "place", "bid", "use", "pass")
#: the longest action text the core even tries to parse
MAX_TEXT = 200


def clean_text(text: str | None) -> str:
    """Control characters turned into spaces and white space collapsed; nothing is refused here."""
    if not text:
        return ""
    cleaned = "".join(ch if ch.isprintable() else " " for ch in str(text))
    return " ".join(cleaned.split())
