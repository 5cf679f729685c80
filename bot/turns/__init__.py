"""Turn clocks: timers, reminders, timeout policies, vacations, /games and /notify."""
