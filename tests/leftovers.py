"""Finding English left inside Japanese text: what a Japanese reader would see as an untranslated
fragment, told apart from what is meant to be ASCII there (the notation players type, names,
commands, mentions, numbers, and a short allow-list)."""
from __future__ import annotations

import re
from typing import Iterable

#: words that stay as they are in Japanese text: units and marks players use as they are
ALLOWED = frozenset({
    "ok", "id", "png", "csv", "gif", "bsw", "bga", "discord", "elo",
})
#: a run of ASCII text inside a line (letters, digits, spaces, and the punctuation notation uses)
RUN = re.compile(r"[A-Za-z0-9][A-Za-z0-9 .,:;!?'\"`~*+=#&_/@<>\[\]()|%^$-]*")
WORD = re.compile(r"[A-Za-z]{2,}")
#: ASCII that is meant to be there, removed before looking for words
MENTION = re.compile(r"<[@#][!&]?\d+>")
COMMAND = re.compile(r"/[a-z]+(?:[ ]+[A-Za-z0-9_=,.:~*|+-]+)*")
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|`[^`]*`|「[^」]*」|『[^』]*』|“[^”]*”")
#: an id beside a name (the notation players type), in ASCII or full-width parentheses
BESIDE = re.compile(r"[（(][^（）()]*[）)]")


class Notation:
    """The texts players type in a game (every legal action seen, and each of its word prefixes),
    and the words of notation ids, options and names that may stand on their own."""

    def __init__(self) -> None:
        self.phrases: set[str] = set()
        self.words: set[str] = set()

    def add_action(self, text: str) -> None:
        parts = text.lower().split()
        for n in range(1, len(parts) + 1):
            self.phrases.add(" ".join(parts[:n]))

    def add_words(self, words: Iterable[str]) -> None:
        self.words.update(w.lower() for w in words)

    def covers(self, run: str) -> bool:
        text = run.strip(" .,:;!?").lower()
        return text in self.phrases or " ".join(text.split()) in self.phrases


def english_fragments(text: str, notation: Notation | None = None, names: Iterable[str] = ()) -> list[str]:
    """The ASCII runs of ``text`` that read as untranslated English: words of two letters or
    more that are not notation, a name, a command, a mention, quoted, an id in parentheses
    beside a name, or allowed."""
    for name in sorted(names, key=len, reverse=True):
        if name:
            text = text.replace(name, " ")
    text = MENTION.sub(" ", text)
    text = QUOTED.sub(" ", text)
    text = BESIDE.sub(" ", text)
    text = COMMAND.sub(" ", text)
    found = []
    for line in text.splitlines():
        for match in RUN.finditer(line):
            run = match.group(0).strip()
            words = [w.lower() for w in WORD.findall(run)]
            if not words:
                continue
            if notation is not None and notation.covers(run):
                continue
            known = ALLOWED | (notation.words if notation is not None else set())
            if all(w in known for w in words):
                continue
            found.append(run)
    return found
