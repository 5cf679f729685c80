"""Bad input for the commands around the table, through the service: /board with junk regions
(with the real renderers, for every game) and the asynchronous-play commands (/vacation,
/notify, /replay, /rating, /leaderboard, /tournament, /games, /undo) with junk arguments.

The same properties as the table fuzz: an answer every time, without Python internals, errors
short and private and never "our fault", nothing logged as an error, and the table unchanged.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, strategies as st

from bot.table.context import Ctx
from tests.fuzz import inputs
from tests.fuzz.harness import ALL_GAMES, Env
from tests.fuzz.profile import fuzz

#: region-like text: positions, names the renderers know, and near misses of both
REGIONS = ("0,0", "2,-1", "-3,4", "board", "players", "hand", "common", "villages", "village:0", "village:1",
           "village:9", "village:²", "village:-1", "village:" + "9" * 30, "9" * 30 + ",0", "0,0,0", "١,٢", " 1 , 1 ")


def started(env: Env, game: str, moves: int = 6) -> tuple[int, list[Ctx]]:
    """A running table of ``game`` in channel 1 after a few legal moves; returns its id and players."""
    env.boot()
    players = [env.user("Alice", 1), env.user("Bob", 1, locale="ja")]
    table_id = env.run(env.service.join(players[0], game))[0].table_id
    env.run(env.service.join(players[1]))
    env.run(env.service.start(players[0]))
    rng = random.Random(game)
    for _ in range(moves):
        table = env.service.live_tables.by_id(table_id)
        if table is None:
            break
        seat = min(table.game.to_act(table.state))
        action = rng.choice(table.game.legal_actions(table.state, seat))
        by = next(p for p in players if p.user_id == table.seats[seat].user_id)
        assert not env.run(env.service.act(by, str(action)))[0].error
    return table_id, players


@pytest.fixture
def env(tmp_path):
    env = Env(tmp_path, render=True)
    yield env
    env.close()


@pytest.mark.parametrize("game", ALL_GAMES)
def test_board_with_junk_regions(env, game):
    table_id, players = started(env, game)
    stranger = env.user("Stranger", 1)

    @given(region=st.one_of(st.sampled_from(REGIONS), inputs.near_miss(REGIONS), inputs.odd_text(), inputs.huge_text()),
           who=st.sampled_from(players + [stranger]))
    @fuzz(8)
    def board(region, who):
        before = env.fingerprint(table_id)
        replies = env.check(env.run(env.service.board(who, region)), f"/board {region[:100]!r}")
        assert env.fingerprint(table_id) == before
        if not replies[0].error:
            assert replies[0].image is None or replies[0].image.startswith(b"\x89PNG")

    board()


def test_asynchronous_play_commands_with_junk(env):
    table_id, players = started(env, "countdown", moves=3)
    people = players + [env.user("Stranger", 1), Ctx(0, "Nobody", 1, 7), Ctx(5, "No guild", 1, None)]
    assert env.store is not None
    last = env.run(env.store.actions(table_id))[-1]
    table = env.service.live_tables.by_id(table_id)
    assert table is not None
    mover = table.seats[last.seat].user_id
    other = next(p for p in players if p.user_id != mover)
    play = env.plugins
    commands = {
        "vacation": play.turns.vacation, "notify": play.turns.notify, "replay": play.replays.replay,
        "rating": play.ratings.rating, "tournament": play.tournaments.command,
        "leaderboard": lambda ctx, text: play.ratings.leaderboard(ctx, text, 0.5),
        "games": lambda ctx, text: play.turns.my_games(ctx), "undo": lambda ctx, text: play.undo.request(ctx),
    }
    words = st.sampled_from(("create", "join", "leave", "start", "standings", "report", "export", "cancel", "end",
                             "on", "off", "3", "size=²", "rounds=" + "9" * 30, "@@" + "9" * 30, "countdown", "#1"))
    junk = st.one_of(inputs.odd_text(), inputs.huge_text(), st.lists(st.one_of(words, inputs.odd_text()), max_size=5).map(" ".join))

    @given(name=st.sampled_from(sorted(commands)), text=junk, who=st.sampled_from(people))
    @fuzz(60)
    def command(name, text, who):
        if name == "tournament" and text.split()[:1] in (["create"], ["start"], ["join"]):
            text = "x" + text       # creating and starting tournaments opens threads: not garbage
        if name == "undo" and who.user_id == mover:
            who = other             # the mover's own /undo takes the move back at once: not garbage
        before = env.fingerprint(table_id)
        env.check(env.run(commands[name](who, text)), f"/{name} {text[:100]!r}")
        assert env.fingerprint(table_id) == before

    command()
