"""/resign and /abort ask first: a private question with a confirm and a cancel button; only the
asker's click on a confirmation that is still open, not expired and for the table as it stands
acts. Everything else is refused with the reason and changes nothing."""
from __future__ import annotations

import json

from bot.service import confirm
from tests.conftest import ctx
from tests.helpers import text_of


async def started(service, *users, channel=1):
    await service.join(ctx(users[0], channel), "countdown")
    for user in users[1:]:
        await service.join(ctx(user, channel))
    r = await service.start(ctx(users[0], channel))
    assert not r[0].error, text_of(r)
    return service.live_tables.in_channel(channel)


async def stored(store, table_id: int):
    record = await store.table(table_id)
    return record.status, record.version, [s.resigned for s in record.seats], json.loads(record.snapshot_text or "null")


async def test_resign_asks_and_only_the_confirm_button_resigns(service, store):
    table = await started(service, "alice", "bob", "carol")
    before = await stored(store, table.id)
    asked = await service.resign(ctx("bob"))
    question = asked[0]
    assert question.private and not question.error
    assert "Resign from this game of Countdown (test game)? The computer plays your seat from then on." in text_of(asked)
    assert "Confirm within 2 minutes." in text_of(asked) and "2分以内" in text_of(asked, "ja")
    assert [(b.label, b.style) for b in question.buttons] == [("Resign", "danger"), ("Keep playing", "secondary")]
    assert all(b.custom_id.startswith(f"bt:q:{table.id}:{table.version}:resign:") for b in question.buttons)
    assert await stored(store, table.id) == before and not table.seats[1].resigned      # asking changes nothing
    yes, no = (b.custom_id for b in question.buttons)
    r = await service.button(ctx("carol"), yes)
    assert r[0].error and "belongs to the player who asked for it; use /resign yourself" in text_of(r)
    assert await stored(store, table.id) == before
    r = await service.button(ctx("bob"), yes)
    assert not r[0].error and "Bob resigns." in text_of(r) and table.seats[1].resigned
    r = await service.button(ctx("bob"), yes)                   # answered once
    assert r[0].error and "no longer open" in text_of(r)


async def test_cancel_and_a_renewed_question(service, store):
    table = await started(service, "alice", "bob")
    first = (await service.resign(ctx("bob")))[0].buttons
    second = (await service.resign(ctx("bob")))[0].buttons     # asking again replaces the first question
    before = await stored(store, table.id)
    r = await service.button(ctx("bob"), first[0].custom_id)
    assert r[0].error and "That confirmation is no longer open, so nothing changed. Use /resign again" in text_of(r)
    r = await service.button(ctx("bob"), second[1].custom_id)
    assert not r[0].error and r[0].private and text_of(r) == "Cancelled: nothing changed."
    r = await service.button(ctx("bob"), second[0].custom_id)
    assert r[0].error and "no longer open" in text_of(r)
    assert await stored(store, table.id) == before and service.live_tables.in_channel(1) is table


async def test_an_expired_confirmation_is_refused(service, store):
    now = [1000.0]
    service.confirmations.now = lambda: now[0]
    table = await started(service, "alice", "bob")
    yes = (await service.resign(ctx("alice")))[0].buttons[0].custom_id
    now[0] += confirm.VALID_SECONDS + 1
    before = await stored(store, table.id)
    r = await service.button(ctx("alice"), yes)
    assert r[0].error and "That confirmation has expired (it is valid for 2 minutes), so nothing changed." in text_of(r)
    assert await stored(store, table.id) == before
    yes = (await service.resign(ctx("alice")))[0].buttons[0].custom_id
    now[0] += confirm.VALID_SECONDS - 1                         # still in time
    r = await service.button(ctx("alice"), yes)
    assert "Alice resigns." in text_of(r) and "Game over." in text_of(r)


async def test_a_move_in_between_makes_the_confirmation_stale(service, store):
    table = await started(service, "alice", "bob")
    yes = (await service.resign(ctx("bob")))[0].buttons[0].custom_id
    r = await service.act(ctx("alice"), "bet odd")
    assert not r[0].error
    before = await stored(store, table.id)
    r = await service.button(ctx("bob"), yes)
    assert r[0].error and "The game has moved on since you asked, so nothing changed. Use /resign again" in text_of(r)
    assert await stored(store, table.id) == before and not table.seats[1].resigned


async def test_a_player_is_told_when_resigning_ends_the_game(service):
    await started(service, "alice", "bob", "carol")
    ends = "Too few players would be left, so the game ends."
    assert ends not in text_of(await service.resign(ctx("alice")))
    yes = (await service.resign(ctx("bob")))[0].buttons[0].custom_id
    await service.button(ctx("bob"), yes)
    asked = await service.resign(ctx("alice"))                  # Carol would be left alone
    assert ends in text_of(asked)
    r = await service.button(ctx("alice"), asked[0].buttons[0].custom_id)
    assert "Game over." in text_of(r)


async def test_abort_asks_in_the_lobby_and_in_the_game(service, store):
    await service.join(ctx("alice"), "countdown")
    await service.join(ctx("bob"))
    r = await service.abort(ctx("bob"))
    assert r[0].error and "host (Alice) or a moderator" in text_of(r) and not r[0].buttons
    asked = await service.abort(ctx("alice"))
    assert "Close this Countdown (test game) table? Everyone seated leaves it." in text_of(asked)
    assert [b.label for b in asked[0].buttons] == ["Close the table", "Keep the table"]
    lobby_yes = asked[0].buttons[0].custom_id
    await service.start(ctx("alice"))                           # the table changed: the lobby's question is stale
    r = await service.button(ctx("alice"), lobby_yes)
    assert r[0].error and "moved on" in text_of(r) and service.live_tables.in_channel(1) is not None
    asked = await service.abort(ctx("carol", is_moderator=True))
    assert "Close this Countdown (test game) table for everyone? The game ends here without a result." in text_of(asked)
    r = await service.button(ctx("carol", is_moderator=True), asked[0].buttons[0].custom_id)
    assert "Carol aborts the Countdown (test game) table." in text_of(r) and service.live_tables.in_channel(1) is None
    assert (await store.table(r[0].table_id or 1)).status == "aborted"


async def test_forged_and_foreign_confirmations(service, store):
    table = await started(service, "alice", "bob")
    before = await stored(store, table.id)
    for custom in (f"bt:q:{table.id}:0:resign:zzzzzzzz:yes", f"bt:q:{table.id}:0:resign:0123abcd:yes",
                   f"bt:q:{table.id}:0:undo:0123abcd:yes", "bt:q:", "bt:q:99:0:abort:0123abcd:yes"):
        r = await service.button(ctx("alice"), custom)
        assert r[0].error and r[0].private, custom
    yes = (await service.resign(ctx("alice")))[0].buttons[0].custom_id
    r = await service.button(ctx("alice", channel=2), yes)        # the same click from another channel
    assert r[0].error
    assert await stored(store, table.id) == before
