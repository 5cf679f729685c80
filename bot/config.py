"""config.yaml -> typed, validated settings. A bad value stops the bot naming the key."""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from bot.dsn import DsnError, check_dsn
from bot.sharding import SINGLE, Shards

DURATION = re.compile(r"^(\d+)\s*([smhd])$")
_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


class ConfigError(ValueError):
    """A config value is wrong; the message names the key and what is allowed."""


def parse_duration(text: str) -> int:
    """'24h' -> 86400 seconds."""
    match = DURATION.match(str(text).strip().lower())
    if not match:
        raise ValueError(text)
    return int(match.group(1)) * _UNITS[match.group(2)]


@dataclass(frozen=True)
class Settings:
    database_backend: str = "sqlite"          # database.backend: sqlite | postgres
    database_path: str = "data/boardtable.sqlite3"
    database_dsn: str | None = field(default=None, repr=False)   # database.dsn or DATABASE_URL; holds a password
    database_pool_size: int = 5               # database.pool_size (PostgreSQL connections)
    default_locale: str = "en"
    locales: tuple[str, ...] = ("en", "ja")
    render_scale: float = 1.0
    render_threads: int = 2
    render_processes: int = 0                 # rendering.processes: draw in this many processes (0: in the threads)
    render_cache_size: int = 256              # rendering.cache_size: pictures kept (per table version)
    render_layers: int = 512                  # rendering.layers: picture parts kept in their palette form
    enabled_games: tuple[str, ...] = ("carcassonne", "keyflower", "stoneage", "florenza", "quetzal")
    extra_games: tuple[str, ...] = ()
    default_options: dict[str, tuple[str, ...]] = field(default_factory=dict)
    computer_level: str = "greedy"
    max_computer_moves: int = 500
    turn_timer_seconds: int | None = None
    reminder_at: float = 0.5
    on_timeout: str = "computer"
    vacation_days_per_month: int = 7          # turns.vacation_days_per_month (asynchronous play)
    replay_max_frames: int = 40               # replay.max_frames
    replay_frame_ms: int = 800                # replay.frame_ms
    replay_cache_size: int = 16               # replay.cache_size: replays kept (per table and version)
    replay_per_user_seconds: int = 60         # replay.per_user_seconds: one /replay per user this often
    sync_commands: str = "auto"
    moderator_permission: str = "manage_guild"
    dev_guild_ids: tuple[int, ...] = ()
    shard_count: int | str | None = None      # discord.shard_count: None (no sharding), "auto" or a number
    shard_ids: tuple[int, ...] | None = None  # discord.shard_ids: the shards this process runs (None: all)
    lease_seconds: float = 30.0               # scheduler.lease_seconds
    console_images_dir: str = "out/console"
    log_level: str = "INFO"
    monitor_event_loop: bool = False          # monitor.event_loop: measure event-loop stalls (bot/monitor.py)
    monitor_interval_ms: int = 50             # monitor.interval_ms
    monitor_report_seconds: int = 60          # monitor.report_seconds
    monitor_file: str | None = None           # monitor.file: JSON figures written at each report

    @property
    def shards(self) -> Shards:
        """The shards this process serves (all guilds unless a shard range is configured)."""
        if isinstance(self.shard_count, int):
            return Shards(self.shard_count, self.shard_ids)
        return SINGLE


def _get(data: dict, dotted: str, default: Any) -> Any:
    node: Any = data
    for part in dotted.split("."):
        if not isinstance(node, dict):
            raise ConfigError(f"config.yaml: '{dotted}' must be inside a mapping, found {node!r}")
        if part not in node:
            return default
        node = node[part]
    return node


def _check(ok: bool, key: str, allowed: str, value: Any) -> None:
    if not ok:
        raise ConfigError(f"config.yaml: '{key}' is {value!r}; allowed: {allowed}")


KNOWN_KEYS = {
    "database": {"backend", "path", "dsn", "pool_size"}, "locale": {"default", "available"}, "rendering": {"scale", "threads", "processes", "cache_size", "layers"},
    "games": {"enabled", "extra", "default_options"}, "computer": {"default_level", "max_moves_per_command"},
    "turns": {"timer", "reminder_at", "on_timeout", "vacation_days_per_month"},
    "replay": {"max_frames", "frame_ms", "cache_size", "per_user_seconds"},
    "discord": {"sync_commands", "moderator_permission", "dev_guild_ids", "shard_count", "shard_ids"},
    "scheduler": {"lease_seconds"},
    "console": {"images_dir"}, "logging": {"level"},
    "monitor": {"event_loop", "interval_ms", "report_seconds", "file"},
}
SUPPORTED_LOCALES = ("en", "ja")


def _database(data: dict, environ: dict[str, str]) -> tuple[str, str, str | None, int]:
    """database.backend / path / dsn / pool_size. With the postgres backend the DATABASE_URL
    environment variable overrides database.dsn, so a password need not be written into the file.
    A DSN is never echoed back in an error."""
    d = Settings()
    backend = _get(data, "database.backend", d.database_backend)
    _check(backend in ("sqlite", "postgres"), "database.backend", "sqlite or postgres", backend)
    path = _get(data, "database.path", d.database_path)
    _check(isinstance(path, str) and path.strip() != "", "database.path", "a file path", path)
    dsn = _get(data, "database.dsn", None)
    source = "database.dsn"
    if backend == "postgres" and environ.get("DATABASE_URL", "").strip():
        dsn, source = environ["DATABASE_URL"].strip(), "DATABASE_URL"
    if dsn is not None:
        try:
            check_dsn(dsn, f"'{source}'")
        except DsnError as error:
            raise ConfigError(f"config.yaml: {error}") from None
    if backend == "postgres" and not dsn:
        raise ConfigError("config.yaml: 'database.backend' is postgres but no database URL is set; set the DATABASE_URL"
                          " environment variable (or database.dsn) to postgresql://USER:PASSWORD@HOST:5432/DATABASE")
    pool = _get(data, "database.pool_size", d.database_pool_size)
    _check(isinstance(pool, int) and not isinstance(pool, bool) and 1 <= pool <= 100, "database.pool_size",
           "a whole number of connections from 1 to 100", pool)
    return backend, path, dsn, pool


def settings_from_dict(data: dict | None, environ: dict[str, str] | None = None) -> Settings:
    """Validated settings; ``environ`` (default: the process environment) supplies DATABASE_URL."""
    data = data or {}
    _check(isinstance(data, dict), "(top level)", "a mapping of sections", type(data).__name__)
    for section, value in data.items():
        _check(section in KNOWN_KEYS, section, ", ".join(sorted(KNOWN_KEYS)), section)
        _check(isinstance(value, dict), section, "a mapping", value)
        for key in value:
            _check(key in KNOWN_KEYS[section], f"{section}.{key}", ", ".join(f"{section}.{k}" for k in sorted(KNOWN_KEYS[section])), key)
    d = Settings()

    backend, path, dsn, pool = _database(data, dict(os.environ) if environ is None else environ)

    default_locale = _get(data, "locale.default", d.default_locale)
    _check(default_locale in SUPPORTED_LOCALES, "locale.default", " or ".join(SUPPORTED_LOCALES), default_locale)
    locales = _get(data, "locale.available", list(d.locales))
    _check(isinstance(locales, list) and locales and all(x in SUPPORTED_LOCALES for x in locales),
           "locale.available", f"a list drawn from {list(SUPPORTED_LOCALES)}", locales)

    scale = _get(data, "rendering.scale", d.render_scale)
    _check(isinstance(scale, (int, float)) and not isinstance(scale, bool) and 0.5 <= scale <= 3.0,
           "rendering.scale", "a number from 0.5 to 3.0", scale)
    threads = _get(data, "rendering.threads", d.render_threads)
    _check(isinstance(threads, int) and not isinstance(threads, bool) and 1 <= threads <= 32, "rendering.threads", "a whole number from 1 to 32", threads)
    processes = _get(data, "rendering.processes", d.render_processes)
    _check(isinstance(processes, int) and not isinstance(processes, bool) and 0 <= processes <= 64, "rendering.processes",
           "a whole number from 0 (draw in the threads) to 64", processes)
    pictures = _get(data, "rendering.cache_size", d.render_cache_size)
    _check(isinstance(pictures, int) and not isinstance(pictures, bool) and 0 <= pictures <= 100_000, "rendering.cache_size",
           "a whole number of pictures from 0 to 100000", pictures)
    layers = _get(data, "rendering.layers", d.render_layers)
    _check(isinstance(layers, int) and not isinstance(layers, bool) and 0 <= layers <= 100_000, "rendering.layers",
           "a whole number of picture parts from 0 to 100000", layers)

    enabled = _get(data, "games.enabled", list(d.enabled_games))
    _check(isinstance(enabled, list) and all(isinstance(x, str) for x in enabled), "games.enabled", "a list of game names", enabled)
    extra = _get(data, "games.extra", [])
    _check(isinstance(extra, list) and all(isinstance(x, str) and x for x in extra), "games.extra", "a list of 'package.module:GAME' strings", extra)
    defaults = _get(data, "games.default_options", {}) or {}
    _check(isinstance(defaults, dict) and all(isinstance(v, list) for v in defaults.values()),
           "games.default_options", "a mapping of game name to a list of option names", defaults)

    level = _get(data, "computer.default_level", d.computer_level)
    _check(level in ("random", "greedy"), "computer.default_level", "random or greedy", level)
    max_moves = _get(data, "computer.max_moves_per_command", d.max_computer_moves)
    _check(isinstance(max_moves, int) and max_moves >= 1, "computer.max_moves_per_command", "a whole number of at least 1", max_moves)

    timer = _get(data, "turns.timer", None)
    timer_seconds: int | None = None
    if timer is not None:
        try:
            timer_seconds = parse_duration(timer)
        except ValueError:
            _check(False, "turns.timer", "null or a duration such as 90m, 24h, 3d", timer)
    reminder = _get(data, "turns.reminder_at", d.reminder_at)
    _check(isinstance(reminder, (int, float)) and 0 < reminder < 1, "turns.reminder_at", "a fraction between 0 and 1", reminder)
    on_timeout = _get(data, "turns.on_timeout", d.on_timeout)
    _check(on_timeout in ("computer", "skip", "remove"), "turns.on_timeout", "computer, skip or remove", on_timeout)

    vacation = _get(data, "turns.vacation_days_per_month", d.vacation_days_per_month)
    _check(isinstance(vacation, int) and not isinstance(vacation, bool) and 0 <= vacation <= 31,
           "turns.vacation_days_per_month", "a whole number from 0 to 31", vacation)
    frames = _get(data, "replay.max_frames", d.replay_max_frames)
    _check(isinstance(frames, int) and not isinstance(frames, bool) and 2 <= frames <= 200, "replay.max_frames",
           "a whole number from 2 to 200", frames)
    frame_ms = _get(data, "replay.frame_ms", d.replay_frame_ms)
    _check(isinstance(frame_ms, int) and not isinstance(frame_ms, bool) and 100 <= frame_ms <= 10000, "replay.frame_ms",
           "a whole number of milliseconds from 100 to 10000", frame_ms)
    replay_cache = _get(data, "replay.cache_size", d.replay_cache_size)
    _check(isinstance(replay_cache, int) and not isinstance(replay_cache, bool) and 0 <= replay_cache <= 1000,
           "replay.cache_size", "a whole number of replays from 0 to 1000", replay_cache)
    per_user = _get(data, "replay.per_user_seconds", d.replay_per_user_seconds)
    _check(isinstance(per_user, int) and not isinstance(per_user, bool) and 0 <= per_user <= 86400,
           "replay.per_user_seconds", "a whole number of seconds from 0 to 86400", per_user)

    sync = _get(data, "discord.sync_commands", d.sync_commands)
    _check(sync in ("auto", "always", "never"), "discord.sync_commands", "auto, always or never", sync)
    perm = _get(data, "discord.moderator_permission", d.moderator_permission)
    _check(isinstance(perm, str) and re.fullmatch(r"[a-z_]+", perm or "") is not None, "discord.moderator_permission",
           "a Discord permission name such as manage_guild", perm)
    guilds = _get(data, "discord.dev_guild_ids", [])
    _check(isinstance(guilds, list) and all(isinstance(g, int) for g in guilds), "discord.dev_guild_ids", "a list of guild ids (numbers)", guilds)

    shard_count, shard_ids = check_shards(_get(data, "discord.shard_count", None), _get(data, "discord.shard_ids", None))
    lease = _get(data, "scheduler.lease_seconds", d.lease_seconds)
    _check(isinstance(lease, (int, float)) and not isinstance(lease, bool) and 1 <= lease <= 3600, "scheduler.lease_seconds",
           "a number of seconds from 1 to 3600", lease)

    images = _get(data, "console.images_dir", d.console_images_dir)
    _check(isinstance(images, str) and images.strip() != "", "console.images_dir", "a folder path", images)
    log_level = str(_get(data, "logging.level", d.log_level)).upper()
    _check(log_level in ("DEBUG", "INFO", "WARNING", "ERROR"), "logging.level", "DEBUG, INFO, WARNING or ERROR", log_level)

    monitor = _get(data, "monitor.event_loop", d.monitor_event_loop)
    _check(isinstance(monitor, bool), "monitor.event_loop", "true or false", monitor)
    interval = _get(data, "monitor.interval_ms", d.monitor_interval_ms)
    _check(isinstance(interval, int) and not isinstance(interval, bool) and 5 <= interval <= 10000,
           "monitor.interval_ms", "a whole number of milliseconds from 5 to 10000", interval)
    report = _get(data, "monitor.report_seconds", d.monitor_report_seconds)
    _check(isinstance(report, int) and not isinstance(report, bool) and 1 <= report <= 86400,
           "monitor.report_seconds", "a whole number of seconds from 1 to 86400", report)
    monitor_file = _get(data, "monitor.file", d.monitor_file)
    _check(monitor_file is None or (isinstance(monitor_file, str) and monitor_file.strip() != ""),
           "monitor.file", "null or a file path", monitor_file)

    return Settings(
        database_backend=backend, database_path=path, database_dsn=dsn, database_pool_size=pool, default_locale=default_locale, locales=tuple(locales), render_scale=float(scale),
        render_threads=threads, render_processes=processes, render_cache_size=pictures, render_layers=layers, enabled_games=tuple(enabled), extra_games=tuple(extra),
        default_options={k: tuple(v) for k, v in defaults.items()}, computer_level=level,
        max_computer_moves=max_moves, turn_timer_seconds=timer_seconds, reminder_at=float(reminder),
        on_timeout=on_timeout, vacation_days_per_month=vacation, replay_max_frames=frames, replay_frame_ms=frame_ms,
        replay_cache_size=replay_cache, replay_per_user_seconds=per_user,
        sync_commands=sync, moderator_permission=perm, dev_guild_ids=tuple(guilds),
        shard_count=shard_count, shard_ids=shard_ids, lease_seconds=float(lease),
        console_images_dir=images, log_level=log_level, monitor_event_loop=monitor,
        monitor_interval_ms=interval, monitor_report_seconds=report, monitor_file=monitor_file,
    )


def check_shards(count: Any, ids: Any, *, where: str = "config.yaml",
                 keys: tuple[str, str] = ("discord.shard_count", "discord.shard_ids")) -> tuple[int | str | None, tuple[int, ...] | None]:
    """Validate ``discord.shard_count`` and ``discord.shard_ids`` (also the command-line flags:
    ``where`` and ``keys`` name the source in the message)."""
    count_key, ids_key = keys

    def fail(key: str, allowed: str, value: Any) -> None:
        raise ConfigError(f"{where}: '{key}' is {value!r}; allowed: {allowed}")

    if not (count is None or count == "auto" or (isinstance(count, int) and not isinstance(count, bool) and 1 <= count <= 65536)):
        fail(count_key, "null (no sharding), auto (as many shards as Discord recommends, all in this process) "
             "or a whole number from 1 to 65536", count)
    if ids is None:
        return count, None
    if not isinstance(count, int):
        fail(ids_key, f"null unless {count_key} is a number (shard ids run from 0 to the shard count - 1)", ids)
    if not (isinstance(ids, (list, tuple)) and ids and all(isinstance(i, int) and not isinstance(i, bool) for i in ids)):
        fail(ids_key, f"null (all shards) or a non-empty list of shard ids from 0 to {count - 1}", ids)
    if any(not 0 <= i < count for i in ids) or len(set(ids)) != len(ids):
        fail(ids_key, f"distinct shard ids from 0 to {count - 1} ({count_key} is {count})", ids)
    return count, tuple(sorted(ids))


def load_settings(path: str | Path = "config.yaml") -> Settings:
    """Read and validate the config file (missing file: all defaults)."""
    path = Path(path)
    if not path.exists():
        return settings_from_dict({})
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else "not UTF-8 text"
        raise ConfigError(f"{path} cannot be read ({reason}); it must be a readable UTF-8 YAML file") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise ConfigError(f"{path}: not valid YAML: {yaml_problem(error)}") from None
    return settings_from_dict(data)


def yaml_problem(error: yaml.YAMLError) -> str:
    """What is wrong and where, without quoting the file: the line may hold a password."""
    mark = getattr(error, "problem_mark", None)
    problem = getattr(error, "problem", None) or "the file does not parse"
    where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
    return f"{problem}{where}"
