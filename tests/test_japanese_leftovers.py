"""No English left in Japanese: every catalogue entry, and every message, status, prompt, panel,
hand, log, button label, select placeholder, option description and help line of whole seeded
games of every game, played at the table service by players whose language is Japanese at a
Japanese server's table. What is left of ASCII must be notation (what players type: legal
actions, ids beside names, quoted), names, commands, or on the short list in tests/leftovers.py."""
from __future__ import annotations

import functools
import itertools
import random

import pytest

from bot.i18n import I18n, game_packages
from bot.i18n.catalogues import catalogued_code
from bot.service import TableService
from games import registry
from tests.catalogues import japanese as ja_catalogue
from tests.conftest import ctx, make_settings
from tests.leftovers import Notation, english_fragments

GAMES = ["carcassonne", "keyflower", "stoneage", "florenza", "quetzal"]
PLAYERS = ("alice", "bob", "carol")
MOST_MOVES = 3000


#: the codes and words of each game's notation that its help explains (typed as they are)
NOTATION_WORDS = {
    "carcassonne": ["x", "y", "rk", "nw", "ne", "en", "es", "se", "sw", "ws", "wn"],
    "florenza": ["rm", "ra", "build", "workers", "market", "inspire", "fl"],
    "quetzal": ["deliver", "done", "none", "all", "keep", "reroll", "sell", "take", "store", "upgrade", "team", "use"],
}


def named_components(name: str) -> tuple[set[str], list[str]]:
    """(ids of the game's components that have a Japanese name, patterns of its own codes)."""
    if name == "keyflower":
        from games.keyflower.actions import tile_name
        from games.keyflower.components import COLOURS, RESOURCES, SKILLS, tiles as all_tiles
        tiles = set(all_tiles()) | {tile_name(t) for t in all_tiles()}
        return tiles | set(COLOURS) | set(RESOURCES) | set(SKILLS), [r"\b(?:Sp|Su|Au|Wi)-(?:\d+|end|boats|place|flip)\b",
                                                                  r"(?<!\w)-(?:end|boats|place)\b",
                                                                  r"\(hidden\)"]     # rules 13.3: a public line's hidden part
    if name == "florenza":
        from games.florenza.components import catalog
        return set(catalog().cards) | {a for a, _ in catalog().artist_cards}, [r"\bR\d+\.[TP]\d+\b"]
    if name == "stoneage":
        from games.stone_age.words import LOCATION
        return set(LOCATION), []
    return set(), []


def placeholders_removed(text: str) -> str:
    import string
    return "".join(literal + " " for literal, *_ in string.Formatter().parse(text))


#: the words of the bot's own commands that are typed as they are (subcommands, values)
BOT_WORDS = ["create", "join", "leave", "start", "standings", "report", "export", "cancel", "swiss", "roundrobin",
             "elimination", "size", "rounds", "on", "off", "computer", "skip", "remove", "timer", "timeout"]


@functools.lru_cache(maxsize=None)
def engine_notation(name: str) -> Notation:
    """The notation of a game as seeded random games at the engine show it (every legal action
    seen, with the default options and with every switch that can go with the others)."""
    game = registry.get(name)
    named, marks = named_components(name)
    notation = Notation(named - set(registry.names()), marks)
    add_game_words(notation, game)
    for n, options in enumerate(switches(name)):
        state = game.setup(max(game.min_players, min(3, game.max_players)), frozenset(options), 40 + n)
        rng = random.Random(n)
        for _ in range(MOST_MOVES):
            if game.is_over(state):
                break
            seat = rng.choice(sorted(game.to_act(state)))
            actions = game.legal_actions(state, seat)
            for action in actions:
                notation.add_action(str(action))
            game.apply(state, seat, rng.choice(actions))
    return notation


def add_game_words(notation: Notation, game) -> None:
    """The words of a game's notation that are not (only) in its legal actions."""
    notation.add_words(NOTATION_WORDS.get(game.name, []))
    notation.add_words(spec.name for spec in game.options)
    notation.add_words(value for spec in game.options if spec.kind is not None for value in spec.kind.samples())
    notation.add_words(game.verbs)
    notation.add_words(registry.names())
    notation.add_words(["lang", "auto", "en", "ja"] + list(game.computer_levels()))


def catalogue_notation(folder) -> Notation:
    """A game's catalogue is read with its notation; the bot's with every game's and its commands'."""
    if folder.name in {"carcassonne", "keyflower", "florenza", "quetzal"}:
        return engine_notation(folder.name)
    if folder.name == "stone_age":
        return engine_notation("stoneage")
    every = Notation()
    for name in GAMES:
        every.words |= engine_notation(name).words
        every.phrases |= engine_notation(name).phrases
    every.add_words(BOT_WORDS)
    return every


@pytest.mark.parametrize("folder", [f for f in catalogued_code() if f.name != "toygame"], ids=lambda p: p.name)
def test_every_catalogue_entry_is_japanese(folder):
    notation = catalogue_notation(folder)
    wrong = {}
    for english, japanese in ja_catalogue(folder).items():
        for form in japanese if isinstance(japanese, tuple) else (japanese,):
            if found := english_fragments(placeholders_removed(form), notation):
                wrong[english if isinstance(english, str) else english[0]] = (form, found)
    assert not wrong, "\n".join(f"{k!r}: {v!r}" for k, v in wrong.items())


class Reader:
    """Everything a Japanese player at the table is shown, as text, with where it came from."""

    def __init__(self, i18n: I18n) -> None:
        self.i18n = i18n
        self.texts: list[tuple[str, str]] = []

    def read(self, where: str, replies) -> None:
        for reply in replies:
            locale = reply.locale if reply.locale and not reply.private else "ja"
            assert locale == "ja", (where, reply.lines[:1])       # a Japanese server's table speaks Japanese
            self.texts.append((where, self.i18n.lines(reply.lines, locale, reply.names)))
            for button in reply.buttons:
                if not button.notation:
                    self.texts.append((where + " button", self.i18n.template(button.label, locale)))
            for select in reply.selects:
                self.texts.append((where + " select", self.i18n.render(select.placeholder, locale)))


async def play_in_japanese(store, name: str, options: list[str], seed: int) -> tuple[Reader, Notation, list[str]]:
    seeds = itertools.count(seed)
    service = TableService(store, make_settings(games={"enabled": tuple(GAMES)}), seed_source=lambda: next(seeds), render=False)
    reader = Reader(I18n(game_packages(service.games())))
    named, marks = named_components(name)
    notation = Notation(named - set(registry.names()), marks)
    game = registry.get(name)
    players = PLAYERS[:max(game.min_players, min(3, game.max_players))]
    people = {p: ctx(p, locale="ja", guild_locale="ja") for p in players}
    first = people[players[0]]
    reader.read("join", await service.join(first, name))
    for player in players[1:]:
        reader.read("join", await service.join(people[player]))
    if len(players) < game.max_players:
        reader.read("addbot", await service.addbot(first))          # a computer seat, named in Japanese
    reader.read("help", await service.help(first, name))
    reader.read("help", await service.help(first))
    for option in options:
        reader.read("option", await service.option(first, option))
    reader.read("option list", await service.option(first))
    add_game_words(notation, game)
    reader.read("start", await service.start(first))
    table = service.live_tables.in_channel(1)
    rng = random.Random(seed)
    moves = 0
    while table.status == "playing" and service.live_tables.in_channel(1) is table and moves < MOST_MOVES:
        to_act = sorted(game.to_act(table.state))
        for seat in to_act:
            for action in game.legal_actions(table.state, seat):
                notation.add_action(str(action))
        seat = rng.choice([s for s in to_act if not table.computer_controls(s)])
        who = people[table.seats[seat].name.lower()]
        if moves % 7 == 0:
            reader.read("panel", await service.panel(who))
            reader.read("hand", await service.hand(who))
            reader.read("status", await service.status(who))
        if moves % 50 == 0:
            reader.read("log", await service.log_text(who))
        action = rng.choice(game.legal_actions(table.state, seat))
        replies = await service.act(who, str(action))
        assert not replies[0].error, (str(action), reader.i18n.lines(replies[0].lines, "en", replies[0].names))
        reader.read(f"move {moves}", replies)
        moves += 1
    assert service.live_tables.in_channel(1) is None, f"{name}: not over after {moves} moves"
    for logged in await store.actions(table.id):          # the computer's moves are notation too
        notation.add_action(logged.text)
    reader.read("after the end", await service.status(first))
    await service.close()
    return reader, notation, [p.capitalize() for p in players]


def switches(name: str) -> list[list[str]]:
    """The games' option sets to play: the defaults, and every switch that can go with the others."""
    game = registry.get(name)
    chosen: list[str] = []
    for spec in game.options:
        if spec.valued or spec.unavailable or any(x in chosen for x in spec.excludes):
            continue
        if any(spec.name in getattr(next(s for s in game.options if s.name == c), "excludes", ()) for c in chosen):
            continue
        chosen.append(spec.name)
    return [[], chosen] if chosen else [[]]


@pytest.mark.parametrize("name", GAMES)
async def test_a_whole_game_in_japanese_has_no_english_left(store, name):
    found: dict[str, tuple[str, list[str]]] = {}
    for n, options in enumerate(switches(name)):
        reader, notation, names = await play_in_japanese(store, name, options, 40 + n)
        for where, text in reader.texts:
            for line in text.splitlines():
                if fragments := english_fragments(line, notation, names):
                    found.setdefault(line, (where, fragments))
    assert not found, f"{len(found)} lines:\n" + "\n".join(f"[{w}] {line!r}: {f}" for line, (w, f) in list(found.items())[:80])
