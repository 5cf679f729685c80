"""Read-only questions about the state that the moves and the round flow both ask: who owns
a guild or a preacher, who may act in the extra turns, how many cards a player draws, and
which resources the captain and the owner of Arte dei Mercatanti may name (§5)."""
from __future__ import annotations

from games.florenza.components import RES, card, catalog
from games.florenza.state import FlorenzaState, PlayerState

#: the round's constants from the component data: income, draw size, discounts
CONST = catalog().components["round"]


def owns_guild(player: PlayerState, guild: str) -> bool:
    return any(card(entry[0]).guild == guild for entry in player.cards)


def has_preacher(player: PlayerState) -> str | None:
    for entry in player.cards:
        if card(entry[0]).category == "PRE":
            return entry[0]
    return None


def eligible(state: FlorenzaState, seat: int, turn: int) -> bool:
    """May ``seat`` act in ``turn``? Turns 5-8 need Palagio, Casamento, Casa, a preacher (§5.3)."""
    if turn <= 4:
        return True
    return any(card(entry[0]).extra_turn == turn for entry in state.p[seat].cards)


def extra_turns(player: PlayerState) -> list[int]:
    return sorted(t for t in (card(entry[0]).extra_turn for entry in player.cards) if t)


def draw_size(player: PlayerState) -> int:
    return CONST["draw_base"] + sum(card(entry[0]).extra_draw for entry in player.cards)


def merchant_owner(state: FlorenzaState) -> int | None:
    for seat, player in enumerate(state.p):
        if owns_guild(player, "choice_income"):
            return seat
    return None


def captain_options(state: FlorenzaState) -> list[str]:
    """Types the captain may name: supply >= N, else any with supply >= 1 (§5.4, §12 #2)."""
    rich = [code for code, n in zip(RES, state.supply) if n >= state.players]
    return rich or [code for code, n in zip(RES, state.supply) if n >= 1]


def merchant_options(state: FlorenzaState) -> list[str]:
    return [code for code, n in zip(RES, state.supply) if n >= 1]
