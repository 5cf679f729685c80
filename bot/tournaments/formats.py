"""Tournament formats: the words that choose one, their names, how many rounds each plays, the
seeding draw and a tournament's one-line summary."""
from __future__ import annotations

import math
import random

from bot.i18n import t
from bot.store.tournaments import Player, Tournament
from bot.tournaments import pairing
from bot.turns.durations import span
from games import registry
from games.core.messages import Msg

MAX_PLAYERS = 256
MAX_ROUNDS = 30
FORMAT_WORDS = {"swiss": "swiss", "roundrobin": "roundrobin", "round-robin": "roundrobin", "rr": "roundrobin",
                "elimination": "elimination", "knockout": "elimination", "single": "elimination", "ko": "elimination"}
FORMAT_NAMES = {"swiss": t("Swiss"), "roundrobin": t("round robin"), "elimination": t("single elimination")}


def planned_rounds(format: str, players: int, size: int, smallest: int, wanted: int) -> int:
    """How many rounds a tournament of ``players`` will have."""
    if format == "roundrobin":
        return players - 1 if players % 2 == 0 else players
    if format == "elimination":
        count, rounds = players, 0
        while count > 1:
            sizes, byes = pairing.table_sizes(count, size, smallest)
            if not sizes:
                break
            count, rounds = len(sizes) + byes, rounds + 1
        return rounds
    if wanted:
        return wanted
    return max(1, math.ceil(math.log2(players))) if size == 2 else 3


def seeded(tournament: Tournament, players: list[Player]) -> list[int]:
    """The players in the tournament's seeding order (drawn from its seed, so always the same)."""
    order = [p.user_id for p in sorted(players, key=lambda p: p.entry)]
    random.Random(f"{tournament.seed}:seeding").shuffle(order)
    return order


def summary(tournament: Tournament, players: int) -> list[Msg]:
    game = registry.get(tournament.game)
    rounds = tournament.rounds or t("decided at the start")
    return [t("{game}, {format}, tables of {size}, rounds: {rounds}, turn timer: {timer}, options: {options}. "
              "Players: {players}.", game=Msg(game.title) if game else tournament.game, format=FORMAT_NAMES[tournament.format],
              size=tournament.table_size, rounds=rounds,
              timer=span(tournament.timer_seconds) if tournament.timer_seconds else t("none"),
              options=", ".join(tournament.options) or "-", players=players)]
