"""/undo: the mover's own take-back at once, consent buttons otherwise, refusals with reasons, the game's reveals() contract (test game and
Carcassonne), and store and memory staying one after a take-back (also across a restart)."""
from __future__ import annotations

import json

from tests.conftest import ctx
from tests.helpers import confirmed, text_of


async def start(bot, *users, game="countdown", channel=1, bots=0):
    await bot.service.join(ctx(users[0], channel), game)
    for user in users[1:]:
        await bot.service.join(ctx(user, channel))
    for _ in range(bots):
        await bot.service.addbot(ctx(users[0], channel), "random")
    r = await bot.service.start(ctx(users[0], channel))
    assert not r[0].error, text_of(r)
    return bot.service.live_tables.in_channel(channel)


async def consistent(bot, table) -> None:
    record = await bot.store.table(table.id)
    assert record.version == table.version
    assert json.loads(record.snapshot_text) == table.game.to_json(table.state)
    assert table.game.to_json(await bot.service.replay(table.id)) == table.game.to_json(table.state)
    assert json.loads(table.snapshot) == table.game.to_json(table.state)


def buttons_of(replies) -> list[str]:
    return [b.custom_id for r in replies for b in r.buttons]


def labels_of(replies) -> list[str]:
    return [b.label for r in replies for b in r.buttons]


def at_turn(custom_id: str, turn: int) -> str:
    """A move component's custom_id as it is sent at another turn serial (bt:KIND:TABLE:TURN:...)."""
    parts = custom_id.split(":")
    if parts[1] in ("a", "c", "p", "s"):
        parts[3] = str(turn)
    return ":".join(parts)


async def test_own_move_is_taken_back_at_once(bot):
    """Nobody has moved since: the mover takes it back with no vote, and the turn is as before it."""
    table = await start(bot, "alice", "bob")
    await bot.service.act(ctx("alice"), "bet odd")
    await bot.service.act(ctx("bob"), "bet even")
    before = await bot.service.turn_message(1)
    version = table.version
    r = await bot.service.act(ctx("alice"), "add 2")
    old = [c for c in buttons_of(r) if c.startswith(f"bt:a:{table.id}:")]
    assert old and table.version == version + 1
    r = await bot.plugins.undo.request(ctx("bob"))
    assert r[0].error and "Only Alice, who made the last move, can ask" in text_of(r)
    r = await bot.plugins.undo.request(ctx("alice"))
    assert not r[0].error and not r[0].private and ctx("bob").user_id not in r[0].mentions, text_of(r)
    assert "Alice takes back their move add 2 (nobody had moved since)." in text_of(r)
    assert "が自分の手「add 2」を取り消しました" in text_of(r, "ja")
    assert "do you agree" not in text_of(r) and "Agree" not in [b.label for x in r for b in x.buttons]
    assert table.state.total == 0 and table.version == version
    assert await bot.store.undone(table.id) == ["add 2"]
    await consistent(bot, table)
    # the turn message and its buttons are those of before the move, under a new turn serial
    after = await bot.service.turn_message(1)
    assert text_of(after) == text_of(before) and labels_of(after) == labels_of(before)
    assert buttons_of(after) == [at_turn(c, table.turn_serial) for c in buttons_of(before)]
    assert table.turn_serial > version + 1
    # a button of the turn after the undone move is stale
    r = await bot.service.button(ctx("bob"), old[0])
    assert r[0].error and "no longer open" in text_of(r) and table.state.total == 0 and table.version == version
    r = await bot.service.act(ctx("alice"), "add 3")          # the freed log position is used again
    assert not r[0].error and table.state.total == 3


async def test_a_button_of_an_undone_turn_stays_stale_after_the_mover_moves_again(bot):
    """After an undo and a new move the version is the same again; the undone turn's buttons
    are still refused (also after a restart), the new turn's are accepted."""
    table = await start(bot, "alice", "bob")
    await bot.service.act(ctx("alice"), "bet odd")
    await bot.service.act(ctx("bob"), "bet even")
    undone_turn = [c for c in buttons_of(await bot.service.act(ctx("alice"), "add 2")) if c.startswith("bt:a:")]
    assert undone_turn
    r = await bot.plugins.undo.request(ctx("alice"))
    assert "takes back their move add 2" in text_of(r), text_of(r)
    new_turn = [c for c in buttons_of(await bot.service.act(ctx("alice"), "add 3")) if c.startswith("bt:a:")]
    version = table.version
    assert new_turn and table.state.total == 3 and set(new_turn).isdisjoint(undone_turn)
    for clicked in undone_turn[:1]:
        r = await bot.service.button(ctx("bob"), clicked)
        assert r[0].error and "no longer open" in text_of(r), text_of(r)
        assert "もう選べません" in text_of(r, "ja"), text_of(r, "ja")
        assert table.state.total == 3 and table.version == version
    await bot.restart()
    table = bot.service.live_tables.in_channel(1)
    assert table.takebacks == 1 and (await bot.store.table(table.id)).takebacks == 1
    r = await bot.service.button(ctx("bob"), undone_turn[0])
    assert r[0].error and "no longer open" in text_of(r) and table.version == version, text_of(r)
    r = await bot.service.button(ctx("bob"), new_turn[0])
    assert not r[0].error and table.version == version + 1, text_of(r)
    await consistent(bot, table)


HINT = "Changed your mind? /undo takes this move back as long as nobody has moved since."


async def chosen_in_the_panel(bot, user: str) -> list:
    """``user`` opens their panel and picks its first move; the replies to that click."""
    panel = await bot.service.panel(ctx(user))
    first = next(b.custom_id for r in panel for b in r.buttons if b.custom_id.startswith("bt:c:"))
    replies = await bot.service.button(ctx(user), first)
    assert not replies[0].error, text_of(replies)
    return replies


async def test_the_private_reply_to_a_move_says_that_undo_takes_it_back(bot):
    table = await start(bot, "alice", "bob")
    await bot.service.act(ctx("alice"), "bet odd")
    await bot.service.act(ctx("bob"), "bet even")
    replies = await chosen_in_the_panel(bot, "alice")
    mine = [r for r in replies if r.private]
    assert mine and "You chose: " in text_of(mine) and HINT in text_of(mine), text_of(replies)
    assert "考え直しましたか？　まだ誰も動いていなければ、「/undo」でこの手を取り消せます。" in text_of(mine, "ja")
    assert HINT not in text_of([r for r in replies if not r.private])        # only the mover reads it
    r = await bot.plugins.undo.request(ctx("alice"))                          # and it is so
    assert "takes back their move" in text_of(r) and table.state.total == 0, text_of(r)


async def test_no_undo_hint_once_a_computer_has_moved_after_it(bot):
    await start(bot, "alice", bots=1)
    await bot.service.act(ctx("alice"), "bet odd")
    replies = await chosen_in_the_panel(bot, "alice")                          # the computer answers at once
    assert "You chose: " in text_of(replies) and HINT not in text_of(replies), text_of(replies)


async def test_restart_after_own_take_back(bot):
    table = await start(bot, "alice", "bob")
    await bot.service.act(ctx("alice"), "bet odd")
    await bot.service.act(ctx("bob"), "bet even")
    await bot.service.act(ctx("alice"), "add 1")
    await bot.service.act(ctx("bob"), "add 2")
    version = table.version
    r = await bot.plugins.undo.request(ctx("bob"))
    assert "Bob takes back their move add 2 (nobody had moved since)." in text_of(r), text_of(r)
    assert table.state.total == 1 and table.version == version - 1
    await bot.restart()
    table = bot.service.live_tables.in_channel(1)
    assert table.state.total == 1 and table.version == version - 1 and table.game.to_act(table.state) == {1}
    await consistent(bot, table)
    r = await bot.service.act(ctx("bob"), "add 3")
    assert not r[0].error and table.state.total == 4
    await consistent(bot, table)


async def test_once_another_player_moved_it_is_theirs_to_take_back(bot):
    """In the simultaneous bets as in turns: the last move is the only one to take back, and only
    by the one who made it."""
    table = await start(bot, "alice", "bob", "carol")
    await bot.service.act(ctx("alice"), "bet odd")
    await bot.service.act(ctx("bob"), "bet even")
    r = await bot.plugins.undo.request(ctx("alice"))
    assert r[0].error and "Only Bob, who made the last move, can ask" in text_of(r)
    assert table.state.bets[0] == "odd"
    r = await bot.plugins.undo.request(ctx("bob"))
    assert "Bob takes back their hidden move (nobody had moved since)." in text_of(r) and "even" not in text_of(r)
    assert table.state.bets == ["odd", None, None]
    await consistent(bot, table)


async def test_take_back_with_consent(bot):
    """A computer moved right after the person: not their own move alone any more, so the others vote."""
    table = await start(bot, "alice", "bob", bots=1)
    await bot.service.act(ctx("alice"), "bet odd")
    await bot.service.act(ctx("bob"), "bet even")
    await bot.service.act(ctx("alice"), "add 1")
    r = await bot.service.act(ctx("bob"), "add 2")            # the computer answers at once
    total = table.state.total
    assert total > 3
    actions = await bot.store.actions(table.id)
    assert actions[-1].by_computer and actions[-2].text == "add 2"
    computer = actions[-1].text
    version = table.version
    r = await bot.plugins.undo.request(ctx("alice"))
    assert r[0].error and "Only Bob, who made the last move, can ask" in text_of(r)
    r = await bot.plugins.undo.request(ctx("bob"))
    assert not r[0].private and "Bob asks to take back their last move (add 2). Alice: do you agree?" in text_of(r)
    assert r[0].mentions == [ctx("alice").user_id] and [b.label for b in r[0].buttons] == ["Agree", "Refuse"]
    agree = r[0].buttons[0].custom_id
    r = await bot.service.button(ctx("bob"), agree)
    assert r[0].error and "the other players answer" in text_of(r)
    r = await bot.service.button(ctx("alice"), agree)
    assert "Bob's move add 2 is taken back." in text_of(r) and "Your move, Bob." in text_of(r)
    assert "The computer's moves after it are taken back too (1)." in text_of(r)
    assert table.state.total == 1 and table.version == version - 2
    await consistent(bot, table)
    assert await bot.store.undone(table.id) == ["add 2", computer]
    r = await bot.service.button(ctx("alice"), agree)
    assert r[0].error and "no longer open" in text_of(r)
    r = await bot.service.act(ctx("bob"), "add 3")            # the freed log positions are used again
    assert not r[0].error and table.state.total > 4
    await bot.restart()
    table = bot.service.live_tables.in_channel(1)
    assert table.state.total > 4
    await consistent(bot, table)


async def test_refusal_and_moving_on_end_the_request(bot):
    table = await start(bot, "alice", "bob", "carol", bots=1)
    for user in ("alice", "bob", "carol"):
        await bot.service.act(ctx(user), "bet odd")
    await bot.service.act(ctx("alice"), "add 1")
    await bot.service.act(ctx("bob"), "add 1")
    await bot.service.act(ctx("carol"), "add 1")              # the computer answers at once
    total = table.state.total
    r = await bot.plugins.undo.request(ctx("carol"))
    yes, no = (b.custom_id for b in r[0].buttons)
    r = await bot.service.button(ctx("alice"), yes)
    assert "Alice agrees. Still waiting for: Bob." in text_of(r)
    r = await bot.service.button(ctx("bob"), no)
    assert "Bob does not agree: the move stands." in text_of(r) and table.state.total == total
    r = await bot.plugins.undo.request(ctx("carol"))
    yes = r[0].buttons[0].custom_id
    await bot.service.act(ctx("alice"), "add 1")              # the game moves on
    r = await bot.service.button(ctx("bob"), yes)
    assert r[0].error and "no longer open" in text_of(r) and table.state.total == total + 1


async def test_alone_with_computers_takes_back_their_replies_too(bot):
    table = await start(bot, "alice", bots=1)
    await bot.service.act(ctx("alice"), "bet odd")
    total = table.state.total
    r = await bot.service.act(ctx("alice"), "add 1")          # the computer answers at once
    assert table.state.total > total + 1
    actions = await bot.store.actions(table.id)
    assert actions[-1].by_computer
    r = await bot.plugins.undo.request(ctx("alice"))
    text = text_of(r)
    assert "Alice's move add 1 is taken back." in text and "The computer's moves after it are taken back too (1)." in text
    assert table.state.total == total
    await consistent(bot, table)


async def test_refusals_say_why(bot, clock):
    r = await bot.plugins.undo.request(ctx("alice"))
    assert r[0].error and "no running game" in text_of(r)
    await start(bot, "alice", "bob")
    r = await bot.plugins.undo.request(ctx("alice"))
    assert r[0].error and "Nothing to take back yet" in text_of(r)
    r = await bot.plugins.undo.request(ctx("carol"))
    assert r[0].error and "Only players in the game" in text_of(r)
    await bot.service.act(ctx("alice"), "bet odd")
    clock.advance(3600)
    await bot.due()                                           # Bob's time runs out
    r = await bot.plugins.undo.request(ctx("alice"))
    assert r[0].error and "was a timeout; it cannot be taken back" in text_of(r)
    await start(bot, "alice", "bob", "carol", channel=2)
    await confirmed(bot.service, ctx("carol", 2), "resign")
    r = await bot.plugins.undo.request(ctx("alice", 2))
    assert r[0].error and "was a resignation" in text_of(r)
    await start(bot, "alice", "bob", game="secretive", channel=3)
    await bot.service.act(ctx("alice", 3), "bet odd")
    r = await bot.plugins.undo.request(ctx("alice", 3))
    assert r[0].error and "Secretive (test game) does not support taking moves back." in text_of(r)


def test_countdown_reveals_only_the_end():
    from tests.toygame import GAME
    from tests.toygame.actions import Add, Bet

    state = GAME.setup(2, frozenset(), 7)
    assert not GAME.reveals(state, 0, Bet("odd"), [])
    state.total = 17
    assert not GAME.reveals(state, 0, Add(3), [])
    assert GAME.reveals(state, 0, Add(3 + 1), [])


async def test_carcassonne_allows_only_the_staged_placement(bot):
    table = await start(bot, "alice", "bob", game="carcassonne")
    game = table.game
    staged = None
    for action in game.legal_actions(table.state, 0):
        trial = game.from_json(game.to_json(table.state))
        game.apply(trial, 0, action)
        if trial.phase == "deploy":
            staged = action
            break
    assert staged is not None and staged.deploy is None
    drawn = table.state.drawn
    r = await bot.service.act(ctx("alice"), str(staged))
    assert not r[0].error and table.state.phase == "deploy"
    r = await bot.plugins.undo.request(ctx("alice"))
    assert not r[0].error, text_of(r)
    assert f"Alice takes back their move {staged} (nobody had moved since)." in text_of(r)
    assert table.state.phase == "place" and table.state.drawn == drawn and table.state.placements == game.setup(
        2, table.options, table.seed).placements
    await consistent(bot, table)
    r = await bot.service.act(ctx("alice"), f"{staged} -")     # placed and finished: the next tile is drawn
    assert not r[0].error, text_of(r)
    r = await bot.plugins.undo.request(ctx("alice"))
    assert r[0].error and "showed something random or hidden" in text_of(r)
    fresh = game.setup(2, table.options, table.seed)
    assert game.reveals(fresh, 0, staged, []) is False
    assert game.reveals(fresh, 0, game.parse(fresh, 0, f"{staged} -"), []) is True


async def test_a_secret_move_is_not_named_when_taken_back(bot):
    """The test game lets a secret bet be taken back; the answer, public, must not say which bet
    it was."""
    table = await start(bot, "alice", "bob")
    await bot.service.act(ctx("alice"), "bet odd")
    r = await bot.plugins.undo.request(ctx("alice"))
    assert "Alice takes back their hidden move (nobody had moved since)." in text_of(r) and "odd" not in text_of(r)
    assert "が自分の非公開の手を取り消しました" in text_of(r, "ja")
    assert table.state.bets[0] is None
