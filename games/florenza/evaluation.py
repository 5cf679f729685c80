"""The search's evaluation of a Florenza position: each seat's worth in points.

Banked points are the final scoring as if the game ended now (``scoring.final_scores``: prestige
in play, sets, guilds, the resource and florin majorities, the captain, the reserved
penalties). What is still open is added at the greedy player's rates (games/florenza/ai.py):
resources and florins held keep part of what they may still buy, the incomes of the cards in
play and their extra turns pay in every round left, cards in hand may yet be played, and a
reserved monument or artist may yet be used (its penalty then lifted). Once the game is over
the evaluation is the final score.
"""
from __future__ import annotations

from statistics import mean

from games.florenza.ai import ACTION_WORTH, FLORIN_WORTH, RES_WORTH
from games.florenza.components import ROUNDS, TURNS, artist, artist_card, card, monument
from games.florenza.rules.scoring import final_scores
from games.florenza.state import FlorenzaState, PlayerState

#: what a card in hand is worth while it can still be played
HAND_CARD = 1.2
#: the share of a reserved monument's or artist's penalty likely to be lifted by using it
RESERVED_USE = 0.5


def evaluate(state: FlorenzaState) -> tuple[float, ...]:
    scores = final_scores(state)
    if state.over:
        return tuple(float(s.total) for s in scores)
    incomes = ROUNDS - state.round + 1                  # this round's income is still to come
    rounds_after = ROUNDS - state.round
    turns_left = max(0, TURNS - state.turn) if state.phase == 3 else 0
    time = 1.0 if rounds_after else max(0.3, turns_left / TURNS)
    return tuple(float(score.total) + open_value(player, incomes, rounds_after, time)
                 for score, player in zip(scores, state.p))


def open_value(player: PlayerState, incomes: int, rounds_after: int, time: float) -> float:
    value = RES_WORTH * time * sum(player.res) + FLORIN_WORTH * time * player.florins
    for entry in player.cards:
        info = card(entry[0])
        value += incomes * (RES_WORTH * sum(info.income) + FLORIN_WORTH * info.income_fl)
        if info.extra_turn:
            value += ACTION_WORTH * rounds_after
    if rounds_after or time > 0.3:
        value += HAND_CARD * time * len(player.hand)
        value += RESERVED_USE * time * sum(monument(m).pp for m in player.reserved_monuments)
        value += RESERVED_USE * time * sum(mean(artist(artist_card(i)[0]).values) for i in player.reserved_artists)
    return value


__all__ = ["evaluate"]
