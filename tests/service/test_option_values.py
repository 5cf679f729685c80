"""Table options that take a value (/option NAME VALUE): Quetzal's first and dice, and every
table's lang; refusals that list what is allowed, the lobby and /option list, the store, a
restart, and tables stored when options were only names."""
import io
import itertools

from bot.console import Console
from bot.i18n import I18n
from bot.service import TableService
from bot.store import SeatRecord
from tests.conftest import ctx, make_settings
from tests.helpers import text_of

QUETZAL = dict(games={"enabled": ("quetzal", "countdown")})
I18N = I18n(["games.quetzal", "tests.toygame"])


def text(replies, locale: str = "en") -> str:
    return "\n".join(I18N.lines(r.lines, r.locale if r.locale and not r.private else locale, r.names) for r in replies)


def quetzal_service(store) -> TableService:
    seeds = itertools.count(500)
    return TableService(store, make_settings(**QUETZAL), seed_source=lambda: next(seeds), render=False)


async def quetzal_lobby(service, *users):
    await service.join(ctx(users[0]), "quetzal")
    for user in users[1:]:
        await service.join(ctx(user))


async def test_first_and_dice_are_set_shown_stored_and_restored(store):
    service = quetzal_service(store)
    await quetzal_lobby(service, "alice", "bob", "carol")
    replies = await service.option(ctx("bob"), "first 2")
    assert not replies[0].error
    shown = text(replies)
    assert "Bob sets first to 2 (Bob)." in shown and "Options: first 2 (Bob) (change with" in shown
    replies = await service.option(ctx("alice"), "dice", "17, 17, 0, 6")
    assert "Alice sets dice to 17,17,0,6." in text(replies)
    assert "Options: first 2 (Bob), dice 17,17,0,6 (" in text(replies)
    listing = text(await service.option(ctx("carol")))
    assert "first = 2 (Bob) — The start player: random (drawn at the start), or a seat number (1 is the first to join). " \
           "Allowed: random or a seat number from 1 to 5." in listing
    assert "dice = 17,17,0,6 — " in listing and "[ ] open_hands — " in listing
    assert "lang = auto — " in listing
    record = await store.table(service.live_tables.in_channel(1).id)
    assert sorted(record.options) == ["dice=17,17,0,6", "first=2"]

    await service.start(ctx("alice"))
    table = service.live_tables.in_channel(1)
    assert table.state.marker == 1                               # seat 2: Bob
    assert table.state.options == ["dice=17,17,0,6", "first=2"]
    rolls = {w.roll for p in table.state.seats for w in p.workers}
    assert "s" not in rolls                                     # weight 0 for "on its side"
    before = table.game.to_json(table.state)

    restarted = quetzal_service(store)
    await restarted.restore()
    again = restarted.live_tables.in_channel(1)
    assert again.options == {"dice=17,17,0,6", "first=2"} and again.lang is None
    assert again.game.to_json(again.state) == before
    assert again.game.to_json(await restarted.replay(again.id)) == before
    await service.close()
    await restarted.close()


async def test_wrong_values_are_refused_with_what_is_allowed(store):
    service = quetzal_service(store)
    await quetzal_lobby(service, "alice", "bob")
    cases = {
        ("first", "zoe"): "'zoe' is not a value of first: write random or a seat number from 1 to 5, e.g. /option first 5.",
        ("first", None): "The option 'first' needs a value: random or a seat number from 1 to 5. It is random now; "
                         "e.g. /option first 5.",
        ("dice", "1,2"): "'1,2' is not a value of dice: write 4 whole numbers from 0 to 99 (white, black, side, upright), "
                         "separated by commas, not all 0, e.g. /option dice 1,1,1,1.",
        ("lang", "fr"): "'fr' is not a value of lang: write one of auto, en, ja, e.g. /option lang ja.",
        ("open_hands", "maybe"): "The option 'open_hands' is a switch: write /option open_hands on, /option open_hands off, "
                                 "or /option open_hands to switch it.",
        ("nonsense", None): "There is no option 'nonsense'. Options for this game: publisher_coins, open_hands, first, dice, lang.",
    }
    for (name, value), expected in cases.items():
        replies = await service.option(ctx("alice"), name, value)
        assert replies[0].error and replies[0].private, (name, value)
        assert text(replies) == expected
    record = await store.table(service.live_tables.in_channel(1).id)
    assert record.options == []                                  # nothing changed

    await service.option(ctx("alice"), "first=3")
    replies = await service.start(ctx("alice"))
    assert replies[0].error and "names seat 3, but only 2 players are seated" in text(replies)
    assert service.live_tables.in_channel(1).status == "lobby"
    await service.option(ctx("alice"), "open_hands on")
    await service.option(ctx("alice"), "open_hands", "on")            # on stays on
    assert service.live_tables.in_channel(1).options == {"first=3", "open_hands"}
    await service.close()


async def test_lang_sets_the_language_of_public_messages(store):
    service = quetzal_service(store)
    await quetzal_lobby(service, "alice", "bob")
    replies = await service.option(ctx("bob"), "lang", "ja")
    table = service.live_tables.in_channel(1)
    assert table.lang == "ja" and table.options == frozenset() and table.table_options == {"lang=ja"}
    assert replies[0].locale == "ja" and "Options: lang ja" in text_of(replies)
    record = await store.table(table.id)
    assert record.options == ["lang=ja"]
    replies = await service.start(ctx("alice"))
    public = [r for r in replies if not r.private]
    assert public and all(r.locale == "ja" for r in public)
    assert "ケツァル — 第1/5ラウンド" in text(replies, "en")         # the table's language, whoever reads
    assert "ケツァル開始：Alice, Bob。" in text(replies, "en")          # the game's name as Japanese players know it
    assert table.state.options == []                             # the game never sees the table's options
    status = await service.status(ctx("alice"))
    assert status[0].private and status[0].locale is None          # private: the reader's own language

    restarted = quetzal_service(store)
    await restarted.restore()
    assert restarted.live_tables.in_channel(1).lang == "ja" and restarted.live_tables.in_channel(1).options == frozenset()
    await service.close()
    await restarted.close()


async def test_console_shows_a_table_language(store):
    service = TableService(store, make_settings(), seed_source=lambda: 3, render=False)
    out = io.StringIO()
    console = Console(service, I18N, "/tmp/unused", "en", out=out)
    await console.handle("alice> /join countdown")
    await console.handle("alice> /option lang ja")
    await console.handle("alice> /option")
    shown = out.getvalue()
    assert "aliceがlangをjaにしました。" in shown            # the public lobby message, in Japanese
    assert "(only alice) Options for Countdown (test game):" in shown          # a private reply stays in the reader's
    await service.close()


async def test_tables_stored_with_option_names_restore(store):
    """Before options had values a table's options were a list of names: such tables restore."""
    table_id = await store.create_table(5, 7, "quetzal", 11, ["open_hands"], 42, [SeatRecord(0, 11, "Alice")])
    service = quetzal_service(store)
    await service.restore()
    table = service.live_tables.by_id(table_id)
    assert table.options == {"open_hands"} and table.table_options == frozenset() and table.lang is None
    await service.join(ctx("bob", 5))
    await service.start(ctx("alice", 5))
    assert service.live_tables.in_channel(5).state.options == ["open_hands"]
    await service.close()


async def test_option_autocomplete_offers_names_and_values(store):
    service = quetzal_service(store)
    await quetzal_lobby(service, "alice", "bob")
    names = [name for name, _ in service.autocomplete.option(ctx("alice"), "")]
    assert names == ["publisher_coins", "open_hands", "first", "dice", "lang"]
    assert service.autocomplete.option_value(ctx("alice"), "lang", "") == ["auto", "en", "ja"]
    assert service.autocomplete.option_value(ctx("alice"), "first", "")[:3] == ["random", "1", "2"]
    assert service.autocomplete.option_value(ctx("alice"), "dice", "") == ["17,17,4,2", "1,1,1,1"]
    assert service.autocomplete.option_value(ctx("alice"), "open_hands", "") == ["on", "off"]
    await service.option(ctx("alice"), "open_hands")
    assert service.autocomplete.option_value(ctx("alice"), "open_hands", "") == ["off", "on"]
    assert service.autocomplete.option_value(ctx("alice"), "nonsense", "") == []
    await service.close()


async def test_a_value_without_an_option_name_is_refused(store):
    """Found by the fuzz suite: '/option =' listed the options (as a plain /option does) instead
    of saying what is wrong, also during the game."""
    service = quetzal_service(store)
    await quetzal_lobby(service, "alice", "bob")
    for typed, value in (("=", None), ("= 3", None), ("", "3"), ("=ja", None)):
        r = await service.option(ctx("alice"), typed, value)
        assert r[0].error and "Name the option first" in text(r), (typed, value)
    assert not (await service.option(ctx("alice")))[0].error            # /option alone still lists them
    await service.start(ctx("alice"))
    r = await service.option(ctx("bob"), "=")
    assert r[0].error and "Name the option first" in text(r)
    await service.close()
