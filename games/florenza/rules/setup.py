"""Setup (§4): decks by player count, the deal, supply, bank, monuments, artists, locations."""
from __future__ import annotations

from games.core import SeededRng
from games.florenza.components import RES, catalog
from games.florenza.state import FlorenzaState, PlayerState

DECKS = ("I", "II", "III")


def build_deck(name: str, players: int) -> list[str]:
    """Deck ``name`` (I, II, III) for ``players``, unshuffled, in catalog order."""
    return [card.id for card in catalog().cards.values() for _ in range(card.copies(name, players))]


def location_copies(players: int) -> list[list[object]]:
    return [[loc.id, None] for loc in catalog().locations.values() for _ in range(loc.copies[players - 2])]


def monument_sort_key(monument_id: str) -> int:
    return catalog().monuments[monument_id].number


def artists_on_display(players: int) -> int:
    shown = catalog().components["setup"]["artists_displayed"]
    return shown["base"] + shown["per_player"] * players


def new_game(players: int, seed: int) -> FlorenzaState:
    cat = catalog()
    comp = cat.components
    if not comp["players"]["min"] <= players <= comp["players"]["max"]:
        raise ValueError(f"Florenza is for {comp['players']['min']}-{comp['players']['max']} players")
    rng = SeededRng(seed)
    decks: dict[str, list[str]] = {}
    for name in DECKS:
        deck = build_deck(name, players)
        rng.shuffle(deck)
        decks[name] = deck
    start = comp["setup"]
    seats = [PlayerState(florins=start["florins_per_player"], res=[start["resources_per_player"]] * 6)
             for _ in range(players)]
    draw = decks.pop("I")
    for _ in range(start["hand_size"]):
        for player in seats:
            player.hand.append(draw.pop())
    totals = {entry["code"]: entry["count"] for entry in comp["resources"]}
    supply = [totals[code] - start["resources_per_player"] * players for code in RES]
    bank = comp["florins"]["total"] - start["florins_per_player"] * players
    monuments = list(cat.monuments)
    rng.shuffle(monuments)
    shown = start["monuments_displayed"]
    artists = list(range(len(cat.artist_cards)))
    rng.shuffle(artists)
    count = artists_on_display(players)
    return FlorenzaState(
        players=players, rng=rng, p=seats, round=1, phase=3, turn=1, pos=0, step="", captain=0,
        supply=supply, bank=bank, decks=decks, draw=draw,
        mon_deck=monuments[shown:], mon_display=sorted(monuments[:shown], key=monument_sort_key),
        art_deck=artists[count:], art_display=artists[:count],
        locations=location_copies(players),
    )
