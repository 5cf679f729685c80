"""config.yaml -> typed, validated settings. A bad value stops the bot naming the key.

Each section of the file is a pydantic model (below): a key's type, default and limits are its
field, and the field's description is what the error message says is allowed. The models are
the one list of keys: the README's configuration table is checked against them
(tests/test_config_readme.py). The bot reads them as the file has them: ``Settings`` holds one
validated model per section (``settings.rendering.threads``, ``settings.database.path``).
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, NoReturn, TypeVar, cast

import yaml
from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from bot.store.dsn import ENCODE_COMMAND, EXAMPLE, DsnError, check_dsn
from bot.i18n import LOCALES, I18n, t
from games.core.messages import Msg, N_
from bot.store.shards import SINGLE, Shards
from bot.turns.durations import parse_span


class ConfigError(ValueError):
    """What is wrong with the configuration: every problem found, each a sentence (a ``Msg``,
    worded in English and Japanese) about ``source``, the config file's path (or the command
    line). ``str()`` is the English, a line per problem, each starting with the source."""

    def __init__(self, problems: Msg | list[Msg], source: str = "config.yaml") -> None:
        self.problems = [problems] if isinstance(problems, Msg) else list(problems)
        self.source = source
        super().__init__("\n".join(self.lines("en")))

    def lines(self, locale: str = "en", i18n: I18n | None = None) -> list[str]:
        """Each problem as one line in ``locale``: ``SOURCE: sentence``. ``i18n`` brings the games'
        catalogues, for the games' own words inside a problem (an option's error)."""
        i18n = i18n or I18n()
        return [i18n.render(t("{source}: {problem}", source=self.source, problem=listed(problem, locale)), locale)
                for problem in self.problems]

    def about(self, source: str) -> "ConfigError":
        """The same problems, said of ``source`` (the file's real path)."""
        return ConfigError(self.problems, source)


def listed(msg: Msg, locale: str) -> Msg:
    """``msg`` with its tuple parameters (lists of keys, of sections) written as a list in
    ``locale`` (``a, b, c`` or ``a、b、c``)."""
    comma = "、" if locale == "ja" else ", "
    params = {k: comma.join(map(str, v)) if isinstance(v, tuple) else listed(v, locale) if isinstance(v, Msg) else v
              for k, v in msg.params.items()}
    return Msg(msg.text, params, msg.plural, msg.by)


def wrong_value(key_name: str, value: Any, allowed: str | Msg) -> Msg:
    """A key (or a flag) holds a value it does not take: what it holds and what it must be."""
    return t("'{key}' is {value}, but it must be {allowed}.", key=key_name, value=repr(value),
             allowed=allowed if isinstance(allowed, Msg) else Msg(allowed))


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
Number = Annotated[float, AfterValidator(float)]          # 2 in the file is the number 2.0
Duration = Annotated[int | None, BeforeValidator(_duration)]
if TYPE_CHECKING:
    Language = str
else:
    #: one of the languages the bot speaks (bot.i18n.LOCALES), checked by pydantic
    Language = Literal[LOCALES]


def key(default: Any, allowed: str, **limits: Any) -> Any:
    """A config key: its default, what is allowed (the error message says it) and its limits."""
    return Field(default, description=allowed, **limits)


def _listed(value: Any) -> Any:
    """A list as the tuple the bot keeps (anything else is left for the type to refuse)."""
    return tuple(value) if isinstance(value, list) else value


def _options_by_game(value: Any) -> Any:
    """``games.default_options``: an empty value (null, [], false) reads as no default options,
    as it always has; each game's list of options is kept as a tuple."""
    if not value:
        return {}
    if isinstance(value, dict):
        return {name: _listed(options) for name, options in value.items()}
    return value


class Section(BaseModel):
    """A section of config.yaml: no unknown keys, values of the key's own type (a number is not
    read from a string, nor a whole number from true). Lists are kept as tuples, and a default
    goes through the same checks as a value from the file."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, validate_default=True)


class DatabaseSection(Section):
    backend: Literal["sqlite", "postgres"] = key("sqlite", N_("sqlite or postgres"))
    path: Text = key("data/boardtable.sqlite3", N_("a file path"))
    # or DATABASE_URL, which wins with the postgres backend; holds a password, so never shown
    dsn: str | None = key(None, N_("null or postgresql://USER:PASSWORD@HOST:5432/DATABASE"), repr=False)
    pool_size: int = key(5, N_("a whole number of connections from 1 to 100"), ge=1, le=100)


class LocaleSection(Section):
    default: Language = key("en", N_("en or ja"))          # LOCALES
    available: Annotated[tuple[Language, ...], BeforeValidator(_listed)] = \
        key(list(LOCALES), N_("a list drawn from en and ja"), min_length=1)


class RenderingSection(Section):
    scale: Number = key(1.0, N_("a number from 0.5 to 3.0"), ge=0.5, le=3.0)
    threads: int = key(2, N_("a whole number from 1 to 32"), ge=1, le=32)
    processes: int = key(0, N_("a whole number from 0 (draw in the threads) to 64"), ge=0, le=64)
    cache_size: int = key(256, N_("a whole number of pictures from 0 to 100000"), ge=0, le=100_000)
    layers: int = key(512, N_("a whole number of picture parts from 0 to 100000"), ge=0, le=100_000)
    png_bands: int = key(8192, N_("a whole number of compressed bands from 0 to 1000000"), ge=0, le=1_000_000)
    text_layouts: int = key(8192, N_("a whole number of text layouts from 0 to 1000000"), ge=0, le=1_000_000)


class GamesSection(Section):
    enabled: Annotated[tuple[str, ...], BeforeValidator(_listed)] = \
        key(["carcassonne", "keyflower", "stoneage", "florenza", "quetzal"], N_("a list of game names"))
    extra: Annotated[tuple[Annotated[str, Field(min_length=1)], ...], BeforeValidator(_listed)] = \
        key([], N_("a list of 'package.module:GAME' strings"))
    # each name and option is checked against the installed games when the bot starts (check_games)
    default_options: Annotated[dict[Any, tuple[Any, ...]], BeforeValidator(_options_by_game)] = \
        key({}, N_("a mapping of game name to a list of option names"))


class ComputerSection(Section):
    default_level: Literal["random", "greedy", "strong"] = key("greedy", N_("random, greedy or strong"))
    #: who plays a resigned seat, and a timed-out one (turns.on_timeout computer)
    takeover_level: Literal["random", "greedy", "strong"] = key("strong", N_("random, greedy or strong"))
    max_moves_per_command: int = key(500, N_("a whole number of at least 1"), ge=1)
    #: the strong level's CPU budget a decision when nothing waits; less when tables queue (bot/table/budget.py)
    think_seconds: Number = key(0.9, N_("a number of seconds from 0.05 to 30"), ge=0.05, le=30)
    think_target: Number = key(3.0, N_("a number of seconds from 1 to 600 (how soon a computer's move should come)"),
                               ge=1, le=600)
    think_floor: Number = key(0.25, N_("a number of seconds from 0.05 to 30"), ge=0.05, le=30)
    think_processes: int = key(1, N_("a whole number from 1 to 64"), ge=1, le=64)
    think_queue: int = key(256, N_("a whole number from 1 to 100000"), ge=1, le=100000)


class TurnsSection(Section):
    timer: Duration = key(None, N_("null or a duration such as 90m, 24h, 3d, 1d12h"))
    reminder_at: Number = key(0.5, N_("a fraction between 0 and 1"), gt=0, lt=1)
    on_timeout: Literal["computer", "skip", "remove"] = key("computer", N_("computer, skip or remove"))
    vacation_days_per_month: int = key(7, N_("a whole number from 0 to 31"), ge=0, le=31)


class ReplaySection(Section):
    max_frames: int = key(40, N_("a whole number from 2 to 200"), ge=2, le=200)
    frame_ms: int = key(800, N_("a whole number of milliseconds from 100 to 10000"), ge=100, le=10000)
    cache_size: int = key(16, N_("a whole number of replays from 0 to 1000"), ge=0, le=1000)
    per_user_seconds: int = key(60, N_("a whole number of seconds from 0 to 86400"), ge=0, le=86400)


class DiscordSection(Section):
    sync_commands: Literal["auto", "always", "never"] = key("auto", N_("auto, always or never"))
    moderator_permission: str = key("manage_guild", N_("a Discord permission name such as manage_guild"),
                                    pattern=r"^[a-z_]+$")
    dev_guild_ids: Annotated[tuple[int, ...], BeforeValidator(_listed)] = key([], N_("a list of guild ids (numbers)"))
    # checked by check_shards (the same rules for the command-line flags)
    shard_count: Any = key(None, N_("null (no sharding), auto or a whole number from 1 to 65536"))
    shard_ids: Any = key(None, N_("null (all shards) or a list of shard ids"))


class SchedulerSection(Section):
    lease_seconds: Number = key(30.0, N_("a number of seconds from 1 to 3600"), ge=1, le=3600)


class ConsoleSection(Section):
    images_dir: Text = key("out/console", N_("a folder path"))


class LoggingSection(Section):
    level: Annotated[Literal["DEBUG", "INFO", "WARNING", "ERROR"], BeforeValidator(lambda v: str(v).upper())] = \
        key("INFO", N_("DEBUG, INFO, WARNING or ERROR"))


class MonitorSection(Section):
    event_loop: bool = key(False, N_("true or false"))
    interval_ms: int = key(50, N_("a whole number of milliseconds from 5 to 10000"), ge=5, le=10000)
    report_seconds: int = key(60, N_("a whole number of seconds from 1 to 86400"), ge=1, le=86400)
    file: Text | None = key(None, N_("null or a file path"))


S = TypeVar("S", bound=Section)

#: config.yaml's sections, in the order the README lists them
SECTIONS: dict[str, type[Section]] = {
    "database": DatabaseSection, "locale": LocaleSection, "rendering": RenderingSection, "games": GamesSection,
    "computer": ComputerSection, "turns": TurnsSection, "replay": ReplaySection, "discord": DiscordSection,
    "scheduler": SchedulerSection, "console": ConsoleSection, "logging": LoggingSection, "monitor": MonitorSection,
}


class Settings(BaseModel):
    """What the bot reads: config.yaml's sections, each validated by its model, under the file's
    own names (``settings.games.enabled``). ``database.dsn`` is the URL in use (DATABASE_URL wins
    over the file's with the postgres backend); ``discord.shard_count`` and ``discord.shard_ids``
    are checked (``check_shards``), the ids sorted."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    database: DatabaseSection = Field(default_factory=DatabaseSection)
    locale: LocaleSection = Field(default_factory=LocaleSection)
    rendering: RenderingSection = Field(default_factory=RenderingSection)
    games: GamesSection = Field(default_factory=GamesSection)
    computer: ComputerSection = Field(default_factory=ComputerSection)
    turns: TurnsSection = Field(default_factory=TurnsSection)
    replay: ReplaySection = Field(default_factory=ReplaySection)
    discord: DiscordSection = Field(default_factory=DiscordSection)
    scheduler: SchedulerSection = Field(default_factory=SchedulerSection)
    console: ConsoleSection = Field(default_factory=ConsoleSection)
    logging: LoggingSection = Field(default_factory=LoggingSection)
    monitor: MonitorSection = Field(default_factory=MonitorSection)

    @property
    def shards(self) -> Shards:
        """The shards this process serves (all guilds unless a shard range is configured)."""
        if isinstance(self.discord.shard_count, int):
            return Shards(self.discord.shard_count, self.discord.shard_ids)
        return SINGLE


def _section(data: dict, name: str, model: type[S]) -> tuple[S | None, list[Msg]]:
    """One section validated: the model, or None and a problem for each key whose value it does
    not take, saying what the key allows. Unknown keys are left out here (the caller reports
    them), so the known ones are checked all the same."""
    values = {k: v for k, v in data.get(name, {}).items() if k in model.model_fields}
    try:
        return model.model_validate(values), []
    except ValidationError as error:
        problems: list[Msg] = []
        for wrong in dict.fromkeys(str(e["loc"][0]) for e in error.errors() if e["loc"]):
            shown = str(values[wrong]).upper() if model is LoggingSection else values[wrong]
            problems.append(wrong_value(f"{name}.{wrong}", shown, model.model_fields[wrong].description or ""))
        return None, problems


#: what is wrong with a PostgreSQL URL (bot.store.dsn's kinds), in words a translator sees
DSN_PROBLEMS = {
    "scheme": N_("'{source}' is not a PostgreSQL URL; write it as {example}."),
    "raw": N_("The user name or password in '{source}' contains '/', '#', '?' or '@' as it is, which breaks the URL"
              " apart; write those characters URL-encoded (/ as %2F, # as %23, ? as %3F, @ as %40). This command"
              " prints a password encoded: {command}"),
    "port": N_("In '{source}', a port is not a number; write the URL as {example}. If the password contains '/', '#',"
               " '?' or '@', write those characters URL-encoded (/ as %2F, # as %23, ? as %3F, @ as %40)."),
}


def _database(section: DatabaseSection, environ: dict[str, str]) -> tuple[str | None, list[Msg]]:
    """The database URL, or what is wrong with it. With the postgres backend the DATABASE_URL
    environment variable overrides database.dsn, so a password need not be written into the
    file. A DSN is never echoed back in an error."""
    dsn, source = section.dsn, "database.dsn"
    if section.backend == "postgres" and environ.get("DATABASE_URL", "").strip():
        dsn, source = environ["DATABASE_URL"].strip(), "DATABASE_URL"
    if dsn is not None:
        try:
            check_dsn(dsn, f"'{source}'")
        except DsnError as error:
            template = DSN_PROBLEMS.get(error.kind, DSN_PROBLEMS["scheme"])
            return None, [Msg(template, {"source": source, "example": EXAMPLE, "command": ENCODE_COMMAND})]
    if section.backend == "postgres" and not dsn:
        return None, [t("'database.backend' is postgres but no database URL is set; set the DATABASE_URL environment"
                        " variable (or database.dsn) to {example}.", example=EXAMPLE)]
    return dsn, []


def _known_keys(data: dict) -> list[Msg]:
    """Unknown sections and keys, and sections that hold no keys."""
    problems: list[Msg] = []
    for name, values in data.items():
        if name not in SECTIONS:
            problems.append(t("There is no section '{name}'; the sections are {sections}.", name=name,
                              sections=tuple(SECTIONS)))
        elif not isinstance(values, dict):
            problems.append(t("The {name} section must hold keys with their values, not {value}.", name=name,
                              value=repr(values)))
        else:
            model = SECTIONS[name]
            problems += [t("There is no key '{key}' in the {section} section; its keys are {keys}.", key=f"{name}.{unknown}",
                           section=name, keys=tuple(f"{name}.{k}" for k in model.model_fields))
                         for unknown in values if unknown not in model.model_fields]
    return problems


def settings_from_dict(data: dict | None, environ: dict[str, str] | None = None, *,
                       source: str = "config.yaml") -> Settings:
    """Validated settings; ``environ`` (default: the process environment) supplies DATABASE_URL.
    Every problem is found before any is reported: the ConfigError lists them all, said of
    ``source`` (the file's path)."""
    data = data or {}
    if not isinstance(data, dict):
        raise ConfigError(t("The file must hold sections such as database: and locale:, not {kind}.",
                            kind=type(data).__name__), source)
    problems = _known_keys(data)
    sections: dict[str, Section] = {}
    for name, model in SECTIONS.items():
        if isinstance(data.get(name, {}), dict):
            section, wrong = _section(data, name, model)
            problems += wrong
            if section is not None:
                sections[name] = section
    if (database := sections.get("database")) is not None:
        dsn, wrong = _database(cast(DatabaseSection, database), dict(os.environ) if environ is None else environ)
        problems += wrong
        sections["database"] = database.model_copy(update={"dsn": dsn})
    if (found := sections.get("discord")) is not None:
        discord = cast(DiscordSection, found)
        try:
            shard_count, shard_ids = check_shards(discord.shard_count, discord.shard_ids)
        except ConfigError as error:
            problems += error.problems
        else:
            sections["discord"] = discord.model_copy(update={"shard_count": shard_count, "shard_ids": shard_ids})
    if problems:
        raise ConfigError(problems, source)
    return Settings.model_validate(sections)


def check_shards(count: Any, ids: Any, *, where: str = "config.yaml",
                 keys: tuple[str, str] = ("discord.shard_count", "discord.shard_ids")) -> tuple[int | str | None, tuple[int, ...] | None]:
    """Validate ``discord.shard_count`` and ``discord.shard_ids`` (also the command-line flags:
    ``where`` and ``keys`` name the source in the message)."""
    count_key, ids_key = keys

    def fail(key: str, allowed: Msg, value: Any) -> NoReturn:
        raise ConfigError(wrong_value(key, value, allowed), where)

    if not (count is None or count == "auto" or (isinstance(count, int) and not isinstance(count, bool) and 1 <= count <= 65536)):
        fail(count_key, t("null (no sharding), auto (as many shards as Discord recommends, all in this process) "
                          "or a whole number from 1 to 65536"), count)
    if ids is None:
        return count, None
    if not isinstance(count, int):
        fail(ids_key, t("null unless {count_key} is a number (shard ids run from 0 to the shard count - 1)",
                        count_key=count_key), ids)
    if not (isinstance(ids, (list, tuple)) and ids and all(isinstance(i, int) and not isinstance(i, bool) for i in ids)):
        fail(ids_key, t("null (all shards) or a non-empty list of shard ids from 0 to {last}", last=count - 1), ids)
    if any(not 0 <= i < count for i in ids) or len(set(ids)) != len(ids):
        fail(ids_key, t("distinct shard ids from 0 to {last} ({count_key} is {count})", last=count - 1,
                        count_key=count_key, count=count), ids)
    return count, tuple(sorted(ids))


def load_settings(path: str | Path = "config.yaml", *, required: bool = False) -> Settings:
    """Read and validate the config file. A missing file means all defaults, unless the file is
    ``required`` (named by the operator): then its absence is the error, naming the path, so a
    typo never starts the bot on the defaults with a database in the current folder. Errors are
    said of the file's path as given."""
    path = Path(path)
    if not path.exists():
        if required:
            raise ConfigError(t("The file does not exist; name an existing config file, or leave out --config (and"
                                " BOARDTABLE_CONFIG) to run on the defaults."), str(path))
        return settings_from_dict({}, source=str(path))
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else t("not UTF-8 text")
        raise ConfigError(t("The file cannot be read ({reason}); it must be a readable UTF-8 YAML file.", reason=reason),
                          str(path)) from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise ConfigError(t("It is not valid YAML: {problem}.", problem=yaml_problem(error)), str(path)) from None
    return settings_from_dict(data, source=str(path))


def yaml_problem(error: yaml.YAMLError) -> Msg | str:
    """What is wrong and where, without quoting the file: the line may hold a password."""
    mark = getattr(error, "problem_mark", None)
    problem = getattr(error, "problem", None) or t("the file does not parse")
    if mark is None:
        return problem
    return t("{problem} at line {line}, column {column}", problem=problem, line=mark.line + 1, column=mark.column + 1)
