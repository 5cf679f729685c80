"""A whole 3-player Carcassonne game through Discord, from /join to the final scores."""
from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest
import yaml

from tests.e2e.conftest import (assert_healthy, carcassonne_buttons, carcassonne_follower, open_table,
                                play_until_over, png_of, start_game)

pytestmark = pytest.mark.asyncio(loop_scope="session")

# "1. Name — 12 points", "2. Name — 1 point", "3. Name — 0 points"; tied players share a rank
SCORE_LINE = re.compile(r"(\d+)\. (.+) — (\d+) (points?)")
PLACEMENT = re.compile(r"-?\d+,-?\d+ r\d")          # a tile's placement in the stored log, "2,-1 r1"
TILES_AFTER_THE_START = 71                           # the base game's 72 tiles, less the start tile


def stored_game(config: Path, channel_id: int) -> dict:
    """The channel's last table as the bot stored it: seed, final state, seats' names, results
    by seat and the logged moves."""
    database = yaml.safe_load(config.read_text(encoding="utf-8"))["database"]["path"]
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        table, seed, snapshot = db.execute("SELECT id, seed, snapshot FROM game_tables WHERE channel_id = ? "
                                           "ORDER BY id DESC LIMIT 1", (channel_id,)).fetchone()
        names = dict(db.execute("SELECT seat, name FROM seats WHERE table_id = ?", (table,)).fetchall())
        results = {seat: (rank, score) for seat, rank, score in
                   db.execute("SELECT seat, rank, score FROM results WHERE table_id = ?", (table,))}
        moves = [text for (text,) in db.execute("SELECT text FROM actions WHERE table_id = ? AND kind = 'move' "
                                                "ORDER BY n", (table,))]
    return {"seed": seed, "state": json.loads(snapshot), "names": names, "results": results, "moves": moves}


def standings(content: str, players: int) -> list[tuple[int, str, int]]:
    """The (rank, name, points) lines right after "Game over.", each count with its own noun."""
    lines = content.split("Game over.", 1)[1].strip().splitlines()[:players]
    found = []
    for line in lines:
        match = SCORE_LINE.fullmatch(line)
        assert match, (line, content)
        rank, name, points, noun = match.groups()
        assert noun == ("point" if points == "1" else "points"), line
        found.append((int(rank), name, int(points)))
    return found


async def test_three_players_play_carcassonne_to_the_end(shared):
    fake = shared.fake
    channel = shared.channel("carcassonne-3p")
    users = shared.users("c3", 3)

    lobby = await open_table(channel, users, "carcassonne")
    assert "Seated (3/5)" in lobby.content
    turn = await start_game(channel, users[1])
    assert "Carcassonne begins" in turn.content

    game = await play_until_over(fake, channel, users, "place", turn, use_buttons=carcassonne_buttons,
                                 pick=carcassonne_follower)

    assert game.over
    stored = stored_game(shared.config, channel.id)
    seed = f"table seed {stored['seed']}"          # (the game to replay when this fails)
    slashes = [m for m in game.moves if m.how == "slash"]
    clicks = game.clicked()
    # Every placement by /place (71 tiles after the start tile, less those that fit nowhere and
    # were discarded); every follower step by a button: "-" (no follower) sometimes, a follower
    # other times. There is no follower step when nothing can be deployed (no followers left or
    # no free feature), so the log says how many there were.
    placed = [m for m in stored["moves"] if PLACEMENT.fullmatch(m)]
    state = stored["state"]
    assert len(slashes) == len(placed) == len(state["placements"]) - 1, seed
    assert len(placed) + len(state["discarded"]) == TILES_AFTER_THE_START and not state["pile"], seed
    assert len(clicks) == len(stored["moves"]) - len(placed) and len(game.moves) == len(stored["moves"]), seed
    assert "-" in clicks and any(c != "-" for c in clicks), (clicks, seed)
    assert {m.user for m in slashes} == set(users)

    final = game.last.messages[0]
    assert "Game over." in final.content
    scores = standings(final.content, len(users))
    assert sorted(name for _rank, name, _points in scores) == sorted(u.global_name for u in users)
    # best first; ranks by points, a tie sharing its rank (1, 1, 3); as the store keeps them
    assert [p for _r, _n, p in scores] == sorted((p for _r, _n, p in scores), reverse=True), final.content
    assert [r for r, _n, _p in scores] == [1 + sum(other > p for _r, _n, other in scores) for _r, _n, p in scores]
    by_name = {stored["names"][seat]: result for seat, result in stored["results"].items()}
    assert {name: (rank, points) for rank, name, points in scores} == by_name, seed
    assert sorted(p for _r, _n, p in scores) == sorted(state["scores"]), seed
    assert not final.buttons and not final.ephemeral
    png_of(final)

    # The table is closed: the next /place is refused privately.
    after = await users[0].slash(channel, "place", action="0,1 r0")
    assert after.messages[0].ephemeral
    assert_healthy(fake, shared.bot)
