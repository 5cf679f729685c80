"""/help stoneage: how a round goes and the notation (rules reference §10)."""
from __future__ import annotations

from games.core import Msg

LINES = (
    Msg("A round: 1) everyone places people on the board in turn; 2) in turn, each player uses all their places: roll for resources, take tools or fields, buy huts and cards; 3) feed your people (1 food each). The game ends when a card or hut stack runs out."),
    Msg("Place: 'place hunt 3', 'place forest 4' (also clay, quarry, river), 'place toolmaker', 'place field', 'place hut' (two people), 'place b2' (hut stack 2), 'place c3' (the card costing 3)."),
    Msg("Act: 'resolve forest' rolls the dice there, then 'tools 2 1' adds tools or 'tools none'; 'resolve toolmaker' / 'resolve field' / 'resolve hut'; 'buy building 2 with w w s'; 'buy card 3 with w w b'; 'skip card 3' takes the people back."),
    Msg("Also: 'pick 5' takes a die in a dice-for-all; 'claim w g' takes the two resources of card C36; 'feed pay w w' pays a food shortfall with resources, 'feed starve' takes −10 points instead."),
    Msg("Resources: w wood, b brick, s stone, g gold; '2w b' means two wood and one brick."),
)
