"""The table service with the real SQLite store and the test game."""
import asyncio

import pytest

from bot.table.context import Ctx
from bot.service import TableService
from tests.conftest import ctx, make_settings, settings_for
from tests.helpers import confirmed, text_of


async def seated(service, *users, channel=1, game="countdown"):
    await service.join(ctx(users[0], channel), game)
    for user in users[1:]:
        await service.join(ctx(user, channel))


async def started(service, *users, channel=1):
    await seated(service, *users, channel=channel)
    return await service.start(ctx(users[0], channel))


async def bet_all(service, *users, channel=1):
    for user in users:
        replies = await service.act(ctx(user, channel), "bet odd")
        assert not replies[0].error, text_of(replies)
    return replies


async def test_join_opens_then_seats_in_order(service, store):
    r = await service.join(ctx("alice"), "countdown")
    assert "Alice opens a table for Countdown" in text_of(r)
    assert [b.label for b in r[0].buttons] == ["Join", "Leave", "Start"]
    r = await service.join(ctx("bob"))
    assert "Seated (2/4): Alice, Bob" in text_of(r)
    record = (await store.open_tables())[0]
    assert [s.name for s in record.seats] == ["Alice", "Bob"]


async def test_join_errors(service):
    r = await service.join(ctx("alice"))
    assert r[0].error and r[0].private and "Open one with /join <game>" in text_of(r) and "countdown" in text_of(r)
    r = await service.join(ctx("alice"), "chess")
    assert r[0].error and "There is no game 'chess'. Games: countdown." in text_of(r)
    await service.join(ctx("alice"), "countdown")
    r = await service.join(ctx("alice"))
    assert r[0].error and "already seated" in text_of(r)
    for user in ("bob", "carol", "dave"):
        await service.join(ctx(user))
    r = await service.join(ctx("erin"))
    assert r[0].error and "full (4 of 4" in text_of(r)


async def test_leave_before_start_and_host_handover(service):
    await seated(service, "alice", "bob")
    r = await service.leave(ctx("alice"))
    assert "Alice leaves the table" in text_of(r) and "Seated (1/4): Bob" in text_of(r)
    assert service.live_tables.in_channel(1).host_id == ctx("bob").user_id
    r = await service.leave(ctx("bob"))
    assert "table is closed" in text_of(r)
    assert service.live_tables.in_channel(1) is None
    r = await service.leave(ctx("bob"))
    assert r[0].error


async def test_options_list_toggle_conflict_and_after_start(service):
    await seated(service, "alice", "bob")
    r = await service.option(ctx("alice"))
    assert r[0].private and "[ ] long" in text_of(r) and "not available yet" in text_of(r)
    r = await service.option(ctx("alice"), "wide")
    assert "Alice switches wide on" in text_of(r) and "Options: wide" in text_of(r)
    r = await service.option(ctx("bob"), "narrow")
    assert r[0].error and "cannot be combined with wide" in text_of(r)
    r = await service.option(ctx("bob"), "bogus")
    assert r[0].error and "Options for this game: long, wide, narrow, mirror" in text_of(r)
    r = await service.option(ctx("carol"), "long")
    assert r[0].error and "Only seated players" in text_of(r)
    await service.start(ctx("alice"))
    r = await service.option(ctx("alice"), "long")
    assert r[0].error and "only be changed before /start" in text_of(r)
    assert service.live_tables.in_channel(1).options == {"wide"}


async def test_start_needs_enough_players(service):
    await service.join(ctx("alice"), "countdown")
    r = await service.start(ctx("alice"))
    assert r[0].error and "needs 2 to 4 players; seated now: 1" in text_of(r)
    assert service.live_tables.in_channel(1).status == "lobby"
    await service.join(ctx("bob"))
    r = await service.start(ctx("carol"))
    assert r[0].error and "Only seated players can start" in text_of(r)
    r = await service.start(ctx("bob"))
    assert not r[0].error and "begins: Alice, Bob" in text_of(r)
    assert r[0].image and r[0].image.startswith(b"\x89PNG")
    assert set(r[0].mentions) == {ctx("alice").user_id, ctx("bob").user_id}


async def test_a_whole_game_persists_every_action(service, store):
    await started(service, "alice", "bob")
    await bet_all(service, "alice", "bob")
    turn = 0
    users = ["alice", "bob"]
    while service.live_tables.in_channel(1) is not None:
        r = await service.act(ctx(users[turn % 2]), "add 3")
        assert not r[0].error, text_of(r)
        turn += 1
    assert "Game over." in text_of(r)
    table_id = r[0].table_id
    actions = await store.actions(table_id)
    assert [a.text for a in actions][:2] == ["bet odd", "bet odd"]
    assert len(actions) == 2 + turn
    results = await store.results(table_id)
    assert len(results) == 2 and {rank for _, _, rank, _ in results} <= {1, 2}
    assert (await store.table(table_id)).status == "finished"


async def test_out_of_turn_not_seated_and_illegal_change_nothing(service, store):
    await started(service, "alice", "bob")
    await bet_all(service, "alice", "bob")
    table = service.live_tables.in_channel(1)
    before = (table.version, table.game.to_json(table.state))
    cases = {
        ("bob", "add 1"): "not your turn: waiting for Alice",
        ("carol", "add 1"): "not seated at this table",
        ("alice", "add 9"): "You may add 1 to 3, not 9",
        ("alice", "jump"): "I can't read 'jump'",
        ("alice", "x" * 5000): "too long",
        ("alice", "\x00\x01\xff\ud800"): "I can't read",
        ("alice", ""): "Write your move",
        ("alice", "add ²"): "I can't read 'add ²'",      # found by the fuzz suite: int('²') failed
    }
    for (user, text), expected in cases.items():
        r = await service.act(ctx(user), text)
        assert r[0].error and r[0].private, text
        assert expected in text_of(r), (text, text_of(r))
    assert (table.version, table.game.to_json(table.state)) == before
    assert len(await store.actions(table.id)) == 2


async def test_act_without_table_or_before_start(service):
    r = await service.act(ctx("alice"), "add 1")
    assert r[0].error and "No table is open here" in text_of(r)
    await seated(service, "alice", "bob")
    r = await service.act(ctx("alice"), "add 1")
    assert r[0].error and "has not started yet" in text_of(r)


async def test_wrong_verb_is_explained(service):
    await started(service, "alice", "bob")
    r = await service.act_verb(ctx("alice"), "place", "bet odd")
    assert r[0].error and "has no /place. Use /bid" in text_of(r)
    r = await service.act_verb(ctx("alice"), "bid", "odd")      # '/bid odd' reads as 'bet odd'? no: 'bid odd'
    assert r[0].error


async def test_two_commands_at_the_same_instant(service, store):
    await started(service, "alice", "bob")
    await bet_all(service, "alice", "bob")
    results = await asyncio.gather(service.act(ctx("alice"), "add 1"), service.act(ctx("alice"), "add 2"))
    errors = [r for r in results if r[0].error]
    assert len(errors) == 1 and "not your turn" in text_of(errors[0])
    table = service.live_tables.in_channel(1)
    assert table.version == 3 and len(await store.actions(table.id)) == 3


async def test_same_user_in_two_channels(service):
    await started(service, "alice", "bob", channel=1)
    await started(service, "alice", "carol", channel=2)
    await bet_all(service, "alice", "bob", channel=1)
    r = await service.act(ctx("alice", 2), "add 1")
    assert r[0].error and "bet" in text_of(r)
    r = await service.act(ctx("alice", 1), "add 2")
    assert not r[0].error and "total is 2" in text_of(r)
    assert service.live_tables.in_channel(2).state.total == 0


async def test_stale_button_is_refused(service):
    await started(service, "alice", "bob")
    r = await service.act(ctx("alice"), "bet odd")
    old = r[0].buttons
    assert any(b.label == "bet even" for b in old)
    await service.act(ctx("bob"), "bet even")
    click = next(b for b in old if b.label == "bet even")
    r = await service.button(ctx("alice"), click.custom_id)
    assert r[0].error and "no longer open" in text_of(r)
    fresh = service.live_tables.in_channel(1)
    r2 = await service.act(ctx("alice"), "add 1", turn=fresh.turn_serial)
    assert not r2[0].error
    r = await service.button(ctx("alice"), "bt:a:999:0:add 1")
    assert r[0].error and "no longer open" in text_of(r)
    r = await service.button(ctx("alice"), "somebody-else")
    assert r[0].error


async def test_lobby_buttons(service):
    r = await service.join(ctx("alice"), "countdown")
    join, leave, start = r[0].buttons
    r = await service.button(ctx("bob"), join.custom_id)
    assert "Bob joins" in text_of(r)
    r = await service.button(ctx("bob"), start.custom_id)
    assert "begins" in text_of(r)


async def test_private_events_and_hand_are_private(service):
    await started(service, "alice", "bob")
    r = await service.act(ctx("alice"), "bet even")
    public = [x for x in r if not x.private]
    private = [x for x in r if x.private]
    assert "even" not in text_of(public)
    assert "You bet even" in text_of(private)
    r = await service.hand(ctx("alice"))
    assert r[0].private and "Your bet: even" in text_of(r)
    bonus = service.live_tables.in_channel(1).state.bonus[0]
    assert f"Your bonus card: {bonus}" in text_of(r)
    r = await service.hand(ctx("carol"))
    assert r[0].error and "not seated" in text_of(r)
    r = await service.board(ctx("carol"))
    assert not r[0].private and "even" not in text_of(r)


async def test_computer_players_move_by_themselves(service, store):
    await service.join(ctx("alice"), "countdown")
    r = await service.addbot(ctx("alice"), "genius")
    assert r[0].error and "Levels: weak" in text_of(r)
    await service.addbot(ctx("alice"))
    await service.addbot(ctx("alice"), "random")
    await service.start(ctx("alice"))
    r = await service.act(ctx("alice"), "bet odd")
    table = service.live_tables.in_channel(1)
    assert table.game.to_act(table.state) == {table.state.turn} and table.state.turn == 0
    # computers bet by themselves; each of alice's moves is followed by the computers' moves
    while service.live_tables.in_channel(1) is not None:
        r = await service.act(ctx("alice"), "add 1")
        assert not r[0].error, text_of(r)
    actions = await store.actions(r[0].table_id)
    assert any(a.by_computer for a in actions) and any(not a.by_computer for a in actions)


async def test_resign_hands_seat_to_computer_then_last_player_wins(service, store):
    await started(service, "alice", "bob", "carol")
    r = await confirmed(service, ctx("bob"), "resign")
    assert "Bob resigns" in text_of(r) and "computer plays Bob's seat" in text_of(r)
    assert service.live_tables.in_channel(1).state.bets[1] is not None   # the computer bet for Bob
    r = await service.act(ctx("bob"), "bet odd")
    assert r[0].error and "resigned" in text_of(r)
    r = await confirmed(service, ctx("carol"), "resign")
    assert "Carol resigns" in text_of(r) and "Game over." in text_of(r)
    assert service.live_tables.in_channel(1) is None
    results = {seat: rank for seat, _, rank, _ in await store.results(r[0].table_id)}
    assert results == {0: 1, 1: 2, 2: 2}


async def test_abort_only_host_or_moderator(service, store):
    await started(service, "alice", "bob")
    r = await confirmed(service, ctx("bob"), "abort")
    assert r[0].error and "host (Alice) or a moderator" in text_of(r)
    r = await confirmed(service, ctx("carol", is_moderator=True), "abort")
    assert "Carol aborts" in text_of(r)
    assert service.live_tables.in_channel(1) is None
    r = await service.join(ctx("bob"), "countdown")
    assert "opens a table" in text_of(r)


async def test_autocomplete_offers_legal_actions_filtered(service):
    await started(service, "alice", "bob")
    assert service.autocomplete.action(ctx("alice"), "") == ["bet odd", "bet even"]
    assert service.autocomplete.action(ctx("alice"), "ev") == ["bet even"]
    assert service.autocomplete.action(ctx("carol"), "") == []
    assert service.autocomplete.verb(ctx("alice"), "bid", "") == ["bet odd", "bet even"]
    assert [name for name, _ in service.autocomplete.option(ctx("alice"), "w")] == ["wide", "narrow"]
    assert service.autocomplete.game("count") == [("countdown", "Countdown (test game)")]


async def test_log_lists_actions(service):
    await started(service, "alice", "bob")
    await bet_all(service, "alice", "bob")
    r = await service.log_text(ctx("carol"))
    assert r[0].private and "1. Alice: (hidden)" in text_of(r) and "2. Bob: (hidden)" in text_of(r)
    r = await service.log_text(ctx("bob"))       # secret bets: each seat sees only its own
    assert "1. Alice: (hidden)" in text_of(r) and "2. Bob: bet odd" in text_of(r)


async def test_restart_restores_tables_from_the_store(store, tmp_path):
    from bot.service import TableService
    from tests.conftest import make_settings

    first = TableService(store, make_settings(), seed_source=lambda: 77)
    await first.join(ctx("alice"), "countdown")
    await first.join(ctx("bob"))
    await first.start(ctx("alice"))
    await first.act(ctx("alice"), "bet odd")
    await first.act(ctx("bob"), "bet even")
    await first.act(ctx("alice"), "add 2")
    await first.join(ctx("carol", 2), "countdown")
    before = first.live_tables.in_channel(1).game.to_json(first.live_tables.in_channel(1).state)
    await first.close()

    second = TableService(store, make_settings())
    await second.restore()
    table = second.live_tables.in_channel(1)
    assert table.version == 3 and table.game.to_json(table.state) == before
    assert second.live_tables.in_channel(2).status == "lobby"
    replayed = await second.replay(table.id)
    assert table.game.to_json(replayed) == before
    r = await second.act(ctx("bob"), "add 1")
    assert not r[0].error and "total is 3" in text_of(r)
    await second.close()


async def test_help_lists_commands(service):
    r = await service.help(ctx("alice"))
    text = text_of(r)
    for command in ("/join", "/option", "/start", "/addbot", "/board", "/hand", "/log", "/resign", "/abort"):
        assert command in text
    assert "ボードゲーム" in text_of(r, "ja")


async def test_a_refused_write_changes_nothing(service, store, store_maker):
    """The database refuses writes (SQLite query_only, PostgreSQL read-only): every command says
    so and memory stays as stored."""
    await seated(service, "alice", "bob")
    await service.start(ctx("alice"))
    await bet_all(service, "alice", "bob")
    await service.join(ctx("carol", 2), "countdown")
    table = service.live_tables.in_channel(1)
    before = (table.version, table.game.to_json(table.state))
    await store_maker.refuse_writes(store, True)
    r = await service.act(ctx("alice"), "add 2")
    assert r[0].error and "could not be saved, so nothing changed" in text_of(r)
    assert (table.version, table.game.to_json(table.state)) == before
    for call in (service.join(ctx("dave", 2)), service.option(ctx("carol", 2), "long"),
                 service.addbot(ctx("carol", 2)), service.leave(ctx("carol", 2)), service.join(ctx("erin", 3), "countdown")):
        r = await call
        assert r[0].error and "could not be saved, so nothing changed" in text_of(r), text_of(r)
    lobby = service.live_tables.in_channel(2)
    assert [s.name for s in lobby.seats] == ["Carol"] and lobby.options == frozenset()
    assert service.live_tables.in_channel(3) is None
    await store_maker.refuse_writes(store, False)
    r = await service.act(ctx("alice"), "add 2")
    assert not r[0].error and "total is 2" in text_of(r)
    assert [a.text for a in await store.actions(table.id)][-1] == "add 2"


async def test_games_that_favour_seat_zero_shuffle_the_seats(store):
    """Florenza's first captain is seat 0, so the table draws the seat order from its seed."""
    from bot.service import TableService
    from tests.conftest import make_settings

    orders = set()
    for seed in range(6):
        service = TableService(store, make_settings(games={"enabled": ("florenza",)}), seed_source=lambda: 500 + seed)
        channel = 100 + seed
        for user in ("alice", "bob", "carol"):
            await service.join(ctx(user, channel), "florenza")
        r = await service.start(ctx("alice", channel))
        assert not r[0].error
        table = service.live_tables.in_channel(channel)
        orders.add(tuple(table.names))
        assert [s.seat for s in table.seats] == [0, 1, 2]
        stored = await store.table(table.id)
        assert [s.name for s in stored.seats] == table.names
        await service.close()
    assert len(orders) > 1


async def test_a_failing_computer_player_keeps_the_human_move(store):
    """If a computer seat's player breaks, the human's accepted move stays and nothing half-applies."""
    from bot.service import TableService
    from games import registry
    from games.core import ComputerPlayer
    from tests.conftest import make_settings
    from tests.toygame.game import Countdown

    class Broken(ComputerPlayer):
        def choose(self, game, state, seat, rng):
            raise RuntimeError("broken computer player")

    class BrokenCountdown(Countdown):
        name = "brokencountdown"

        def computer_player(self, level="greedy"):
            return Broken()

    registry.register(BrokenCountdown())
    service = TableService(store, make_settings(games={"enabled": ("brokencountdown",)}), seed_source=lambda: 3)
    await service.join(ctx("alice", 9), "brokencountdown")
    await service.addbot(ctx("alice", 9))
    await service.start(ctx("alice", 9))
    r = await service.act(ctx("alice", 9), "bet odd")
    assert not r[0].error
    table = service.live_tables.in_channel(9)
    assert table.state.bets == ["odd", None] and table.version == 1
    assert [a.text for a in await store.actions(table.id)] == ["bet odd"]
    assert table.game.to_json(await service.replay(table.id)) == table.game.to_json(table.state)
    await service.close()


async def test_unknown_option_is_echoed_short(service):
    """Found by the fuzz suite: a 2000-character option name came back whole in the error."""
    await seated(service, "alice", "bob")
    r = await service.option(ctx("alice"), "x" * 2000)
    assert r[0].error and "There is no option 'xxx" in text_of(r) and len(text_of(r)) < 120
    assert service.live_tables.in_channel(1).options == frozenset()


async def test_board_with_an_unknown_region_is_refused_for_every_game(store):
    """Found by the fuzz suite: Quetzal drew only its header for an unknown region, Keyflower and
    Stone Age ignored it; now every renderer refuses a region it does not have."""
    games = ("keyflower", "quetzal", "stoneage", "carcassonne", "florenza")
    service = TableService(store, make_settings(games={"enabled": games}), seed_source=lambda: 7)
    for channel, game in enumerate(games, start=1):
        await seated(service, "alice", "bob", channel=channel, game=game)
        assert not (await service.start(ctx("alice", channel)))[0].error
        r = await service.board(ctx("alice", channel), "nowhere")
        assert r[0].error and "The board has no region 'nowhere'" in text_of(r), game
    await service.close()


@pytest.mark.parametrize("typed, guess", [("carcasonne", "carcassonne"), ("Stone Age", "stoneage"), ("keyflwoer", "keyflower"),
                                          ("florence", "florenza"), ("chess", None)])
async def test_a_mistyped_game_gets_did_you_mean(store, typed, guess):
    service = TableService(store, settings_for(rendering={"threads": 1}))
    r = await service.join(Ctx(1, "Ann", 77), typed)
    text = text_of(r)
    assert r[0].error and f"There is no game '{typed.lower()}'" in text and service.live_tables.in_channel(77) is None
    assert (f"Did you mean {guess}?" in text) if guess else ("Did you mean" not in text)
    await service.close()
