"""Status lines, private lines and turn prompts, built from views only (never from the state)."""
from __future__ import annotations

from games.core import Msg, SeatRef
from games.quetzal import words
from games.quetzal.components import rules
from games.quetzal.rules.rounds import SLOTS
from games.quetzal.view import PromptView, QuetzalPlayerView, QuetzalPrivateView, QuetzalView


def pool_of(seat: QuetzalPlayerView) -> str:
    return " ".join(f"{w.wid}{w.face}" for w in seat.workers if w.where == "pool") or "-"


def hand_of(seat: QuetzalPlayerView | QuetzalPrivateView) -> str:
    if seat.hand is None:
        return "-"
    return " ".join(f"{i}:{card}" for i, card in enumerate(seat.hand, start=1)) or "-"


def ranks(view: QuetzalView) -> dict[int, int]:
    """Rank per seat from the final scores: total, then discovery (shared if still tied)."""
    if not view.final:
        return {}
    keys = {f.seat: (f.total, f.discovery) for f in view.final}
    return {seat: 1 + sum(1 for other in keys.values() if other > key) for seat, key in keys.items()}


def prompt_line(view: QuetzalView, prompt: PromptView) -> Msg:
    player = SeatRef(prompt.seat)
    seat = view.players[prompt.seat]
    if prompt.kind == "store":
        return Msg("{player} has three permanent upgrades and must store one.", {"player": player})
    if prompt.kind == "reroll-tile":
        return Msg("{player} may use a reroll upgrade now.", {"player": player})
    if prompt.kind == "place":
        return Msg("{player} places a team. Pool: {pool}", {"player": player, "pool": pool_of(seat)})
    if prompt.kind == "workers":
        return Msg("{player} names the workers for {team}. Pool: {pool}",
                   {"player": player, "team": prompt.team, "pool": pool_of(seat)})
    if prompt.kind == "camp-reroll":
        return Msg("{player} may reroll a worker at the Camp ({left} left).", {"player": player, "left": prompt.left})
    if prompt.kind == "take":
        return Msg("{player} takes {cards} from the Temple display for {space}.",
                   {"player": player, "cards": words.cards(prompt.need), "space": prompt.space})
    if prompt.kind == "sell":
        return Msg("{player} may sell one card at the Black Market.", {"player": player})
    if prompt.kind == "upgrade":
        return Msg("{player} chooses an upgrade tile for {space}.", {"player": player, "space": prompt.space})
    if prompt.chosen and prompt.space == "hm":
        return Msg("{player} delivers at the Harbour Master: worker {index} of {of}, up to {most} cards; "
                   "chosen so far: {chosen}.",
                   {"player": player, "index": prompt.index, "of": prompt.of, "most": prompt.need,
                    "chosen": " ".join(prompt.chosen)})
    if prompt.chosen:
        return Msg("{player} delivers on the Ship: up to {most} cards; chosen so far: {chosen}.",
                   {"player": player, "most": prompt.need, "chosen": " ".join(prompt.chosen)})
    if prompt.space == "hm":
        return Msg("{player} delivers at the Harbour Master: worker {index} of {of}, up to {most} cards.",
                   {"player": player, "index": prompt.index, "of": prompt.of, "most": prompt.need})
    return Msg("{player} delivers on the Ship: up to {most} cards.", {"player": player, "most": prompt.need})


def status(view: QuetzalView) -> list[Msg]:
    lines = [Msg("Quetzal — round {round} of {rounds}. Start player: {player}.",
                 {"round": view.round, "rounds": view.rounds, "player": SeatRef(view.marker)})]
    lines += [prompt_line(view, p) for p in view.prompts]
    for seat in view.players:
        lines.append(Msg("{player}: {vp} VP, {coins}, discovery {discovery}, {cards}, upgrades {tiles}.",
                         {"player": SeatRef(seat.seat), "vp": seat.vp,
                          "coins": words.coins(seat.coins), "discovery": seat.discovery,
                          "cards": words.cards(seat.hand_count),
                          "tiles": " ".join(seat.tiles + seat.stored) or "-"}))
    if view.final:
        lines.append(Msg("The game is over."))
        order = ranks(view)
        for f in sorted(view.final, key=lambda f: (order[f.seat], f.seat)):
            lines.append(Msg("{rank}. {player}: {total} VP (track {track}, marker {marker}, coins {coins}, "
                             "upgrades {tiles}; discovery {discovery})",
                             {"rank": order[f.seat], "player": SeatRef(f.seat), "total": f.total, "track": f.track,
                              "marker": f.marker, "coins": f.coins, "tiles": f.tiles, "discovery": f.discovery}))
    return lines


def private_lines(view: QuetzalView) -> list[Msg]:
    if view.me is None:
        return []
    mine = view.players[view.me.seat]
    return [Msg("Your hand: {hand}", {"hand": hand_of(view.me)}),
            Msg("Your pool: {pool}", {"pool": pool_of(mine)}),
            Msg("Your upgrades: {tiles}; stored: {stored}", {"tiles": " ".join(mine.tiles) or "-",
                                                              "stored": " ".join(mine.stored) or "-"})]


def turn_prompt(view: QuetzalView) -> list[Msg]:
    """What to write now. Shown with private_lines (the panel, /hand), which list the hand and the
    pool already: the prompt does not repeat them."""
    prompt = view.prompt_for(view.seat)
    if view.me is None or prompt is None:
        return []
    mine = view.players[view.me.seat]
    if prompt.kind == "store":
        return [Msg("Store one permanent upgrade: store {tiles}.", {"tiles": " / ".join(mine.tiles)})]
    if prompt.kind == "reroll-tile":
        params = {"tiles": " ".join(mine.reroll_window)}
        counts = [rules().tile[t].count for t in mine.reroll_window]
        if None not in counts:
            return [Msg("Reroll upgrade {tiles}: reroll <up to 2 worker IDs> or keep.", params)]
        if len(set(counts)) == 1:
            return [Msg("Reroll upgrade {tiles}: reroll all (every worker) or keep.", params)]
        return [Msg("Reroll upgrades {tiles}: reroll <up to 2 worker IDs>, reroll all or keep.", params)]
    if prompt.kind == "place":
        return [Msg("Place a team: team <space> <count> [white|black] [use <ids>] (ending with use asks for the "
                    "workers next).")]
    if prompt.kind == "workers":
        return [Msg("Name the workers: {team} use <ids>.", {"team": prompt.team})]
    if prompt.kind == "camp-reroll":
        return [Msg("Camp: reroll <worker> or reroll none.")]
    if prompt.kind == "take":
        slots = " ".join(SLOTS[i] for i, card in enumerate(view.display) if card is not None)
        if prompt.draw:
            return [Msg("{space}: take {cards} from slots {slots}; then {draw} is drawn for you.",
                        {"space": prompt.space, "cards": words.cards(prompt.need), "slots": slots,
                         "draw": words.cards(prompt.draw)})]
        return [Msg("{space}: take {cards} from slots {slots}.",
                    {"space": prompt.space, "cards": words.cards(prompt.need), "slots": slots})]
    if prompt.kind == "sell":
        return [Msg("Black Market: sell <card> for 7 coins, or sell none.")]
    if prompt.kind == "upgrade":
        slots = " ".join(f"{i}:{tile}" for i, tile in enumerate(view.village, start=1) if tile)
        return [Msg("{space}: upgrade <slot>. Village: {slots}", {"space": prompt.space, "slots": slots})]
    if prompt.chosen:
        return [Msg("Chosen for this delivery: {chosen} (up to {most} cards). deliver <card> finishes it with that "
                    "card, deliver <card> + adds one and asks again, deliver done delivers these.",
                    {"chosen": " ".join(prompt.chosen), "most": prompt.need})]
    return [Msg("deliver <up to {most} cards> or deliver none; or one card at a time: deliver <card> + "
                "(then deliver done).", {"most": prompt.need})]
