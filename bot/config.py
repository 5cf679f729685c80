"""config.yaml -> typed, validated settings. A bad value stops the bot naming the key.

Each section of the file is a pydantic model (below): a key's type, default and limits are its
field, and the field's description is what the error message says is allowed. The models are
the one list of keys: the README's configuration table is checked against them
(tests/test_config_readme.py). The bot reads the flat ``Settings`` built from them.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, NoReturn, TypeVar

import yaml
from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from bot.store.dsn import DsnError, check_dsn
from bot.i18n import LOCALES
from bot.store.shards import SINGLE, Shards
from bot.turns.durations import parse_span


class ConfigError(ValueError):
    """A config value is wrong; the message names the key and what is allowed."""


# -- the file's sections: each key's type, default, limits and what is allowed --------------------

def _not_blank(text: str) -> str:
    if not text.strip():
        raise ValueError("blank")
    return text


def _duration(value: Any) -> int | None:
    if value is None:
        return None
    seconds = parse_span(str(value))
    if seconds is None:
        raise ValueError("not a duration")
    return seconds


Text = Annotated[str, AfterValidator(_not_blank)]
Duration = Annotated[int | None, BeforeValidator(_duration)]
if TYPE_CHECKING:
    Language = str
else:
    #: one of the languages the bot speaks (bot.i18n.LOCALES), checked by pydantic
    Language = Literal[LOCALES]


def key(default: Any, allowed: str, **limits: Any) -> Any:
    """A config key: its default, what is allowed (the error message says it) and its limits."""
    return Field(default, description=allowed, **limits)


class Section(BaseModel):
    """A section of config.yaml: no unknown keys, values of the key's own type (a number is not
    read from a string, nor a whole number from true)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class DatabaseSection(Section):
    backend: Literal["sqlite", "postgres"] = key("sqlite", "sqlite or postgres")
    path: Text = key("data/boardtable.sqlite3", "a file path")
    dsn: str | None = key(None, "null or postgresql://USER:PASSWORD@HOST:5432/DATABASE")
    pool_size: int = key(5, "a whole number of connections from 1 to 100", ge=1, le=100)


class LocaleSection(Section):
    default: Language = key("en", " or ".join(LOCALES))
    available: list[Language] = key(list(LOCALES), f"a list drawn from {list(LOCALES)}", min_length=1)


class RenderingSection(Section):
    scale: float = key(1.0, "a number from 0.5 to 3.0", ge=0.5, le=3.0)
    threads: int = key(2, "a whole number from 1 to 32", ge=1, le=32)
    processes: int = key(0, "a whole number from 0 (draw in the threads) to 64", ge=0, le=64)
    cache_size: int = key(256, "a whole number of pictures from 0 to 100000", ge=0, le=100_000)
    layers: int = key(512, "a whole number of picture parts from 0 to 100000", ge=0, le=100_000)
    png_bands: int = key(8192, "a whole number of compressed bands from 0 to 1000000", ge=0, le=1_000_000)


class GamesSection(Section):
    enabled: list[str] = key(["carcassonne", "keyflower", "stoneage", "florenza", "quetzal"], "a list of game names")
    extra: list[Annotated[str, Field(min_length=1)]] = key([], "a list of 'package.module:GAME' strings")
    # an empty value (null, [], false) reads as no default options, as it always has
    default_options: Annotated[dict[Any, list[Any]] | None, BeforeValidator(lambda value: value or None)] = \
        key({}, "a mapping of game name to a list of option names")


class ComputerSection(Section):
    default_level: Literal["random", "greedy"] = key("greedy", "random or greedy")
    max_moves_per_command: int = key(500, "a whole number of at least 1", ge=1)


class TurnsSection(Section):
    timer: Duration = key(None, "null or a duration such as 90m, 24h, 3d, 1d12h")
    reminder_at: float = key(0.5, "a fraction between 0 and 1", gt=0, lt=1)
    on_timeout: Literal["computer", "skip", "remove"] = key("computer", "computer, skip or remove")
    vacation_days_per_month: int = key(7, "a whole number from 0 to 31", ge=0, le=31)


class ReplaySection(Section):
    max_frames: int = key(40, "a whole number from 2 to 200", ge=2, le=200)
    frame_ms: int = key(800, "a whole number of milliseconds from 100 to 10000", ge=100, le=10000)
    cache_size: int = key(16, "a whole number of replays from 0 to 1000", ge=0, le=1000)
    per_user_seconds: int = key(60, "a whole number of seconds from 0 to 86400", ge=0, le=86400)


class DiscordSection(Section):
    sync_commands: Literal["auto", "always", "never"] = key("auto", "auto, always or never")
    moderator_permission: str = key("manage_guild", "a Discord permission name such as manage_guild",
                                    pattern=r"^[a-z_]+$")
    dev_guild_ids: list[int] = key([], "a list of guild ids (numbers)")
    # checked by check_shards (the same rules for the command-line flags)
    shard_count: Any = key(None, "null (no sharding), auto or a whole number from 1 to 65536")
    shard_ids: Any = key(None, "null (all shards) or a list of shard ids")


class SchedulerSection(Section):
    lease_seconds: float = key(30.0, "a number of seconds from 1 to 3600", ge=1, le=3600)


class ConsoleSection(Section):
    images_dir: Text = key("out/console", "a folder path")


class LoggingSection(Section):
    level: Annotated[Literal["DEBUG", "INFO", "WARNING", "ERROR"], BeforeValidator(lambda v: str(v).upper())] = \
        key("INFO", "DEBUG, INFO, WARNING or ERROR")


class MonitorSection(Section):
    event_loop: bool = key(False, "true or false")
    interval_ms: int = key(50, "a whole number of milliseconds from 5 to 10000", ge=5, le=10000)
    report_seconds: int = key(60, "a whole number of seconds from 1 to 86400", ge=1, le=86400)
    file: Text | None = key(None, "null or a file path")


S = TypeVar("S", bound=Section)

#: config.yaml's sections, in the order the README lists them
SECTIONS: dict[str, type[Section]] = {
    "database": DatabaseSection, "locale": LocaleSection, "rendering": RenderingSection, "games": GamesSection,
    "computer": ComputerSection, "turns": TurnsSection, "replay": ReplaySection, "discord": DiscordSection,
    "scheduler": SchedulerSection, "console": ConsoleSection, "logging": LoggingSection, "monitor": MonitorSection,
}


def default_of(dotted: str) -> Any:
    """The default of a config key (``rendering.threads``), as its model holds it."""
    section, name = dotted.split(".")
    return SECTIONS[section].model_fields[name].default


@dataclass(frozen=True)
class Settings:
    """What the bot reads: config.yaml's keys, validated, under flat names; each default is the
    key's own (named beside it)."""

    database_backend: str = default_of("database.backend")
    database_path: str = default_of("database.path")
    database_dsn: str | None = field(default=default_of("database.dsn"), repr=False)   # or DATABASE_URL; holds a password
    database_pool_size: int = default_of("database.pool_size")      # PostgreSQL connections
    default_locale: str = default_of("locale.default")
    locales: tuple[str, ...] = tuple(default_of("locale.available"))  # the languages replies are given in
    render_scale: float = default_of("rendering.scale")
    render_threads: int = default_of("rendering.threads")
    render_processes: int = default_of("rendering.processes")      # draw in this many processes (0: in the threads)
    render_cache_size: int = default_of("rendering.cache_size")    # pictures kept (per table version)
    render_layers: int = default_of("rendering.layers")            # picture parts kept in their palette form
    render_png_bands: int = default_of("rendering.png_bands")      # compressed PNG bands kept
    enabled_games: tuple[str, ...] = tuple(default_of("games.enabled"))
    extra_games: tuple[str, ...] = tuple(default_of("games.extra"))
    default_options: dict[str, tuple[str, ...]] = field(default_factory=dict)   # games.default_options
    computer_level: str = default_of("computer.default_level")
    max_computer_moves: int = default_of("computer.max_moves_per_command")
    turn_timer_seconds: int | None = default_of("turns.timer")
    reminder_at: float = default_of("turns.reminder_at")
    on_timeout: str = default_of("turns.on_timeout")
    vacation_days_per_month: int = default_of("turns.vacation_days_per_month")   # asynchronous play
    replay_max_frames: int = default_of("replay.max_frames")
    replay_frame_ms: int = default_of("replay.frame_ms")
    replay_cache_size: int = default_of("replay.cache_size")       # replays kept (per table and version)
    replay_per_user_seconds: int = default_of("replay.per_user_seconds")   # one /replay per user this often
    sync_commands: str = default_of("discord.sync_commands")
    moderator_permission: str = default_of("discord.moderator_permission")
    dev_guild_ids: tuple[int, ...] = tuple(default_of("discord.dev_guild_ids"))
    shard_count: int | str | None = default_of("discord.shard_count")   # None (no sharding), "auto" or a number
    shard_ids: tuple[int, ...] | None = default_of("discord.shard_ids")  # the shards this process runs (None: all)
    lease_seconds: float = default_of("scheduler.lease_seconds")
    console_images_dir: str = default_of("console.images_dir")
    log_level: str = default_of("logging.level")
    monitor_event_loop: bool = default_of("monitor.event_loop")    # measure event-loop stalls (bot/monitor.py)
    monitor_interval_ms: int = default_of("monitor.interval_ms")
    monitor_report_seconds: int = default_of("monitor.report_seconds")
    monitor_file: str | None = default_of("monitor.file")          # JSON figures written at each report

    @property
    def shards(self) -> Shards:
        """The shards this process serves (all guilds unless a shard range is configured)."""
        if isinstance(self.shard_count, int):
            return Shards(self.shard_count, self.shard_ids)
        return SINGLE


def _fail(key_name: str, value: Any, allowed: str) -> ConfigError:
    return ConfigError(f"config.yaml: '{key_name}' is {value!r}; allowed: {allowed}")


def _section(data: dict, name: str, model: type[S]) -> S:
    """One section validated (its keys are known); the first wrong value named with what its
    key allows."""
    values = data.get(name, {})
    try:
        return model.model_validate(values)
    except ValidationError as error:
        wrong = str(error.errors()[0]["loc"][0])
        shown = str(values[wrong]).upper() if model is LoggingSection else values[wrong]
        raise _fail(f"{name}.{wrong}", shown, model.model_fields[wrong].description or "") from None


def _database(section: DatabaseSection, environ: dict[str, str]) -> str | None:
    """The database URL. With the postgres backend the DATABASE_URL environment variable
    overrides database.dsn, so a password need not be written into the file. A DSN is never
    echoed back in an error."""
    dsn, source = section.dsn, "database.dsn"
    if section.backend == "postgres" and environ.get("DATABASE_URL", "").strip():
        dsn, source = environ["DATABASE_URL"].strip(), "DATABASE_URL"
    if dsn is not None:
        try:
            check_dsn(dsn, f"'{source}'")
        except DsnError as error:
            raise ConfigError(f"config.yaml: {error}") from None
    if section.backend == "postgres" and not dsn:
        raise ConfigError("config.yaml: 'database.backend' is postgres but no database URL is set; set the DATABASE_URL"
                          " environment variable (or database.dsn) to postgresql://USER:PASSWORD@HOST:5432/DATABASE")
    return dsn


def settings_from_dict(data: dict | None, environ: dict[str, str] | None = None) -> Settings:
    """Validated settings; ``environ`` (default: the process environment) supplies DATABASE_URL."""
    data = data or {}
    if not isinstance(data, dict):
        raise _fail("(top level)", type(data).__name__, "a mapping of sections")
    for name in data:                       # every section's keys are known before any value is read
        if name not in SECTIONS:
            raise _fail(name, name, ", ".join(sorted(SECTIONS)))
        if not isinstance(data[name], dict):
            raise _fail(name, data[name], "a mapping")
        model = SECTIONS[name]
        for unknown in (k for k in data[name] if k not in model.model_fields):
            raise _fail(f"{name}.{unknown}", unknown, ", ".join(f"{name}.{k}" for k in sorted(model.model_fields)))
    database = _section(data, "database", DatabaseSection)
    dsn = _database(database, dict(os.environ) if environ is None else environ)
    locale = _section(data, "locale", LocaleSection)
    rendering = _section(data, "rendering", RenderingSection)
    games = _section(data, "games", GamesSection)
    computer = _section(data, "computer", ComputerSection)
    turns = _section(data, "turns", TurnsSection)
    replay = _section(data, "replay", ReplaySection)
    discord = _section(data, "discord", DiscordSection)
    scheduler = _section(data, "scheduler", SchedulerSection)
    console = _section(data, "console", ConsoleSection)
    logs = _section(data, "logging", LoggingSection)
    monitor = _section(data, "monitor", MonitorSection)
    shard_count, shard_ids = check_shards(discord.shard_count, discord.shard_ids)
    return Settings(
        database_backend=database.backend, database_path=database.path, database_dsn=dsn,
        database_pool_size=database.pool_size, default_locale=locale.default, locales=tuple(locale.available),
        render_scale=float(rendering.scale), render_threads=rendering.threads, render_processes=rendering.processes,
        render_cache_size=rendering.cache_size, render_layers=rendering.layers, render_png_bands=rendering.png_bands,
        enabled_games=tuple(games.enabled), extra_games=tuple(games.extra),
        default_options={k: tuple(v) for k, v in (games.default_options or {}).items()},
        computer_level=computer.default_level, max_computer_moves=computer.max_moves_per_command,
        turn_timer_seconds=turns.timer, reminder_at=float(turns.reminder_at), on_timeout=turns.on_timeout,
        vacation_days_per_month=turns.vacation_days_per_month, replay_max_frames=replay.max_frames,
        replay_frame_ms=replay.frame_ms, replay_cache_size=replay.cache_size,
        replay_per_user_seconds=replay.per_user_seconds, sync_commands=discord.sync_commands,
        moderator_permission=discord.moderator_permission, dev_guild_ids=tuple(discord.dev_guild_ids),
        shard_count=shard_count, shard_ids=shard_ids, lease_seconds=float(scheduler.lease_seconds),
        console_images_dir=console.images_dir, log_level=logs.level, monitor_event_loop=monitor.event_loop,
        monitor_interval_ms=monitor.interval_ms, monitor_report_seconds=monitor.report_seconds,
        monitor_file=monitor.file,
    )


def check_shards(count: Any, ids: Any, *, where: str = "config.yaml",
                 keys: tuple[str, str] = ("discord.shard_count", "discord.shard_ids")) -> tuple[int | str | None, tuple[int, ...] | None]:
    """Validate ``discord.shard_count`` and ``discord.shard_ids`` (also the command-line flags:
    ``where`` and ``keys`` name the source in the message)."""
    count_key, ids_key = keys

    def fail(key: str, allowed: str, value: Any) -> NoReturn:
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
