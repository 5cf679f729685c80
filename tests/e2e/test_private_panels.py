"""A whole three-player Florenza game through Discord where every step of every player is made
with the buttons and select menus of their own private panel ("Your move"), and no public
message ever names a card that was in someone's hand at that moment.

The hands at each moment are read from the bot's own database (the snapshot it commits with
every move); a card is a secret while it is in a hand and nowhere in the public view (there are
copies of some cards)."""
from __future__ import annotations

import json
import random
import re
import sqlite3
from pathlib import Path

import pytest
import yaml

from games.florenza import GAME
from games.florenza.components import catalog
from tests.e2e.conftest import (assert_healthy, bot_messages, mentioned, move_from_panel, open_table, png_of,
                                start_game)

pytestmark = pytest.mark.asyncio(loop_scope="session")

def database_of(config: Path) -> Path:
    return Path(yaml.safe_load(config.read_text(encoding="utf-8"))["database"]["path"])


def snapshot(database: Path, channel_id: int) -> dict:
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        row = db.execute("SELECT snapshot FROM game_tables WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
                         (channel_id,)).fetchone()
    return json.loads(row[0])


def secret_words(data: dict) -> dict[str, list[str]]:
    """The words that name a card held in a hand and shown nowhere in public: id, name, Japanese."""
    state = GAME.from_json(data)
    public = repr(GAME.view(state, None))
    cards = catalog().cards
    secret: dict[str, list[str]] = {}
    for player in state.p:
        for card in player.hand:
            if f"'{card}'" not in public:
                found = cards[card]
                secret[card] = [found.id, found.name, found.ja]
    return secret


def public_text(message) -> str:
    parts = [message.content]
    for button in message.buttons:
        parts += [button.label or "", button.custom_id or ""]
    for select in message.selects:
        parts.append(select.get("custom_id", ""))
        parts += [o.get("label", "") + " " + o.get("value", "") for o in select.get("options", [])]
    return "\n".join(parts)


def leaks(text: str, secret: dict[str, list[str]]) -> list[str]:
    found = []
    for card, words in secret.items():
        for word in words:
            if word and re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text, re.IGNORECASE):
                found.append(f"{card} ({word})")
    return found


async def test_florenza_played_from_private_panels_only(shared):
    fake = shared.fake
    channel = shared.channel("panels-florenza")
    users = shared.users("pnl", 3)
    database = database_of(shared.config)
    await open_table(channel, users, "florenza")
    started = await start_game(channel, users[0])
    message = started.messages[0]
    rng = random.Random(11)
    by_id = {u.id: u for u in users}
    moves = 0
    public_checked = 0
    while moves < 2000:
        secret = secret_words(snapshot(database, channel.id))
        for public in [m for m in bot_messages(fake, channel) if not m.ephemeral][-1:]:
            assert not leaks(public_text(public), secret), (public.content, leaks(public_text(public), secret))
            public_checked += 1
        deciding = [by_id[i] for i in mentioned(message) if i in by_id]
        if not deciding:
            break
        player = rng.choice(deciding)
        # the public message offers no move: only "Your move" (and "My hand")
        assert not [b for b in message.buttons if (b.custom_id or "").startswith(("bt:a:", "bt:c:"))], message.buttons
        reply, panel = await move_from_panel(player, message, rng)
        message = reply.followups[0]
        assert not message.ephemeral and not reply.error, message.content
        png_of(message)
        # the panel now says what was chosen (and shows the next step if the same player acts again)
        assert "You chose" in panel.content, panel.content
        moves += 1
    final = bot_messages(fake, channel)[-1].content
    assert "Game over." in final, final
    print(f"florenza through private panels: {moves} moves, {public_checked} public messages checked")
    assert moves > 30 and public_checked >= moves
    assert_healthy(fake, shared.bot)


async def test_a_step_with_many_choices_comes_as_select_menus(shared):
    """Florenza's market trades (60 at the start) are one step of a player's panel: three select
    menus of at most 25 options, with Back; choosing one makes the move."""
    fake = shared.fake
    channel = shared.channel("panels-menus")
    users = shared.users("mnu", 3)
    await open_table(channel, users, "florenza")
    message = (await start_game(channel, users[0])).messages[0]
    [player] = [u for u in users if u.id in mentioned(message)]
    panel = (await player.click(message, "Your move")).messages[0]
    await player.click(panel, "market …")
    assert panel.edited and "Chosen so far: market" in panel.content
    await player.click(panel, "trade …")
    assert "Chosen so far: market trade" in panel.content
    menus = panel.selects
    assert len(menus) == 3 and [len(m["options"]) for m in menus] == [25, 25, 10]
    assert [b.label for b in panel.buttons] == ["Back"]
    option = menus[1]["options"][0]
    assert option["value"].startswith("a") and "+" in option["label"] and ">" in option["label"]
    reply = await player.select(panel, [option["value"]], custom_id=menus[1]["custom_id"])
    public = (await reply.wait_followups(1))[0]
    assert not public.ephemeral and f"market trade {option['label']}" in public.content
    assert f"You chose: market trade {option['label']}" in panel.content and not panel.selects
    assert_healthy(fake, shared.bot)
