"""/help florenza: how a round goes and the notation (rules reference §9)."""
from __future__ import annotations

from games.core import Msg

LINES = (
    Msg("A round: everyone draws cards (Phase 2), then the players take one action each in turn (Phase 3), then everyone keeps one hand card in secret and the captain takes income (Phase 4). Five rounds; most prestige points wins."),
    Msg("Play a card from your hand: 'play casa'; a card that needs an artist: 'play fontana with giambologna-sculptor' (short: 'p casa', 'p fontana w giambologna')."),
    Msg("Monuments: 'build duomo-cupola with anon-architect' builds one on display or in your reserve; 'reserve monument duomo-abside' (rm) and 'reserve artist caravaggio-painter' (ra) put one aside for you."),
    Msg("Other actions: 'use picconiere' (a location; 'use baratto wo>go' trades), 'workers' (send out workers: 50 florins), 'market sell ma', 'market buy go', 'market trade ma+ma>go', 'inspire' (draw a card)."),
    Msg("Phase 4: 'keep h2' keeps your second hand card (only you see it); the captain chooses income with 'captain go', Arte dei Mercatanti with 'merchant sp'."),
    Msg("Names: card and artist ids, a unique start of 3 letters, or the labels of the pictures: H1… your hand, M1… monuments, A1… artists, L1… locations. Resources: ma marble, wo wood, me metal, fa fabric, go gold, sp spice."),
)
