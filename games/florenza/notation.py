"""Reading the command notation (§9): verbs, short forms and name resolution (§9.2)."""
from __future__ import annotations

import itertools
import re
from typing import Callable, Iterable, Sequence, TypeVar

from games.core import IllegalAction, SeatRef
from games.florenza import actions as A
from games.florenza.components import ANONYMOUS, RES, RES_NAMES, artist, artist_card, catalog, normalise
from games.florenza.rules.moves import artist_refs, check, display_ref
from games.florenza.state import FlorenzaState

K = TypeVar("K")

VERBS: dict[str, str] = {
    "play": "play", "p": "play", "build": "build", "b": "build", "reserve": "reserve", "rm": "rm", "ra": "ra",
    "use": "use", "u": "use", "workers": "workers", "wk": "workers", "market": "market", "ms": "ms", "mb": "mb",
    "mt": "mt", "inspire": "inspire", "draw": "inspire", "keep": "keep", "k": "keep", "captain": "captain",
    "cap": "captain", "merchant": "merchant", "mer": "merchant", "hand": "hand", "h": "hand",
}
#: full verbs that may follow ``/play`` (the generic slash command carries any action).
LONG_VERBS = frozenset({"build", "reserve", "use", "workers", "market", "inspire", "draw", "keep", "captain",
                        "merchant", "rm", "ra", "ms", "mb", "mt", "wk"})
RES_WORDS: dict[str, str] = {**{code: code for code in RES}, **{name: code for code, name in RES_NAMES.items()}}
LABEL = re.compile(r"^([mahlr])(\d{1,2})$")
MAX_TEXT = 200



def resolve(token: str, candidates: Sequence[tuple[K, Iterable[str]]], labels: dict[str, K] | None = None) -> list[K]:
    """Keys matching ``token``: a label, an exact name, else a unique-ish prefix of 3+ characters."""
    key = normalise(token)
    if not key:
        return []
    if labels and key in labels:
        return [labels[key]]
    exact = [k for k, names in candidates if key in names]
    if exact:
        return list(dict.fromkeys(exact))
    if len(key) >= 3:
        return list(dict.fromkeys(k for k, names in candidates if any(n.startswith(key) for n in names)))
    return []


def _res(word: str) -> str:
    code = RES_WORDS.get(normalise(word))
    if code is None:
        raise IllegalAction("'{res}' is not a resource; use ma, wo, me, fa, go or sp.", res=word[:20])
    return code


# -- namespaces ------------------------------------------------------------------------------------
def _hand(state: FlorenzaState, seat: int, token: str) -> list[str]:
    hand = state.p[seat].hand
    labels = {f"h{i + 1}": card_id for i, card_id in enumerate(hand)}
    found = resolve(token, [(c, (normalise(c), normalise(catalog().cards[c].name))) for c in dict.fromkeys(hand)], labels)
    if not found:
        raise IllegalAction("'{name}' is not a card in your hand; name one of your cards or H1-H{n} (see /hand).",
                            name=token[:30], n=len(hand))
    return found


def _hand_card_not_monument(state: FlorenzaState, seat: int, token: str) -> str | None:
    """The card of the seat's hand that ``token`` names when it names no monument, else None
    (``build biblioteca`` means the district building: that is ``play biblioteca``)."""
    try:
        _monuments(state, seat, token, own_reserve=True)
        return None
    except IllegalAction:
        pass
    try:
        cards = _hand(state, seat, token)
    except IllegalAction:
        return None
    return cards[0] if len(cards) == 1 else None


def _monuments(state: FlorenzaState, seat: int, token: str, own_reserve: bool) -> list[str]:
    shown = list(state.mon_display)
    reserved = list(state.p[seat].reserved_monuments) if own_reserve else []
    labels = {f"m{i + 1}": m for i, m in enumerate(shown)}
    labels.update({f"r{i + 1}": m for i, m in enumerate(reserved)})
    match = re.fullmatch(r"#(\d{1,2})", token.strip())
    if match:
        info = catalog().monument_by_number(int(match.group(1)))
        if info is None:
            raise IllegalAction("There is no monument {name}; catalog numbers run from #1 to #27.", name=token[:10])
        return [info.id]
    pool = shown + reserved
    everyone = [(m.id, (normalise(m.id), normalise(m.name))) for m in catalog().monuments.values()]
    found = resolve(token, [(m, names) for m, names in everyone if m in pool], labels)
    if not found:
        found = resolve(token, everyone)
        if len(found) != 1:
            raise IllegalAction("'{name}' is not a monument on display; name one, e.g. M1 or #{number}.",
                                name=token[:30], number=catalog().monuments[shown[0]].number if shown else 27)
    return found


def _artists(state: FlorenzaState, seat: int, token: str) -> list[A.ArtistRef]:
    refs = artist_refs(state, seat)
    reserved_ids = {r.id for r in refs if r.source == A.RESERVE}
    labels: dict[str, A.ArtistRef] = {}
    for position, index in enumerate(state.art_display):
        labels[f"a{position + 1}"] = display_ref(state, seat, artist_card(index)[0])
    reserved_monuments = len(state.p[seat].reserved_monuments)
    for position, index in enumerate(state.p[seat].reserved_artists):
        labels[f"r{reserved_monuments + position + 1}"] = A.ArtistRef(artist_card(index)[0], A.RESERVE)
    # A bare name prefers your own reserved copy; A<n> picks the copy on display.
    named = [r for r in refs if not (r.source == A.DISPLAY and r.id in reserved_ids)]
    found = resolve(token, [(r, artist(r.id).names()) for r in named], labels)
    if not found:
        others = resolve(token, [(a.id, a.names()) for a in catalog().artists.values()])
        if len(others) == 1 and artist(others[0]).anonymous:
            return [A.ArtistRef(others[0], A.ANON)]     # the rules explain why it is not available
        if len(others) == 1:
            for owner, rival in enumerate(state.p):
                if owner != seat and any(artist_card(i)[0] == others[0] for i in rival.reserved_artists):
                    raise IllegalAction("{artist} is reserved by {owner}; only they can hire it.",
                                        artist=others[0], owner=SeatRef(owner))
            raise IllegalAction("{artist} cannot be hired now; hire an artist on display, one you reserved, or an anonymous one.",
                                artist=others[0])
        raise IllegalAction("'{name}' is not an artist you can hire; name one on display (A1...), reserved (R...) or anon-a/anon-p/anon-s.",
                            name=token[:30])
    return found


def _display_artists(state: FlorenzaState, token: str) -> list[str]:
    shown = list(dict.fromkeys(artist_card(i)[0] for i in state.art_display))
    labels = {f"a{i + 1}": artist_card(index)[0] for i, index in enumerate(state.art_display)}
    found = resolve(token, [(a, artist(a).names()) for a in shown], labels)
    if not found:
        if resolve(token, [(a, artist(a).names()) for a in ANONYMOUS]):
            raise IllegalAction("Anonymous artists cannot be reserved; reserve a named artist on display.")
        raise IllegalAction("'{name}' is not an artist on display; name one, e.g. A1.", name=token[:30])
    return found


def _locations(state: FlorenzaState, token: str) -> list[str]:
    labels = {f"l{i + 1}": entry[0] for i, entry in enumerate(state.locations)}
    found = resolve(token, [(loc.id, (normalise(loc.id), normalise(loc.name))) for loc in catalog().locations.values()],
                    labels)
    if not found:
        raise IllegalAction("'{name}' is not a location; name one, e.g. picconiere or L1.", name=token[:30])
    return found


# -- choosing among candidates -------------------------------------------------------------------------
def _pick(state: FlorenzaState, seat: int, options: list[object]) -> object:
    """One candidate: the only one, or the only legal one (§9.2); otherwise ask to be precise."""
    if len(options) == 1:
        return options[0]
    legal = []
    for option in options:
        try:
            check(state, seat, option)
        except IllegalAction:
            continue
        legal.append(option)
    if len(legal) == 1:
        return legal[0]
    listed = ", ".join(str(o) for o in (legal or options)[:6])
    raise IllegalAction("That could mean several things: {options}. Write the full name.", options=listed)


def _split_with(rest: str) -> tuple[str, str | None]:
    words = rest.split()
    for i, word in enumerate(words):
        if word in ("with", "w") and i > 0:
            return " ".join(words[:i]), " ".join(words[i + 1:]) or None
    return rest, None


def _exchange(text: str) -> tuple[list[str], str]:
    """``a+b>c`` → (["a", "b"], "c"); ``a>c`` → (["a"], "c")."""
    left, sep, right = text.partition(">")
    if not sep or not right.strip():
        raise IllegalAction("Write the exchange as give>get, e.g. 'wo>go' or 'ma+sp>fa'.")
    return [_res(part) for part in left.split("+")], _res(right)


def _compact(text: str) -> str:
    return re.sub(r"\s*([+>])\s*", r"\1", text)


def parse(state: FlorenzaState, seat: int, text: str) -> object:
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise IllegalAction("That command is too long. Write e.g. 'play casa', 'build m2 with a1', 'rm m3', 'ra a2', 'use picconiere', 'workers', 'market buy go', 'inspire'.")
    if not 0 <= seat < state.players:
        raise IllegalAction("You are not playing in this game.")
    words = _compact(text.strip().lower()).split()
    if not words:
        raise IllegalAction("Empty command. Write e.g. 'play casa', 'build m2 with a1', 'rm m3', 'ra a2', 'use picconiere', 'workers', 'market buy go', 'inspire'.")
    if words[0] in ("play", "p", "/play") and len(words) > 1 and words[1] in LONG_VERBS:
        words = words[1:]
    verb = VERBS.get(words[0].lstrip("/"))
    if verb is None:
        # The generic /play command may carry a bare card name: "fontana with giambologna".
        try:
            return _parse_verb(state, seat, "play", " ".join(words))
        except IllegalAction:
            raise IllegalAction("I can't read '{what}'. Write e.g. 'play casa', 'build m2 with a1', 'rm m3', 'ra a2', 'use picconiere', 'workers', 'market buy go', 'inspire'.", what=text.strip()[:40]) from None
    return _parse_verb(state, seat, verb, " ".join(words[1:]))


def _need(rest: str, example: str) -> None:
    if not rest:
        raise IllegalAction("Something is missing; write e.g. '{example}'.", example=example)


def _no_args(rest: str, verb: str) -> None:
    if rest:
        raise IllegalAction("'{verb}' takes nothing after it; write just '{verb}'.", verb=verb)


def _parse_verb(state: FlorenzaState, seat: int, verb: str, rest: str) -> object:
    build: Callable[..., object]
    if verb == "hand":
        raise IllegalAction("'hand' is not a move: use /hand to see your hand privately.")
    if verb == "play":
        _need(rest, "play casa")
        card_text, artist_text = _split_with(rest)
        cards = _hand(state, seat, card_text)
        refs: list[A.ArtistRef | None] = [*_artists(state, seat, artist_text)] if artist_text else [None]
        return _pick(state, seat, [A.Play(c, r) for c, r in itertools.product(cards, refs)])
    if verb == "build":
        _need(rest, "build m1 with a1")
        monument_text, artist_text = _split_with(rest)
        if (card := _hand_card_not_monument(state, seat, monument_text)) is not None:
            info = catalog().cards[card]
            example = f"play {card} with anon-{info.artists[0].lower()}" if info.artists else f"play {card}"
            raise IllegalAction("{card} is a card in your hand, not a monument: build it with '{example}'.",
                                card=card, example=example)
        if not artist_text:
            raise IllegalAction("A monument needs an artist; write e.g. 'build {monument} with anon-a'.",
                                monument=monument_text[:30])
        monuments = _monuments(state, seat, monument_text, own_reserve=True)
        artists = _artists(state, seat, artist_text)
        return _pick(state, seat, [A.Build(m, r) for m, r in itertools.product(monuments, artists)])
    if verb == "reserve":
        kind, _, target = rest.partition(" ")
        if kind in ("monument", "m"):
            verb, rest = "rm", target
        elif kind in ("artist", "a"):
            verb, rest = "ra", target
        else:
            raise IllegalAction("Write 'reserve monument <monument>' or 'reserve artist <artist>'.")
    if verb == "rm":
        _need(rest, "rm m1")
        return _pick(state, seat, [A.ReserveMonument(m) for m in _monuments(state, seat, rest, own_reserve=False)])
    if verb == "ra":
        _need(rest, "ra a1")
        return _pick(state, seat, [A.ReserveArtist(a) for a in _display_artists(state, rest)])
    if verb == "use":
        _need(rest, "use picconiere")
        words = rest.split()
        give = get = None
        if ">" in words[-1]:
            given, get = _exchange(words[-1])
            if len(given) != 1:
                raise IllegalAction("Baratto exchanges one resource: write e.g. 'use baratto wo>go'.")
            give, words = given[0], words[:-1]
            if not words:
                raise IllegalAction("Name the location, e.g. 'use baratto wo>go'.")
        return _pick(state, seat, [A.Use(loc, give, get) for loc in _locations(state, " ".join(words))])
    if verb == "workers":
        _no_args(rest, "workers")
        return A.Workers()
    if verb == "inspire":
        _no_args(rest, "inspire")
        return A.Inspire()
    if verb == "market":
        mode, _, rest = rest.partition(" ")
        verb = {"sell": "ms", "buy": "mb", "trade": "mt", "s": "ms", "b": "mb", "t": "mt"}.get(mode, "")
        if not verb:
            raise IllegalAction("Write 'market sell <res>', 'market buy <res>' or 'market trade <res>+<res>><res>'.")
    if verb in ("ms", "mb"):
        _need(rest, "market buy go")
        if len(rest.split()) != 1:
            raise IllegalAction("Name one resource, e.g. 'market buy go'.")
        return A.MarketSell(_res(rest)) if verb == "ms" else A.MarketBuy(_res(rest))
    if verb == "mt":
        _need(rest, "market trade ma+sp>fa")
        given, get = _exchange(rest.replace(" ", ""))
        if len(given) != 2:
            raise IllegalAction("A trade returns exactly two resources, e.g. 'market trade ma+sp>fa'.")
        ordered = tuple(sorted(given, key=RES.index))
        return A.MarketTrade((ordered[0], ordered[1]), get)
    if verb == "keep":
        _need(rest, "keep h1")
        return _pick(state, seat, [A.Keep(c) for c in _hand(state, seat, rest)])
    if verb in ("captain", "merchant"):
        _need(rest, f"{verb} go")
        if len(rest.split()) != 1:
            raise IllegalAction("Name one resource, e.g. '{verb} go'.", verb=verb)
        build = A.CaptainChoice if verb == "captain" else A.MerchantChoice
        return build(_res(rest))
    raise IllegalAction("I can't read that. Write e.g. 'play casa', 'build m2 with a1', 'rm m3', 'ra a2', 'use picconiere', 'workers', 'market buy go', 'inspire'.")
