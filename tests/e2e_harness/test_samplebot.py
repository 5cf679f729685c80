"""The sample discord.py bot, run as a real subprocess against the fake (one bot for the module).

Each test uses its own channel and users so the shared bot's history does not leak between tests;
tests that expect violations check the ones attached to their own interactions.
"""

from __future__ import annotations

import asyncio
import io

import pytest
import pytest_asyncio
from PIL import Image

from tests.fakediscord import BotProcess, FakeDiscord, HarnessError, Reply

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_asyncio.fixture(scope="module", loop_scope="module")
async def fake():
    f = await FakeDiscord.start()
    f.guild("Tavern").channel("lobby")
    second = f.guild("Inn", locale="ja")
    bot = await BotProcess.start(f, "tests.fakediscord.samplebot", env={"SAMPLEBOT_SYNC_GUILDS": str(second.id)})
    try:
        await f.wait_ready(timeout=30)
        yield f
    finally:
        await bot.stop()
        await f.close()


def own(fake: FakeDiscord, name: str):
    """A fresh channel in the Tavern guild for one test."""
    return fake.guild("Tavern").channel(name)


def unexpected(fake: FakeDiscord, *replies: Reply) -> list:
    mine = {r.interaction.id for r in replies}
    return [v for v in fake.violations if v.interaction_id in mine]


async def test_commands_are_synced_globally_and_per_guild(fake):
    await fake.wait_synced(names=["place", "hand", "game", "fault"])
    place = fake.commands["place"]
    assert place["name_localizations"] == {"ja": "置く"}
    assert place["options"][0]["name_localizations"] == {"ja": "行動"}
    assert place["options"][0]["autocomplete"] is True and place["options"][0]["required"] is True
    game = fake.commands["game"]
    assert {o["name"]: o["type"] for o in game["options"]} == {"new": 1, "announce": 1}
    assert fake.commands["abort"]["default_member_permissions"] == str(1 << 5)
    inn = fake.guild("Inn")
    assert "place" in fake.guild_commands(inn)
    assert [s["guild_id"] for s in fake.syncs if s["status"] == 200] == [None, inn.id]
    assert all(not s["problems"] for s in fake.syncs)
    assert fake.gateway.connect_log[0]["query"] == {"v": "10", "encoding": "json", "compress": "zlib-stream"}
    assert fake.heartbeat_count >= 1
    assert fake.unknown_routes == []


async def test_slash_public_reply_with_png_embed_and_buttons(fake):
    chan = own(fake, "public")
    alice = fake.user("alice")
    r = await alice.slash(chan, "place", action="1,0 r1")
    assert r.type == 4 and not r.ephemeral
    assert r.content == f"{alice.mention} placed 1,0 r1"
    png = r.message.attachment("board.png")
    assert png.is_png and Image.open(io.BytesIO(png.data)).size == (96, 64)
    assert r.message.embed_images == [png]  # embed image was attachment://board.png
    assert [b.label for b in r.buttons] == ["cn", "r1", "skip"]
    assert fake.messages(chan) == [r.message]
    assert r.message.interaction is r.interaction and r.message.kind == "response"
    assert unexpected(fake, r) == []


async def test_slash_ephemeral_reply_is_localised_and_private(fake):
    chan = own(fake, "private")
    hiro, bob = fake.user("hiro", locale="ja"), fake.user("bob")
    rj = await hiro.slash(chan, "hand")
    re = await bob.slash(chan, "hand")
    assert rj.ephemeral and rj.content == "あなたの手札"
    assert re.ephemeral and re.content == "Your hand"
    assert rj.message.attachment("hand.png").is_png
    assert fake.messages(chan) == []  # ephemeral messages are not in the channel
    assert fake.messages(chan, include_ephemeral=True) == [rj.message, re.message]


async def test_deferred_reply_then_followups(fake):
    chan = own(fake, "deferred")
    alice = fake.user("alice")
    r = await alice.slash(chan, "board")
    assert r.type == 5 and r.deferred
    # the first followup after a "thinking" defer fills the original response
    assert r.content == "the board" and r.message.attachments[0].is_png and not r.message.loading
    followups = await r.wait_followups(1)
    await fake.wait_for(lambda: followups[0].edited, what="the followup edit")
    assert [m.content for m in followups] == ["second followup, edited"] and followups[0].ephemeral
    assert followups[0].versions[0]["content"] == "and a second followup"
    assert [m.content for m in r.messages] == ["the board", "second followup, edited"]
    assert unexpected(fake, r) == []


async def test_ephemeral_defer_then_edit_original(fake):
    chan = own(fake, "status")
    alice = fake.user("alice")
    r = await alice.slash(chan, "status")
    assert r.type == 5 and r.ephemeral and r.content == "status for Alice: your turn"
    assert r.interaction.original_edits == 1 and not r.message.edited  # filling a defer is not an "edit"
    (followup,) = await r.wait_followups(1)  # the bot read its response back (GET @original)
    assert followup.content == "original said: status for Alice: your turn" and followup.ephemeral


async def test_select_menu_on_an_ephemeral_message(fake):
    chan = own(fake, "select")
    alice, bob = fake.user("alice"), fake.user("bob")
    r = await alice.slash(chan, "pick")
    assert r.ephemeral and r.message.selects[0]["custom_id"] == "tiles"
    with pytest.raises(HarnessError, match="cannot see"):
        await bob.select(r, ["a"])
    with pytest.raises(HarnessError, match="no options"):
        await alice.select(r, ["z"])
    done = await alice.select(r, ["b", "d"])
    assert done.type == 7 and r.message.content == "picked b, d" and r.message.components == []


async def test_autocomplete_is_capped_and_filtered(fake):
    chan = own(fake, "complete")
    alice = fake.user("alice")
    everything = await alice.autocomplete(chan, "place", "action", "")
    assert everything.ok and len(everything) == 25  # 40 candidates, capped by the bot
    some = await alice.autocomplete(chan, "place", "action", "1,")
    assert some.names == ["1,0 r0", "1,0 r1", "1,0 r2", "1,0 r3", "1,1 r0", "1,1 r1", "1,1 r2", "1,1 r3"]
    assert some.values == some.names
    assert unexpected(fake, everything.reply, some.reply) == []


async def test_autocomplete_with_26_choices_is_flagged(fake):
    chan = own(fake, "complete-bad")
    alice = fake.user("alice")
    reply = await alice.slash(chan, "fault complete", q="x")  # the command itself works
    assert reply.content == "x"
    choices = await alice.autocomplete(chan, "fault complete", "q", "c")
    assert not choices.ok and list(choices) == []  # Discord rejected the 26 choices: the user sees none
    assert [v.kind for v in choices.violations] == ["invalid_autocomplete"]
    assert choices.reply.interaction.callbacks[0].status == 400
    assert choices.error["errors"]["data"]["choices"]["_errors"][0]["code"] == "BASE_TYPE_MAX_LENGTH"


async def test_button_click_updates_the_message(fake):
    chan = own(fake, "buttons")
    alice, bob = fake.user("alice"), fake.user("bob")
    r = await alice.slash(chan, "place", action="0,1 r2")
    first_png = r.message.attachments[0].data
    click = await bob.click(r.message, "cn")
    assert click.type == 7 and click.message is r.message
    assert r.message.content.startswith("game ") and "Bob picked cn" in r.message.content
    assert r.message.button("cn").disabled and not r.message.button("r1").disabled
    assert r.message.edited and r.message.versions[0]["content"].endswith("placed 0,1 r2")
    skip = await alice.click(r.message, custom_id=r.message.button("skip").custom_id)
    assert skip.type == 6  # deferred update, then edit_original_response with a new attachment
    assert "skipped by Alice" in r.message.content
    (png,) = r.message.attachments  # attachments=[new file] replaced the old one
    assert png.filename == "board.png" and png.is_png and png.data != first_png
    assert unexpected(fake, r, click, skip) == []


async def test_subcommands_with_typed_options(fake):
    chan = own(fake, "tables")
    alice, bob = fake.user("alice"), fake.user("bob")
    r = await alice.slash(chan, "game new", players=4, variant="river", rival=bob)
    assert r.content == "new river table for 4 vs Bob"
    r2 = await alice.slash(chan, "game new", players=2)
    assert r2.content == "new base table for 2"


async def test_moderator_only_command(fake):
    guild = fake.guild("Tavern")
    chan = own(fake, "moderation")
    mod, alice = fake.user("mod"), fake.user("alice")
    guild.add_moderator(mod)
    r = await mod.slash(chan, "abort")
    assert r.content == "aborted by Mod" and not r.ephemeral
    forced = await alice.slash(chan, "abort", check_available=False)  # the bot must check again itself
    assert forced.ephemeral and forced.content == "moderators only"


async def test_dm_channel_send_and_closed_dms(fake):
    chan = own(fake, "dms")
    alice, carol = fake.user("alice"), fake.user("carol", dms_open=False)
    r = await alice.slash(chan, "dm", text="your tiles")
    assert r.ephemeral and r.content == "sent you a DM"
    dm = fake.dms(alice)[-1]
    assert dm.content == "private: your tiles" and dm.attachments[0].is_png and dm.channel.is_dm
    r2 = await carol.slash(chan, "dm", text="x")
    assert r2.content == "I cannot DM you" and fake.dms(carol) == []
    assert unexpected(fake, r, r2) == []
    assert [q["status"] for q in fake.requests if q["method"] == "POST" and q["path"].endswith(f"/channels/{carol.dm_channel.id}/messages")] == [403]


async def test_slash_command_inside_a_dm(fake):
    alice = fake.user("alice")
    r = await alice.slash(alice.dm_channel, "whoami")
    assert r.content == "alice en-US DM #dm"
    assert "member" not in r.interaction.payload and r.interaction.payload["context"] == 1


async def test_channel_send_edit_and_threads(fake):
    chan = own(fake, "announce")
    alice = fake.user("alice")
    r = await alice.slash(chan, "game announce", text="finals")
    assert r.ephemeral and r.content.startswith("posted ")
    post = await r.next_channel_message()
    assert post.kind == "channel" and post.content == "announcement (edited): finals" and post.edited
    assert post.versions[0]["content"] == "announcement: finals" and post.attachments[0].filename == "announce.png"
    thread = fake.channel_by_id(post.id)  # a thread started from a message has the message's id
    assert thread is not None and thread.is_thread and thread.parent is chan and thread.name == "talk-finals"
    assert [m.content for m in fake.messages(thread)] == ["thread opened"]
    side = fake.guild("Tavern").thread("side-table")
    assert side is not None and [m.content for m in fake.messages(side)] == ["side table"]
    assert str(post.id) in r.content and str(thread.id) in r.content
    assert unexpected(fake, r) == []


async def test_user_select_sends_resolved_users(fake):
    chan = own(fake, "invite")
    alice, bob, carol = fake.user("alice"), fake.user("bob"), fake.user("carol")
    r = await alice.slash(chan, "invite")
    picked = await alice.select(r, [bob, carol])
    assert picked.type == 4 and picked.content == "invited Bob, Carol" and not picked.ephemeral
    assert picked.message is not r.message and picked.message.channel is chan


async def test_user_messages_reach_the_bot_through_the_gateway(fake):
    chan = own(fake, "chat")
    alice = fake.user("alice")
    said = await alice.say(chan, f"{fake.bot.mention} ping")
    answer = await fake.wait_message(chan, since=said.seq, check=lambda m: m.author is fake.bot)
    assert answer.content == "pong" and answer.message_reference["message_id"] == str(said.id)
    assert answer.to_payload()["type"] == 19  # a reply


async def test_modal_round_trip(fake):
    chan = own(fake, "feedback")
    alice = fake.user("alice")
    r = await alice.slash(chan, "feedback")
    assert r.type == 9 and r.modal["title"] == "Feedback"
    done = await alice.submit_modal(r, {"feedback-text": "great game"})
    assert done.ephemeral and done.content == "thanks: great game"


async def test_double_acknowledge_is_flagged(fake):
    chan = own(fake, "twice")
    alice = fake.user("alice")
    r = await alice.slash(chan, "fault twice")
    assert r.content == "first"
    (followup,) = await r.wait_followups(1)
    assert followup.content == "second ack rejected: 400/40060"
    assert [v.kind for v in r.violations] == ["already_acknowledged"]


async def test_late_answer_is_flagged(fake):
    chan = own(fake, "slow")
    alice = fake.user("alice")
    r = await alice.slash(chan, "fault slow", seconds=0.3, wait=False)
    fake.advance_clock(3.0)  # the bot's 0.3 s now lands after Discord's 3 s deadline
    await r.wait()
    assert r.late and not r.ok and r.error == {"message": "Unknown interaction", "code": 10062}
    assert [v.kind for v in r.violations] == ["late_response"]
    assert fake.messages(chan) == []


async def test_late_answer_in_real_time(fake):
    """The same rule on the real clock: the bot sleeps past Discord's 3 s before answering."""
    chan = own(fake, "slow-real")
    alice = fake.user("alice")
    r = await alice.slash(chan, "fault slow", seconds=fake.interaction_deadline + 0.2)
    assert r.late and [v.kind for v in r.violations] == ["late_response"]
    assert r.interaction.callbacks[0].at - r.interaction.created_at > fake.interaction_deadline


async def test_expired_token_is_flagged(fake):
    chan = own(fake, "later")
    alice = fake.user("alice")
    r = await alice.slash(chan, "fault later", seconds=0.3, wait="ack")
    fake.advance_clock(15 * 60)
    await fake.wait_for(lambda: r.violations, what="the late followup")
    assert [v.kind for v in r.violations] == ["token_expired"] and r.message.loading


async def test_rejected_payloads_are_flagged_and_the_bot_recovers(fake):
    chan = own(fake, "rejected")
    alice = fake.user("alice")
    long = await alice.slash(chan, "fault long")
    assert long.content == "error: HTTPException 400/50035" and long.ephemeral
    assert [v.kind for v in long.violations] == ["invalid_message"]
    early = await alice.slash(chan, "fault early")
    assert early.content == "followup rejected: 404/10015"
    assert [v.kind for v in early.violations] == ["webhook_before_ack"]
    broken = await alice.slash(chan, "fault noimage")
    assert [v.kind for v in broken.violations] == ["attachment_reference_missing"]  # accepted, but the image is broken
    leak = await alice.slash(chan, "fault leak")
    assert leak.content == "secret hand" and not leak.ephemeral
    assert [v.kind for v in leak.violations] == ["ephemeral_mismatch"]


async def test_guilds_channels_and_users_concurrently(fake):
    tavern, inn = fake.guild("Tavern"), fake.guild("Inn")
    chans = [tavern.channel("c-1"), tavern.channel("c-2"), inn.channel("c-3")]
    users = [fake.user(f"u{i}", locale=("ja" if i % 2 else "en-US")) for i in range(6)]
    replies = await asyncio.gather(*(u.slash(chans[i % 3], "whoami") for i, u in enumerate(users)))
    for i, (u, r) in enumerate(zip(users, replies)):
        c = chans[i % 3]
        assert r.content == f"{u.username} {u.locale} guild {c.guild.name} #{c.name}"
        assert r.message.channel is c
    assert unexpected(fake, *replies) == []


async def test_no_stray_requests(fake):
    assert fake.unknown_routes == []
    assert fake.gateway.identify_count == 1


async def test_rate_limited_requests_are_retried_by_discord_py(fake):
    chan = own(fake, "ratelimits")
    alice = fake.user("alice")
    fake.rate_limit_next("POST", r"/interactions/\d+/[^/]+/callback", retry_after=0.1)
    fake.rate_limit_next("POST", rf"/channels/{chan.id}/messages", retry_after=0.1)
    r = await alice.slash(chan, "whoami")
    assert r.content == "alice en-US guild Tavern #ratelimits"
    a = await alice.slash(chan, "game announce", text="limits")
    post = await a.next_channel_message()
    assert post.content == "announcement (edited): limits"
    assert [m for m, _ in fake.rate_limited[-2:]] == ["POST", "POST"]
    assert [c.status for c in r.interaction.callbacks] == [200]  # 429s never reach the interaction record
    assert unexpected(fake, r, a) == []
