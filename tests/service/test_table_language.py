"""A table has a language: its public messages (and pictures) use it, private replies use each
reader's own. It is the server's language (Discord's guild_locale, recorded when the table opens)
unless a player sets /option lang; in a direct message, the opener's; a table stored before
tables had one speaks the bot's default (locale.default)."""
import itertools
from dataclasses import replace

from bot.i18n import I18n
from bot.service import TableService
from bot.store import SeatRecord
from tests.conftest import ctx, make_settings

I18N = I18n(["tests.toygame"])


def service_of(store, **settings) -> TableService:
    seeds = itertools.count(700)
    return TableService(store, make_settings(**settings), seed_source=lambda: next(seeds), render=False)


def shown(reply, reader: str) -> str:
    """What ``reader`` (a locale) sees of ``reply``: a public reply in its own language."""
    locale = reply.locale if reply.locale and not reply.private else reader
    return I18N.lines(reply.lines, locale, reply.names)


async def test_a_table_speaks_its_servers_language_until_lang_is_set(store):
    service = service_of(store)
    hiro, ken = ctx("alice", guild_locale="ja", locale="ja"), ctx("bob", guild_locale="ja", locale="en-US")
    opened = await service.join(hiro, "countdown")
    table = service.live_tables.in_channel(1)
    assert table.public_language == "ja" and table.lang is None
    assert opened[0].locale == "ja"
    assert (await store.table(table.id)).options == ["server_lang=ja"]       # recorded with the table
    joined = await service.join(ken)
    assert joined[0].locale == "ja" and "Bobが卓に参加しました。" in shown(joined[0], "en")   # public: the table's

    listing = (await service.option(ken))[0]
    assert listing.private and "lang = auto — The language of the table's public messages" in shown(listing, "en")
    english = await service.option(ken, "lang", "en")
    assert english[0].locale == "en" and table.public_language == "en" and table.lang == "en"
    assert sorted((await store.table(table.id)).options) == ["lang=en", "server_lang=ja"]
    back = await service.option(hiro, "lang", "auto")
    assert back[0].locale == "ja" and table.public_language == "ja"
    assert (await store.table(table.id)).options == ["server_lang=ja"]

    started = await service.start(ken)
    public = [r for r in started if not r.private]
    assert public and all(r.locale == "ja" for r in public)
    assert table.state is not None and table.options == frozenset()        # the game never sees it
    board = (await service.board(ken))[0]
    assert not board.private and board.locale == "ja"
    status = (await service.status(ken))[0]
    assert status.private and status.locale is None                         # private: the reader's own
    refused = (await service.act(ken, "nonsense"))[0]
    assert refused.private and refused.error and refused.locale is None

    restarted = service_of(store)
    await restarted.restore()
    assert restarted.live_tables.in_channel(1).public_language == "ja"
    await service.close()
    await restarted.close()


async def test_direct_message_tables_speak_the_openers_language(store):
    service = service_of(store)
    dm = replace(ctx("alice", channel=9, locale="ja"), guild_id=None)
    await service.join(dm, "countdown")
    assert service.live_tables.in_channel(9).public_language == "ja"
    assert service.public_language(10, replace(ctx("bob", channel=10, locale="en-GB"), guild_id=None)) == "en"
    await service.close()


async def test_a_channel_without_a_table_speaks_its_servers_language(store):
    service = service_of(store)
    assert service.public_language(3, ctx("alice", channel=3, guild_locale="ja")) == "ja"
    assert service.public_language(3, ctx("alice", channel=3, guild_locale="fr")) == "en"     # not spoken: the default
    assert service.public_language(3) == "en"
    await service.join(ctx("alice", channel=3, guild_locale="ja"), "countdown")
    assert service.public_language(3, ctx("bob", channel=3, guild_locale="en-US")) == "ja"    # the table's
    await service.close()


async def test_tables_without_a_recorded_language_speak_the_bots_default(store):
    """A table stored before tables had a language (and one opened where the server's is not
    known, e.g. by a tournament) speaks the bot's locale.default; /option lang still sets it."""
    table_id = await store.create_table(5, 7, "countdown", 11, [], 42, [SeatRecord(0, 11, "Alice")])
    service = service_of(store, locale={"default": "ja"})
    await service.restore()
    table = service.live_tables.by_id(table_id)
    assert table.table_options == frozenset() and table.public_language == "ja"
    await service.option(ctx("alice", 5), "lang", "en")
    assert table.public_language == "en"
    await service.join(ctx("bob", 6), "countdown")           # no guild_locale known
    assert service.live_tables.in_channel(6).public_language == "ja"
    service.note_server_language(7, "en-GB")                 # an interaction in the server said so
    await service.join(ctx("bob", 8), "countdown")           # e.g. a tournament's table
    assert service.live_tables.in_channel(8).public_language == "en"
    await service.close()


async def test_the_end_and_the_last_result_are_shown_in_the_tables_language(store):
    service = service_of(store)
    alice, bob = ctx("alice", guild_locale="ja", locale="en-US"), ctx("bob", guild_locale="ja", locale="en-US")
    await service.join(alice, "countdown")
    await service.join(bob)
    await service.start(alice)
    await service.act(alice, "bet odd")
    await service.act(bob, "bet even")
    replies = []
    while service.live_tables.in_channel(1) is not None:
        table = service.live_tables.in_channel(1)
        seat = min(table.game.to_act(table.state))
        replies = await service.act([alice, bob][seat], "add 3")
    end = [r for r in replies if not r.private]
    assert end and all(r.locale == "ja" for r in end)
    again = (await service.board(bob, "result"))[0]         # /board result after the end: the last result
    assert not again.private and again.locale == "ja" and "ゲーム終了" in shown(again, "en")
    final = (await service.board(bob))[0]                   # /board after the end: the final position
    assert not final.private and final.locale == "ja" and "これは最終局面です。" in shown(final, "en")
    await service.close()


async def test_a_console_table_speaks_the_consoles_language(store):
    import io
    from bot.console import Console
    service = service_of(store)
    out = io.StringIO()
    console = Console(service, I18N, "/tmp/unused", "ja", out=out)
    await console.handle("alice> /join countdown")
    table = next(iter(service.live_tables.all()))
    assert table.public_language == "ja"
    assert "が" in out.getvalue() and "の卓を立てました" in out.getvalue()
    await service.close()
