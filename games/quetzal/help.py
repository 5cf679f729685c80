"""/help quetzal: how a round goes and the notation (rules reference §9)."""
from __future__ import annotations

from games.core import Msg

LINES = (
    Msg("A round: roll your workers (white archaeologist or black adventurer), place teams on the board's spaces one by one, then the spaces are resolved in order, from the stele and the temples to the harbour and the ship. Most points after the last round wins."),
    Msg("Place a team: 'team t2 1 white' puts one white worker on temple 2; 'team 3a 3 black use 1,2,5' names the workers; 'bid ship 4 black' on an auction space; 'team camp 1' to the camp."),
    Msg("Spaces: camp, stele, t1–t5 (temples), 3a quarry, 3b shrine, 3c ruins, bm black market, v1–v3 villages, hm harbour, ship. Workers 1…6 and big; colours white (w) and black (k)."),
    Msg("When your space is resolved: 'take B H' (temple slots), 'sell S01' or 'sell none' (black market), 'upgrade 2' (village), 'deliver 1 3 4' or 'deliver none' (harbour or ship), 'reroll 2' or 'reroll none', 'keep', 'store U03'."),
)
