"""Ratings: OpenSkill updates from finished games, what does not count, consent after computer
moves, /rating and /leaderboard (text and image)."""
from __future__ import annotations

import io

from PIL import Image

from bot.ratings.model import START, displayed, places, rate
from bot.ratings.service import medals
from bot.store.records import Skill
from tests.plugins.helpers import finish_countdown, play_turns
from tests.conftest import ctx
from tests.helpers import confirmed, text_of


async def game(bot, *users, channel=1, bots=0):
    await bot.service.join(ctx(users[0], channel), "countdown")
    for user in users[1:]:
        await bot.service.join(ctx(user, channel))
    for _ in range(bots):
        await bot.service.addbot(ctx(users[0], channel), "random")
    await bot.service.start(ctx(users[0], channel))
    return bot.service.live_tables.in_channel(channel)


def test_model_ranks_and_ties():
    a, b, c = rate([START, START, START], [1, 2, 3])
    assert a.mu > b.mu > c.mu and all(s.sigma < START.sigma for s in (a, b, c))
    a, b, c = rate([START, START, START], [1, 1, 3])
    assert abs(a.mu - b.mu) < 1e-9 and a.mu > c.mu
    strong, weak = Skill(35, 3), Skill(20, 3)
    upset = rate([strong, weak], [2, 1])
    expected = rate([strong, weak], [1, 2])
    assert (upset[1].mu - weak.mu) > (expected[0].mu - strong.mu)       # beating a stronger player gains more


def test_a_new_player_sees_a_friendly_rating_that_a_first_loss_does_not_make_negative():
    assert START.ordinal == 0 and displayed(START) == 1000
    winner, loser = rate([START, START], [1, 2])
    assert loser.ordinal < 0 < displayed(loser) < 1000 < displayed(winner)
    last = rate([START] * 6, [1, 2, 3, 4, 5, 6])[-1]
    assert last.ordinal < 0 and 0 < displayed(last) < 1000
    # the order is the ordinal's; far below the start it stops at 0
    assert displayed(Skill(20, 3)) > displayed(Skill(20, 4)) and displayed(Skill(0, 9)) == 0


def test_ties_share_places_and_medals():
    assert places([1200, 1100, 1100, 1000]) == [1, 2, 2, 4]
    assert places([1200, 1100, 1000, 1000, 900]) == [1, 2, 3, 3, 5]
    assert medals(places([1200, 1100, 1000, 1000, 900])) == {0: 1, 1: 2, 2: 3, 3: 3}
    assert medals(places([1100, 1100, 1000])) == {0: 1, 1: 1, 2: 3}


async def test_a_new_players_lines_show_no_negative_rating_and_explain_it(bot):
    await game(bot, "alice", "bob")
    replies = await finish_countdown(bot.service, 1)
    text = text_of(replies)
    changes = [line for line in text.splitlines() if " → " in line]
    assert len(changes) == 2 and all(line.split(": ", 1)[1].startswith("1000 → ") for line in changes), changes
    assert not [line for line in changes if "-" in line.split(" → ")[1].split(" (")[0]], changes
    assert text_of(replies, "ja").count("1000 → ") == 2
    for who in ("alice", "bob"):
        mine = text_of(await bot.plugins.ratings.rating(ctx(who)))
        assert "μ" not in mine and "σ" not in mine and "New players start at 1000." in mine, mine
    board = await bot.plugins.ratings.leaderboard(ctx("alice"), "countdown")
    text = text_of(board)
    assert "μ" not in text and "Leaderboard for Countdown (test game):" in text and "New players start at 1000." in text
    assert "新しいプレイヤーのレーティングは1000から始まり" in text_of(board, "ja") and "μ" not in text_of(board, "ja")
    assert all(int(line.split(" — ")[1].split(" ")[0]) > 0 for line in text.splitlines()[1:3]), text


async def test_finished_game_updates_ratings(bot, recorder):
    table = await game(bot, "alice", "bob", "carol")
    await play_turns(bot.service, 1, turns=2)
    replies = await finish_countdown(bot.service, 1)
    text = text_of(replies)
    assert "Game over." in text and "Ratings for Countdown (test game):" in text
    results = {user: rank for _, user, rank, _ in await bot.store.results(table.id)}
    rows = await bot.plugins.ratings.store.get(7, "countdown", list(results))
    assert set(rows) == set(results) and all(r.games == 1 for r in rows.values())
    winner = next(u for u, rank in results.items() if rank == 1)
    assert rows[winner].wins == 1 and rows[winner].skill.ordinal == max(r.skill.ordinal for r in rows.values())
    assert f"{rows[winner].name}: 1000 → {displayed(rows[winner].skill)} (+" in text
    # a second finish of the same table can never count twice
    assert await bot.plugins.ratings._rate(table.id, 7, "countdown", [(u, "x") for u in results], [1, 2, 3], False) is None
    again = await bot.plugins.ratings.store.get(7, "countdown", list(results))
    assert again == rows


async def test_computer_players_and_aborted_games_do_not_count(bot):
    await game(bot, "alice", "bob", bots=1)
    await play_turns(bot.service, 1)
    assert await bot.plugins.ratings.store.of_user(7, ctx("alice").user_id) == {}
    await game(bot, "alice", "bob", channel=2)
    await play_turns(bot.service, 2, turns=3)
    await confirmed(bot.service, ctx("alice", 2), "abort")
    assert await bot.plugins.ratings.store.of_user(7, ctx("alice").user_id) == {}


async def test_computer_moves_need_everyones_consent(bot, clock, recorder):
    table = await game(bot, "alice", "bob")
    await bot.service.act(ctx("alice"), "bet odd")
    clock.advance(3600)
    await bot.due()                                     # the computer bets for Bob
    replies = await finish_countdown(bot.service, 1)
    text = text_of(replies)
    assert "changes ratings only if every player agrees" in text
    button = replies[0].buttons[-1]
    assert button.label == "Count for ratings"
    r = await bot.service.button(ctx("carol"), button.custom_id)
    assert r[0].error and "Only the players" in text_of(r)
    r = await bot.service.button(ctx("alice"), button.custom_id)
    assert r[0].private and "Still waiting for: Bob" in text_of(r)
    assert await bot.plugins.ratings.store.of_user(7, ctx("alice").user_id) == {}
    r = await bot.service.button(ctx("bob"), button.custom_id)
    assert not r[0].private and "Every player agreed" in text_of(r) and "Ratings for Countdown" in text_of(r)
    assert (await bot.plugins.ratings.store.of_user(7, ctx("bob").user_id))["countdown"].games == 1
    r = await bot.service.button(ctx("alice"), button.custom_id)
    assert r[0].error and "already settled" in text_of(r)
    assert (await bot.plugins.ratings.store.status(table.id))[0] == "rated"


async def test_rating_and_leaderboard(bot):
    for channel in (1, 2):
        await game(bot, "alice", "bob", "carol", channel=channel)
        await play_turns(bot.service, channel)
    r = await bot.plugins.ratings.rating(ctx("alice"))
    text = text_of(r)
    assert r[0].private and "Ratings of Alice:" in text and "Countdown (test game):" in text and "2 games" in text
    r = await bot.plugins.ratings.rating(ctx("dave"))
    assert "Dave has no rating here yet" in text_of(r)
    r = await bot.plugins.ratings.rating(ctx("alice"), "chess")
    assert r[0].error
    r = await bot.plugins.ratings.leaderboard(ctx("alice"), "countdown")
    text = text_of(r)
    assert "Leaderboard for Countdown (test game)" in text and text.count("2 games") == 3
    assert text.splitlines()[1].startswith("1. ")
    image = Image.open(io.BytesIO(r[0].image))
    assert image.format == "PNG" and image.width >= 320 and image.height > 100
    r = await bot.plugins.ratings.leaderboard(ctx("alice"))
    assert r[0].error and "countdown" in text_of(r)
    r = await bot.plugins.ratings.leaderboard(ctx("alice", channel=9, ).__class__(user_id=1, name="x", channel_id=9, guild_id=55),
                                           "countdown")
    assert "Nobody has a Countdown (test game) rating here yet." in text_of(r)


async def test_leaderboard_image_speaks_the_servers_language(bot):
    """The leaderboard is posted in the channel: its picture's words are the server's language,
    whatever the asker's own."""
    from tests.renderers.drawnwords import recording
    await game(bot, "alice", "bob", "carol", channel=1)
    await play_turns(bot.service, 1)
    with recording() as drawn:
        r = await bot.plugins.ratings.leaderboard(ctx("alice", locale="en-US", guild_locale="ja"), "countdown")
    assert r[0].image and "プレイヤー" in drawn.texts and "Player" not in drawn.texts
    with recording() as drawn:
        r = await bot.plugins.ratings.leaderboard(ctx("alice", locale="ja", guild_locale="en-US"), "countdown")
    assert r[0].image and "Player" in drawn.texts and "プレイヤー" not in drawn.texts
