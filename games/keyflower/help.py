"""/help keyflower: how a season goes and the notation (rules reference §13)."""
from __future__ import annotations

from games.core import Msg

LINES = (
    Msg("A season: tiles are auctioned in the middle; on your turn you bid keeples on a tile, use a tile (in the auction or a village) with keeples, or pass. When everyone has passed, the highest bids win their tiles and every keeple used comes home. Four seasons; in winter the tiles you chose in secret are auctioned too."),
    Msg("Bid: 'bid woodcutter 2 red' puts two red keeples on the woodcutter; 'from alehouse' moves your losing bid from another tile: 'bid goldmine 2 yellow from alehouse'."),
    Msg("Use: 'use home 1 blue' uses your own home tile with one blue keeple (the home of another player goes by the id under it, such as home4); some tiles need a choice: 'use workshop 1 red stone', 'use tavern 1 red pay green'."),
    Msg("Transport and upgrades: after 'use wainwright 1 red' come the steps 'move 2 wood home sawmill' (move N RESOURCE FROM TO), 'up sawmill' (upgrade a tile) and 'done'; or all in one line: 'use wainwright 1 red ; move 2 wood home sawmill ; up sawmill'."),
    Msg("Also: 'pass'; 'boat keyflower' (when it is your boat choice); 'place goldmine 1,-1 r1' (a won tile into your village); 'winter keythedral scribes' (your secret winter tiles); 'flip barn' (the Flipper's free upgrade)."),
    Msg("Colours r b y g (red blue yellow green); resources w wood, s stone, i iron, au gold; skills saw, pick, anvil."),
)
