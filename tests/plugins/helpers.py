"""Playing games through the service for tests."""
from __future__ import annotations

import random

from bot.table.context import Ctx
from tests.helpers import text_of


def seat_ctx(table, seat: int) -> Ctx:
    record = table.seats[seat]
    return Ctx(user_id=record.user_id, name=record.name, channel_id=table.channel_id, guild_id=table.guild_id or 7)


async def play_turns(service, channel: int, turns: int | None = None, rng: random.Random | None = None,
                     level: str = "random") -> int:
    """Let the seated people move (choosing like the computer player) through the service until
    the game ends or ``turns`` moves were made; returns the moves made."""
    rng = rng or random.Random(channel)
    made = 0
    while turns is None or made < turns:
        table = service.live_tables.in_channel(channel)
        if table is None or table.status != "playing":
            break
        humans = [s for s in sorted(table.game.to_act(table.state)) if not table.computer_controls(s)]
        if not humans:
            break
        seat = humans[0]
        action = table.game.computer_player(level).choose(table.game, table.state, seat, rng)
        replies = await service.act(seat_ctx(table, seat), str(action))
        assert not replies[0].error, text_of(replies)
        made += 1
    return made


async def finish_countdown(service, channel: int, step: int = 3) -> list:
    """Bet odd, then add ``step`` each turn until the countdown game in ``channel`` ends; returns
    the last replies (the end-of-game message)."""
    replies: list = []
    for _ in range(200):
        table = service.live_tables.in_channel(channel)
        if table is None:
            return replies
        seat = min(s for s in table.game.to_act(table.state) if not table.computer_controls(s))
        text = "bet odd" if table.state.bets[seat] is None else f"add {step}"
        replies = await service.act(seat_ctx(table, seat), text)
        assert not replies[0].error, text_of(replies)
    raise AssertionError("the game did not end")
