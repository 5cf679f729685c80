"""The language policy, as a Japanese and an English player at one table meet it: everything
public (lobby, turn messages, their buttons, /board, the end) is in the table's language — the
server's preferred locale unless /option lang sets another — whoever made it happen; everything
private (panels, hands, /status, errors) is in each reader's own language."""
from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import (assert_healthy, assert_private, assert_public, mentioned, png_of, start_board_bot,
                                write_config)

pytestmark = pytest.mark.asyncio(loop_scope="session")

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def japanese(text: str) -> bool:
    return bool(JAPANESE.search(text))


async def test_a_japanese_server_table_speaks_japanese_in_public_and_each_reader_privately(shared):
    fake = shared.fake
    channel = shared.channel("lang-policy", guild="Ryokan")          # the server's locale: ja
    hiro = fake.user("lang-hiro", locale="ja", global_name="Hiro")
    ken = fake.user("lang-ken", locale="en-US", global_name="Ken")

    lobby = assert_public(await ken.slash(channel, "join", game="countdown"))
    assert "Kenが" in lobby.content and "の卓を立てました。" in lobby.content, lobby.content   # Ken's client is English
    joined = assert_public(await hiro.slash(channel, "join"))
    assert "Hiroが卓に参加しました。" in joined.content
    assert_private(await ken.slash(channel, "option"), "Options for Countdown (test game):")     # private: his own
    early = await ken.slash(channel, "place", action="add 1")
    assert_private(early, "The game has not started yet")

    turn = assert_public(await ken.slash(channel, "start"))
    assert japanese(turn.content), turn.content
    labels = [b.label for b in turn.buttons]
    assert "あなたの手番" in labels and "Your move" not in labels, labels        # public buttons: the table's language
    assert set(mentioned(turn)) == {hiro.id, ken.id}                             # both bet, in secret

    ken_panel = (await ken.click(turn, "あなたの手番")).messages[0]
    assert ken_panel.ephemeral and not japanese(ken_panel.content), ken_panel.content
    assert "bet odd" in [b.label for b in ken_panel.buttons]
    hiro_panel = (await hiro.click(turn, "あなたの手番")).messages[0]
    assert hiro_panel.ephemeral and japanese(hiro_panel.content), hiro_panel.content
    ken_hand = assert_private(await ken.slash(channel, "hand"), "Your bonus card")
    hiro_hand = assert_private(await hiro.slash(channel, "hand"), "あなたのボーナス")
    assert not japanese(ken_hand.content) and japanese(hiro_hand.content)
    assert_private(await ken.slash(channel, "play", action="bet sideways"), "I can't read 'bet sideways'")
    refused = assert_private(await hiro.slash(channel, "play", action="bet sideways"))
    assert japanese(refused.content), refused.content

    bet = await ken.click(ken_panel, "bet odd")
    assert bet.ok and "You chose: bet odd" in ken_panel.content, ken_panel.content     # his panel: English
    public = (await bet.wait_followups(1))[0]
    assert not public.ephemeral and japanese(public.content) and "Ken" in public.content, public.content
    board = assert_public(await ken.slash(channel, "board"))
    assert japanese(board.content), board.content
    png_of(board)
    status = assert_private(await ken.slash(channel, "status"))
    assert not japanese(status.content), status.content
    assert_healthy(fake, shared.bot)


async def test_option_lang_sets_a_tables_language_apart_from_its_servers(shared):
    fake = shared.fake
    channel = shared.channel("lang-option")                          # the server's locale: en-US
    hiro = fake.user("lango-hiro", locale="ja", global_name="Hiro")
    ken = fake.user("lango-ken", locale="en-US", global_name="Ken")

    lobby = assert_public(await hiro.slash(channel, "join", game="countdown"))
    assert "Hiro opens a table for Countdown (test game)." in lobby.content      # Hiro's client is Japanese
    assert not japanese(assert_public(await ken.slash(channel, "join")).content)
    listing = assert_private(await hiro.slash(channel, "option"))
    assert "lang = auto" in listing.content and japanese(listing.content)
    changed = assert_public(await ken.slash(channel, "option", name="lang", value="ja"))
    assert "Kenがlangをjaにしました。" in changed.content, changed.content
    turn = assert_public(await ken.slash(channel, "start"))
    assert japanese(turn.content) and "あなたの手番" in [b.label for b in turn.buttons]
    panel = (await ken.click(turn, "あなたの手番")).messages[0]
    assert panel.ephemeral and not japanese(panel.content), panel.content
    assert not japanese(assert_private(await ken.slash(channel, "hand")).content)
    assert japanese(assert_private(await hiro.slash(channel, "hand")).content)
    assert_healthy(fake, shared.bot)


async def test_a_turn_dm_is_in_its_readers_language(shared):
    """A direct message is private: in the language the reader's Discord last said, whatever the
    table's language (here an English server's table)."""
    fake = shared.fake
    channel = shared.channel("lang-dm")
    hiro = fake.user("langdm-hiro", locale="ja", global_name="Hiro")
    ken = fake.user("langdm-ken", locale="en-US", global_name="Ken")
    await ken.slash(channel, "join", game="countdown")
    await hiro.slash(channel, "join")
    for user in (hiro, ken):
        assert_private(await user.slash(channel, "notify", setting="on"))
    turn = assert_public(await ken.slash(channel, "start"))
    assert not japanese(turn.content), turn.content                      # the table: English
    dm = await fake.wait_message(hiro.dm_channel, check=lambda m: channel.mention in m.content)
    assert "あなたの手番です" in dm.content, dm.content
    dm = await fake.wait_message(ken.dm_channel, check=lambda m: channel.mention in m.content)
    assert "It is your turn in Countdown" in dm.content, dm.content
    assert_healthy(fake, shared.bot)


async def test_a_turn_dm_after_a_restart_is_in_its_readers_language_before_they_interact_again(fake, tmp_path):
    """The bot keeps each user's language in its database: after a restart (a deploy) a Japanese
    player's turn DM is in Japanese although nothing they did reached the new process yet."""
    channel = fake.guild("Inn").channel("lang-restart")                # the server's locale: en-US
    hiro = fake.user("langr-hiro", locale="ja", global_name="Hiro")
    ken = fake.user("langr-ken", locale="en-US", global_name="Ken")
    config = write_config(tmp_path)
    first = await start_board_bot(fake, config)
    await ken.slash(channel, "join", game="countdown")
    await hiro.slash(channel, "join")
    for user in (hiro, ken):
        assert_private(await user.slash(channel, "notify", setting="on"))
    assert await first.stop() == 0
    second = await start_board_bot(fake, config)

    turn = assert_public(await ken.slash(channel, "start"))             # only Ken has interacted since
    assert not japanese(turn.content), turn.content                      # the table: English
    dm = await fake.wait_message(hiro.dm_channel, check=lambda m: channel.mention in m.content)
    assert "あなたの手番です" in dm.content, dm.content
    dm = await fake.wait_message(ken.dm_channel, check=lambda m: channel.mention in m.content)
    assert "It is your turn in Countdown" in dm.content, dm.content
    assert_healthy(fake, first, second)


async def test_posts_without_an_interaction_speak_the_servers_language(shared):
    """What the bot posts on its own in a channel without a table (a tournament's pairings) is
    in the server's preferred language."""
    fake = shared.fake
    hall = shared.channel("lang-hall", guild="Ryokan")
    ken = fake.user("langt-ken", locale="en-US", global_name="Ken")
    hiro = fake.user("langt-hiro", locale="ja", global_name="Hiro")
    assert_public(await ken.slash(hall, "tournament create", name="Hai", game="countdown", size=2, rounds=1))
    assert_public(await hiro.slash(hall, "tournament join"))
    await ken.slash(hall, "tournament start", timeout=30)
    pairings = await fake.wait_message(hall, check=lambda m: "Haiのラウンド1/1" in m.content)
    assert japanese(pairings.content), pairings.content
    assert_healthy(fake, shared.bot)
