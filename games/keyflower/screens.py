"""What everyone knows is behind each player's screen: for each colour, how many keeples the
public record says a player must hold (a lower bound; the rest of the screen is unknown).

A keeple that enters a screen in public view is known to be there until it is seen leaving:
every keeple leaves a screen in public (a bid, a use, a keeple paid to the Peddler, Store, Fair
or Tavern), while keeples come in both in public (green keeples gained, losing bids and
use-keeples returned, boat cargo, summer boat 1b) and in private (the first eight, Alehouse,
Inn, Tavern, Brewer and summer boat 1a draws).

The state keeps the public record of the current season only: the bids and uses on the tiles
(``activity``), which the end of a season clears after returning them. So the bound counts what
that record proves:

* each use of the Peddler, Store or Fair this season gave its user green keeples: one (the
  front side's number; a tile upgraded now may have been upgraded after the use), as long as
  the green supply has not run out (it only ever shrinks, so while it holds a keeple no gain
  this season was cut short);
* less every green keeple the player has on the tiles this season (bids and uses: keeples never
  go back behind a screen during a season, and a moved losing group stays on the tiles), and one
  for each of their Tavern uses (its payment may have been green; the state keeps no colour).

Keeples that came back at the end of an earlier season, boat cargo and summer boat 1b's green
keeples are known to the players who watched, but the state keeps no record of them, so the
bound leaves them out. Nothing the state keeps tells a skill tile's type behind a screen either:
skill tiles come in publicly only as boat cargo.
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


def known_keeples(st: KeyflowerState) -> list[dict[str, int]]:
    """For each seat, the keeples of each colour the public record says are behind its screen."""
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


__all__ = ["known_keeples", "green_gained"]
