"""What players gain: rolls, coins, cards, discovery steps and upgrade tiles (sections 5.1, 5.4, 5.6, 5.7)."""
from __future__ import annotations

import functools

from games.core import Event, SeatRef, counted
from games.quetzal.actions import worker_key
from games.quetzal.components import BIG, BLACK, WHITE, WILD, rules
from games.quetzal.rules.options import DICE, FACES
from games.quetzal.state import QuetzalState, Worker


@functools.lru_cache(maxsize=64)
def faces(weights: str) -> str:
    """``17,17,4,2`` -> one letter per weight unit of w, k, s, u (the draw of section 8.2)."""
    return "".join(face * int(weight) for face, weight in zip(FACES, weights.split(",")))


def dice_of(state: QuetzalState) -> str:
    """The worker die of this table: the dice option's weights, else those of defaults.yaml."""
    for token in state.options:
        if token.startswith(DICE + "="):
            return faces(token[len(DICE) + 1:])
    return rules().dice


def roll_worker(state: QuetzalState, worker: Worker) -> str:
    """Roll one worker (one draw of the table's random stream); return the letter w, k, s or u."""
    result = state.rng.choice(dice_of(state))
    worker.roll = result
    if worker.big:
        worker.face = WILD                       # the big worker is always wild
    else:
        worker.face = {"w": WHITE, "k": BLACK}.get(result, WILD)
    return result


def roll_text(rolled: list[tuple[str, str]]) -> str:
    """``1w 2w 3k 4u 5s 6k big:u`` as in the reference's log."""
    return " ".join(f"{wid}:{r}" if wid == BIG else f"{wid}{r}" for wid, r in rolled)


def roll_workers(state: QuetzalState, seat: int, wids: list[str]) -> tuple[str, int]:
    """Roll the given workers in canonical order; pay upright coins. Returns (log text, coins)."""
    player = state.player(seat)
    rolled = []
    for wid in sorted(wids, key=worker_key):
        worker = player.worker(wid)
        assert worker is not None
        rolled.append((wid, roll_worker(state, worker)))
    coins = sum(1 for _, r in rolled if r == "u") * rules().upright_coins
    player.coins += coins
    return roll_text(rolled), coins


def sort_hand(state: QuetzalState, seat: int) -> None:
    state.player(seat).hand.sort(key=rules().card_order)


def draw_card(state: QuetzalState, events: list[Event]) -> str | None:
    """Top card of the deck; an empty deck is rebuilt from the shuffled discard pile (DEFAULT 5.7)."""
    if not state.deck and state.discard:
        state.deck = sorted(state.discard, key=rules().card_order)
        state.discard = []
        state.rng.shuffle(state.deck)
        events.append(Event.public("The relic deck is empty: the discard pile is shuffled into a new deck of {count}.",
                                   count=len(state.deck)))
    return state.deck.pop(0) if state.deck else None


def draw_into_hand(state: QuetzalState, seat: int, count: int, events: list[Event]) -> list[str]:
    """Draw ``count`` cards face down into a hand: only the owner learns which."""
    drawn = []
    for _ in range(count):
        card = draw_card(state, events)
        if card is None:
            events.append(Event.public("The relic deck and the discard pile are empty: no card is drawn."))
            break
        drawn.append(card)
    if drawn:
        state.player(seat).hand.extend(drawn)
        sort_hand(state, seat)
        events.append(Event(counted("{player} draws {count} card from the deck.", "{player} draws {count} cards from the deck.",
                                    player=SeatRef(seat), count=len(drawn))))
        events.append(Event.private({seat}, "You draw {cards}.", cards=" ".join(drawn)))
    return drawn


def gain_discovery(state: QuetzalState, seat: int, points: int, events: list[Event]) -> None:
    """Move the discovery disc one space per point; each space reached gives its reward."""
    r = rules()
    player = state.player(seat)
    for _ in range(points):
        if player.discovery >= r.track_end:
            events.append(Event.public("{player} is at the end of the discovery track: the point is lost.",
                                       player=SeatRef(seat)))
            return
        player.discovery += 1
        reward = r.track[player.discovery]
        events.append(Event.public("{player} moves to discovery space {space}.", player=SeatRef(seat),
                                   space=player.discovery))
        if reward.get("coins"):
            player.coins += reward["coins"]
            events.append(Event(counted("Discovery reward: {player} gains {coins} coin.",
                                        "Discovery reward: {player} gains {coins} coins.", by="coins",
                                        player=SeatRef(seat), coins=reward["coins"])))
        if reward.get("vp"):
            player.vp += reward["vp"]
            events.append(Event.public("Discovery reward: {player} gains {vp} VP.", player=SeatRef(seat),
                                       vp=reward["vp"]))
        if reward.get("upgrade"):
            if state.stack:
                tile = state.stack.pop(0)
                events.append(Event.public("Discovery reward: {player} draws upgrade tile {tile}.",
                                           player=SeatRef(seat), tile=tile))
                gain_tile(state, seat, tile, events)
            else:
                events.append(Event.public("Discovery reward: the upgrade stack is empty, so {player} gets no tile.",
                                           player=SeatRef(seat)))


def gain_tile(state: QuetzalState, seat: int, tile_id: str, events: list[Event]) -> None:
    """Section 5.6: instant tiles act then go to the personal discard pile; permanents go face up
    (an identical one goes straight to the discard pile; a third one waits for ``store``)."""
    r = rules()
    tile = r.tile[tile_id]
    player = state.player(seat)
    if not tile.permanent:
        player.stored.append(tile_id)
        if tile.effect == "coins":
            player.coins += tile.amount
            events.append(Event.public("{player} uses {tile}: +{coins}.", player=SeatRef(seat), tile=tile_id,
                                       coins=counted("{count} coin", "{count} coins", count=tile.amount)))
        elif tile.effect == "discovery":
            events.append(Event.public("{player} uses {tile}: +{points} discovery.", player=SeatRef(seat),
                                       tile=tile_id, points=tile.amount))
            gain_discovery(state, seat, tile.amount, events)
        elif tile.effect == "draw":
            events.append(Event.public("{player} uses {tile}: draws {count} relic cards.", player=SeatRef(seat),
                                       tile=tile_id, count=tile.amount))
            draw_into_hand(state, seat, tile.amount, events)
        return
    if any(r.tile[t].name == tile.name for t in player.tiles):
        player.stored.append(tile_id)
        events.append(Event.public("{player} already has this upgrade face up: {tile} goes to the discard pile.",
                                   player=SeatRef(seat), tile=tile_id))
        return
    player.tiles.append(tile_id)
    events.append(Event.public("{player} puts upgrade {tile} face up.", player=SeatRef(seat), tile=tile_id))
    if len(player.tiles) > r.max_permanent:
        events.append(Event.public("{player} has {count} permanent upgrades and must store one.",
                                   player=SeatRef(seat), count=len(player.tiles)))


def overflowing(state: QuetzalState) -> int | None:
    """The seat holding more face-up permanent tiles than allowed (it must ``store`` one)."""
    for seat, player in enumerate(state.seats):
        if len(player.tiles) > rules().max_permanent:
            return seat
    return None


def has_effect(state: QuetzalState, seat: int, effect: str) -> list[str]:
    """Face-up tiles of ``seat`` with ``effect`` (only face-up tiles act)."""
    return [t for t in state.player(seat).tiles if rules().tile[t].effect == effect]


__all__ = ["draw_card", "draw_into_hand", "gain_discovery", "gain_tile", "has_effect", "overflowing",
           "roll_text", "roll_worker", "roll_workers", "sort_hand"]
