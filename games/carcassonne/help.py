"""/help carcassonne: how a turn goes and the notation (rules reference §15)."""
from __future__ import annotations

from games.core import Msg

LINES = (
    Msg("A turn: the bot draws your tile; you place it next to the others so every edge matches, then you may put one follower on a feature of that tile (city, road, field or monastery). Closed features score at once."),
    Msg("Place: '/place X,Y rK' — the square and the rotation r0–r3, e.g. '/place 2,-1 r1'. The first tile is at 0,0; x grows to the east, y to the south."),
    Msg("Follower: then a code for the feature, or '-' for none: 'cn' knight on the city at the north edge, 'rw' thief on the road at the west edge, 'fne' farmer on the field at the north-east half-edge, 'm' monk. Edges n e s w; half-edges nw ne en es se sw ws wn."),
    Msg("In one line: '/place 2,-1 r1 cn' places and deploys; '/place 2,-1 r1 -' places without a follower."),
    Msg("Add-ons: 'L' before a code uses the large follower (Lcn), 'B' the builder (Brw), 'P' the pig (Pfne); '@X,Y' after it uses the magic portal (cs@0,-2); '~X,Y' moves the fairy; '!X,Y' the princess removes a knight; '/use dragon n' moves the dragon one step (n e s w)."),
    Msg("'/board 2,-1' shows the region around a square at full size; the board image labels the squares where your tile fits."),
)
