"""Phase-3 actions and Phase-4 choices: legality and effects (§6, §5.4).

``check(state, seat, action)`` validates everything and returns a function that performs the
action, so an illegal action raises ``IllegalAction`` before anything changes (and
``legal_actions`` uses the very same checks). ``apply`` performs it and hands the round on to
the flow (rules/flow.py).
"""
from __future__ import annotations

from typing import Callable, cast

from games.core import Event, IllegalAction, SeatRef, Term, counted
from games.florenza import actions as A
from games.florenza.components import (
    ANONYMOUS, ARTIST_TYPES, RES, artist, artist_card, card, catalog, changes_named, res_named, resource_named,
)
from games.florenza.rules.flow import advance, continue_phase4, current_actor, to_act
from games.florenza.rules.queries import CONST, captain_options, has_preacher, merchant_options, merchant_owner, owns_guild
from games.florenza.state import FlorenzaState, PlayerState

Perform = Callable[[], list[Event]]

DISCOUNT = CONST["discount"]


# -- small helpers --------------------------------------------------------------------------
def prefix(state: FlorenzaState, seat: int) -> dict[str, object]:
    """Log-line parameters ``R<round>.T<turn> <player>``."""
    return {"round": state.round, "turn": state.turn, "player": SeatRef(seat)}


def _types_text(types: tuple[str, ...]) -> str:
    return "/".join(ARTIST_TYPES[t] for t in types)


def _short(player: PlayerState, cost: tuple[int, ...], florins: int) -> Term:
    missing = [max(0, need - have) for need, have in zip(cost, player.res)]
    return res_named(tuple(missing), max(0, florins - player.florins))


def _require_payment(player: PlayerState, what: str, cost: tuple[int, ...], florins: int) -> None:
    if any(have < need for have, need in zip(player.res, cost)) or player.florins < florins:
        raise IllegalAction("You cannot pay for {what}: it needs {cost}; you are short of {missing}.",
                            what=what, cost=res_named(cost, florins), missing=_short(player, cost, florins))


def _pay(state: FlorenzaState, player: PlayerState, cost: tuple[int, ...], florins: int) -> None:
    for i, n in enumerate(cost):
        player.res[i] -= n
        state.supply[i] += n
    player.florins -= florins
    state.bank += florins


def _gain(state: FlorenzaState, player: PlayerState, index: int, n: int = 1) -> None:
    player.res[index] += n
    state.supply[index] -= n


# -- artists ------------------------------------------------------------------------------------
def artist_fee(player: PlayerState, artist_id: str) -> int:
    fee = artist(artist_id).fee
    return max(0, fee - DISCOUNT) if owns_guild(player, "artist_discount") else fee


def display_ref(state: FlorenzaState, seat: int, artist_id: str) -> A.ArtistRef:
    """The copy of ``artist_id`` on display; printed as ``a<n>`` if the bare ID would mean your reserve."""
    reserved = any(artist_card(i)[0] == artist_id for i in state.p[seat].reserved_artists)
    position = next((n for n, i in enumerate(state.art_display) if artist_card(i)[0] == artist_id), None)
    label = f"a{position + 1}" if reserved and position is not None else ""
    return A.ArtistRef(artist_id, A.DISPLAY, label)


def artist_refs(state: FlorenzaState, seat: int) -> list[A.ArtistRef]:
    """Every artist ``seat`` could hire now, one per ID and source (§6.2)."""
    player = state.p[seat]
    reserved = list(dict.fromkeys(artist_card(i)[0] for i in player.reserved_artists))
    refs = [A.ArtistRef(artist_id, A.RESERVE) for artist_id in reserved]
    for artist_id in dict.fromkeys(artist_card(i)[0] for i in state.art_display):
        refs.append(display_ref(state, seat, artist_id))
    refs.extend(A.ArtistRef(anon, A.ANON) for i, anon in enumerate(ANONYMOUS) if not state.anon_used[i])
    return refs


def _find_artist(state: FlorenzaState, seat: int, ref: A.ArtistRef, allowed: tuple[str, ...],
                 target: str) -> tuple[str, int | str]:
    """Where the hired copy is: ("display", card no.), ("reserve", card no.) or ("anon", ID)."""
    if ref.id not in catalog().artists:
        raise IllegalAction("There is no artist '{artist}'. Name one on display, in your reserve or an anonymous one.",
                            artist=ref.id)
    info = artist(ref.id)
    if info.type not in allowed:
        raise IllegalAction("{artist} is an artist of type {kind}, but {target} needs {types}.",
                            artist=ref.id, kind=ARTIST_TYPES[info.type], target=target,
                            types=_types_text(allowed))
    if info.anonymous or ref.source == A.ANON:
        if not info.anonymous or ref.source != A.ANON:
            raise IllegalAction("There is no artist '{artist}'. Name one on display, in your reserve or an anonymous one.",
                                artist=ref.id)
        slot = ANONYMOUS.index(ref.id)
        if state.anon_used[slot]:
            raise IllegalAction("{artist} has already been hired this round; the anonymous artists return in the next round.",
                                artist=ref.id)
        return A.ANON, ref.id
    if ref.source == A.RESERVE:
        for index in state.p[seat].reserved_artists:
            if artist_card(index)[0] == ref.id:
                return A.RESERVE, index
        raise IllegalAction("{artist} is not in your reserve; hire an artist on display or one you reserved.",
                            artist=ref.id)
    for index in state.art_display:
        if artist_card(index)[0] == ref.id:
            return A.DISPLAY, index
    raise IllegalAction("{artist} is not on display; hire an artist on display or one you reserved.", artist=ref.id)


def _take_artist(state: FlorenzaState, player: PlayerState, where: tuple[str, int | str]) -> tuple[int | str, int]:
    """Remove the hired artist from where it was; returns (what the area stores, its value)."""
    source, key = where
    if source == A.ANON:
        state.anon_used[ANONYMOUS.index(str(key))] = True
        return key, 0
    index = int(key)
    (state.art_display if source == A.DISPLAY else player.reserved_artists).remove(index)
    return index, artist_card(index)[1]


def hired_name(hired: int | str | None) -> str | None:
    if hired is None:
        return None
    return hired if isinstance(hired, str) else artist_card(hired)[0]


# -- Phase 3 actions ------------------------------------------------------------------------------
def _check_play(state: FlorenzaState, seat: int, action: A.Play) -> Perform:
    player = state.p[seat]
    if action.card not in catalog().cards:
        raise IllegalAction("There is no Florenza card '{card}'.", card=action.card)
    if action.card not in player.hand:
        raise IllegalAction("{card} is not in your hand; play a card from your hand (see /hand).", card=action.card)
    info = card(action.card)
    if player.owns(info.id):
        raise IllegalAction("You already have {card} in your area; a player may own only one copy of a card.",
                            card=info.id)
    preacher = has_preacher(player)
    if info.category == "PRE" and preacher:
        raise IllegalAction("You already have a preacher ({owned}); a player may own only one preacher.",
                            owned=preacher)
    florins = info.fl
    where: tuple[str, int | str] | None = None
    if info.needs_artist:
        if action.artist is None:
            raise IllegalAction("{card} needs an artist ({types}); add one, e.g. 'play {card} with anon-{letter}'.",
                                card=info.id, types=_types_text(info.artists), letter=info.artists[0].lower())
        where = _find_artist(state, seat, action.artist, info.artists, info.id)
        florins += artist_fee(player, action.artist.id)
    elif action.artist is not None:
        raise IllegalAction("{card} takes no artist; write 'play {card}'.", card=info.id)
    _require_payment(player, info.id, info.cost, florins)

    def perform() -> list[Event]:
        _pay(state, player, info.cost, florins)
        player.hand.remove(info.id)
        hired, value = _take_artist(state, player, where) if where else (None, 0)
        player.cards.append([info.id, hired])
        gain = info.pp + value
        player.pp += gain
        text = f"play {info.id}" + (f" with {hired_name(hired)}" if where else "")
        paid = res_named(info.cost, florins)
        if where:
            return [Event.public("R{round}.T{turn} {player}: {action} — paid {paid}; artist value {value}; +{gain} pp (total {total})",
                                 **prefix(state, seat), action=text, paid=paid, value=value, gain=gain,
                                 total=player.pp)]
        if gain:
            return [Event.public("R{round}.T{turn} {player}: {action} — paid {paid}; +{gain} pp (total {total})",
                                 **prefix(state, seat), action=text, paid=paid, gain=gain, total=player.pp)]
        return [Event.public("R{round}.T{turn} {player}: {action} — paid {paid}",
                             **prefix(state, seat), action=text, paid=paid)]
    return perform


def monument_florins(player: PlayerState, base: int) -> int:
    return max(0, base - DISCOUNT) if owns_guild(player, "monument_discount") else base


def _check_build(state: FlorenzaState, seat: int, action: A.Build) -> Perform:
    player = state.p[seat]
    if action.monument not in catalog().monuments:
        raise IllegalAction("There is no monument '{monument}'.", monument=action.monument)
    info = catalog().monuments[action.monument]
    in_reserve = info.id in player.reserved_monuments
    if not in_reserve and info.id not in state.mon_display:
        for other, rival in enumerate(state.p):
            if info.id in rival.reserved_monuments:
                raise IllegalAction("{monument} is reserved by {owner}; only they can build it.",
                                    monument=info.id, owner=SeatRef(other))
        raise IllegalAction("{monument} is not on display; build a monument on display or one you reserved.",
                            monument=info.id)
    where = _find_artist(state, seat, action.artist, info.artists, info.id)
    florins = monument_florins(player, info.fl) + artist_fee(player, action.artist.id)
    _require_payment(player, info.id, info.cost, florins)

    def perform() -> list[Event]:
        _pay(state, player, info.cost, florins)
        (player.reserved_monuments if in_reserve else state.mon_display).remove(info.id)
        hired, value = _take_artist(state, player, where)
        player.monuments.append([info.id, hired])
        gain = info.pp + value
        player.pp += gain
        return [Event.public("R{round}.T{turn} {player}: {action} — paid {paid}; artist value {value}; +{gain} pp (total {total})",
                             **prefix(state, seat), action=f"build {info.id} with {hired_name(hired)}",
                             paid=res_named(info.cost, florins), value=value, gain=gain, total=player.pp)]
    return perform


def _check_reserve_monument(state: FlorenzaState, seat: int, action: A.ReserveMonument) -> Perform:
    if action.monument not in state.mon_display:
        raise IllegalAction("{monument} is not on display; reserve one of the monuments on display.",
                            monument=action.monument)

    def perform() -> list[Event]:
        state.mon_display.remove(action.monument)
        state.p[seat].reserved_monuments.append(action.monument)
        return [Event.public("R{round}.T{turn} {player}: {action}", **prefix(state, seat), action=str(action))]
    return perform


def _check_reserve_artist(state: FlorenzaState, seat: int, action: A.ReserveArtist) -> Perform:
    if action.artist in ANONYMOUS:
        raise IllegalAction("Anonymous artists cannot be reserved; reserve a named artist on display.")
    index = next((i for i in state.art_display if artist_card(i)[0] == action.artist), None)
    if index is None:
        raise IllegalAction("{artist} is not on display; reserve a named artist on display.", artist=action.artist)

    def perform() -> list[Event]:
        state.art_display.remove(index)
        state.p[seat].reserved_artists.append(index)
        return [Event.public("R{round}.T{turn} {player}: {action}", **prefix(state, seat), action=str(action))]
    return perform


def _res_index(code: str | None) -> int:
    if code not in RES:
        raise IllegalAction("'{res}' is not a resource; use ma, wo, me, fa, go or sp.", res=str(code))
    return RES.index(code)


def _check_use(state: FlorenzaState, seat: int, action: A.Use) -> Perform:
    player = state.p[seat]
    if action.location not in catalog().locations:
        raise IllegalAction("There is no location '{location}'.", location=action.location)
    info = catalog().locations[action.location]
    copy = next((entry for entry in state.locations if entry[0] == info.id and entry[1] is None), None)
    if copy is None:
        raise IllegalAction("{location} has already been used this round; choose a location that is still face up.",
                            location=info.id)
    if info.kind != "barter" and (action.give or action.get):
        raise IllegalAction("{location} takes no exchange; write 'use {location}'.", location=info.id)
    if info.kind == "gain":
        index = RES.index(info.resource)
        if state.supply[index] < 1:
            raise IllegalAction("The supply has no {res} left; take another resource.", res=resource_named(str(info.resource)))
        delta = f"{info.resource}+1"

        def effect() -> None:
            _gain(state, player, index)
    elif info.kind == "sell":
        index = RES.index(info.resource)
        sale = catalog().components["round"]["location_sale"]
        if player.res[index] < 1:
            raise IllegalAction("You have no {res} to hand in at {location}.", res=resource_named(str(info.resource)), location=info.id)
        if state.bank < sale:
            raise IllegalAction("The bank cannot pay {amount} fl now; choose another action.", amount=sale)
        delta = f"{info.resource}−1, fl+{sale}"

        def effect() -> None:
            _gain(state, player, index, -1)
            player.florins += sale
            state.bank -= sale
    elif info.kind == "barter":
        if not action.give or not action.get:
            raise IllegalAction("Baratto needs what you give and what you take, e.g. 'use baratto wo>go'.")
        give, get = _res_index(action.give), _res_index(action.get)
        if give == get:
            raise IllegalAction("Baratto gives a different resource than the one you return, e.g. 'use baratto {res}>go'.",
                                res=action.give)
        if player.res[give] < 1:
            raise IllegalAction("You have no {res} to give.", res=resource_named(str(action.give)))
        if state.supply[get] < 1:
            raise IllegalAction("The supply has no {res} left; take another resource.", res=resource_named(str(action.get)))
        delta = f"{action.give}−1, {action.get}+1"

        def effect() -> None:
            _gain(state, player, give, -1)
            _gain(state, player, get)
    else:
        delta = ""

        def effect() -> None:
            state.capitano_user = seat

    def perform() -> list[Event]:
        effect()
        copy[1] = seat
        if not delta:
            return [Event.public("R{round}.T{turn} {player}: {action} — captain of the next round",
                                 **prefix(state, seat), action=str(action))]
        return [Event.public("R{round}.T{turn} {player}: {action} — {delta}", **prefix(state, seat),
                             action=str(action), delta=changes_named(delta))]
    return perform


def _check_workers(state: FlorenzaState, seat: int, action: A.Workers) -> Perform:
    pay = CONST["workers"]
    if state.bank < pay:
        raise IllegalAction("The bank cannot pay {amount} fl now; choose another action.", amount=pay)

    def perform() -> list[Event]:
        state.p[seat].florins += pay
        state.bank -= pay
        return [Event.public("R{round}.T{turn} {player}: {action} — {delta}", **prefix(state, seat),
                             action=str(action), delta=changes_named(f"fl+{pay}"))]
    return perform


def _check_market(state: FlorenzaState, seat: int, action: A.MarketSell | A.MarketBuy | A.MarketTrade) -> Perform:
    player = state.p[seat]
    price = CONST["market"]
    if isinstance(action, A.MarketSell):
        index = _res_index(action.res)
        if player.res[index] < 1:
            raise IllegalAction("You have no {res} to sell.", res=resource_named(str(action.res)))
        if state.bank < price["sell"]:
            raise IllegalAction("The bank cannot pay {amount} fl now; choose another action.", amount=price["sell"])
        delta = f"{action.res}−1, fl+{price['sell']}"

        def effect() -> None:
            _gain(state, player, index, -1)
            player.florins += price["sell"]
            state.bank -= price["sell"]
    elif isinstance(action, A.MarketBuy):
        index = _res_index(action.res)
        if player.florins < price["buy"]:
            raise IllegalAction("Buying costs {amount} fl and you have less; sell something or send out workers.",
                                amount=price["buy"])
        if state.supply[index] < 1:
            raise IllegalAction("The supply has no {res} left; take another resource.", res=resource_named(str(action.res)))
        delta = f"fl−{price['buy']}, {action.res}+1"

        def effect() -> None:
            player.florins -= price["buy"]
            state.bank += price["buy"]
            _gain(state, player, index)
    else:
        first, second, get = _res_index(action.give[0]), _res_index(action.give[1]), _res_index(action.get)
        if first > second:
            raise IllegalAction("Write the two resources you give in the order ma wo me fa go sp, e.g. 'market trade {a}+{b}>{get}'.",
                                a=action.give[1], b=action.give[0], get=action.get)
        if get in (first, second):
            raise IllegalAction("A trade gives a resource of another type than the ones you return, e.g. 'market trade ma+ma>go'.")
        need = [0] * 6
        need[first] += 1
        need[second] += 1
        if any(have < n for have, n in zip(player.res, need)):
            raise IllegalAction("You do not have {give} to trade.", give=f"{action.give[0]}+{action.give[1]}")
        if state.supply[get] < 1:
            raise IllegalAction("The supply has no {res} left; take another resource.", res=resource_named(str(action.get)))
        delta = (f"{action.give[0]}−2" if first == second else f"{action.give[0]}−1, {action.give[1]}−1") + f", {action.get}+1"

        def effect() -> None:
            _gain(state, player, first, -1)
            _gain(state, player, second, -1)
            _gain(state, player, get)

    def perform() -> list[Event]:
        effect()
        return [Event.public("R{round}.T{turn} {player}: {action} — {delta}", **prefix(state, seat),
                             action=str(action), delta=changes_named(delta))]
    return perform


def _check_inspire(state: FlorenzaState, seat: int, action: A.Inspire) -> Perform:
    if not state.draw:
        raise IllegalAction("The draw deck is empty; choose another action.")

    def perform() -> list[Event]:
        player = state.p[seat]
        drawn = state.draw.pop()
        player.hand.append(drawn)
        return [Event.public("R{round}.T{turn} {player}: {action} — drew 1 card (hand {hand})",
                             **prefix(state, seat), action=str(action), hand=len(player.hand)),
                Event.private({seat}, "You drew {card} ({name}).", card=drawn, name=card(drawn).display)]
    return perform


_PHASE_THREE: dict[type, Callable[..., Perform]] = {
    A.Play: _check_play, A.Build: _check_build, A.ReserveMonument: _check_reserve_monument,
    A.ReserveArtist: _check_reserve_artist, A.Use: _check_use, A.Workers: _check_workers,
    A.MarketSell: _check_market, A.MarketBuy: _check_market, A.MarketTrade: _check_market,
    A.Inspire: _check_inspire,
}


# -- Phase 4 choices -----------------------------------------------------------------------------
def _check_keep(state: FlorenzaState, seat: int, action: A.Keep) -> Perform:
    player = state.p[seat]
    if action.card not in player.hand:
        raise IllegalAction("{card} is not in your hand; keep one of your hand cards (see /hand).", card=action.card)

    def perform() -> list[Event]:
        rest = list(player.hand)
        rest.remove(action.card)
        player.hand = [action.card]
        player.keep_pending = False
        pile, parts = (state.removed, state.removed_parts) if state.round >= 4 else (state.discard, state.discard_parts)
        pile.extend(rest)
        parts.append([state.round, seat, len(rest)])
        player.discarded.extend([state.round, c] for c in rest)
        return [Event.public("R{round}.P4 {player} keeps 1 card.", round=state.round, player=SeatRef(seat)),
                Event(counted("You keep {card} ({name}) and discard {count} card.",
                              "You keep {card} ({name}) and discard {count} cards.",
                              card=action.card, name=card(action.card).display, count=len(rest)), frozenset({seat}))]
    return perform


def _check_captain(state: FlorenzaState, seat: int, action: A.CaptainChoice) -> Perform:
    options = captain_options(state)
    if action.res not in options:
        raise IllegalAction("You may name {options}: the type must have at least {n} in the supply.",
                            options=", ".join(options), n=state.players if any(
                                n >= state.players for n in state.supply) else 1)

    def perform() -> list[Event]:
        state.captain_choice = action.res
        return [Event.public("R{round}.P4 {player} (captain) chose {res}", round=state.round,
                             player=SeatRef(seat), res=resource_named(str(action.res)))]
    return perform


def _check_merchant(state: FlorenzaState, seat: int, action: A.MerchantChoice) -> Perform:
    options = merchant_options(state)
    if action.res not in options:
        raise IllegalAction("You may name {options}: the type must have at least 1 in the supply.",
                            options=", ".join(options))

    def perform() -> list[Event]:
        state.merchant_choice = action.res
        return [Event.public("R{round}.P4 {player} (Arte dei Mercatanti) chose {res}", round=state.round,
                             player=SeatRef(seat), res=resource_named(str(action.res)))]
    return perform


def check(state: FlorenzaState, seat: int, action: object) -> Perform:
    """Validate ``action`` for ``seat`` completely; return the function that performs it."""
    if state.over:
        raise IllegalAction("The game is over.")
    if not 0 <= seat < state.players:
        raise IllegalAction("You are not playing in this game.")
    acting = to_act(state)
    if state.phase == 3:
        if isinstance(action, (A.Keep, A.CaptainChoice, A.MerchantChoice)):
            raise IllegalAction("'{action}' is a choice for the end of the round; now it is Phase 3 (actions).",
                                action=str(action))
        if seat not in acting:
            raise IllegalAction("It is not your turn; {player} is acting now.", player=SeatRef(cast(int, current_actor(state))))
        handler = _PHASE_THREE.get(type(action))
        if handler is None:
            raise IllegalAction("That is not an action of this game.")
        return handler(state, seat, action)
    if isinstance(action, A.PHASE_THREE):
        raise IllegalAction("It is the end of the round (Phase 4): actions are over until the next round.")
    if state.step == "keep":
        if not isinstance(action, A.Keep) or seat not in acting:
            if seat in acting:
                raise IllegalAction("First keep one of your hand cards, e.g. 'keep h1'.")
            raise IllegalAction("Waiting for the other players to keep a card; you have nothing to choose now.")
        return _check_keep(state, seat, action)
    if state.step == "captain":
        if seat != state.captain or not isinstance(action, A.CaptainChoice):
            raise IllegalAction("Waiting for {player} (captain) to choose the income resource, e.g. 'captain go'.",
                                player=SeatRef(state.captain))
        return _check_captain(state, seat, action)
    owner = merchant_owner(state)
    if seat != owner or not isinstance(action, A.MerchantChoice):
        raise IllegalAction("Waiting for {player} (Arte dei Mercatanti) to choose a resource, e.g. 'merchant sp'.",
                            player=SeatRef(owner if owner is not None else state.captain))
    return _check_merchant(state, seat, action)


def apply(state: FlorenzaState, seat: int, action: object) -> list[Event]:
    """Validate and perform ``action``, then move the round on: the next slot of Phase 3, or
    the next step of Phase 4 (and the rounds after it). The public events are kept for the view."""
    perform = check(state, seat, action)
    events = perform()
    if state.phase == 3:
        advance(state, events)
    else:
        continue_phase4(state, events)
    state.last = [event.msg for event in events if event.to is None]
    return events
