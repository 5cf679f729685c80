"""Setup (section 3), Phase 1 rolls and the reroll-tile window (5.1) and Phase 4 (5.8)."""
from __future__ import annotations

from games.core import Event, SeatRef, SeededRng, counted, option_value
from games.quetzal.components import BIG, WILD, rules
from games.quetzal.rules.gains import draw_card, has_effect, roll_workers
from games.quetzal.rules.options import FIRST, OPTIONS, PUBLISHER_COINS
from games.quetzal.state import POOL, Player, QuetzalState, Worker

SURROUNDINGS = ("3a", "3b", "3c")
SLOTS = "ABCDEFGH"



def new_workers(count: int) -> list[Worker]:
    """``count`` workers including the big one: normal workers 1..count-1, then ``big``."""
    return [Worker(str(i), WILD) for i in range(1, count)] + [Worker(BIG, WILD)]


def setup_state(players: int, options: frozenset[str], seed: int) -> tuple[QuetzalState, list[Event]]:
    """Section 3.2, in the reference's order of random draws: start player, relic deck, upgrade stack."""
    r = rules()
    row = r.setup[players]
    rng = SeededRng(seed)
    first = option_value(OPTIONS, options, FIRST)
    chosen = first != "random"
    # the random start player is the stream's first draw only when it is used (section 8.2)
    start = int(first) - 1 if chosen else rng.randint(0, players - 1)
    if not 0 <= start < players:
        raise ValueError(f"option first={first} names no seat of {players}")
    seats = [Player(coins=row["coins"], workers=new_workers(row["workers"])) for _ in range(players)]
    if PUBLISHER_COINS in options:
        for position, seat in enumerate((start + i) % players for i in range(players)):
            seats[seat].coins = r.publisher_coins[position]
    state = QuetzalState(players=players, options=sorted(options), rng=rng, marker=start, turn=start, seats=seats)
    state.deck = [c.id for c in r.cards]
    rng.shuffle(state.deck)
    state.stack = [t.id for t in r.tiles]
    rng.shuffle(state.stack)
    state.display = [None] * r.temple_display
    state.surroundings = {code: [] for code in SURROUNDINGS}
    state.village = [None] * row["village"]
    events: list[Event] = [
        Event.public("Quetzal for {players} players. {player} is the start player (chosen with /option first).",
                     players=players, player=SeatRef(start)) if chosen else
        Event.public("Quetzal for {players} players. {player} is the start player.", players=players, player=SeatRef(start))]
    refill(state, events)
    events += start_round(state)
    return state, events


def refill(state: QuetzalState, events: list[Event]) -> None:
    """Top up the Temple display, each Surroundings space and the Village display (DEFAULT: top up)."""
    r = rules()
    for slot, card in enumerate(state.display):
        if card is None:
            state.display[slot] = draw_card(state, events)
    for code in SURROUNDINGS:
        cards = state.surroundings[code]
        while len(cards) < r.surroundings_cards:
            card = draw_card(state, events)
            if card is None:
                break
            cards.append(card)
    for slot, tile in enumerate(state.village):
        if tile is None and state.stack:
            state.village[slot] = state.stack.pop(0)


def start_round(state: QuetzalState) -> list[Event]:
    """Phase 1: everybody rolls every worker (turn order from the start player; workers by ID,
    big last), then holders of reroll tiles may use them before Phase 2 starts."""
    events = [Event.public("Round {round} begins. {player} is the start player.", round=state.round,
                           player=SeatRef(state.marker))]
    for seat in state.order_from(state.marker):
        player = state.player(seat)
        text, coins = roll_workers(state, seat, [w.wid for w in player.workers])
        events.append(Event.public("{player} rolls {roll} (+{coins}).", player=SeatRef(seat), roll=text,
                                   coins=counted("{count} coin", "{count} coins", count=coins)))
    for seat, player in enumerate(state.seats):
        player.reroll_window = sorted(has_effect(state, seat, "reroll"))
    state.turn = state.marker
    state.camp_rerolls = 0
    if any(p.reroll_window for p in state.seats):
        state.phase = "reroll"
        events.append(Event.public("Players with reroll upgrades may now reroll (or write keep)."))
    else:
        state.phase = "place"
    return events


def next_round(state: QuetzalState) -> list[Event]:
    """Phase 4: workers come home, the board is refilled, the next round starts."""
    for player in state.seats:
        for worker in player.workers:
            worker.where = POOL
            worker.face = WILD
    state.teams = []
    state.steps = []
    events: list[Event] = []
    refill(state, events)
    state.round += 1
    return events + start_round(state)
