"""Entry point: the ``boardtable`` command (``pip install .``) and ``python -m bot``, the same program.

    boardtable [run]            the bot: Discord when DISCORD_TOKEN is set, else the console table
    boardtable run --sync       the same, syncing the slash commands to Discord even if unchanged
    boardtable console          the console table (several players typing as themselves)
    boardtable console --seed N the same, its tables seeded N, N+1, ...: the same games every time
    boardtable migrate          bring the database's schema up to date, then stop
    boardtable migrate sqlite-to-postgres [--from PATH] [--to URL]
                                copy the SQLite database into an empty PostgreSQL one
    boardtable sync             sync the slash commands to Discord (and dev_guild_ids), then stop

The forms of earlier versions still work: ``discord`` for ``run``, ``--sync`` alone, and
``migrate-sqlite-to-postgres``.
"""
from __future__ import annotations

import argparse
import asyncio
import itertools
import logging
import os
import signal
import sys
from typing import Callable

from bot.plugins import Plugins
from bot.config import ConfigError, Settings, check_shards, load_settings
from bot.i18n import I18n, environment_language, game_packages, t
from bot.monitor import LoopMonitor
from bot.service import TableService
from bot.ownership import Ownership, OwnershipError
from bot.store import Store, StoreError, open_store
from games import registry
from games.core import OptionError, validate_options
from games.core.messages import Msg
from renderers.common.fontchain import warn_missing_fonts

#: the config file read when none is named (the defaults when it is not there either)
DEFAULT_CONFIG_NAME = "config.yaml"


class TokenFilter(logging.Filter):
    """Never let the token reach a log line."""

    def __init__(self, token: str | None) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        if self.token:
            message = record.getMessage()
            if self.token in message:
                record.msg = message.replace(self.token, "[token]")
                record.args = ()
        return True


def check_games(settings: Settings, source: str = DEFAULT_CONFIG_NAME) -> list[str]:
    """Games named in config must exist, and their default options must be valid. Every problem
    is reported at once, said of ``source`` (the config file's path)."""
    problems: list[Msg] = []
    for spec in settings.games.extra:
        try:
            registry.load(spec)
        except (ImportError, AttributeError, ValueError) as error:
            problems.append(t("The entry '{spec}' of 'games.extra' cannot be loaded: {error}.", spec=spec, error=str(error)))
    known = registry.names()
    missing = [name for name in settings.games.enabled if name not in known]
    if missing:
        logging.getLogger("bot").warning("games.enabled names games that are not installed yet: %s (installed: %s)",
                                         ", ".join(missing), ", ".join(known) or "-")
    for name, options in settings.games.default_options.items():
        game = registry.get(name)
        if game is None:
            problems.append(t("'games.default_options' names the game '{name}', which is not installed; the installed"
                              " games are {known}.", name=name, known=tuple(known)))
            continue
        try:
            validate_options(game.options, options)
        except OptionError as error:
            problems.append(t("In 'games.default_options.{name}': {problem}", name=name,
                              problem=Msg(error.text, error.params)))
    if problems:
        raise ConfigError(problems, source)
    return known


def operator_i18n() -> I18n:
    """The catalogues an operator's message may need: the bot's and every installed game's (an
    option's error inside a config problem)."""
    games = [game for name in registry.names() if (game := registry.get(name)) is not None]
    return I18n(game_packages(games))


def stop_on_sigterm() -> None:
    """SIGTERM (systemd, docker stop) ends the bot like Ctrl-C: the running task is cancelled, so
    the gateway or the console, the database and the monitor are closed in order instead of the
    process vanishing."""
    task = asyncio.current_task()
    if task is None or sys.platform == "win32":     # Windows event loops take no signal handlers
        return
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, task.cancel)


def with_shard_flags(settings: Settings, shard_ids: str | None, shard_count: str | None) -> Settings:
    """``--shard-ids 0,1 --shard-count 4`` override ``discord.shard_ids`` / ``discord.shard_count``,
    so one config file serves every shard process."""
    if shard_ids is None and shard_count is None:
        return settings
    count: object = settings.discord.shard_count
    if shard_count is not None:
        text = shard_count.strip().lower()
        count = None if text in ("", "none", "null") else text if text == "auto" else int(text) if text.isdigit() else text
    ids: object = settings.discord.shard_ids
    if shard_ids is not None:
        parts = [p.strip() for p in shard_ids.split(",") if p.strip()]
        ids = [int(p) if p.isdigit() else p for p in parts] if parts else shard_ids
    count, ids = check_shards(count, ids, where="command line", keys=("--shard-count", "--shard-ids"))
    discord = settings.discord.model_copy(update={"shard_count": count, "shard_ids": ids})
    return settings.model_copy(update={"discord": discord})


class Stopped(Exception):
    """The bot stopped itself: the message says why (for the operator, a ``Msg`` when it is worded
    in both languages), ``code`` is the exit code."""

    def __init__(self, message: str | Msg, code: int) -> None:
        super().__init__(message.text if isinstance(message, Msg) else message)
        self.message = message
        self.code = code


def say(msg: Msg, *, error: bool = True) -> None:
    """Print a message for the operator in their language (LANGUAGE, LC_ALL, LC_MESSAGES or LANG:
    Japanese for ja, else English), as the configuration errors are; on stderr when ``error``."""
    print(operator_i18n().render(msg, environment_language(os.environ)), file=sys.stderr if error else sys.stdout)


def detail(error: BaseException | str | Msg) -> str | Msg:
    """What an exception says, for a message's ``{error}``: a store's or an ownership refusal's
    words are messages of the catalogue, so they are said in the operator's language too."""
    if isinstance(error, Stopped):
        return error.message
    if isinstance(error, (StoreError, OwnershipError)):
        return error.msg
    return error if isinstance(error, (str, Msg)) else str(error)


async def open_configured_store(settings: Settings) -> Store:
    """The store config.yaml's database section names, connected and migrated."""
    return await open_store(settings.database.backend, path=settings.database.path, dsn=settings.database.dsn,
                            pool_size=settings.database.pool_size)


async def main_async(args: argparse.Namespace, settings: Settings) -> None:
    ownership = Ownership(settings)
    ownership.lock_database_file()      # SQLite: a second process on the same file stops here
    try:
        store = await open_configured_store(settings)
        try:
            lost: list[Msg] = []
            main = asyncio.current_task()

            def stop_owning(message: Msg) -> None:
                lost.append(message)
                if main is not None:
                    main.cancel()

            await ownership.claim_shards(store, stop_owning)
            try:
                await serve(args, settings, store)
            except asyncio.CancelledError:
                if lost:
                    raise Stopped(lost[0], 4) from None
                raise
        finally:
            await ownership.release()       # the claims live in the store: given up before it closes
            await store.close()
    finally:
        await ownership.release()           # the lock file, also when the store never opened


async def serve(args: argparse.Namespace, settings: Settings, store: Store) -> None:
    """Run the console or the Discord bot on the open store, until it stops (``sync``: sync the
    slash commands and stop)."""
    if args.mode == "sync":
        await sync_commands(settings, store)
        return
    monitor = LoopMonitor(settings.monitor.interval_ms / 1000, settings.monitor.report_seconds,
                          settings.monitor.file).start() if settings.monitor.event_loop else None
    warn_missing_fonts()                # names in some scripts, or emoji, would be drawn as a mark
    service = TableService(store, settings, seed_source=seeds_from(args.seed))
    service.warm_up()                   # in a worker thread, while the bot connects
    plugins = Plugins(service, store)        # timers, ratings, tournaments... (hooks into the service)
    i18n = I18n(game_packages(service.games()), settings.locale.default, settings.locale.available)
    try:
        token = os.environ.get("DISCORD_TOKEN", "").strip()
        if args.mode == "console" or not token:
            from bot.plugins.console import console_ports
            from bot.console import Console

            stop_on_sigterm()
            console = Console(service, i18n, settings.console.images_dir, settings.locale.default)
            plugins.ports.update(console_ports(console))
            console.extra = plugins.dispatch
            for _channel_id, replies in await service.restore():
                console.show("console", replies)
                await service.announced(replies)
            await plugins.start()
            if monitor is not None:
                monitor.ready()
            await console.run()
        else:
            import discord

            from bot.discord.client import run_discord

            stop_on_sigterm()
            try:
                await run_discord(service, store, settings, i18n, token, force_sync=args.sync, plugins=plugins, monitor=monitor)
            except discord.LoginFailure:
                raise Stopped(TOKEN_REFUSED, 2) from None
    finally:
        await plugins.stop()
        await service.close()
        if monitor is not None:
            await monitor.stop()


def seeds_from(first: int | None) -> Callable[[], int] | None:
    """``--seed N``: the tables this process opens get the seeds N, N+1, ... in turn, so a console
    session typed again plays the same games (the README's example); None: random seeds."""
    if first is None:
        return None
    return itertools.count(first).__next__


async def sync_commands(settings: Settings, store: Store) -> None:
    """``boardtable sync``: log in to Discord, sync the slash commands and stop, without restoring
    a table or connecting to the gateway."""
    import discord

    from bot.discord.client import sync_commands_once

    service = TableService(store, settings)
    plugins = Plugins(service, store)          # never started: its commands are among those synced
    i18n = I18n(game_packages(service.games()), settings.locale.default)
    try:
        await sync_commands_once(service, store, settings, i18n, os.environ.get("DISCORD_TOKEN", "").strip(), plugins)
    except discord.LoginFailure:
        raise Stopped(TOKEN_REFUSED, 2) from None
    finally:
        await service.close()
    say(t("The slash commands are synced."), error=False)


MIGRATE = "migrate-sqlite-to-postgres"          # the command of earlier versions: ``migrate sqlite-to-postgres``
COMMANDS = ("run", "console", "migrate", "sync")
ALIASES = {"discord": "run", MIGRATE: "migrate"}
MIGRATIONS = ("schema", "sqlite-to-postgres")
POSTGRES_MISSING = t("PostgreSQL support is not installed: install the bot with it, pip install 'boardtable[postgres]'"
                     " (or use database.backend: sqlite)")
TOKEN_REFUSED = t("Discord refused the bot's token: check DISCORD_TOKEN (Discord developer portal, your application,"
                  " Bot, Reset Token)")


def postgres_installed() -> bool:
    """Whether the PostgreSQL driver (the ``postgres`` extra) can be imported."""
    try:
        import asyncpg  # noqa: F401
    except ImportError:
        return False
    return True


def migrate(args: argparse.Namespace, settings: Settings) -> int:
    """``boardtable migrate [schema]`` and ``boardtable migrate sqlite-to-postgres [--from PATH] [--to URL]``."""
    if args.what in (None, "schema"):
        if settings.database.backend == "postgres" and not postgres_installed():
            say(t("Not migrated: {error}", error=POSTGRES_MISSING))
            return 2
        return upgrade_schema(settings)
    dsn = args.target or settings.database.dsn or os.environ.get("DATABASE_URL", "").strip()
    if not dsn:
        say(t("Nowhere to copy to: set DATABASE_URL (postgresql://USER:PASSWORD@HOST:5432/DATABASE) or pass --to"))
        return 2
    if not postgres_installed():
        say(t("Nothing was copied: {error}", error=POSTGRES_MISSING))
        return 2
    from bot.store.transfer import migrate_sqlite_to_postgres

    source = args.source or settings.database.path
    ownership = Ownership(settings)
    try:
        if os.path.isfile(source):      # (a missing file: the copy says so)
            ownership.lock_for_copy(source)
        say(asyncio.run(migrate_sqlite_to_postgres(source, dsn)), error=False)
    except OwnershipError as error:
        say(t("Nothing was copied: {error}", error=detail(error)))
        return 4
    except StoreError as error:
        say(t("Nothing was copied: {error}", error=detail(error)))
        return 3
    finally:
        asyncio.run(ownership.release())
    return 0


def upgrade_schema(settings: Settings) -> int:
    """Open the configured database, which brings its schema up to date, and close it again (for an
    operator who upgrades before starting the shard processes of a shared database)."""
    async def upgrade() -> None:
        ownership = Ownership(settings)
        ownership.lock_database_file()      # not under a running bot on the same SQLite file
        try:
            store = await open_configured_store(settings)
            await store.close()
        finally:
            await ownership.release()

    try:
        asyncio.run(upgrade())
    except StoreError as error:
        say(t("Database error: {error}", error=detail(error)))
        return 3
    except OwnershipError as error:
        say(t("Not migrated: {error}", error=detail(error)))
        return 4
    say(t("The {backend} database's schema is up to date.", backend=settings.database.backend), error=False)
    return 0


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="boardtable", description="Board games in Discord channels.",
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("mode", nargs="?", choices=[*COMMANDS, *ALIASES], default="run", metavar="COMMAND",
                        help="run (the default: Discord with DISCORD_TOKEN, else the console), console, migrate or sync")
    parser.add_argument("what", nargs="?", choices=MIGRATIONS, metavar="MIGRATION",
                        help="migrate: schema (the default) or sqlite-to-postgres")
    parser.add_argument("--config", default=os.environ.get("BOARDTABLE_CONFIG") or None,
                        help="path to config.yaml (it must exist; without --config, config.yaml if there is one,"
                             " else the defaults)")
    parser.add_argument("--seed", type=int, metavar="N",
                        help="the seed of the first table this process opens (then N+1, ...): the same start player,"
                             " tiles and cards every time, as in the README's console example")
    parser.add_argument("--sync", action="store_true", help="run: sync slash commands to Discord even if unchanged")
    parser.add_argument("--shard-ids", metavar="0,1", help="the shards this process runs (overrides discord.shard_ids)")
    parser.add_argument("--shard-count", metavar="N", help="total number of shards, or auto (overrides discord.shard_count)")
    parser.add_argument("--from", dest="source", help="migrate sqlite-to-postgres: the SQLite file (default database.path)")
    parser.add_argument("--to", dest="target", help="migrate sqlite-to-postgres: the PostgreSQL URL (default DATABASE_URL or"
                                                    " database.dsn)")
    args = parser.parse_args(argv)
    if args.mode == MIGRATE:
        args.what = "sqlite-to-postgres"
    args.mode = ALIASES.get(args.mode, args.mode)
    if args.what is not None and args.mode != "migrate":
        parser.error(f"{args.what!r} goes with migrate: boardtable migrate {args.what}")
    return args


def report_config_error(error: ConfigError) -> None:
    """Every problem on a line of its own, in the operator's language (LANGUAGE, LC_ALL,
    LC_MESSAGES or LANG: Japanese for ja, else English)."""
    i18n = operator_i18n()
    locale = environment_language(os.environ)
    for line in error.lines(locale, i18n):
        print(i18n.render(t("Configuration error: {problem}", problem=line), locale), file=sys.stderr)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        named = args.config is not None             # by --config or BOARDTABLE_CONFIG: it must exist
        path = args.config if named else DEFAULT_CONFIG_NAME
        settings = with_shard_flags(load_settings(path, required=named), args.shard_ids, args.shard_count)
        logging.basicConfig(level=settings.logging.level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
        for handler in logging.getLogger().handlers:
            handler.addFilter(TokenFilter(os.environ.get("DISCORD_TOKEN")))
        check_games(settings, str(path))
    except ConfigError as error:
        report_config_error(error)
        return 2
    if args.mode == "migrate":
        return migrate(args, settings)
    if settings.database.backend == "postgres" and not postgres_installed():
        say(t("Not started: {error}", error=POSTGRES_MISSING))
        return 2
    if args.mode == "sync" and not os.environ.get("DISCORD_TOKEN", "").strip():
        say(t("Nothing to sync with: boardtable sync needs the bot's token in DISCORD_TOKEN"))
        return 2
    try:
        asyncio.run(main_async(args, settings))
    except (KeyboardInterrupt, asyncio.CancelledError):
        pass
    except StoreError as error:
        say(t("Database error: {error}", error=detail(error)))
        return 3
    except OwnershipError as error:
        say(t("Not started: {error}", error=detail(error)))
        return 4
    except Stopped as error:
        say(t("Stopped: {error}", error=detail(error)))
        return error.code
    return 0


if __name__ == "__main__":
    sys.exit(main())
