"""Computer levels are named in the table's language everywhere (the /addbot answer, the lobby,
the refusal that lists them, /addbot's choices), a computer's seat has a short name in it, and
a level may be typed by its key or its name in either language. Names stored before stay."""
import itertools

from bot.i18n import I18n, game_packages
from bot.service import TableService
from bot.store import SeatRecord
from bot.table.live import LiveTable
from bot.table.levels import level_named, seat_name, table_levels
from games import registry
from tests.conftest import TEST_GAME, ctx, make_settings

I18N = I18n(game_packages([registry.get("carcassonne")]))


def service_of(store) -> TableService:
    seeds = itertools.count(300)
    return TableService(store, make_settings(games={"enabled": ("carcassonne",)}), seed_source=lambda: next(seeds), render=False)


def table_of(service: TableService) -> LiveTable:
    table = service.live_tables.in_channel(1)
    assert table is not None
    return table


def public(replies) -> str:
    return "\n".join(I18N.lines(r.lines, r.locale, r.names) for r in replies if not r.private)


def private(replies, reader: str) -> str:
    return "\n".join(I18N.lines(r.lines, reader, r.names) for r in replies if r.private)


async def test_levels_in_english(store):
    service = service_of(store)
    alice = ctx("alice", guild_locale="en-US", locale="en-US")
    await service.join(alice, "carcassonne")
    said = public(await service.addbot(alice, "greedy"))
    assert "A computer player (normal) takes a seat." in said and "CPU 1 (normal)" in said
    said = public(await service.addbot(alice, "Weak"))        # a level's name works as well as its key
    assert "A computer player (weak) takes a seat." in said and "CPU 2 (weak)" in said
    refused = private(await service.addbot(alice, "genius"), "en")
    assert "There is no computer level 'genius'. Levels: weak, normal, strong." in refused
    assert [s.name for s in table_of(service).seats] == ["Alice", "CPU 1 (normal)", "CPU 2 (weak)"]
    assert [s.level for s in table_of(service).seats] == [None, "greedy", "random"]
    choices = service.autocomplete.level(alice, "")
    assert [level for level, _ in choices] == ["random", "greedy", "strong"]
    assert I18N.render(choices[1][1], "en") == "normal: takes the move worth most right now, one move ahead"
    await service.close()


async def test_levels_in_japanese(store):
    service = service_of(store)
    hiro = ctx("alice", guild_locale="ja", locale="ja")
    await service.join(hiro, "carcassonne")
    said = public(await service.addbot(hiro, "ふつう"))
    assert "コンピューター（ふつう）が着席しました。" in said and "CPU 1（ふつう）" in said
    said = public(await service.addbot(hiro, "random"))
    assert "コンピューター（よわい）が着席しました。" in said
    refused = private(await service.addbot(hiro, "genius"), "ja")
    assert "レベル：よわい、ふつう、つよい。" in refused
    said += public(await service.addbot(hiro, "strong"))
    assert "コンピューター（つよい）が着席しました。" in said
    for text in (said, refused):
        assert not any(word in text for word in ("random", "greedy", "strong", "weak", "normal")), text
    assert [s.name for s in table_of(service).seats] == ["Alice", "CPU 1（ふつう）", "CPU 2（よわい）", "CPU 3（つよい）"]
    assert [level for level, _ in service.autocomplete.level(hiro, "つよい")] == ["strong"]
    assert [level for level, _ in service.autocomplete.level(hiro, "よわい")] == ["random"]
    assert I18N.render(service.autocomplete.level(hiro, "")[0][1], "ja") == "よわい：指せる手の中からでたらめに選ぶ"
    await service.close()


def test_names_and_keys():
    assert level_named("STRONG", ["random", "greedy", "strong"]) == "strong"
    assert level_named("つよい", ["random", "greedy", "strong"]) == "strong"
    assert level_named("normal", ["random", "greedy"]) == "greedy"
    assert level_named("strong", ["random", "greedy"]) is None
    assert table_levels(registry.get("carcassonne")) == ["random", "greedy", "strong"]
    assert table_levels(registry.load(TEST_GAME)) == ["random"]                  # no search: no strong
    for searched_not_offered in ("stoneage", "florenza"):    # searched in the arena, no better than greedy yet
        game = registry.get(searched_not_offered)
        assert game is not None and game.supports_search()
        assert table_levels(game) == ["random", "greedy"]
    assert I18N.render(seat_name(2, "strong"), "en") == "CPU 2 (strong)"
    assert I18N.render(seat_name(2, "strong"), "ja") == "CPU 2（つよい）"


async def test_seat_names_stored_before_stay(store):
    service = service_of(store)
    alice = ctx("alice")
    await service.join(alice, "carcassonne")
    table = table_of(service)
    await store.put_seats(table.id, table.seats + [SeatRecord(1, None, "Computer 1 (greedy)", True, "greedy")])
    await service.close()
    again = service_of(store)
    await again.restore()
    await again.addbot(alice, "random")
    await again.start(alice)
    restored = table_of(again)
    assert sorted(s.name for s in restored.seats) == ["Alice", "CPU 2 (weak)", "Computer 1 (greedy)"]
    await again.close()


async def test_help_says_what_each_level_is_and_how_strong(store):
    service = service_of(store)
    english = private(await service.help(ctx("alice")), "en")
    assert "/addbot [LEVEL] — seat a computer player: weak, normal or strong (below)" in english
    assert "Computer levels (/addbot LEVEL):\nweak: moves at random" in english
    assert "strong beat normal in 12 of 20 two-player games (60 %, by 5.2 points on average)" in english
    assert "small sample" in english and "39 % to 78 %" in english
    assert "strong is offered in: Carcassonne." in english
    game = private(await service.help(ctx("alice"), "carcassonne"), "en")
    assert "Computer levels at a Carcassonne table: weak, normal, strong (/addbot LEVEL)." in game

    japanese = private(await service.help(ctx("alice", locale="ja")), "ja")
    assert "よわい：指せる手の中からでたらめに選ぶ" in japanese and "つよい：1手に約1秒考え" in japanese
    assert "2人戦20局中12勝（60%、平均5.2点差）" in japanese
    assert "本当の勝率は39%〜78%のどこか" in japanese and "つよいを選べるゲーム：カルカソンヌ。" in japanese
    game = private(await service.help(ctx("alice", locale="ja"), "carcassonne"), "ja")
    assert "カルカソンヌの卓のコンピューターのレベル：よわい、ふつう、つよい（/addbot レベル）。" in game
    await service.close()
