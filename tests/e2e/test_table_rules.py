"""Lobby options, who may act, private replies and the user's locale, as Discord users meet them."""
from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import (action_buttons, assert_healthy, assert_private, assert_public, bot_messages,
                                next_player, open_table, png_of, start_game)
from tests.fakediscord import HarnessError

pytestmark = pytest.mark.asyncio(loop_scope="session")

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


async def test_option_before_and_after_start(shared):
    fake = shared.fake
    channel = shared.channel("options")
    alice, bob = shared.users("op", 2)

    await alice.slash(channel, "join", game="carcassonne")
    listing = await alice.slash(channel, "option")
    assert_private(listing, "Options for Carcassonne:", "[ ] old")
    choices = await alice.autocomplete(channel, "option", "name", "ol")
    assert choices.ok and choices.values[0] == "old" and "Old farm rule" in choices.names[0]

    refused = await bob.slash(channel, "option", name="old")            # not seated
    assert_private(refused, "Only seated players can change options")
    on = await alice.slash(channel, "option", name="old")
    lobby = assert_public(on)
    assert "switches old on" in lobby.content and "Options: old" in lobby.content
    unknown = await alice.slash(channel, "option", name="flus")
    assert_private(unknown, "There is no option 'flus'", "fluss")
    river = assert_public(await alice.slash(channel, "option", name="fluss"))
    assert "switches fluss on" in river.content and "Options: fluss, old" in river.content
    river_off = assert_public(await alice.slash(channel, "option", name="fluss"))   # BSW: the same name again switches it off
    assert "switches fluss off" in river_off.content and "Options: old" in river_off.content

    await bob.slash(channel, "join")
    turn = await start_game(channel, bob)
    public_before = len(bot_messages(fake, channel))
    status_before = (await alice.slash(channel, "status")).messages[0].content

    late = await alice.slash(channel, "option", name="old")
    assert_private(late, "Options can only be changed before /start.")
    late_other = await bob.slash(channel, "option", name="fluss")
    assert_private(late_other, "Options can only be changed before /start.")

    assert len(bot_messages(fake, channel)) == public_before          # nothing announced
    assert (await alice.slash(channel, "status")).messages[0].content == status_before
    listing = await alice.slash(channel, "option")
    assert_private(listing, "[x] old", "[ ] fluss")
    # The game goes on as before: the player to move still can.
    player = next_player(turn.messages[0], [alice, bob])
    action = (await player.autocomplete(channel, "place", "action", "")).values[0]
    assert_public(await player.slash(channel, "place", action=action))
    assert_healthy(fake, shared.bot)


async def test_unseated_and_out_of_turn_users_get_private_errors(shared):
    fake = shared.fake
    channel = shared.channel("turns")
    alice, bob, eve = shared.users("tu", 3)

    await alice.slash(channel, "join", game="carcassonne")
    assert_private(await eve.slash(channel, "start"), "Only seated players can start the game.")
    assert_private(await eve.slash(channel, "leave"), "You are not seated at this table.")
    await bob.slash(channel, "join")
    turn = await start_game(channel, alice)
    mover = next_player(turn.messages[0], [alice, bob])
    waiter = bob if mover is alice else alice
    action = (await mover.autocomplete(channel, "place", "action", "")).values[0]
    public_before = len(bot_messages(fake, channel))

    outsider = await eve.slash(channel, "place", action=action)
    assert_private(outsider, "You are not seated at this table, so you cannot move.")
    early = await waiter.slash(channel, "place", action=action)
    assert_private(early, f"It is not your turn: waiting for {mover.global_name}.")
    assert (await waiter.autocomplete(channel, "place", "action", "")).values == []
    assert (await eve.autocomplete(channel, "place", "action", "")).values == []
    assert_private(await eve.slash(channel, "resign"), "You are not seated at this table.")
    assert_private(await bob.slash(channel, "abort"), "Only the table's host")
    assert_private(await alice.slash(channel, "leave"), "cannot leave now")
    assert len(bot_messages(fake, channel)) == public_before

    placed = await mover.slash(channel, "place", action=action)
    message = assert_public(placed)
    first = turn.messages[0]
    if action_buttons(first):          # placement buttons of the first turn are spent now
        stale = await mover.click(first, custom_id=action_buttons(first)[0].custom_id)
        assert_private(stale, "no longer open")
    buttons = action_buttons(message)
    assert buttons and buttons[-1].label == "-"          # the follower step, by buttons
    for user in (eve, waiter):                           # only the mover may click them
        assert_private(await user.click(message, custom_id=buttons[-1].custom_id))
    assert action_buttons(message) == buttons
    done = await mover.click(message, custom_id=buttons[-1].custom_id)
    assert f"{action} -" in assert_public(done).content         # "1. Name (R): H 0,-1 r0 -"
    png_of(done.messages[0])
    await fake.wait_for(lambda: not message.buttons, what="the spent follower buttons removed")
    assert_healthy(fake, shared.bot)


async def test_hand_status_and_log_are_ephemeral(shared):
    fake = shared.fake
    channel = shared.channel("hands")
    alice, bob, eve = shared.users("hd", 3)
    await open_table(channel, [alice, bob], "countdown")
    await start_game(channel, alice)

    assert_private(await alice.slash(channel, "hand"), "Your bonus card:")
    assert_private(await eve.slash(channel, "hand"), "You are not seated at this table")
    assert_private(await eve.slash(channel, "status"), "Countdown")
    assert_public(await alice.slash(channel, "play", action="bet odd"))
    # The bets are secret until the end: /log shows each player only their own.
    peek = assert_private(await bob.slash(channel, "log"), "Log (1 action, latest last)")
    assert "odd" not in peek.content
    assert_public(await bob.slash(channel, "play", action="bet even"))
    bobs = assert_private(await bob.slash(channel, "log"), "Log (2 actions", "bet even")
    alices = assert_private(await alice.slash(channel, "log"), "Log (2 actions", "bet odd")
    assert "odd" not in bobs.content and "even" not in alices.content
    assert_private(await bob.slash(channel, "hand"), "Your bet: even")
    public = "\n".join(m.content for m in fake.messages(channel))
    assert "Your bonus card" not in public and "bet odd" not in public and "bet even" not in public

    # A game with a hidden hand: the hand image too, by /hand or by the "My hand" button.
    quetzal = shared.channel("hands-quetzal")
    await open_table(quetzal, [alice, bob], "quetzal")
    turn = await start_game(quetzal, bob)
    hand = assert_private(await alice.slash(quetzal, "hand"), "Your hand:")
    png_of(hand, "hand.png")
    by_button = assert_private(await bob.click(turn.messages[0], "My hand"), "Your hand:")
    png_of(by_button, "hand.png")
    assert hand.content != by_button.content or hand.channel is by_button.channel
    assert_private(await eve.click(turn.messages[0], "My hand"), "You are not seated at this table")
    with pytest.raises(HarnessError):                      # nobody else can touch an ephemeral message
        await eve.click(by_button, index=0)
    assert all(not m.attachments or m.attachments[0].filename != "hand.png" for m in fake.messages(quetzal))

    carcassonne = shared.channel("hands-carcassonne")
    await open_table(carcassonne, [alice, bob], "carcassonne")
    await start_game(carcassonne, bob)
    assert_private(await alice.slash(carcassonne, "hand"), "Carcassonne has no hidden information")
    assert_healthy(fake, shared.bot)


async def test_japanese_user_gets_japanese_replies(shared):
    fake = shared.fake
    channel = shared.channel("nihongo", guild="Ryokan")
    hiro = fake.user("hiro", locale="ja", global_name="Hiro")
    ken = fake.user("ken", locale="en-US", global_name="Ken")

    nothing = await hiro.slash(channel, "start")
    assert_private(nothing, "ここには卓がありません")
    opened = await hiro.slash(channel, "join", game="carcassonne")
    assert "Hiroがカルカソンヌの卓を立てました。" in assert_public(opened).content
    joined = await ken.slash(channel, "join")
    assert "Kenが卓に参加しました。" in assert_public(joined).content      # public: the server's language (ja)
    choices = await hiro.autocomplete(channel, "option", "name", "old")
    assert JAPANESE.search(choices.names[0]), choices.names

    turn = await start_game(channel, ken)
    message = turn.messages[0]
    mover = next_player(message, [hiro, ken])
    waiter = ken if mover is hiro else hiro
    early = await waiter.slash(channel, "place", action="0,1 r0")
    assert_private(early, "あなたの手番ではありません" if waiter is hiro else "It is not your turn")

    while next_player(message, [hiro, ken]) is not hiro:        # Ken's move(s) until Hiro's turn
        buttons = action_buttons(message)
        if buttons and buttons[-1].label == "-":
            message = assert_public(await ken.click(message, "-"))
        else:
            action = (await ken.autocomplete(channel, "place", "action", "")).values[0]
            message = assert_public(await ken.slash(channel, "place", action=action))
        assert JAPANESE.search(message.content), message.content       # Ken's moves too: the table's language
    wrong = await hiro.slash(channel, "place", action="99,99 r0")
    assert_private(wrong)
    assert JAPANESE.search(wrong.messages[0].content), wrong.messages[0].content
    action = (await hiro.autocomplete(channel, "place", "action", "")).values[0]
    moved = assert_public(await hiro.slash(channel, "place", action=action))
    assert "置きました" in moved.content
    assert_private(await hiro.slash(channel, "help"), "コマンド")
    assert_healthy(fake, shared.bot)


async def test_board_posts_the_image_and_zooms_on_a_region(shared):
    fake = shared.fake
    channel = shared.channel("board")
    alice, bob = shared.users("bd", 2)
    assert_private(await alice.slash(channel, "board"), "There is no running game here")
    await open_table(channel, [alice, bob], "carcassonne")
    await start_game(channel, alice)
    whole = png_of(assert_public(await bob.slash(channel, "board")))
    offered = await alice.autocomplete(channel, "board", "region", "bo")
    assert offered.ok and offered.values == ["board"]
    zoom = await bob.slash(channel, "board", region="0,0")
    zoomed = png_of(assert_public(zoom))
    assert zoomed.size != whole.size
    assert_private(await bob.slash(channel, "board", region="over there"), "The board has no region 'over there'")
    assert_healthy(fake, shared.bot)


async def test_lobby_buttons_and_game_autocomplete(shared):
    fake = shared.fake
    channel = shared.channel("lobby-buttons")
    alice, bob, carol = shared.users("lb", 3)
    games = await alice.autocomplete(channel, "join", "game", "carc")
    assert games.values == ["carcassonne"] and games.names == ["Carcassonne (carcassonne)"]
    lobby = assert_public(await alice.slash(channel, "join", game="carcassonne"))

    joined = await bob.click(lobby, "Join")
    assert joined.type == 7 and "lb-Bob joins the table." in lobby.content and "Seated (2/5)" in lobby.content
    assert_private(await bob.click(lobby, "Join"), "You are already seated")
    assert_private(await carol.click(lobby, "Leave"), "You are not seated")
    left = await bob.click(lobby, "Leave")
    assert left.type == 7 and "lb-Bob leaves the table." in lobby.content and "Seated (1/5)" in lobby.content
    assert_private(await alice.click(lobby, "Start"), "Carcassonne needs 2 to 5 players; seated now: 1.")
    await carol.click(lobby, "Join")
    started = await alice.click(lobby, "Start")
    assert "Carcassonne begins: lb-Alice, lb-Carol." in assert_public(started).content
    assert_private(await bob.click(lobby, "Join"), "already running")
    assert_healthy(fake, shared.bot)


async def test_option_with_a_value_through_discord(shared):
    """/option takes a name and a value, both with autocomplete; the table's language sets the
    language of its public messages, whoever triggers them."""
    fake = shared.fake
    channel = shared.channel("option-values")
    alice, bob = shared.users("ov", 2)

    await alice.slash(channel, "join", game="quetzal")
    await bob.slash(channel, "join")
    names = await alice.autocomplete(channel, "option", "name", "fi")
    assert names.ok and names.values[0] == "first"
    values = await alice.autocomplete(channel, "option", "value", "", options={"name": "first"})
    assert values.ok and values.values[:3] == ["random", "1", "2"]
    langs = await alice.autocomplete(channel, "option", "value", "j", options={"name": "lang"})
    assert langs.ok and langs.values == ["ja"]

    lobby = assert_public(await alice.slash(channel, "option", name="first", value="2"))
    assert "sets first to 2" in lobby.content and "Options: first 2 (" in lobby.content
    refused = await alice.slash(channel, "option", name="dice", value="1,2")
    assert_private(refused, "'1,2' is not a value of dice: write 4 whole numbers from 0 to 99")
    listing = await bob.slash(channel, "option")
    assert_private(listing, "first = 2 (", "dice = 17,17,4,2 — ", "lang = auto — ")

    japanese = assert_public(await bob.slash(channel, "option", name="lang", value="ja"))
    assert JAPANESE.search(japanese.content) and "lang" in japanese.content
    turn = await start_game(channel, alice)
    assert JAPANESE.search(turn.messages[0].content), turn.messages[0].content   # alice's client is English
    status = await alice.slash(channel, "status")
    assert not JAPANESE.search(status.messages[0].content.replace("ケツァル", ""))   # private: her own language
    assert_healthy(fake, shared.bot)
