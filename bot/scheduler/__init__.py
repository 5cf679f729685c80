"""The one scheduler that fires stored deadlines (see scheduler.py) and its clocks."""
from bot.scheduler.clock import Clock, ManualClock, SystemClock
from bot.scheduler.scheduler import Job, Scheduler, cancel_sql, rearm_sql, schedule_sql

__all__ = ["Clock", "Job", "ManualClock", "Scheduler", "SystemClock", "cancel_sql", "rearm_sql", "schedule_sql"]
