"""Final scoring (§7): sets, guilds, majorities, final captain, penalties and the tie-break."""
from __future__ import annotations

from dataclasses import dataclass

from games.florenza.components import BUILDING_CATEGORIES, artist, artist_card, card, catalog, monument
from games.florenza.rules.queries import owns_guild
from games.florenza.state import FlorenzaState, PlayerState

SCORING = catalog().components["scoring"]


@dataclass(frozen=True)
class FinalScore:
    """One player's breakdown; public once the game is over."""

    seat: int
    ingame: int
    sets: int
    guilds: int
    resources: int          # majority points
    resource_total: int
    florins: int            # majority points
    florin_total: int
    captain: int
    penalty_monuments: int  # positive number subtracted
    penalty_artists: int
    revealed: tuple[tuple[str, int], ...]   # unhired reserved artists and their values
    buildings: tuple[int, ...]              # tie-break list, high to low

    @property
    def total(self) -> int:
        return (self.ingame + self.sets + self.guilds + self.resources + self.florins + self.captain
                - self.penalty_monuments - self.penalty_artists)

    @property
    def key(self) -> tuple[int, ...]:
        return (self.total, *self.buildings)


def majority_points(values: list[int]) -> list[int]:
    """Competition ranking 1,1,3 with 4/2/1 points for places 1-3 (§7 step 4)."""
    points = SCORING["majority"]
    result = [0] * len(values)
    place = 1
    for value in sorted(set(values), reverse=True):
        group = [seat for seat, v in enumerate(values) if v == value]
        for seat in group:
            result[seat] = points[place - 1] if place <= len(points) else 0
        place += len(group)
    return result


def _hired_value(hired: int | str | None) -> int:
    return artist_card(hired)[1] if isinstance(hired, int) else 0


def building_values(player: PlayerState) -> tuple[int, ...]:
    values = [monument(m).pp + _hired_value(h) for m, h in player.monuments]
    values += [card(c).pp + _hired_value(h) for c, h in player.cards if card(c).category in BUILDING_CATEGORIES]
    return tuple(sorted(values, reverse=True))


def ingame_prestige(player: PlayerState) -> int:
    """The sum the in-game counter must equal: PP + artist values over the area."""
    return (sum(monument(m).pp + _hired_value(h) for m, h in player.monuments)
            + sum(card(c).pp + _hired_value(h) for c, h in player.cards))


def guild_points(player: PlayerState) -> tuple[int, int]:
    """(set points, guild points)."""
    per = SCORING["guild_per_item"]
    categories = [card(c).category for c, _ in player.cards]
    sets = min(categories.count("PAL"), categories.count("CHU"), categories.count("DIS"))
    set_points = sets * (SCORING["set_with_signore"] if owns_guild(player, "sets") else SCORING["set"])
    guilds = 0
    if owns_guild(player, "workshops"):
        guilds += per["workshops"] * categories.count("WKS")
    if owns_guild(player, "residences"):
        guilds += per["residences"] * categories.count("RES")
    if owns_guild(player, "monuments"):
        guilds += per["monuments"] * len(player.monuments)
    if owns_guild(player, "artists"):
        kinds = [artist(artist_card(h)[0]).type for entry in (*player.cards, *player.monuments)
                 if isinstance(h := entry[1], int)]
        guilds += per["artists"] * min(kinds.count("A"), kinds.count("P"), kinds.count("S"))
    return set_points, guilds


def final_scores(state: FlorenzaState) -> list[FinalScore]:
    resources = [sum(player.res) for player in state.p]
    florins = [player.florins for player in state.p]
    res_points, fl_points = majority_points(resources), majority_points(florins)
    scores = []
    for seat, player in enumerate(state.p):
        sets, guilds = guild_points(player)
        revealed = tuple(artist_card(i) for i in player.reserved_artists)
        scores.append(FinalScore(
            seat=seat, ingame=player.pp, sets=sets, guilds=guilds, resources=res_points[seat],
            resource_total=resources[seat], florins=fl_points[seat], florin_total=florins[seat],
            captain=SCORING["final_captain"] if seat == state.captain else 0,
            penalty_monuments=sum(monument(m).pp for m in player.reserved_monuments),
            penalty_artists=sum(value for _, value in revealed), revealed=revealed,
            buildings=building_values(player)))
    return scores
