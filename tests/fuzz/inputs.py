"""Bad input, generated: command text, option names and button custom_ids a careless, confused
or hostile user could send, plus near misses built from the legal actions of the moment."""
from __future__ import annotations

from typing import Sequence

from hypothesis import strategies as st

from bot.table.typed import SLASH_VERBS

#: characters and snippets that have broken parsers, formatters and databases elsewhere
ODD = (
    "\x00", "\x07", "\x1b[31m", "\x7f", "\u0085", "\u2028", "\r\n", "\t", "\u200b", "\u200e", "\u202e", "\ufeff",
    "\ud800", "\udfff", "\u0301", "🎲", "👨‍👩‍👧", "Ⅻ", "²", "³", "١٢", "１２", "٣", "\uff0c", "−", "–", "İ", "ß", "ǅ",
    "{", "}", "{0}", "{player}", "{0.__class__}", "{x:>99999}", "%s", "%(x)s", "<@123>", "<@!124>", "<@&1>", "@everyone", "@here",
    "```", "||", "**", "\\", "'", '"', ";", "--", "/*", "' OR 1=1 --", "NaN", "inf", "-0", "1e309", "0x10",
    "9" * 30, "-" + "9" * 30, "  ", ",", ":", "bt:", "Traceback",
)

#: words of every game's notation and the bot's commands: good material for near misses
WORDS = (
    "play", "place", "bid", "use", "pass", "build", "reserve", "workers", "market", "inspire", "keep", "captain",
    "merchant", "boat", "winter", "flip", "resolve", "tools", "buy", "skip", "pick", "claim", "feed", "team",
    "deliver", "done", "add", "bet", "odd", "even", "r0", "r1", "r2", "r3", "cn", "-", "yes", "no", "all", "none",
    "timer", "timeout", "off", "on", "24h", "0", "1", "-1", "2,-1", "0,0", "x", "join", "leave", "start",
)

SEPARATORS = (" ", "  ", ",", ", ", ";", ":", "\t", "\n", "_", "-", "/", "")


def _numbers() -> st.SearchStrategy[str]:
    return st.one_of(st.integers(-10**6, 10**6).map(str), st.sampled_from(["0", "-0", "00", "+1", "1.5", "9" * 25, "²",
                                                                         "١", "１", "Ⅳ", "NaN"]))


def _replace_number(text: str, draw) -> str:
    digits = [i for i, ch in enumerate(text) if ch.isdigit()]
    if not digits:
        return text + draw(_numbers())
    at = draw(st.sampled_from(digits))
    end = at
    while end < len(text) and text[end].isdigit():
        end += 1
    return text[:at] + draw(_numbers()) + text[end:]


@st.composite
def near_miss(draw, legal: Sequence[str]) -> str:
    """A legal action, bent: a token dropped, swapped, doubled or replaced, a wrong number, the
    wrong case, a separator changed, cut short, or with junk inside."""
    text = draw(st.sampled_from(list(legal)))
    for _ in range(draw(st.integers(1, 3))):
        tokens = text.split(" ") or [""]
        how = draw(st.sampled_from(("drop", "swap", "dup", "number", "case", "sep", "cut", "junk", "word", "join")))
        if how == "drop" and len(tokens) > 1:
            del tokens[draw(st.integers(0, len(tokens) - 1))]
            text = " ".join(tokens)
        elif how == "swap" and len(tokens) > 1:
            i, j = draw(st.integers(0, len(tokens) - 1)), draw(st.integers(0, len(tokens) - 1))
            tokens[i], tokens[j] = tokens[j], tokens[i]
            text = " ".join(tokens)
        elif how == "dup":
            i = draw(st.integers(0, len(tokens) - 1))
            tokens.insert(i, tokens[i])
            text = " ".join(tokens)
        elif how == "number":
            text = _replace_number(text, draw)
        elif how == "case":
            text = draw(st.sampled_from((text.upper(), text.title(), text.swapcase(), text.capitalize())))
        elif how == "sep":
            text = draw(st.sampled_from(SEPARATORS)).join(tokens)
        elif how == "cut" and text:
            text = text[:draw(st.integers(0, len(text) - 1))]
        elif how == "junk":
            at = draw(st.integers(0, len(text)))
            text = text[:at] + draw(st.sampled_from(ODD)) + text[at:]
        elif how == "word":
            tokens.insert(draw(st.integers(0, len(tokens))), draw(st.sampled_from(WORDS)))
            text = " ".join(tokens)
        elif how == "join":
            text = "".join(tokens)
    return text


def odd_text() -> st.SearchStrategy[str]:
    """Text no one would type on purpose: any unicode, odd snippets, notation words in a jumble."""
    pieces = st.one_of(st.sampled_from(ODD), st.sampled_from(WORDS), _numbers(), st.text(max_size=8))
    return st.one_of(
        st.text(max_size=40),
        st.text(st.characters(codec="utf-8", categories=("Cc", "Cf", "Zs", "Zl", "Zp", "Mn", "So")), max_size=20),
        st.lists(pieces, max_size=6).map(" ".join),
        st.lists(pieces, max_size=4).map("".join),
    )


def huge_text() -> st.SearchStrategy[str]:
    """Long enough to hurt: past the bot's limit, past Discord's, and far past both."""
    return st.tuples(st.sampled_from(("a", "add 1 ", "🎲", "\x00", "9", "{}", " ", "\u0301")),
                     st.sampled_from((201, 2001, 6001, 50_000))).map(lambda pair: pair[0] * pair[1])


def command_text(legal: Sequence[str]) -> st.SearchStrategy[str]:
    """What follows a game verb: mostly near misses when there are legal actions, else junk."""
    choices = [odd_text(), huge_text(), st.just(""), st.sampled_from(WORDS)]
    if legal:
        choices = [near_miss(legal), near_miss(legal), st.sampled_from(list(legal))] + choices
    return st.one_of(*choices)


def verb() -> st.SearchStrategy[str]:
    return st.sampled_from(SLASH_VERBS)


def option_name(real: Sequence[str]) -> st.SearchStrategy[str | None]:
    """Option names: real ones, bent ones, the timer options with odd values, junk."""
    timer = st.tuples(st.sampled_from(("timer", "timeout", "TIMER", "timer  ", " timeout")),
                      st.one_of(st.sampled_from(("24h", "off", "0", "1m", "30d", "31d", "0s", "9999999d", "1d12h",
                                                 "computer", "skip", "remove", "h", "-1h", "²h", "１h", "")),
                                odd_text())).map(" ".join)
    choices = [timer, odd_text(), huge_text(), st.just(None), st.just("")]
    if real:
        choices += [st.sampled_from(list(real)), near_miss(list(real))]
    return st.one_of(*choices)


def garble(custom_id: str) -> st.SearchStrategy[str]:
    """A custom_id cut short, with a number changed, a field dropped or junk appended."""
    parts = custom_id.split(":")
    options = [
        st.integers(0, max(0, len(custom_id) - 1)).map(lambda n: custom_id[:n]),
        st.just(custom_id + ":"),
        st.just(custom_id.upper()),
        st.just(":".join(parts[:-1])),
        st.sampled_from(ODD).map(lambda junk: custom_id + junk),
        st.sampled_from(ODD).map(lambda junk: junk + custom_id),
    ]
    numbered = [i for i, part in enumerate(parts) if part.isdigit()]
    if numbered:
        options.append(st.tuples(st.sampled_from(numbered), _numbers()).map(
            lambda pair: ":".join(pair[1] if i == pair[0] else p for i, p in enumerate(parts))))
    return st.one_of(*options)


def custom_id(seen: Sequence[str], table_ids: Sequence[int], version: int) -> st.SearchStrategy[str]:
    """Button custom_ids: ones sent earlier (stale or current), garbled ones, other kinds and
    tables, and junk."""
    tables = st.sampled_from(list(table_ids) or [1]) | st.integers(0, 10**30)
    versions = st.sampled_from([version, version - 1, version + 1, 0]) | st.integers(0, 10**30)
    made = st.one_of(
        st.builds(lambda t, v, a: f"bt:a:{t}:{v}:{a}", tables, versions, st.sampled_from(WORDS) | odd_text()),
        st.builds(lambda t, v: f"bt:l:{t}:{v}", tables, st.sampled_from(("join", "leave", "start", "abort", "JOIN", ""))),
        st.builds(lambda t: f"bt:h:{t}", tables),
        st.builds(lambda t, v, a: f"bt:u:{t}:{v}:{a}", tables, versions, st.sampled_from(("yes", "no", "maybe"))),
        st.builds(lambda t: f"bt:r:{t}", tables | st.sampled_from(("²", "١", "x", ""))),
        st.builds(lambda t, v, k, a: f"bt:q:{t}:{v}:{k}:0123abcd:{a}", tables, versions,
                  st.sampled_from(("resign", "abort", "undo", "")), st.sampled_from(("yes", "no", "maybe"))),
        st.builds(lambda k, t: f"bt:{k}:{t}", st.sampled_from(("x", "t", "", "a", "l")), tables),
    )
    choices = [made, made, odd_text(), huge_text(), st.just(""), st.just("bt"), st.just("bt:")]
    if seen:
        old = st.sampled_from(list(seen))
        choices = [old, old, old.flatmap(garble), old.flatmap(garble)] + choices
    return st.one_of(*choices)
