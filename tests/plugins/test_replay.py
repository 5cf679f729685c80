"""/replay (an animated GIF of a finished game, from the seed and the log) and the full /log."""
from __future__ import annotations

import io

from PIL import Image

from bot.replay import MAX_BYTES, build_gif, key_moments, sample
from renderers.replay import Move
from renderers.common import PLAYER_COLOURS
from renderers.common.palette import fixed_palette
from renderers.common.result import WIN_BG
from tests.plugins.helpers import finish_countdown, play_turns
from tests.conftest import ctx
from tests.helpers import confirmed, text_of


async def game(bot, *users, channel=1, game_name="countdown"):
    await bot.service.join(ctx(users[0], channel), game_name)
    for user in users[1:]:
        await bot.service.join(ctx(user, channel))
    await bot.service.start(ctx(users[0], channel))
    return bot.service.live_tables.in_channel(channel)


def frames_of(gif: bytes) -> list[Image.Image]:
    image = Image.open(io.BytesIO(gif))
    assert image.format == "GIF"
    frames = []
    for index in range(image.n_frames):
        image.seek(index)
        frames.append(image.convert("RGB").copy())
    return frames


def test_sampling_keeps_the_ends():
    assert sample(list(range(5)), 10) == [0, 1, 2, 3, 4]
    picked = sample(list(range(100)), 7)
    assert len(picked) == 7 and picked[0] == 0 and picked[-1] == 99 and picked == sorted(set(picked))


def test_gif_keeps_the_player_colours_exact():
    colours = [c.fill for c in PLAYER_COLOURS.values()]
    palette = fixed_palette(colours, [(255, 255, 255), (0, 0, 0)])
    frames = []
    for colour in colours:                      # each colour beside its anti-aliased blends
        image = Image.new("RGB", (64, 32), (250, 248, 240))
        image.paste(colour, (0, 0, 32, 32))
        image.paste(tuple((a + b) // 2 for a, b in zip(colour, (250, 248, 240))), (32, 0, 40, 32))
        frames.append(image)
    decoded = frames_of(build_gif(frames, palette, 300))
    assert [f.getpixel((10, 10)) for f in decoded] == colours


def test_key_moments_follow_turns():
    from tests.toygame import GAME

    moves = [Move(1, 0, "bet odd"), Move(2, 1, "bet odd"), Move(3, 0, "add 3"), Move(5, 1, "add 2")]
    moments = key_moments(GAME, 2, frozenset(), 9, moves)
    assert [m.snapshot["total"] for m in moments] == [0, 0, 0, 3, 5]
    assert moments[1].snapshot["bets"] == ["odd", None]
    assert [[move.n for move in m.moves] for m in moments] == [[], [1], [2], [3], [5]]


async def test_replay_of_a_finished_game(bot):
    table = await game(bot, "alice", "bob")
    await play_turns(bot.service, 1, turns=4)
    r = await bot.plugins.replays.replay(ctx("alice"))
    assert r[0].error and "No game has finished in this channel yet" in text_of(r)
    r = await bot.plugins.replays.replay(ctx("alice"), str(table.id))
    assert r[0].error and "has not finished" in text_of(r)
    await finish_countdown(bot.service, 1)
    r = await bot.plugins.replays.replay(ctx("carol"))
    assert len(r[0].image) < MAX_BYTES
    text = text_of(r)
    moves = sum(1 for a in await bot.store.actions(table.id) if a.kind == "move")
    assert f"Replay of Countdown (test game) (table {table.id}, <#1>): {moves} moves in" in text
    assert "1. " in text and r[0].image_name == f"replay-{table.id}.gif"
    frames = frames_of(r[0].image)
    assert len(frames) >= 3 and frames[0].tobytes() != frames[-1].tobytes()
    # by number, from another channel: for whoever can see the table's channel
    elsewhere = await bot.plugins.replays.replay(ctx("dave", channel=5, can_view=lambda channel: channel == 1), str(table.id))
    assert not elsewhere[0].error and elsewhere[0].image == r[0].image          # the same replay, kept
    hidden = await bot.plugins.replays.replay(ctx("carol", channel=5, can_view=lambda channel: False), str(table.id))
    unknown = await bot.plugins.replays.replay(ctx("carol", channel=5), "999")
    assert hidden[0].error and text_of(hidden) == text_of(unknown).replace("999", str(table.id))   # its existence stays hidden
    assert (await bot.plugins.replays.replay(ctx("carol", channel=5), str(table.id)))[0].error
    r = await bot.plugins.replays.replay(ctx("carol"), "abc")
    assert r[0].error
    r = await bot.plugins.replays.replay(ctx("carol"), "999")
    assert r[0].error and "There is no table 999" in text_of(r)


async def test_replay_frames_are_bounded(make_bot):
    bot = await make_bot(replay={"max_frames": 4})
    await game(bot, "alice", "bob", "carol")
    await finish_countdown(bot.service, 1, step=1)
    r = await bot.plugins.replays.replay(ctx("alice"))
    assert "in 4 pictures" in text_of(r) and len(frames_of(r[0].image)) == 4


async def test_carcassonne_replay(bot):
    table = await game(bot, "alice", "bob", game_name="carcassonne")
    await play_turns(bot.service, 1, turns=12)
    await confirmed(bot.service, ctx("bob"), "resign")                       # two players: the game ends here
    assert bot.service.live_tables.in_channel(1) is None
    r = await bot.plugins.replays.replay(ctx("alice"), str(table.id))
    frames = frames_of(r[0].image)
    assert len(frames) >= 6
    width, height = frames[0].size
    assert width >= 640 and height <= 2 * width and len(r[0].image) < MAX_BYTES
    # every frame but the first is marked with the move that led to it: a band in the mover's colour
    band = {PLAYER_COLOURS[c].fill for c in ("red", "yellow")}
    for picture in frames[1:-1]:
        top = {picture.getpixel((x, y)) for x in range(0, 60) for y in range(0, 40)}
        assert top & band, "the mover's colour in the band"
    # the players' colours come out exactly, and the last frame is the result
    colours = {c for _, c in frames[len(frames) // 2].getcolors(1 << 20)}
    assert band <= colours
    assert any(c == WIN_BG for _, c in frames[-1].getcolors(1 << 20))


async def test_one_replay_a_minute_per_user_and_kept_per_table(bot):
    table = await game(bot, "alice", "bob")
    await finish_countdown(bot.service, 1)
    first = await bot.plugins.replays.replay(ctx("alice"))
    assert not first[0].error and bot.plugins.replays.cached(table.id)
    again = await bot.plugins.replays.replay(ctx("alice"))
    assert again[0].error and again[0].private
    assert "you can ask for another in 60 seconds" in text_of(again)
    bot.clock.advance(59.5)
    assert "in 1 second." in text_of(await bot.plugins.replays.replay(ctx("alice")))
    bot.clock.advance(1)
    later = await bot.plugins.replays.replay(ctx("alice"))
    assert not later[0].error and later[0].image == first[0].image
    assert not (await bot.plugins.replays.replay(ctx("bob")))[0].error          # each user counts alone
    assert (await bot.plugins.replays.replay(ctx("erin"), "999"))[0].error      # a wrong request is not counted
    assert not (await bot.plugins.replays.replay(ctx("erin")))[0].error


async def test_log_is_complete(bot):
    table = await game(bot, "alice", "bob")
    await play_turns(bot.service, 1, turns=3)
    r = await bot.service.log_text(ctx("alice"))
    assert r[0].private and "Log (3 actions, latest last):" in text_of(r) and "1. Alice: bet" in text_of(r)
    assert r[0].image is None
    await finish_countdown(bot.service, 1, step=1)
    count = len(await bot.store.actions(table.id))
    r = await bot.service.log_text(ctx("carol"))             # after the game: the last game's log
    assert f"Log of the last Countdown (test game) game here ({count} actions, latest last):" in text_of(r)
    r = await bot.service.log_text(ctx("carol", channel=9))
    assert r[0].error


async def test_long_log_comes_as_a_file(bot, monkeypatch):
    import bot.replay as replay

    monkeypatch.setattr(replay, "LOG_CHARS", 60)
    table = await game(bot, "alice", "bob")
    await play_turns(bot.service, 1, turns=8)
    r = await bot.service.log_text(ctx("alice"))
    text = text_of(r)
    assert "earlier actions are in the attached file" in text and "8. " in text and "1. Alice" not in text
    assert r[0].image_name == f"log-{table.id}.txt"
    full = r[0].image.decode("utf-8").splitlines()
    assert len(full) == 8 and full[0].startswith("1. Alice: bet")


async def test_log_hides_secret_moves_while_the_game_runs(bot, monkeypatch):
    import bot.replay as replay

    table = await game(bot, "alice", "bob")
    await bot.service.act(ctx("alice"), "bet even")
    await bot.service.act(ctx("bob"), "bet odd")
    await bot.service.act(ctx("alice"), "add 1")
    r = await bot.service.log_text(ctx("bob"))
    text = text_of(r)
    assert "1. Alice: (hidden)" in text and "2. Bob: bet odd" in text and "3. Alice: add 1" in text
    monkeypatch.setattr(replay, "LOG_CHARS", 20)                  # the file hides them too
    r = await bot.service.log_text(ctx("carol"))
    assert "bet" not in r[0].image.decode("utf-8") and "(hidden)" in r[0].image.decode("utf-8")
    monkeypatch.undo()
    await finish_countdown(bot.service, 1)
    r = await bot.service.log_text(ctx("carol"))                  # over: everything shows
    assert "1. Alice: bet even" in text_of(r) and table.id


async def test_a_direct_message_table_replays_only_for_its_players(bot):
    from bot.table.context import Ctx

    alice_dm = Ctx(11, "Alice", 801, guild_id=None)
    await bot.service.join(alice_dm, "countdown")
    await bot.service.addbot(alice_dm)
    await bot.service.start(alice_dm)
    table = bot.service.live_tables.in_channel(801)
    await finish_countdown(bot.service, 801)
    assert bot.service.live_tables.in_channel(801) is None
    mine = await bot.plugins.replays.replay(Ctx(11, "Alice", 802, guild_id=None), str(table.id))   # her DM, any channel id
    assert not mine[0].error and mine[0].image
    stranger = await bot.plugins.replays.replay(Ctx(99, "Mallory", 803, guild_id=None), str(table.id))
    assert stranger[0].error and "only your own games" in text_of(stranger) and stranger[0].image is None
    from_a_server = await bot.plugins.replays.replay(Ctx(99, "Mallory", 5, guild_id=7, can_view=lambda c: True), str(table.id))
    assert from_a_server[0].error and from_a_server[0].image is None
