"""Entry point: ``python -m bot`` (Discord when DISCORD_TOKEN is set, else the console table),
``python -m bot console``, ``python -m bot --sync`` (force a command sync),
``python -m bot migrate-sqlite-to-postgres`` (copy the SQLite database into an empty PostgreSQL one)."""
from __future__ import annotations

import argparse
import asyncio
import dataclasses
import logging
import os
import signal
import sys

from bot.asyncplay import AsyncPlay
from bot.config import ConfigError, Settings, check_shards, load_settings
from bot.i18n import I18n, game_packages
from bot.monitor import LoopMonitor
from bot.service import TableService
from bot.ownership import Ownership, OwnershipError
from bot.store import Store, StoreError, open_store
from games import registry
from games.core import OptionError, validate_options


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


def check_games(settings: Settings) -> list[str]:
    """Games named in config must exist, and their default options must be valid."""
    for spec in settings.extra_games:
        try:
            registry.load(spec)
        except (ImportError, AttributeError, ValueError) as error:
            raise ConfigError(f"config.yaml: 'games.extra' entry {spec!r} cannot be loaded: {error}") from error
    known = registry.names()
    missing = [name for name in settings.enabled_games if name not in known]
    if missing:
        logging.getLogger("bot").warning("games.enabled names games that are not installed yet: %s (installed: %s)",
                                         ", ".join(missing), ", ".join(known) or "-")
    for name, options in settings.default_options.items():
        game = registry.get(name)
        if game is None:
            raise ConfigError(f"config.yaml: 'games.default_options' names unknown game {name!r}; installed: {', '.join(known)}")
        try:
            validate_options(game.options, options)
        except OptionError as error:
            raise ConfigError(f"config.yaml: 'games.default_options.{name}': {error}") from error
    return known


def stop_on_sigterm() -> None:
    """SIGTERM (systemd, docker stop) ends the Discord bot like Ctrl-C: the running task is
    cancelled, so the gateway, the database and the monitor are closed in order instead of the
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
    count: object = settings.shard_count
    if shard_count is not None:
        text = shard_count.strip().lower()
        count = None if text in ("", "none", "null") else text if text == "auto" else int(text) if text.isdigit() else text
    ids: object = settings.shard_ids
    if shard_ids is not None:
        parts = [p.strip() for p in shard_ids.split(",") if p.strip()]
        ids = [int(p) if p.isdigit() else p for p in parts] if parts else shard_ids
    count, ids = check_shards(count, ids, where="command line", keys=("--shard-count", "--shard-ids"))
    return dataclasses.replace(settings, shard_count=count, shard_ids=ids)


class Stopped(Exception):
    """The bot stopped itself: the message says why (for the operator), ``code`` is the exit code."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


async def main_async(args: argparse.Namespace, settings: Settings) -> None:
    ownership = Ownership(settings)
    ownership.lock_database_file()      # SQLite: a second process on the same file stops here
    try:
        store = await open_store(settings)
        try:
            lost: list[str] = []
            main = asyncio.current_task()

            def stop_owning(message: str) -> None:
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
    """Run the console or the Discord bot on the open store, until it stops."""
    monitor = LoopMonitor(settings.monitor_interval_ms / 1000, settings.monitor_report_seconds,
                          settings.monitor_file).start() if settings.monitor_event_loop else None
    service = TableService(store, settings)
    service.warm_up()                   # in a worker thread, while the bot connects
    play = AsyncPlay(service)           # timers, ratings, tournaments... (hooks into the service)
    i18n = I18n(game_packages(service.games()), settings.default_locale, settings.locales)
    try:
        token = os.environ.get("DISCORD_TOKEN", "").strip()
        if args.mode == "console" or not token:
            from bot.asyncplay.console import console_ports
            from bot.console import Console

            console = Console(service, i18n, settings.console_images_dir, settings.default_locale)
            play.ports.update(console_ports(console))
            console.extra = play.dispatch
            for _channel_id, replies in await service.restore():
                console.show("console", replies)
                await service.announced(replies)
            await play.start()
            if monitor is not None:
                monitor.ready()
            await console.run()
        else:
            import discord

            from bot.discord.client import run_discord

            stop_on_sigterm()       # (not for the console: its input thread would hold up the exit)
            try:
                await run_discord(service, settings, i18n, token, force_sync=args.sync, play=play, monitor=monitor)
            except discord.LoginFailure:
                raise Stopped("Discord refused the bot's token: check DISCORD_TOKEN (Discord developer portal, your"
                              " application, Bot, Reset Token)", 2) from None
    finally:
        await play.stop()
        await service.close()
        if monitor is not None:
            await monitor.stop()


MIGRATE = "migrate-sqlite-to-postgres"


def migrate(args: argparse.Namespace, settings: Settings) -> int:
    """``python -m bot migrate-sqlite-to-postgres [--from PATH] [--to URL]``."""
    from bot.store.transfer import migrate_sqlite_to_postgres

    dsn = args.target or settings.database_dsn or os.environ.get("DATABASE_URL", "").strip()
    if not dsn:
        print("Nowhere to copy to: set DATABASE_URL (postgresql://USER:PASSWORD@HOST:5432/DATABASE) or pass --to",
              file=sys.stderr)
        return 2
    try:
        print(asyncio.run(migrate_sqlite_to_postgres(args.source or settings.database_path, dsn)))
    except StoreError as error:
        print(f"Nothing was copied: {error}", file=sys.stderr)
        return 3
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Board games in Discord channels.")
    parser.add_argument("mode", nargs="?", choices=["discord", "console", MIGRATE], default="discord",
                        help="discord (needs DISCORD_TOKEN; without it the console starts), console, or"
                             f" {MIGRATE} (copy database.path into the empty PostgreSQL database of DATABASE_URL)")
    parser.add_argument("--config", default=os.environ.get("BOARDTABLE_CONFIG", "config.yaml"), help="path to config.yaml")
    parser.add_argument("--sync", action="store_true", help="sync slash commands to Discord even if unchanged")
    parser.add_argument("--shard-ids", metavar="0,1", help="the shards this process runs (overrides discord.shard_ids)")
    parser.add_argument("--shard-count", metavar="N", help="total number of shards, or auto (overrides discord.shard_count)")
    parser.add_argument("--from", dest="source", help=f"{MIGRATE}: the SQLite file (default database.path)")
    parser.add_argument("--to", dest="target", help=f"{MIGRATE}: the PostgreSQL URL (default DATABASE_URL or database.dsn)")
    args = parser.parse_args(argv)
    try:
        settings = with_shard_flags(load_settings(args.config), args.shard_ids, args.shard_count)
        logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
        for handler in logging.getLogger().handlers:
            handler.addFilter(TokenFilter(os.environ.get("DISCORD_TOKEN")))
        check_games(settings)
    except ConfigError as error:
        print(f"Configuration error: {error}", file=sys.stderr)
        return 2
    if args.mode == MIGRATE:
        return migrate(args, settings)
    try:
        asyncio.run(main_async(args, settings))
    except (KeyboardInterrupt, asyncio.CancelledError):
        pass
    except StoreError as error:
        print(f"Database error: {error}", file=sys.stderr)
        return 3
    except OwnershipError as error:
        print(f"Not started: {error}", file=sys.stderr)
        return 4
    except Stopped as error:
        print(f"Stopped: {error}", file=sys.stderr)
        return error.code
    return 0


if __name__ == "__main__":
    sys.exit(main())
