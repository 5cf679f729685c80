"""End-to-end harness: the real bot (``python -m bot``) as a subprocess against the fake Discord.

Reusable for every game:

* ``write_config(folder, ...)`` — a temporary config.yaml with its own SQLite database.
* ``start_board_bot(fake, config, *args)`` — ``python -m bot --config PATH [args]`` pointed at the
  fake (DISCORD_TOKEN + DISCORD_API_BASE from ``fake.env()``), waits for READY.
* ``open_table(...)`` / ``start_game(...)`` — /join GAME, /join ..., /start.
* ``play_until_over(fake, channel, users, verb, turn)`` — plays a whole game as its players would:
  the player mentioned in the turn message moves, by clicking one of the action buttons under it
  (when ``use_buttons`` says so) or with the slash verb, the move taken from autocomplete (first
  everything, then the choices for a typed prefix). Every answer is checked: public, accepted,
  a decodable PNG.
* ``assert_healthy(fake, *bots)`` — no violations (double acks, late answers, over-limit content,
  unknown routes, unanswered interactions, missing or too wide allowed_mentions), no traceback
  text in any message (ephemeral ones too), no message that pings @everyone, @here or a role, and
  no traceback or ERROR line in the bot's log.

One bot is shared by the tests that do not stop or disturb it (``shared`` fixture, one per
session); each test there uses its own guild channel and users. Every test module sets
``pytestmark = pytest.mark.asyncio(loop_scope="session")``: the shared fake lives in the session's
event loop.
"""
from __future__ import annotations

import asyncio
import io
import random
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

import pytest_asyncio
import yaml
from PIL import Image

from bot.presenters.turn import HALF_MOVE as HALF_MOVE_MSG
from games import registry
from tests.fakediscord import BotProcess, FakeDiscord
from tests.fakediscord.driver import Reply
from tests.fakediscord.model import Channel, Message, User

TOYGAME = "tests.toygame:GAME"
BOT_START_TIMEOUT = 90.0       # generous: the CPU is shared
WAIT_TIMEOUT = 60.0            # every wait on the fake; no assertion depends on timing
MENTION = re.compile(r"<@!?(\d+)>")
TRACEBACK = re.compile(r"Traceback \(most recent call last\)|File \"[^\"]+\", line \d+|"
                       r"\b[A-Z][A-Za-z]*(Error|Exception)\b|\bat 0x[0-9a-f]+>")
ACTION_PREFIX = "bt:a:"

COMMANDS = {"join", "leave", "option", "start", "addbot", "play", "place", "bid", "use", "pass",
            "board", "status", "hand", "log", "resign", "abort", "help",
            # asynchronous play (bot/discord/cogs/plugins.py, tournament.py)
            "games", "notify", "vacation", "rating", "leaderboard", "undo", "replay", "tournament"}


# -- configuration and the bot process ------------------------------------------------------------
def write_config(folder: Path, *, enabled: Sequence[str] = tuple(registry.names()),
                 extra: Sequence[str] = (TOYGAME,), dev_guild_ids: Sequence[int] = (),
                 sync: str = "auto", database: str = "tables.sqlite3", overrides: dict | None = None) -> Path:
    """A config.yaml in ``folder`` with a database file of its own there (``database`` may also
    be an absolute path, to share one database between configs). ``overrides``: sections whose
    keys replace or add to the defaults here, e.g. ``{"rendering": {"threads": 2}}``."""
    folder.mkdir(parents=True, exist_ok=True)
    settings = {
        "database": {"path": str(folder / database)},
        "games": {"enabled": list(enabled), "extra": list(extra)},
        "rendering": {"threads": 1},
        "discord": {"sync_commands": sync, "dev_guild_ids": list(dev_guild_ids)},
        "console": {"images_dir": str(folder / "images")},
        "logging": {"level": "INFO"},
    }
    for section, values in (overrides or {}).items():
        settings.setdefault(section, {}).update(values)
    path = folder / "config.yaml"
    path.write_text(yaml.safe_dump(settings, allow_unicode=True), encoding="utf-8")
    return path


async def start_board_bot(fake: FakeDiscord, config: Path, *args: str, shards: list[int] | None = None,
                          env: dict[str, str] | None = None) -> BotProcess:
    """``python -m bot --config CONFIG [args]`` against ``fake``; returns once it is READY (with
    ``shards``: once those shards are, for one of several shard processes). ``env``: more
    environment variables (such as DATABASE_URL)."""
    argv = [sys.executable, "-m", "bot", "--config", str(config), *args]
    return await fake.start_bot(argv=argv, env={"BOARDTABLE_CONFIG": str(config), **(env or {})},
                                timeout=BOT_START_TIMEOUT, shards=shards)


async def new_fake() -> FakeDiscord:
    return await FakeDiscord.start(default_timeout=WAIT_TIMEOUT, bot_name="BoardTable")


# -- health checks ----------------------------------------------------------------------------------
def traceback_texts(fake: FakeDiscord) -> list[str]:
    """Messages (public and ephemeral, with every earlier version) that show Python internals."""
    found = []
    for msg in fake.all_messages:
        texts = [msg.text] + [str(v.get("content") or "") for v in msg.versions]
        for text in texts:
            if TRACEBACK.search(text or ""):
                found.append(f"{msg.channel.name}: {text[:300]!r}")
    return found


def log_problems(bot: BotProcess) -> list[str]:
    return [line for line in bot.lines if "Traceback" in line or " ERROR " in line or " CRITICAL " in line]


def mass_pings(fake: FakeDiscord) -> list[str]:
    """The bot's messages that ping @everyone, @here or a role (by Discord's rules, see the fake)."""
    return [f"{m.channel.name}: {m.content[:200]!r}" for m in fake.all_messages
            if m.author is fake.bot and (m.mention_everyone or m.mention_roles)]


def assert_no_mass_pings(fake: FakeDiscord) -> None:
    assert mass_pings(fake) == []


RESTORED = "restore: posted in "


async def posted_after_restore(bot: BotProcess, timeout: float = WAIT_TIMEOUT) -> int:
    """In how many channels a (re)started bot posted what its restore found (computer moves,
    turns and ends stored but never announced); waits for the bot's log line saying so."""
    async def logged() -> str:
        while not (found := [line for line in bot.lines if RESTORED in line]):
            await asyncio.sleep(0.05)
        return found[0]
    try:
        line = await asyncio.wait_for(logged(), timeout)
    except asyncio.TimeoutError:
        raise AssertionError(f"the bot did not log {RESTORED!r}:\n{bot.diagnostics()}") from None
    return int(line.split(RESTORED, 1)[1].split()[0])


def assert_healthy(fake: FakeDiscord, *bots: BotProcess) -> None:
    fake.assert_clean()
    assert traceback_texts(fake) == []
    assert mass_pings(fake) == []
    for bot in bots:
        assert log_problems(bot) == [], bot.diagnostics()


# -- reading what users see -------------------------------------------------------------------------
def mentioned(message: Message) -> list[int]:
    return [int(x) for x in MENTION.findall(message.content or "")]


def action_buttons(message: Message) -> list:
    return [b for b in message.buttons if (b.custom_id or "").startswith(ACTION_PREFIX) and not b.disabled]


def png_of(message: Message, filename: str = "board.png") -> Image.Image:
    """The message's PNG attachment, fully decoded by Pillow."""
    attachment = message.attachment(filename)
    assert attachment is not None and attachment.is_png, f"no {filename} on {message.content[:80]!r}"
    image = Image.open(io.BytesIO(attachment.data))
    image.load()
    assert image.format == "PNG" and image.width > 50 and image.height > 50
    return image


def picture_difference(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    """(share of pixels that differ at all, share that differ by more than a shade: over 80 levels
    in some channel) between two pictures of one size."""
    assert a.size == b.size, (a.size, b.size)
    from PIL import ImageChops
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    pixels = a.size[0] * a.size[1]
    red, green, blue = diff.split()
    counts = ImageChops.lighter(ImageChops.lighter(red, green), blue).histogram()   # of each pixel's largest channel
    changed = sum(counts[1:])
    return changed / pixels, sum(counts[81:]) / pixels


def same_picture(a: Image.Image, b: Image.Image) -> bool:
    """The same picture to the eye: a palette PNG maps anti-aliased edges to the nearest colour of
    the table's palette, which a restarted process builds afresh, so a few edge pixels may shift
    by a shade (seen: 1.4 % of them, by at most 65 levels); another board moves thousands of
    pixels far more (a tile is 5,000 of them)."""
    changed, far = picture_difference(a, b)
    return changed < 0.03 and far < 0.001


def bot_messages(fake: FakeDiscord, channel: Channel, **kw) -> list[Message]:
    return [m for m in fake.messages(channel, **kw) if m.author is fake.bot]


def assert_private(reply: Reply, *needles: str) -> Message:
    """An accepted, ephemeral answer containing every needle."""
    assert reply.ok and not reply.late, reply.interaction.describe()
    message = reply.messages[0]
    assert message.ephemeral, message.content
    for needle in needles:
        assert needle in message.content, message.content
    return message


def assert_public(reply: Reply) -> Message:
    assert reply.ok and not reply.late, reply.interaction.describe()
    message = reply.messages[0]
    assert not message.ephemeral, message.content
    return message


async def confirmed(channel: Channel, user: User, command: str, *needles: str) -> Message:
    """``/resign`` or ``/abort`` as a player does it: the private question (containing every
    needle), a click on its confirm button, and the answer after it. The question loses its
    buttons once answered."""
    question = assert_private(await user.slash(channel, command), *needles)
    assert [b.style for b in question.buttons] == [4, 2], question.components      # danger, secondary
    clicked = await user.click(question, index=0)
    assert clicked.ok and not clicked.late, clicked.interaction.describe()
    answer = (await clicked.wait_followups(1))[0]
    assert clicked.message.buttons == [], "the answered question still has its buttons"
    return answer


# -- lobby -------------------------------------------------------------------------------------------
async def open_table(channel: Channel, users: Sequence[User], game: str) -> Reply:
    """The first user opens a table for ``game``; the others /join. Returns the last lobby reply."""
    reply = await users[0].slash(channel, "join", game=game)
    assert_public(reply)
    for user in users[1:]:
        reply = await user.slash(channel, "join")
        assert_public(reply)
        assert f"{user.global_name} joins the table." in reply.content
    return reply


async def start_game(channel: Channel, user: User) -> Reply:
    reply = await user.slash(channel, "start")
    message = assert_public(reply)
    png_of(message)
    return reply


# -- playing -----------------------------------------------------------------------------------------
@dataclass
class Move:
    user: User
    how: str              # "slash" or "button"
    action: str
    reply: Reply


@dataclass
class Game:
    """What ``play_until_over`` did: the moves and the last public message."""

    moves: list[Move] = field(default_factory=list)
    last: Reply | None = None
    over: bool = False

    def clicked(self) -> list[str]:
        return [m.action for m in self.moves if m.how == "button"]


#: what the mover reads after the first step of a move made in steps (bot/presenters/turn.py)
HALF_MOVE = HALF_MOVE_MSG.english()


def half_move(reply: Reply) -> bool:
    """Whether ``reply`` answers the first step of a move made in steps (Quetzal's ``team ...
    use``): a private message for the mover, with the rest of the move to choose."""
    return reply.ok and bool(reply.messages) and reply.messages[0].ephemeral and HALF_MOVE in reply.messages[0].content


def next_player(message: Message, users: Sequence[User]) -> User | None:
    by_id = {u.id: u for u in users}
    for user_id in mentioned(message):
        if user_id in by_id:
            return by_id[user_id]
    return None


async def choose_by_autocomplete(channel: Channel, user: User, verb: str, turn: int) -> str:
    """What a user does: look at all suggestions, type the start of one, take the first match."""
    everything = await user.autocomplete(channel, verb, "action", "")
    assert everything.ok and everything.values, f"no suggestions for /{verb} (turn {turn})"
    wanted = str(everything.values[turn % len(everything.values)])
    typed = wanted[: max(1, len(wanted) // 2)].strip() or wanted[:1]      # the bot trims what is typed
    narrowed = await user.autocomplete(channel, verb, "action", typed)
    assert narrowed.ok and narrowed.values, f"no suggestions for /{verb} {typed!r}"
    assert all(typed.lower() in str(v).lower() for v in narrowed.values), (typed, narrowed.values)
    assert set(map(str, narrowed.values)) <= set(map(str, everything.values)) or len(everything) == 25
    return str(narrowed.values[0])


PANEL_PREFIXES = ("bt:c:", "bt:p:", "bt:s:")


async def panel_step(user: User, panel: Message, rng: random.Random) -> tuple[Reply, bool]:
    """One click in a private panel: a button or a select option, at random. Returns the reply
    and whether it was a move (not a step deeper into the panel or back)."""
    components = [("button", b) for b in panel.buttons if (b.custom_id or "").startswith(PANEL_PREFIXES) and not b.disabled]
    components += [("select", s) for s in panel.selects]
    assert components, f"a panel without choices: {panel.content!r}"
    kind, component = rng.choice(components)
    if kind == "button":
        reply = await user.click(panel, custom_id=component.custom_id)
        return reply, component.custom_id.startswith("bt:c:")
    option = rng.choice(component["options"])
    reply = await user.select(panel, [option["value"]], custom_id=component["custom_id"])
    return reply, option["value"].startswith("a")


async def move_from_panel(user: User, turn: Message, rng: random.Random, most_clicks: int = 20) -> tuple[Reply, Message]:
    """What a player does with "Your move": open their private panel from the public turn message
    and click through it until a move is made. Returns the move's reply and the panel."""
    opened = await user.click(turn, "Your move")
    assert opened.ok and opened.messages, opened.interaction.describe()
    panel = opened.messages[0]
    assert panel.ephemeral, panel.content
    for _ in range(most_clicks):
        reply, move = await panel_step(user, panel, rng)
        assert reply.ok and not reply.late, reply.interaction.describe()
        if move:
            inter = reply.interaction
            await inter.fake.wait_for(lambda: bool(inter.followups) or HALF_MOVE in panel.content, None,
                                      f"the public move, or the next step of it, after {inter.describe()}")
            if reply.followups:
                return reply, panel
            continue                # the first step of a move made in steps: the panel shows the rest
        assert panel.edited and panel.ephemeral
    raise AssertionError(f"{most_clicks} clicks in a panel without a move: {panel.content!r}")


async def play_until_over(fake: FakeDiscord, channel: Channel, users: Sequence[User], verb: str,
                          turn: Reply | None = None, *, use_buttons: Callable[[list[str]], bool] = lambda labels: False,
                          pick: Callable[[int, int], int] = lambda clicks, buttons: clicks % buttons,
                          max_moves: int = 2000, check_image: bool = True) -> Game:
    """Play from ``turn`` (the answer announcing whose move it is; default: the bot's latest public
    message in ``channel``) until the game ends or ``max_moves`` moves were made. Every accepted
    move must answer publicly (with a board PNG unless ``check_image`` is off). ``pick(clicks,
    buttons)``: the index of the action button to click, from the clicks made so far and the
    number of buttons (by default each in turn)."""
    game = Game(last=turn)
    message = turn.messages[0] if turn is not None else bot_messages(fake, channel)[-1]
    clicks = 0
    while len(game.moves) < max_moves:
        player = next_player(message, users)
        if player is None:
            game.over = True
            break
        buttons = action_buttons(message)
        panel = any(b.label == "Your move" for b in message.buttons)
        if buttons and use_buttons([b.label for b in buttons]):
            button = buttons[pick(clicks, len(buttons))]
            clicks += 1
            reply = await player.click(message, custom_id=button.custom_id)
            move = Move(player, "button", button.label, reply)
        elif not buttons and panel and use_buttons([]):
            reply, _ = await move_from_panel(player, message, random.Random(len(game.moves)))
            move = Move(player, "panel", "", reply)
        else:
            action = await choose_by_autocomplete(channel, player, verb, len(game.moves))
            reply = await player.slash(channel, verb, action=action)
            move = Move(player, "slash", action, reply)
        if half_move(reply):
            continue                # only the mover saw that step; the same player finishes the move
        message = assert_public(reply)      # a new message: at once (4) or after a deferral (5, 6)
        assert reply.type in (4, 5, 6, 7) and message.kind in ("response", "followup"), reply.interaction.describe()
        if check_image:
            png_of(message)
        game.moves.append(move)
        game.last = reply
    return game


def carcassonne_buttons(labels: list[str]) -> bool:
    """Carcassonne: the follower step (its buttons end with '-', deploy nothing) goes by button."""
    return "-" in labels


def carcassonne_follower(clicks: int, buttons: int) -> int:
    """Which follower button to click: the first one (a follower: '-' is always last) first, then
    each in turn, and '-' at least every third click, so that a game has both."""
    return buttons - 1 if clicks % 3 == 2 else clicks % buttons


# -- fixtures ----------------------------------------------------------------------------------------
@pytest_asyncio.fixture(loop_scope="session")
async def fake():
    """A fake Discord of its own (for tests that stop, restart or disturb the bot)."""
    f = await new_fake()
    try:
        yield f
    finally:
        await f.close()


@dataclass
class Shared:
    fake: FakeDiscord
    bot: BotProcess
    config: Path

    def channel(self, name: str, guild: str = "Tavern") -> Channel:
        return self.fake.guild(guild).channel(name)

    def users(self, prefix: str, n: int, **kw) -> list[User]:
        """``n`` fresh users for one test (``alice``, ``bob``, ... with a per-test prefix)."""
        names = ("alice", "bob", "carol", "dave", "erin")
        return [self.fake.user(f"{prefix}-{names[i]}", global_name=f"{prefix}-{names[i].capitalize()}", **kw)
                for i in range(n)]


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def shared(tmp_path_factory):
    """One bot for every test that does not stop or disturb it."""
    f = await new_fake()
    f.guild("Tavern")
    f.guild("Ryokan", locale="ja")
    config = write_config(tmp_path_factory.mktemp("shared"))
    try:
        bot = await start_board_bot(f, config)
        yield Shared(f, bot, config)
        assert log_problems(bot) == [], bot.diagnostics()
    finally:
        await f.close()
