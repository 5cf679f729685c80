"""Phase 3: resolve spaces 1 to 7 in order (section 5.3). Steps without a real choice run by
themselves; the others wait for the owner's action."""
from __future__ import annotations

from games.core import Event, SeatRef
from games.quetzal import words
from games.quetzal.components import rules
from games.quetzal.rules.gains import draw_into_hand, gain_discovery, gain_tile, has_effect, overflowing, sort_hand
from games.quetzal.rules.rounds import SLOTS, SURROUNDINGS, next_round
from games.quetzal.rules.scoring import score_delivery
from games.quetzal.state import QuetzalState, Step

#: spaces that give something in Phase 3, in resolution order (Harbour and Ship last)
ORDER = ("stele", "t1", "t2", "t3", "t4", "t5", "3a", "3b", "3c", "bm", "v1", "v2", "v3")


def start_phase3(state: QuetzalState) -> list[Event]:
    state.phase = "resolve"
    steps = [Step(code, team.seat) for code in ORDER for team in state.teams_on(code)]
    for team in sorted(state.teams_on("hm"), key=lambda t: t.seq):       # DEFAULT: placement order
        steps += [Step("hm", team.seat, i, len(team.workers)) for i in range(len(team.workers))]
    steps += [Step("ship", team.seat) for team in state.teams_on("ship")]
    state.steps = steps
    return [Event.public("All workers are placed. The spaces are resolved in order.")] + advance(state)


def filled_slots(state: QuetzalState) -> list[str]:
    return [SLOTS[i] for i, card in enumerate(state.display) if card is not None]


def filled_village(state: QuetzalState) -> list[int]:
    return [i + 1 for i, tile in enumerate(state.village) if tile is not None]


def needs_choice(state: QuetzalState, step: Step) -> bool:
    """Does this step wait for its owner? (A single possible outcome is applied directly.)"""
    r = rules()
    code = step.space
    if code in ("t1", "t2", "t3", "t4", "t5"):
        return len(filled_slots(state)) > r.space[code].take
    if code in ("bm", "hm", "ship"):
        return bool(state.player(step.seat).hand)
    if code in ("v1", "v2", "v3"):
        return len(filled_village(state)) > 1
    return False


def advance(state: QuetzalState) -> list[Event]:
    """Run automatic steps until somebody must choose, the round ends or the game ends."""
    events: list[Event] = []
    while state.phase == "resolve" and overflowing(state) is None:
        if not state.steps:
            events += finish_round(state)
            break
        step = state.steps[0]
        if needs_choice(state, step):
            break
        state.steps.pop(0)
        events += auto_step(state, step)
    return events


def auto_step(state: QuetzalState, step: Step) -> list[Event]:
    code, seat = step.space, step.seat
    player = state.player(seat)
    r = rules()
    if code == "stele":
        state.marker = seat
        events = [Event.public("Stele: {player} takes the start player marker and 1 discovery.", player=SeatRef(seat))]
        gain_discovery(state, seat, 1, events)
        return events
    if code in ("t1", "t2", "t3", "t4", "t5"):
        return take_cards(state, step, filled_slots(state))
    if code in SURROUNDINGS:
        cards = state.surroundings[code]
        state.surroundings[code] = []
        player.hand.extend(cards)
        sort_hand(state, seat)
        events = [Event.public("{space}: {player} takes {cards}.", space=code, player=SeatRef(seat),
                               cards=" ".join(cards) or "-")]
        bonus = r.space[code].bonus
        if bonus == "vp":
            player.vp += 1
            events.append(Event.public("{space}: {player} gains 1 VP.", space=code, player=SeatRef(seat)))
        elif bonus == "coin":
            player.coins += 1
            events.append(Event.public("{space}: {player} gains 1 coin.", space=code, player=SeatRef(seat)))
        elif bonus == "discovery":
            events.append(Event.public("{space}: {player} gains 1 discovery.", space=code, player=SeatRef(seat)))
            gain_discovery(state, seat, 1, events)
        return events
    if code in ("bm", "hm", "ship"):
        return [Event.public("{space}: {player} has no relic cards, so nothing happens.", space=code,
                             player=SeatRef(seat))]
    # Village with at most one tile on display
    slots = filled_village(state)
    if not slots:
        return [Event.public("{space}: the Village display is empty, so {player} gets no tile.", space=code,
                             player=SeatRef(seat))]
    return take_tile(state, step, slots[0])


def take_cards(state: QuetzalState, step: Step, slots: list[str]) -> list[Event]:
    """Temple row: the chosen display cards, then the row's draw from the deck."""
    seat = step.seat
    player = state.player(seat)
    cards = []
    for slot in slots:
        index = SLOTS.index(slot)
        card = state.display[index]
        assert card is not None
        cards.append(card)
        state.display[index] = None
    player.hand.extend(cards)
    sort_hand(state, seat)
    events = [Event.public("{space}: {player} takes {slots} ({cards}).", space=step.space, player=SeatRef(seat),
                           slots=" ".join(slots) or "-", cards=" ".join(cards) or "-")]
    draw = rules().space[step.space].draw
    if draw:
        draw_into_hand(state, seat, draw, events)
    return events


def take_tile(state: QuetzalState, step: Step, slot: int) -> list[Event]:
    tile = state.village[slot - 1]
    assert tile is not None
    state.village[slot - 1] = None
    events = [Event.public("{space}: {player} takes upgrade {tile} from slot {slot}.", space=step.space,
                           player=SeatRef(step.seat), tile=tile, slot=slot)]
    gain_tile(state, step.seat, tile, events)
    return events


def sell(state: QuetzalState, step: Step, card: str | None) -> list[Event]:
    player = state.player(step.seat)
    if card is None:
        return [Event.public("Black Market: {player} sells nothing.", player=SeatRef(step.seat))]
    player.hand.remove(card)
    state.discard.append(card)
    coins = rules().black_market_coins
    player.coins += coins
    return [Event.public("Black Market: {player} sells {card} for {coins} coins (its icon does not count).",
                         player=SeatRef(step.seat), card=card, coins=coins)]


def stage_cards(state: QuetzalState, step: Step, cards: tuple[str, ...]) -> list[Event]:
    """``deliver <cards> +``: the cards leave the hand for the delivery being built. Only their
    player hears of it: the table sees the delivery once, when it is made."""
    player = state.player(step.seat)
    for card in cards:
        player.hand.remove(card)
    step.cards = sorted(step.cards + list(cards), key=rules().card_order)
    label = f"hm#{step.index + 1}" if step.space == "hm" else step.space
    return [Event.private({step.seat}, "{space}: {player} chooses {cards} for the delivery (so far {chosen}).",
                          space=label, player=SeatRef(step.seat), cards=" ".join(cards), chosen=" ".join(step.cards))]


def deliver(state: QuetzalState, step: Step, added: tuple[str, ...]) -> list[Event]:
    """One delivery (the cards chosen before plus ``added``): set points and VP icons (and dealer
    tiles), then coin icons, then discovery."""
    seat = step.seat
    player = state.player(seat)
    label = f"hm#{step.index + 1}" if step.space == "hm" else step.space
    r = rules()
    cards = tuple(sorted(step.cards + list(added), key=r.card_order))
    step.cards = []
    if not cards:
        return [Event.public("{space}: {player} delivers nothing.", space=label, player=SeatRef(seat))]
    dealers = [r.tile[t].kind for t in has_effect(state, seat, "dealer")]
    score = score_delivery(cards, [k for k in dealers if k])
    for card in added:
        player.hand.remove(card)
    state.discard.extend(cards)
    player.vp += score.vp
    player.coins += score.coins
    events = [Event.public("{space}: {player} delivers {cards}: {sets}, icons +{icon_vp} VP, dealers +{dealer_vp} VP "
                           "= +{vp} VP; +{coins}, +{discovery} discovery.",
                           space=label, player=SeatRef(seat), cards=" ".join(cards), sets=score.sets_text(),
                           icon_vp=score.icon_vp, dealer_vp=score.dealer_vp, vp=score.vp, coins=words.coins(score.coins),
                           discovery=score.discovery)]
    gain_discovery(state, seat, score.discovery, events)
    return events


def finish_round(state: QuetzalState) -> list[Event]:
    if state.round >= rules().rounds:
        state.phase = "over"
        state.steps = []
        return [Event.public("Round {round} is over. The game ends; final scoring follows.", round=state.round)]
    return [Event.public("Round {round} is over. The board is refilled.", round=state.round)] + next_round(state)
