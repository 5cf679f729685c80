"""What everyone knows is behind each player's screen: for each colour and each skill type, how
many keeples and skill tiles the public record says a player must hold (a lower bound; the rest
of the screen is unknown).

A keeple or skill tile that enters a screen in public view is known to be there until it is seen
leaving. Keeples come in both in public (losing bids, won tiles' and one's own village's
use-keeples returned at the end of a season, boat cargo, summer boat 1b's green keeple, the green
keeples gained at the Peddler, Store or Fair) and in private (the first eight, Alehouse, Inn,
Tavern, Brewer and summer boat 1a draws); every keeple leaves in public (a bid, a use, a keeple
paid to the Peddler, Store, Fair or Tavern). Skill tiles come in publicly only as boat cargo and
leave either by type (a named upgrade cost, the tiles that take one kind) or hidden (Brewer,
Hiring Fair, upgrades that take any skill: each type may have lost one).

The rules keep that record in the state as it happens, across seasons (``Player.seen_keeples``,
``Player.seen_skills``, kept by ``rules/screen_record.py``). A game stored before the record was
kept starts with an empty one; for it, what the current season's activity still proves is
added (``season_keeples``):

* each use of the Peddler, Store or Fair this season gave its user green keeples: one (the
  front side's number; a tile upgraded now may have been upgraded after the use), as long as
  the green supply has not run out (it only ever shrinks, so while it holds a keeple no gain
  this season was cut short);
* less every green keeple the player has on the tiles this season (bids and uses: keeples never
  go back behind a screen during a season, and a moved losing group stays on the tiles), and one
  for each of their Tavern uses (the activity keeps no colour of its payment).

Both bounds hold, so their larger one does too.
"""
from __future__ import annotations

from games.keyflower.components import COLOURS, tile as tile_def
from games.keyflower.state import KeyflowerState, counts

#: the ability that pays a keeple and gains green keeples (Peddler, Store, Fair)
GAIN_GREEN = "pay_keeple_gain_green"
#: the ability that pays a keeple of any colour (Tavern)
PAY_ANY = "pay_any_keeple_draw_keeples"


def green_gained(st: KeyflowerState, tid: str) -> int:
    """The green keeples one use of ``tid`` this season surely gave (0 for other tiles)."""
    defn = tile_def(tid)
    sides = [defn.ability_of(False)]
    owner = st.owner(tid)
    if owner is not None and st.seats[owner].village[tid].upgraded:
        sides.append(defn.ability_of(True))
    if st.green == 0 or any(a is None or a.t != GAIN_GREEN for a in sides):
        return 0
    return min(a.green for a in sides if a is not None)


def season_keeples(st: KeyflowerState) -> list[dict[str, int]]:
    """For each seat, the keeples of each colour the current season's activity alone proves are
    behind its screen."""
    gained = [counts(COLOURS) for _ in st.seats]
    left = [counts(COLOURS) for _ in st.seats]
    for tid in sorted(st.activity):
        record = st.activity[tid]
        for seat, bid in record.bids.items():
            left[seat][bid.colour] += bid.count
        ability = tile_def(tid).ability_of(False)
        for use in record.uses:
            for colour, n in use.keeples.items():
                left[use.seat][colour] += n
            gained[use.seat]["green"] += green_gained(st, tid)
            if ability is not None and ability.t == PAY_ANY:
                left[use.seat]["green"] += 1
    return [{c: max(0, gained[s][c] - left[s][c]) for c in COLOURS} for s in range(st.players)]


def known_keeples(st: KeyflowerState) -> list[dict[str, int]]:
    """For each seat, the keeples of each colour the public record says are behind its screen."""
    season = season_keeples(st)
    return [{c: max(player.seen_keeples[c], season[s][c]) for c in COLOURS} for s, player in enumerate(st.seats)]


def known_skills(st: KeyflowerState) -> list[dict[str, int]]:
    """For each seat, the skill tiles of each type the public record says are behind its screen."""
    return [dict(player.seen_skills) for player in st.seats]


def recall_season(st: KeyflowerState) -> None:
    """Start the record of a game stored before it was kept with what this season still proves."""
    for player, season in zip(st.seats, season_keeples(st)):
        for colour in COLOURS:
            player.seen_keeples[colour] = max(player.seen_keeples[colour], season[colour])


__all__ = ["known_keeples", "known_skills", "green_gained", "season_keeples", "recall_season"]
