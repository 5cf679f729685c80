"""Each game's legend: every icon and abbreviation its pictures draw, with what it means, in the
picture's language. The /help picture draws it under the key of the codes players type, and the
public turn message points to /help. tests/renderers/test_legends.py checks that the pictures draw
nothing that the legend and the key leave unexplained."""
from __future__ import annotations

from dataclasses import dataclass

from renderers.common import N_, word
from renderers.keyflower.words import STOCK_GOLD


@dataclass(frozen=True)
class Line:
    """One line of a legend: ``token`` as the pictures draw it (a word is translated with the
    pictures, ``words``; codes and symbols are drawn as they are) and what it means."""

    token: str
    meaning: str
    words: bool = False


SEATS = N_("a player's letter on their colour (with their shape), as beside their name in the players' rows")
TURN = N_("whose turn it is")

LEGENDS: dict[str, tuple[Line, ...]] = {
    "carcassonne": (
        Line("R  Y  G  B  K  P", SEATS),
        Line("A…X  I05", N_("a tile's letter in the tile list; with a number, a tile of an add-on (Drawn: the tile to place)")),
        Line("cn  ce  cs  cw", N_("a deploy code: c a knight on the city at that edge (n north, e east, s south, w west)")),
        Line("rn  re  rs  rw", N_("a thief on the road at that edge")),
        Line("fne  fen  fes  fse  fsw  fws  fwn  fnw", N_("a farmer on the field at that half-edge: its edge, then the side")),
    ),
    "florenza": (
        Line("R  Y  G  B", SEATS),
        Line("A  P  S  T5–8", N_("artists: A architect, P painter, S sculptor; T5–8: turns 5 to 8, and who still has an "
                                 "extra action")),
        Line(N_("RES  WKS  PRE  GLD  PAL  CHU  DIS  pp  res"), N_("a card's kind: residence, workshop, preacher, "
                                                                  "guild, palace, church, district; pp prestige points; "
                                                                  "res resources"), True),
    ),
    "keyflower": (
        Line("1  2  3 …", N_("a player's number on their colour (with their shape), as beside their name in the players' rows")),
        Line(N_("R  B  Y  G"), N_("keeple colours: red, blue, yellow, green (on bids, uses and boats)"), True),
        Line(N_("W  S  I  Au"), N_("resources: wood, stone, iron, gold (Au, as the chemists write gold)"), True),
        Line(N_("S+I → 3 VP"), N_("an upgrade: what it costs, and the points of the upgraded tile"), True),
        Line(STOCK_GOLD, N_("gold (Au) in the stock, in the header"), True),
        Line(N_("res"), N_("resources"), True),
        Line("★", N_("the start player")),
        Line("▶", TURN),
    ),
    "quetzal": (
        Line("R  Y  G  B  K  ▶", N_("a player's letter on their colour (with their shape), as beside their name in the "
                                    "players' rows; ▶ whose turn it is")),
        Line("1  +  ∞", N_("a space's kind: 1 takes one worker; + an auction, where a bigger team of the same colour "
                           "replaces the team there; ∞ takes any number of teams")),
        Line(N_("2/w  *"), N_("2/w: the space costs 2 coins for each worker placed; *: a wild worker (half white, half "
                              "black), either colour"), True),
        Line("★  ●  ◆", N_("victory points, coins (the gold disc), discovery (one step on the discovery track)")),
        Line("V  T  W  S  M", N_("relic kinds: vase, tablet, weapon, statuette, mummy (V01: a card's id)")),
        Line("U01  P  I", N_("an upgrade tile: its id; P permanent, I instant (used at once)")),
    ),
    "stoneage": (
        Line(N_("R  Y  G  B  ★  1st  ▶"), N_("a player's letter on their colour (with their shape), as beside their name "
                                            "in the players' rows; ★ and 1st: the first player of the round; ▶ whose "
                                            "turn it is"), True),
        Line("f  w  b  s  g  ÷3  B10  C35", N_("food, wood, brick, stone, gold; ÷3: the dice total divided by 3 gives the "
                                               "goods; B10, C35: a building's and a card's id")),
        Line(N_("tools 2 (1) u3  bld 2 (31)  agri  pts"), N_("tools: each number a tool's strength, in brackets once used "
                                                             "this round, u a one-use tool; buildings: how many, and their "
                                                             "points in brackets; agriculture: food each round; points"),
             True),
        Line(N_("1-4 res"), N_("dice for all: 1 to 4 a resource, 5 a tool, 6 agriculture"), True),
        Line(N_("Art Heal Mus Pot Sun Trn Wea Wri"), N_("culture symbols on your cards: art, healing, music, pottery, "
                                                        "sundial, transport, weaving, writing"), True),
    ),
}


def legend_rows(game: str) -> list[tuple[str, str]]:
    """(token as drawn, its meaning) of ``game``'s legend, in the picture's language."""
    return [(word(line.token) if line.words else line.token, word(line.meaning)) for line in LEGENDS.get(game, ())]
