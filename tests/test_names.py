"""Names are cleaned once where they enter the bot (bot.table.typed.clean_name), and shown as
written in Discord messages: escaped for Markdown, while mentions keep working."""
from __future__ import annotations

import re

import pytest

from bot.discord.send import content_of
from bot.i18n import I18n, UserRef, t
from bot.presenters.replies import Reply
from bot.table.typed import MAX_NAME, clean_name
from games.core import SeatRef
from tests.renderers.hardnames import HARD_NAMES as HARD_NAME_CASES, NAMES as HARD_NAMES

FAMILY = "\U0001F468\u200d\U0001F469\u200d\U0001F467"
SCOTLAND = "\U0001F3F4\U000E0067\U000E0062\U000E0073\U000E0063\U000E0074\U000E007F"


@pytest.mark.parametrize("raw, kept", [
    ("abc\u202eEVIL\u202c def", "abcEVIL def"),                 # a right-to-left override
    ("\u2067\u0645\u062d\u0645\u062f\u2069", "\u0645\u062d\u0645\u062f"),  # an isolate around Arabic
    ("\u202a\u202b\u202d x \u2066\u2068", "x"),                 # embeddings, isolates
    ("\u200bBob\u2060\ufeff", "Bob"),                           # zero-width spaces, word joiner, BOM
    ("\u200eAnn\u200f", "Ann"),                                 # bidi marks
    ("a\nb\tc\u2028d", "a b c d"),                              # line breaks and controls: spaces
    ("  many   spaces  ", "many spaces"),
    (FAMILY + " fam", FAMILY + " fam"),                         # ZWJ inside an emoji stays
    ("\u200dx\u200d", "x"),                                     # a stray ZWJ goes
    ("\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"),  # ZWNJ (Persian)
    (SCOTLAND, SCOTLAND),                                       # a flag of tags
    ("Zoe\u0308 \U0001F44D\U0001F3FD 1\ufe0f\u20e3", "Zoe\u0308 \U0001F44D\U0001F3FD 1\ufe0f\u20e3"),
    ("**x** _y_", "**x** _y_"),                                 # Markdown is escaped where it is shown, not here
    ("\u202e", ""),
    (None, ""),
])
def test_a_name_is_cleaned_once_where_it_enters(raw, kept):
    assert clean_name(raw) == kept
    assert clean_name(clean_name(raw)) == clean_name(raw)


def test_a_long_name_is_cut_between_clusters():
    assert clean_name("a" * 100) == "a" * MAX_NAME
    cut = clean_name(FAMILY * 20)                    # 5 code points each: 12 whole families
    assert cut == FAMILY * 12
    combining = clean_name("e\u0301" * 40)           # never a letter without its accent
    assert combining == "e\u0301" * 32 and len(combining) == MAX_NAME


def test_names_are_escaped_for_markdown_and_mentions_still_ping():
    i18n = I18n()
    reply = Reply([t("{player} joins the table.", player="**x**"),
                   t("Your turn, {player}.", player=UserRef(42, "_bob_")),
                   t("Still deciding: {players}", players=(SeatRef(0), SeatRef(1)))],
                  names=["**x**", "a_b"])
    text = content_of(i18n, reply, "en")
    lines = text.split("\n")
    assert lines[0] == "\\*\\*x\\*\\* joins the table."
    assert "<@42>" in lines[1]                       # a mention is not escaped: it still pings
    assert lines[2] == "Still deciding: \\*\\*x\\*\\*, a\\_b"


def test_only_what_people_wrote_is_escaped():
    i18n = I18n()
    msg = t("{player} sets {option} to {value}.", player="a*b", option="first_player", value="x_y")
    assert i18n.render(msg, "en") == "a*b sets first_player to x_y."            # the console: as written
    escaped = i18n.render(msg, "en", escape=lambda text: text.replace("*", "\\*"))
    assert escaped == "a\\*b sets first_player to x_y."


@pytest.mark.parametrize("name", HARD_NAMES, ids=[what for what, _ in HARD_NAME_CASES])
def test_every_hard_name_is_shown_as_written_in_a_message(name):
    """A name with Markdown, emoji, any script or bidi controls: in a Discord message each
    Markdown character it has is escaped (none left to format), and taking the escapes away
    gives the name as the bot keeps it."""
    kept = clean_name(name)
    text = content_of(I18n(), Reply([t("{player} joins the table.", player=kept)], names=[kept]), "en")
    shown = text[:-len(" joins the table.")]
    assert text.endswith(" joins the table.")
    assert re.sub(r"\\(.)", r"\1", shown) == kept
    assert not re.search(r"(?<!\\)[*_~`|]", shown), shown
