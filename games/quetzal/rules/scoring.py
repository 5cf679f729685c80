"""Delivery scoring (section 5.5) and final scoring (section 6)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from games.quetzal.components import rules
from games.quetzal.state import QuetzalState


@dataclass(frozen=True)
class DeliveryScore:
    sets: tuple[tuple[str, int, int], ...]   # (kind letter, cards, points) in kind order
    set_points: int
    icon_vp: int
    dealer_vp: int
    coins: int
    discovery: int

    @property
    def vp(self) -> int:
        return self.set_points + self.icon_vp + self.dealer_vp

    def sets_text(self) -> str:
        """``V×3=6 M×1=3`` (letters and numbers only, so it needs no translation)."""
        return " ".join(f"{kind}×{count}={points}" for kind, count, points in self.sets) or "-"


def kind_points(kind: str, count: int) -> int:
    """Points of ``count`` cards of one kind in one delivery; more than 3 are split greedily
    into groups of 3 (DEFAULT: the cards only show values for 1-3)."""
    r = rules()
    values = r.kind[kind].values
    group = r.delivery_group
    full, rest = divmod(count, group)
    return full * values[group - 1] + (values[rest - 1] if rest else 0)


def score_delivery(cards: list[str] | tuple[str, ...], dealer_kinds: list[str] | tuple[str, ...] = ()) -> DeliveryScore:
    r = rules()
    counts = Counter(r.card[c].kind for c in cards)
    sets = tuple((k.letter, counts[k.letter], kind_points(k.letter, counts[k.letter]))
                 for k in r.kinds if counts[k.letter])
    icons = Counter(r.card[c].icon for c in cards)
    dealer = sum(counts[kind] for kind in dealer_kinds)
    return DeliveryScore(sets, sum(p for _, _, p in sets), icons["vp"], dealer, icons["coin"], icons["discovery"])


@dataclass(frozen=True)
class FinalScore:
    track: int
    marker: int
    coins: int
    tiles: int
    discovery: int

    @property
    def total(self) -> int:
        return self.track + self.marker + self.coins + self.tiles


def final_score(state: QuetzalState, seat: int) -> FinalScore:
    r = rules()
    player = state.player(seat)
    tiles = sum(r.tile[t].vp for t in player.tiles + player.stored)
    return FinalScore(player.vp, r.marker_vp if state.marker == seat else 0, player.coins // r.coins_per_vp,
                      tiles, player.discovery)
