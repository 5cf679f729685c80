"""Colour-blind-safe player colours (Okabe-Ito based), each with a letter and a shape.

Colour is never the only cue: every figure also carries its letter or shape.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class PlayerColour:
    name: str
    letter: str
    fill: tuple[int, int, int]
    text: tuple[int, int, int]      # readable on ``fill``
    shape: str                     # circle, square, triangle, diamond, hexagon, star


# Carcassonne's seat colours are red, yellow, green, blue, black (R Y G B K); the shades are
# chosen to stay distinguishable for the common colour-vision deficiencies.
PLAYER_COLOURS: dict[str, PlayerColour] = {
    "red": PlayerColour("red", "R", (210, 38, 48), (255, 255, 255), "circle"),
    "yellow": PlayerColour("yellow", "Y", (240, 228, 66), (0, 0, 0), "square"),
    "green": PlayerColour("green", "G", (0, 158, 115), (255, 255, 255), "triangle"),
    "blue": PlayerColour("blue", "B", (0, 114, 178), (255, 255, 255), "diamond"),
    "black": PlayerColour("black", "K", (30, 30, 30), (255, 255, 255), "hexagon"),
    "purple": PlayerColour("purple", "P", (204, 121, 167), (0, 0, 0), "star"),
    "white": PlayerColour("white", "W", (245, 245, 245), (0, 0, 0), "circle"),
    "orange": PlayerColour("orange", "O", (230, 159, 0), (0, 0, 0), "square"),
}

DEFAULT_ORDER = ("red", "yellow", "green", "blue", "black", "purple")


def player_colour(seat: int, order: tuple[str, ...] = DEFAULT_ORDER) -> PlayerColour:
    return PLAYER_COLOURS[order[seat % len(order)]]
