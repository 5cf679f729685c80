"""Turn timers, clocks, vacations and preferences as the turn modules use them; the statements
live in :mod:`bot.store.turn_timers`."""
from __future__ import annotations

from bot.store.turn_timers import TimerSetting, TurnClock, TurnTimers, Vacation

TurnStore = TurnTimers

__all__ = ["TimerSetting", "TurnClock", "TurnStore", "Vacation"]
