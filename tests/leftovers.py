"""Finding English left inside Japanese text: what a Japanese reader would see as an untranslated
fragment, told apart from what is meant to be ASCII there.

Meant to be there: the notation players type (a legal action, or its start, written out; the
verbs and codes of legal actions; option names and values), player names, commands (``/option
lang ja``), mentions, numbers, anything quoted, an id in parentheses beside its name
(``キーウッド（keywood）``), and the short list ``ALLOWED``. A component id that has a Japanese
name (a Keyflower tile, a Florenza card, a Stone Age place) is notation only inside a whole
action or beside its name: standing alone in a sentence it is a leftover."""
from __future__ import annotations

import re
from typing import Iterable

#: words that stay as they are in Japanese text
ALLOWED = frozenset({"id", "dm", "bga", "bsw", "yucata", "png", "gif", "csv", "txt", "ok", "url",
                     "cpu"})   # a computer seat, as Japanese games write it ("CPU 1（つよい）")
#: a run of ASCII text inside a segment of a line
RUN = re.compile(r"[A-Za-z0-9][A-Za-z0-9 .,'`~*+=#&_@<>\[\]|%^$!?-]*")
TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9_'-]*")
MENTION = re.compile(r"<[@#][!&]?\d+>")
COMMAND = re.compile(r"/[a-z]+(?:[ ]+[A-Za-z0-9_=,.:~*|+-]+)*")
QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"|`[^`]*`|「[^」]*」|『[^』]*』|“[^”]*”")
#: an id beside a (Japanese) name, in ASCII or full-width parentheses
BESIDE = re.compile(r"(?<=[^\x00-\x7f])\s?[（(][\x21-\x27\x2a-\x7e]+(?: \d+)?[）)]")
#: an id right before its name (``casa — 邸宅：カーザ``, ``cava（工房：カーヴァ）``, ``camp キャンプ``)
BEFORE_NAME = re.compile(r"[A-Za-z][\w-]*(?=\s*(?:—\s*)?[（(\u30a0-\u30ff\u4e00-\u9fff])")
#: examples of what to type ("例：forest, hut, building 2")
EXAMPLE = re.compile(r"例[：:]?[^。）)]*")
#: where a line splits into parts that are read on their own (a log line's "who: what")
SEPARATORS = re.compile(r"[:：、。;；·—–|/]+|, ")


class Notation:
    """What players type in one game: the legal actions seen (each with every start of it), the
    words they are made of, and the ids of named components (allowed only inside an action)."""

    def __init__(self, named: Iterable[str] = (), marks: Iterable[str] = ()) -> None:
        self.phrases: set[str] = set()
        self.words: set[str] = set()
        self.named = frozenset(n.lower() for n in named)
        #: patterns of the game's own codes (Keyflower's log codes ``Sp-03``, Florenza's ``R1.T3``)
        self.marks = [re.compile(m) for m in marks]

    def add_action(self, text: str) -> None:
        parts = text.lower().split()
        for n in range(1, len(parts) + 1):
            self.phrases.add(" ".join(parts[:n]))
        self.add_words(TOKEN.findall(text))

    def add_words(self, words: Iterable[str]) -> None:
        self.words.update(w.lower() for w in words if w.lower() not in self.named)

    def covers(self, run: str) -> bool:
        text = " ".join(run.strip(" .,!?").lower().split())
        return len(text.split()) > 1 and text in self.phrases

    def ok(self, token: str) -> bool:
        """A code with a digit (``H1``, ``r0``, ``to2``), a word of the notation, or allowed."""
        return any(c.isdigit() for c in token) or token.lower() in self.words or token.lower() in ALLOWED


def english_fragments(text: str, notation: Notation | None = None, names: Iterable[str] = ()) -> list[str]:
    """The ASCII runs of ``text`` that read as untranslated English."""
    notation = notation or Notation()
    for name in sorted(names, key=len, reverse=True):
        if name:
            text = text.replace(name, " ")
    for pattern in [MENTION, QUOTED, EXAMPLE, BESIDE, BEFORE_NAME, COMMAND, *notation.marks]:
        text = pattern.sub(" ", text)
    found = []
    for line in text.splitlines():
        for segment in SEPARATORS.split(line):
            for match in RUN.finditer(segment):
                run = match.group(0).strip()
                tokens = TOKEN.findall(run)
                if not any(len(t) > 1 for t in tokens) or notation.covers(run):
                    continue
                if all(len(t) == 1 or notation.ok(t) for t in tokens):
                    continue
                found.append(run)
    return found
