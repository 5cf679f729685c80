"""What a seat (or the public) sees of a Carcassonne game: the contract between engine,
renderer and messages, and how it is built from the state (``view_of``). The draw pile's order
is never part of a view."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

from games.carcassonne.addons import active, pieces
from games.carcassonne.state import FOLLOWERS, CarcassonneState

COLOURS = ("red", "yellow", "green", "blue", "black")
LETTERS = ("R", "Y", "G", "B", "K")


@dataclass(frozen=True)
class PlacedTileView:
    x: int
    y: int
    tile: str          # tile type id, e.g. "D", "R03", "I12"
    rotation: int      # quarter turns clockwise, 0-3


@dataclass(frozen=True)
class FigureView:
    x: int
    y: int
    seat: int | None   # None for neutral pieces (dragon, fairy)
    kind: str          # "follower", "large", "builder", "pig", "dragon", "fairy"
    feature: str       # "city", "road", "field", "monastery", or "" for tile-level pieces
    segment: int       # 0-based index into the tile data's list for that feature kind (-1: none)


@dataclass(frozen=True)
class PlayerView:
    seat: int
    colour: str
    letter: str
    score: int
    followers: int     # in supply
    large: int = 0
    builder: int = 0
    pig: int = 0
    goods: tuple[tuple[str, int], ...] = ()


class ViewPart:
    """An add-on's part of the view: a frozen dataclass of the add-on's own, built by its
    ``view_part`` hook and found by its type (``view.part(DragonPart)``), so the base view names
    no add-on."""

    __slots__ = ()


PartT = TypeVar("PartT", bound=ViewPart)


@dataclass(frozen=True)
class CarcassonneView:
    seat: int | None
    options: tuple[str, ...]
    turn: int                                   # turn number shown in the log
    to_act: tuple[int, ...]                     # the seat to act, () when over
    phase: str                                  # "place", "deploy", "dragon", "over"
    tiles: tuple[PlacedTileView, ...]
    figures: tuple[FigureView, ...]
    players: tuple[PlayerView, ...]
    drawn: str | None                           # tile id drawn for the current player
    tiles_left: int                             # including the drawn tile
    legal_placements: tuple[tuple[int, int, int], ...] = ()   # (x, y, rotation) for the drawn tile
    deploy_options: tuple[str, ...] = ()        # deploy codes after placement, "-" included
    last_placed: tuple[int, int] | None = None
    discarded: tuple[str, ...] = ()
    followers_total: int = FOLLOWERS            # followers a player has in all
    turn_player: int | None = None              # whose turn it is (None when over), also while another moves the dragon
    second: bool = False                        # the builder's second turn
    parts: tuple[ViewPart, ...] = ()            # the add-ons' parts, in the order of the options
    #: the viewer's private part: Carcassonne has no secrets (the drawn tile is public), so none
    me: None = None

    @property
    def pieces(self) -> frozenset[str]:
        """The figures and markers this table's add-ons bring ("large", "builder", "pig", "dragon",
        "fairy", "king", "robber"): what players' rows and the legend have room for."""
        return pieces(self.options)

    def part(self, kind: type[PartT]) -> PartT | None:
        """The add-on part of type ``kind``, None when its add-on is not on."""
        return next((p for p in self.parts if isinstance(p, kind)), None)


def view_of(state: CarcassonneState, seat: int | None, placements: tuple,
            deploy: tuple[str, ...]) -> CarcassonneView:
    """The view of ``seat`` (None: the public's); the add-ons add their parts (``parts``) and
    their fields of the players' views."""
    last = state.placements[-1]
    figures = [FigureView(f.x, f.y, f.seat, f.kind, f.feature, f.segment) for f in state.figures]
    if state.dragon is not None:
        figures.append(FigureView(state.dragon[0], state.dragon[1], None, "dragon", "", -1))
    if state.fairy is not None:
        figures.append(FigureView(state.fairy[0], state.fairy[1], None, "fairy", "", -1))
    capabilities = active(state.options)
    parts = tuple(part for part in (c.view_part(state) for c in capabilities) if part is not None)
    return CarcassonneView(
        seat=seat, options=tuple(sorted(state.options)),
        turn=state.turn - 1 if state.over else state.turn,
        to_act=() if state.over else (state.mover if state.phase == "dragon" else state.current,),
        phase=state.phase,
        tiles=tuple(PlacedTileView(x, y, t, r) for t, x, y, r in state.placements),
        figures=tuple(figures),
        players=tuple(PlayerView(s, COLOURS[s], LETTERS[s], state.scores[s], state.supply[s], large=state.large[s],
                                 builder=state.builders[s], pig=state.pigs[s],
                                 **{k: v for c in capabilities for k, v in c.player_view(state, s).items()})
                      for s in range(state.players)),
        drawn=state.drawn, tiles_left=state.tiles_left(), legal_placements=placements, deploy_options=deploy,
        last_placed=(last[1], last[2]) if len(state.placements) > 1 else None,
        discarded=tuple(state.discarded), followers_total=FOLLOWERS,
        turn_player=None if state.over else state.current, second=state.second, parts=parts,
    )
