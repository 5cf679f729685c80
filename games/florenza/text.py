"""Status lines, the private hand text and the turn prompt, built from views only (§10.3, §10.4)."""
from __future__ import annotations

from games.core import Msg, N_, SeatRef, counted
from games.florenza.components import CardDef, card, catalog, monument, res_named
from games.florenza.view import FlorenzaView

ACTION_VERBS = "play / build / rm / ra / use / workers / market / inspire"


def _header(view: FlorenzaView) -> Msg:
    if view.over:
        return Msg("Florenza — game over after round {round}", {"round": view.round})
    if view.phase_no == 3:
        return Msg("Florenza — Round {round}/5 · Phase 3 (actions) · Turn {turn}",
                   {"round": view.round, "turn": view.turn})
    return Msg("Florenza — Round {round}/5 · Phase 4 (end of round)", {"round": view.round})


def _waiting(view: FlorenzaView) -> list[Msg]:
    captain = SeatRef(view.captain)
    if view.over:
        return []
    if view.phase_no == 3:
        return [Msg("⚑ Captain: {captain} · To act: {player} — {verbs}",
                    {"captain": captain, "player": SeatRef(view.to_act[0]), "verbs": ACTION_VERBS})]
    if view.step == "keep":
        return [Msg("Waiting for {player} to keep one hand card (keep H1...).", {"player": SeatRef(s)})
                for s in view.order if view.players[s].keep_pending]
    if view.step == "captain":
        return [Msg("Waiting for {player} (captain) to choose the income resource, e.g. 'captain go'.",
                    {"player": captain})]
    return [Msg("Waiting for {player} (Arte dei Mercatanti) to choose a resource, e.g. 'merchant sp'.",
                {"player": SeatRef(view.merchant_owner if view.merchant_owner is not None else view.captain)})]


def player_line(view: FlorenzaView, seat: int) -> Msg:
    player = view.players[seat]
    params = {"player": SeatRef(seat), "mark": " ⚑" if player.captain else "", "pp": player.pp,
              "hand": player.hand, "res": player.res, "fl": player.fl_cards}
    if player.extra_turns:
        return Msg("{player}{mark} {pp} pp · hand {hand} · res {res} · fl-cards {fl} · extra turns {turns}",
                   {**params, "turns": ", ".join(str(t) for t in player.extra_turns)})
    return Msg("{player}{mark} {pp} pp · hand {hand} · res {res} · fl-cards {fl}", params)


def final_lines(view: FlorenzaView) -> list[Msg]:
    if not view.final:
        return []
    best = max(score.key for score in view.final)
    winners = [score for score in view.final if score.key == best]
    lines = []
    for score in winners:
        text = N_("{player} wins with {score} pp.") if len(winners) == 1 else N_("{player} shares the win with {score} pp.")
        lines.append(Msg(text, {"player": SeatRef(score.seat), "score": score.total}))
    for score in sorted(view.final, key=lambda s: s.key, reverse=True):      # by rank (tie-breaks included)
        lines.append(Msg("{player}: {total} pp = {ingame} in game + {sets} sets + {guilds} guilds + {res} for resources ({res_total}) + {fl} for florins ({fl_total} fl) + {captain} captain − {penalty} reservations",
                         {"player": SeatRef(score.seat), "total": score.total, "ingame": score.ingame,
                          "sets": score.sets, "guilds": score.guilds, "res": score.resources,
                          "res_total": score.resource_total, "fl": score.florins, "fl_total": score.florin_total,
                          "captain": score.captain, "penalty": score.penalty_monuments + score.penalty_artists}))
        for artist_id, value in score.revealed:
            lines.append(Msg("{player}'s reserved artist {artist} is revealed: value {value}.",
                             {"player": SeatRef(score.seat), "artist": catalog().artists[artist_id].named, "value": value}))
    return lines


def status(view: FlorenzaView) -> list[Msg]:
    lines = [_header(view), *_waiting(view)]
    lines += [player_line(view, seat) for seat in view.order]
    if view.bank_low and not view.over:
        lines.append(Msg("The bank is low (under 200 fl)."))
    if view.over:
        lines += final_lines(view)
    # (the last move is not repeated here: the turn's message announces it, /log keeps them all)
    return lines


def effect_msg(info: CardDef) -> Msg | None:
    """The card's effect as a translatable line."""
    income = res_named(info.income, info.income_fl)
    if info.category == "RES":
        if income.en:
            return Msg("Extra action in turn {turn}; +1 card in each later Phase 2; income {income}",
                       {"turn": info.extra_turn, "income": income})
        return Msg("Extra action in turn {turn}; +1 card in each later Phase 2", {"turn": info.extra_turn})
    if info.category == "PRE":
        return Msg("Extra action in turn {turn} (one preacher per player)", {"turn": info.extra_turn})
    if info.category == "WKS":
        return Msg("Income every round: {income}", {"income": income})
    guild = info.guild
    if guild == "workshops":
        return Msg("End: +3 pp per Workshop in your area")
    if guild == "residences":
        return Msg("End: +3 pp per Residence in your area")
    if guild == "monuments":
        return Msg("End: +3 pp per monument you built")
    if guild == "artists":
        return Msg("End: +5 pp per named architect + painter + sculptor in your area")
    if guild == "sets":
        return Msg("End: each palace + church + district building set scores 7 instead of 5")
    if guild == "artist_discount":
        return Msg("Each later artist costs 50 fl less")
    if guild == "monument_discount":
        return Msg("Each later monument costs 50 fl less")
    if guild == "choice_income":
        return Msg("Income every round: 1 resource of your choice")
    return None


def card_line(number: int, card_id: str) -> Msg:
    info = card(card_id)
    params = {"n": number, "card": card_id, "name": info.display, "cost": res_named(info.cost, info.fl)}
    if info.artists:
        return Msg("H{n} {card} — {name} · cost {cost} · {pp} pp + artist {types}",
                   {**params, "pp": info.pp, "types": "/".join(info.artists)})
    if info.pp:
        return Msg("H{n} {card} — {name} · cost {cost} · {pp} pp", {**params, "pp": info.pp})
    return Msg("H{n} {card} — {name} · cost {cost}", params)


MODIFIER_TEXT = {
    "artist_discount": N_("Bottega d'Arte: artist fees cost you 50 fl less."),
    "monument_discount": N_("Edificatore: monuments cost you 50 fl less."),
    "choice_income": N_("Arte dei Mercatanti: +1 resource of your choice in each income."),
}


def private_lines(view: FlorenzaView) -> list[Msg]:
    me = view.me
    if me is None:
        return []
    lines = [counted("Your hand ({count} card):", "Your hand ({count} cards):", count=len(me.hand)) if me.hand
             else Msg("Your hand is empty.")]
    owned = {placed.id for placed in view.players[me.seat].cards}
    preacher = any(card(c).category == "PRE" for c in owned)
    for number, card_id in enumerate(me.hand, start=1):
        lines.append(card_line(number, card_id))
        effect = effect_msg(card(card_id))
        if effect is not None:
            lines.append(effect)
        if card_id in owned:
            lines.append(Msg("(already in your area: you cannot play it again)"))
        elif preacher and card(card_id).category == "PRE":
            lines.append(Msg("(you already have a preacher: you cannot play a second one)"))
    holdings = res_named(me.res)
    if holdings.en:
        lines.append(Msg("Your holdings: {res} · {florins} fl", {"res": holdings, "florins": me.florins}))
    else:
        lines.append(Msg("Your holdings: no resources · {florins} fl", {"florins": me.florins}))
    mine = view.players[me.seat]
    label = 0
    for monument_id in mine.reserved_monuments:
        label += 1
        lines.append(Msg("R{n} reserved monument {monument} (−{pp} pp if not built)",
                         {"n": label, "monument": monument_id, "pp": monument(monument_id).pp}))
    for artist_id in mine.reserved_artists:
        label += 1
        lines.append(Msg("R{n} reserved artist {artist} (value ?; fee {fee} fl)",
                         {"n": label, "artist": catalog().artists[artist_id].named, "fee": catalog().artists[artist_id].fee}))
    for modifier in me.modifiers:
        lines.append(Msg(MODIFIER_TEXT[modifier]))
    if mine.extra_turns:
        lines.append(Msg("Your extra turns: {turns}", {"turns": ", ".join(str(t) for t in mine.extra_turns)}))
    if view.round < 5 and not view.over:
        lines.append(counted("In the next Phase 2 you draw {count} card.", "In the next Phase 2 you draw {count} cards.",
                             count=mine.draw_next))
    return lines          # what to do now (e.g. keep a card) is the turn prompt's, said once


def turn_prompt(view: FlorenzaView) -> list[Msg]:
    if view.seat is None or view.seat not in view.to_act:
        return []
    if view.phase_no == 3:
        return [Msg("Your action in turn {turn}: {verbs}", {"turn": view.turn, "verbs": ACTION_VERBS})]
    if view.step == "keep":
        return [Msg("End of round: keep one card, e.g. 'keep H1' (the rest are discarded).")]
    if view.step == "captain":
        return [Msg("You are the captain: name the income resource everyone gets, e.g. 'captain go'.")]
    return [Msg("Arte dei Mercatanti: name your extra income resource, e.g. 'merchant sp'.")]
