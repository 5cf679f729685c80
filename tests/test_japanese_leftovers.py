"""No English left in Japanese: every catalogue entry, and every message, status, prompt, panel,
hand, log, button label, select placeholder, option description and help line of whole seeded
games of every game, played at the table service by players whose language is Japanese at a
Japanese server's table. What is left of ASCII must be notation (what players type: legal
actions, ids beside names, quoted), names, commands, or on the short list in tests/leftovers.py."""
from __future__ import annotations

import itertools
import random

import pytest

from bot.i18n import I18n, game_packages
from bot.i18n.catalogues import catalogued_code
from bot.service import TableService
from games import registry
from games.core import default_options
from tests.catalogues import japanese as ja_catalogue
from tests.conftest import ctx, make_settings
from tests.leftovers import Notation, english_fragments

GAMES = ["carcassonne", "keyflower", "stoneage", "florenza", "quetzal"]
PLAYERS = ("alice", "bob", "carol")
MOST_MOVES = 3000


def placeholders_removed(text: str) -> str:
    import string
    return "".join(literal + " " for literal, *_ in string.Formatter().parse(text))


@pytest.mark.parametrize("folder", [f for f in catalogued_code() if f.name != "toygame"], ids=lambda p: p.name)
def test_every_catalogue_entry_is_japanese(folder):
    wrong = {}
    for english, japanese in ja_catalogue(folder).items():
        for form in japanese if isinstance(japanese, tuple) else (japanese,):
            if found := english_fragments(placeholders_removed(form)):
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
    service = TableService(store, make_settings(enabled_games=tuple(GAMES)), seed_source=lambda: next(seeds), render=False)
    reader = Reader(I18n(game_packages(service.games())))
    notation = Notation()
    game = registry.get(name)
    players = PLAYERS[:max(game.min_players, min(3, game.max_players))]
    people = {p: ctx(p, locale="ja", guild_locale="ja") for p in players}
    first = people[players[0]]
    reader.read("join", await service.join(first, name))
    for player in players[1:]:
        reader.read("join", await service.join(people[player]))
    reader.read("help", await service.help(first, name))
    reader.read("help", await service.help(first))
    for option in options:
        reader.read("option", await service.option(first, option))
    reader.read("option list", await service.option(first))
    notation.add_words(spec.name for spec in game.options)
    notation.add_words(game.verbs)
    notation.add_words([game.name])
    reader.read("start", await service.start(first))
    table = service.table_in(1)
    rng = random.Random(seed)
    moves = 0
    while table.status == "playing" and service.table_in(1) is table and moves < MOST_MOVES:
        to_act = sorted(game.to_act(table.state))
        for seat in to_act:
            for action in game.legal_actions(table.state, seat):
                notation.add_action(str(action))
        seat = rng.choice(to_act)
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
    assert service.table_in(1) is None, f"{name}: not over after {moves} moves"
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
