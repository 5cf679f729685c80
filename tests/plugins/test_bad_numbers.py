"""Numbers people type or buttons carry that are not plain numbers ('²', '١', thirty digits):
found by the fuzz suite (tests/fuzz); each was an unhandled exception before."""
from __future__ import annotations

import pytest

from bot.presenters import customids
from bot.presenters.numbers import whole_number
from tests.conftest import ctx
from tests.helpers import text_of

HUGE = "9" * 30          # past SQLite's 64-bit integers


@pytest.mark.parametrize("text, expected", [("12", 12), (" 7 ", 7), ("0", 0), ("9" * 18, int("9" * 18)),
                                            ("²", None), ("١", None), ("１２", None), (HUGE, None), ("-1", None),
                                            ("1.5", None), ("", None), (None, None)])
def test_whole_number(text, expected):
    assert whole_number(text) == expected


@pytest.mark.parametrize("custom_id", ["bt:a:01:0:3", "bt:a:1:00:3", "bt:a:1:0:03", "bt:a:1:0:99999", "bt:l:١:join",
                                       "bt:h:1\n", f"bt:h:{HUGE}", f"bt:a:{HUGE}:1:3", "bt:l:1:join\n", "bt:a:01:0:add 1",
                                       "bt:p:1:0:1..2:0", "bt:p:1:0::0", "bt:s:1:0:-:0", "bt:m:1:2"])
def test_custom_ids_are_read_only_as_written(custom_id):
    assert customids.parse(custom_id) is None
    assert customids.parse("bt:a:1:0:3") == customids.Click("action", 1, 0, 3)
    assert customids.parse("bt:c:1:7:12") == customids.Click("choice", 1, 7, 12)
    assert customids.parse("bt:p:1:7:2.0:1") == customids.Click("step", 1, 7, path=(2, 0), page=1)
    assert customids.parse("bt:s:1:7:2:0", ["a5"]) == customids.Click("choice", 1, 7, 5, path=(2,))
    assert customids.parse("bt:s:1:7:-:0", ["p4"]) == customids.Click("step", 1, 7, path=(4,))
    # a move button of an earlier version carried the move's text: it is only stale now
    assert customids.parse("bt:a:1:0:add 1") == customids.Click("stale", 1)


@pytest.mark.parametrize("custom_id", [f"bt:r:{HUGE}", f"bt:u:{HUGE}:1:yes", f"bt:u:1:{HUGE}:no", "bt:r:١"])
async def test_rating_and_undo_buttons_with_odd_numbers(bot, custom_id):
    replies = await bot.service.button(ctx("alice"), custom_id)
    assert replies[0].error and "not one of ours" in text_of(replies)


@pytest.mark.parametrize("number", ["²", HUGE, "#" + HUGE, "١٢"])
async def test_replay_with_odd_numbers(bot, number):
    replies = await bot.plugins.replays.replay(ctx("alice"), number)
    assert replies[0].error and "Give the table's number" in text_of(replies)


@pytest.mark.parametrize("days", ["²", "³", HUGE])
async def test_vacation_with_odd_numbers(bot, days):
    replies = await bot.plugins.turns.vacation(ctx("alice"), days)
    assert replies[0].error and "Write the number of days" in text_of(replies)


async def test_tournament_line_with_odd_numbers(bot):
    replies = await bot.plugins.tournaments.command(ctx("alice"), "create Cup countdown size=² rounds=3")
    assert replies[0].error and "whole numbers" in text_of(replies)
    replies = await bot.plugins.tournaments.command(ctx("alice"), "create Cup countdown size=2 rounds=" + HUGE)
    assert replies[0].error and "whole numbers" in text_of(replies)
    replies = await bot.plugins.tournaments.command(ctx("alice"), "report ² alice > bob")
    assert replies[0].error
