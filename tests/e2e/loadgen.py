"""Load through Discord: many tables playing at once against the real bot and the fake Discord.

Each table is a channel with its own players. They open the table (``/join GAME``, then ``/join``
or the lobby's Join button), ``/start``, and then the player the turn message mentions moves, as a
person would: by one of the action buttons under the turn message, or with the game's slash verb
and a move taken from the bot's own autocomplete (everything first, then what matches a typed
prefix). Button and slash moves alternate. A table moves at most once per ``move_interval``
seconds (Discord lets a bot post 5 messages per 5 seconds in a channel) and never before the
previous move was answered. A finished game is followed by a new table of the next game.

Used by ``tests/e2e/test_load.py`` (short, asserts nothing is missed or late) and by
``bench/discord_load.py`` (longer, prints the figures). ``interaction_figures`` reads what the fake
recorded: every interaction, when it was created and when its first answer (callback) arrived.
"""
from __future__ import annotations

import asyncio
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Sequence

from bot.presenters import customids
from tests.e2e.conftest import action_buttons, bot_messages, choose_by_autocomplete, next_player
from tests.fakediscord import FakeDiscord
from tests.fakediscord.driver import Reply
from tests.fakediscord.model import Channel, Interaction, Message, User

GAMES = ("carcassonne", "keyflower", "stoneage", "florenza", "quetzal")
MOVE_VERBS = ("play", "place", "bid", "use", "pass")
INTERACTION_KINDS = {2: "command", 3: "button", 4: "autocomplete", 5: "modal"}
MAX_FAILURES = 3                 # a table stops after this many failed moves in a row
COMPUTER_TIMEOUT = 60.0          # seconds a thinking computer may take to post its move under load


@dataclass(frozen=True)
class LoadPlan:
    channels: int = 100
    users: int = 400
    guilds: int = 4
    seconds: float = 60.0
    move_interval: float = 1.0   # seconds between two moves at one table, at least
    games: Sequence[str] = GAMES
    seed: int = 1


@dataclass
class MoveRecord:
    how: str                     # "button" or "slash"
    action: str
    answered_after: float        # seconds from the move's interaction to the answer the user sees


@dataclass
class Table:
    """One channel and its players, and what happened there."""

    channel: Channel
    users: list[User]
    games: list[str]                                  # the games this table plays, in turn
    rng: random.Random
    first_by_button: bool = True                      # button and slash moves alternate from this
    moves: list[MoveRecord] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    started: int = 0                                  # games started
    finished: int = 0                                 # games played to the end
    turn: Message | None = None                       # the latest turn message
    computer: str | None = None                       # a computer level seated with the players (/addbot)
    #: seconds from a player's answer to the computer's move that gives the turn back, as seen
    computer_waits: list[float] = field(default_factory=list)

    @property
    def game(self) -> str:
        """The game being played (the last one started)."""
        return self.games[(self.started - 1) % len(self.games)]


def build_world(fake: FakeDiscord, plan: LoadPlan, prefix: str = "load") -> list[Table]:
    """Guilds, channels and users on the fake (before the bot starts: they come with READY)."""
    guilds = [fake.guild(f"{prefix}-guild-{g}") for g in range(plan.guilds)]
    per_table = max(1, plan.users // plan.channels)
    tables = []
    for n in range(plan.channels):
        channel = guilds[n % len(guilds)].channel(f"{prefix}-table-{n}")
        users = [fake.user(f"{prefix}-{n}-{k}", global_name=f"P{n}x{k}") for k in range(per_table)]
        rotation = [plan.games[(n + i) % len(plan.games)] for i in range(len(plan.games))]
        tables.append(Table(channel, users, rotation, random.Random(f"{plan.seed}:{n}"), first_by_button=n % 2 == 0))
    return tables


# -- one table ---------------------------------------------------------------------------------------
def _public(reply: Reply, what: str) -> Message:
    if not reply.ok or reply.late:
        raise AssertionError(f"{what}: not answered in time: {reply.interaction.describe()}")
    messages = reply.messages or ([reply.message] if reply.type in (6, 7) else [])   # 6, 7: an edited message
    if not messages:
        raise AssertionError(f"{what}: no message: {reply.interaction.describe()}")
    message = messages[0]
    if message.ephemeral:
        raise AssertionError(f"{what}: refused privately: {message.content[:200]!r}")
    return message


async def open_and_start(table: Table) -> None:
    """/join GAME, the others /join or click Join (alternately), /start; remembers the turn message."""
    first, *others = table.users
    game = table.games[table.started % len(table.games)]
    lobby = _public(await first.slash(table.channel, "join", game=game), f"/join {game}")
    for k, user in enumerate(others):
        if k % 2 and lobby.buttons:
            lobby = _public(await user.click(lobby, "Join"), "Join button")
        else:
            lobby = _public(await user.slash(table.channel, "join"), "/join")
    if table.computer:
        _public(await first.slash(table.channel, "addbot", level=table.computer), f"/addbot {table.computer}")
    started = _public(await first.slash(table.channel, "start"), "/start")
    if not _has_png(started):
        raise AssertionError(f"/start: no board image: {started.content[:200]!r}")
    table.started += 1
    table.turn = started


def _has_png(message: Message) -> bool:
    return any(a.filename == "board.png" and a.is_png for a in message.attachments)


def _verb(game: str, labels: list[str]) -> str:
    """Carcassonne's tile step by /place (its follower step has a '-' button); everything else by /play."""
    return "place" if game == "carcassonne" and "-" not in labels else "play"


async def one_move(fake: FakeDiscord, table: Table) -> bool:
    """The mentioned player makes one move; False when the game is over (nobody mentioned)."""
    message = table.turn
    assert message is not None
    player = next_player(message, table.users)
    if player is None and table.computer and "Game over." not in message.content:
        message = await computer_moves(fake, table, message)
        player = next_player(message, table.users)
    if player is None:
        return False
    buttons = action_buttons(message)
    if buttons and (len(table.moves) % 2 == 0) == table.first_by_button:
        button = table.rng.choice(buttons)
        reply = await player.click(message, custom_id=button.custom_id)
        how, action = "button", button.label
    else:
        verb = _verb(table.game, [b.label for b in buttons])
        action = await choose_by_autocomplete(table.channel, player, verb, table.rng.randrange(1000))
        reply = await player.slash(table.channel, verb, action=action)
        how = "slash"
    answered = _public(reply, f"{how} {action!r}")
    if not _has_png(answered):
        raise AssertionError(f"{how} {action!r}: no board image: {answered.content[:200]!r}")
    table.moves.append(MoveRecord(how, action, fake.clock() - reply.interaction.created_at))
    table.turn = answered
    return True


async def computer_moves(fake: FakeDiscord, table: Table, message: Message) -> Message:
    """Wait for the computer's moves posted after ``message`` (it thinks off the interaction)
    until one gives a player the turn or ends the game; records how long that took."""
    seen = fake.clock()
    latest = message
    while next_player(latest, table.users) is None and "Game over." not in latest.content:
        before = latest
        try:
            await fake.wait_for(lambda: bot_messages(fake, table.channel)[-1] is not before, COMPUTER_TIMEOUT,
                                f"#{table.channel.name}: the computer's move")
        except Exception as error:
            raise AssertionError(f"the computer's move was not posted: {error}") from error
        latest = bot_messages(fake, table.channel)[-1]
    table.computer_waits.append(fake.clock() - seen)
    table.turn = latest
    return latest


async def resume_move(fake: FakeDiscord, table: Table) -> bool:
    """After a restart the latest turn message may be older than the log (a move can be stored
    without its answer having been sent): ask /status who is to move; that player moves by slash.
    False if the game is over (its last move may have been stored without being answered)."""
    status = await table.users[0].slash(table.channel, "status")
    if not status.ok or not status.messages:
        raise AssertionError(f"/status not answered: {status.interaction.describe()}")
    text = "\n".join(m.content for m in status.messages if not m.deleted)
    if "No table is open here." in text:
        table.finished += 1
        table.turn = None
        return False
    waiting = text.split("Waiting for: ", 1)[1].splitlines()[0].split(", ") if "Waiting for: " in text else []
    player = next((u for u in table.users if u.global_name in waiting), None)
    if player is None:
        raise AssertionError(f"#{table.channel.name}: /status names nobody to move: {text[:300]!r}")
    action = await choose_by_autocomplete(table.channel, player, "play", table.rng.randrange(1000))
    answered = _public(await player.slash(table.channel, "play", action=action), f"resumed /play {action!r}")
    if not _has_png(answered):
        raise AssertionError(f"resumed /play {action!r}: no board image: {answered.content[:200]!r}")
    table.turn = answered
    return True


async def play_table(fake: FakeDiscord, table: Table, plan: LoadPlan, deadline: float, *, reopen: bool = True) -> None:
    """Open the table (unless open) and play until ``deadline`` (monotonic); at least one move is
    always made. A finished game is followed by a new table of the next game if ``reopen``."""
    failures_in_a_row = 0
    next_at = time.monotonic()
    while table.started == 0 or not table.moves or time.monotonic() < deadline:
        await asyncio.sleep(max(0.0, next_at - time.monotonic()))
        next_at = time.monotonic() + plan.move_interval
        try:
            if table.turn is None:
                await open_and_start(table)
            elif not await one_move(fake, table):
                table.finished += 1
                table.turn = None
                if not reopen:
                    return
            failures_in_a_row = 0
        except AssertionError as failure:
            table.failures.append(f"#{table.channel.name}: {failure}"[:600])
            failures_in_a_row += 1
            if failures_in_a_row >= MAX_FAILURES:
                return
            latest = bot_messages(fake, table.channel)           # go on from what the channel shows
            table.turn = latest[-1] if latest and table.started else None


async def run_load(fake: FakeDiscord, tables: list[Table], plan: LoadPlan) -> float:
    """Every table plays at once for ``plan.seconds``; returns the wall time taken."""
    started = time.monotonic()
    deadline = started + plan.seconds
    await asyncio.gather(*(play_table(fake, table, plan, deadline) for table in tables))
    return time.monotonic() - started


# -- figures -----------------------------------------------------------------------------------------
def percentiles(values: Sequence[float]) -> dict[str, float]:
    """Median, p95, p99 and max of ``values`` (nearest rank), in the values' unit."""
    if not values:
        return {"n": 0, "p50": 0.0, "p95": 0.0, "p99": 0.0, "max": 0.0}
    ordered = sorted(values)

    def rank(fraction: float) -> float:
        return ordered[min(len(ordered) - 1, max(0, int(round(fraction * len(ordered))) - 1))]

    return {"n": len(ordered), "p50": statistics.median(ordered), "p95": rank(0.95), "p99": rank(0.99), "max": ordered[-1]}


def first_answer_after(interaction: Interaction) -> float | None:
    """Seconds from the interaction's creation to its first callback (accepted or not)."""
    return interaction.callbacks[0].at - interaction.created_at if interaction.callbacks else None


@dataclass
class Figures:
    interactions: int
    answered: int                       # an accepted first answer within Discord's deadline
    missed: list[str]                   # never answered
    late: list[str]                     # answered after the deadline
    deferred: int                       # answered first with "thinking..." / a deferred update
    by_kind: dict[str, dict[str, float]]   # seconds from creation to the first callback, per kind
    overall: dict[str, float]


def interaction_figures(fake: FakeDiscord, interactions: Sequence[Interaction] | None = None) -> Figures:
    chosen = list(fake.interactions if interactions is None else interactions)
    missed = [i.describe() for i in chosen if not i.callbacks]
    late = [i.describe() for i in chosen if i.expired]
    answered = [i for i in chosen if i.acked and not i.expired]
    delays: dict[str, list[float]] = {}
    for interaction in chosen:
        delay = first_answer_after(interaction)
        if delay is not None:
            delays.setdefault(INTERACTION_KINDS.get(interaction.type, str(interaction.type)), []).append(delay)
    return Figures(
        interactions=len(chosen), answered=len(answered), missed=missed, late=late,
        deferred=sum(1 for i in answered if i.response_type in (5, 6)),
        by_kind={kind: percentiles(values) for kind, values in sorted(delays.items())},
        overall=percentiles([d for values in delays.values() for d in values]),
    )


def move_figures(tables: Sequence[Table]) -> dict[str, dict[str, float]]:
    """Seconds from a move's interaction to the answer its player sees, by button and by slash."""
    out = {}
    for how in ("button", "slash"):
        out[how] = percentiles([m.answered_after for t in tables for m in t.moves if m.how == how])
    return out


def ms(p: dict[str, float]) -> str:
    return (f"p50 {p['p50'] * 1000:7.1f} ms  p95 {p['p95'] * 1000:7.1f} ms  p99 {p['p99'] * 1000:7.1f} ms"
            f"  max {p['max'] * 1000:7.1f} ms  n={p['n']}")


# -- what the users sent and saw accepted ------------------------------------------------------------
@dataclass
class SentMove:
    """A move a user sent (slash verb or action button), and what they saw of it."""

    interaction: Interaction
    user_id: int
    text: str                    # the action as sent (a slash option or the button's action)
    verb: str | None             # the slash verb; None for a button
    version: int | None          # the state version a button was made for
    accepted: bool               # answered with a public message carrying the board image
    refused: bool = False        # answered only privately (an error): the move was not applied
    position: int = 0            # its place among all the fake's interactions

    @property
    def unknown(self) -> bool:
        """Neither answered as accepted nor as refused (the bot was killed meanwhile): it may
        or may not have been stored."""
        return not self.accepted and not self.refused


def _option(data: dict, name: str) -> str | None:
    for option in data.get("options") or []:
        if option.get("name") == name:
            return str(option.get("value"))
    return None


def _sent_move(interaction: Interaction, position: int) -> SentMove | None:
    if interaction.type == 2 and interaction.command_name in MOVE_VERBS:
        text = _option(interaction.data, "action")
        if text is None:
            return None
        verb, version = interaction.command_name, None
    elif interaction.type == 3 and (custom := customids.parse(interaction.data.get("custom_id", ""))) \
            and custom.kind == "action":
        # the button carries only an index into the clicker's legal moves: its label is the move
        text, verb, version = (interaction.component or {}).get("label", ""), None, custom.turn
    else:
        return None
    shown = ([interaction.original] if interaction.original is not None and interaction.response_type in (4, 5) else [])
    shown += interaction.followups
    accepted = any(not m.ephemeral and not m.deleted and _has_png(m) for m in shown)
    refused = not accepted and any(m.ephemeral and not m.deleted and m.content for m in shown)
    return SentMove(interaction, interaction.user.id, text, verb, version, accepted, refused, position)


def moves_by_channel(fake: FakeDiscord) -> dict[int, list[SentMove]]:
    """Every move sent, by channel id, in the order sent."""
    moves: dict[int, list[SentMove]] = {}
    for position, interaction in enumerate(fake.interactions):
        move = _sent_move(interaction, position)
        if move is not None:
            moves.setdefault(interaction.channel.id, []).append(move)
    return moves


def sent_moves(fake: FakeDiscord, channel: Channel) -> list[SentMove]:
    """Every move sent in ``channel``, in the order sent."""
    return moves_by_channel(fake).get(channel.id, [])
