"""What an add-on (or rule variant) of Carcassonne may change: the hooks of :class:`Capability`.

The base game (turn flow, placement, deploy, scoring, view and text) names no add-on: it asks the
table's active capabilities at each of these points, in the order of the options. Every hook does
nothing by default, so an add-on overrides only the points where it changes the game. State fields
stay flat in the state (and its JSON); the add-on's code is the one that reads and writes them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.carcassonne.components import tiles_of_set
from games.core import Event, IllegalAction, Msg, OptionSpec, SeededRng

if TYPE_CHECKING:
    from games.carcassonne.rules.board import Board, Feature
    from games.carcassonne.rules.deploy import Choice, Deployer, Situation
    from games.carcassonne.rules.geometry import OrientedTile
    from games.carcassonne.state import CarcassonneState, Figure
    from games.carcassonne.view import CarcassonneView, PlayerView, ViewPart

#: a deploy through a magic portal, as a kind of choice an add-on brings (see Capability.deploy_kinds)
PORTAL = "portal"


class Capability:
    """One add-on: its option and its hooks. Subclasses set ``option`` and override hooks."""

    option: OptionSpec
    #: the tile set (components' ``set``) it adds to the land tiles, if any
    tile_set: str | None = None
    #: figures and markers it brings, for the players' rows and the legend of pictures
    pieces: tuple[str, ...] = ()
    #: the kinds of deploy choice it brings (a code of such a kind needs its option)
    deploy_kinds: tuple[str, ...] = ()
    #: the end-game categories it adds (parts of ``state.final``), which the result line lists
    #: after the base game's while the add-on is on
    final_parts: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return self.option.name

    # -- set-up -------------------------------------------------------------------------------
    def start_tile(self) -> str | None:
        """The tile at 0,0 instead of the base game's start tile."""
        return None

    def land_tiles(self) -> list[str]:
        """Tiles shuffled into the land pile."""
        if self.tile_set is None:
            return []
        return [t.id for t in tiles_of_set(self.tile_set) for _ in range(t.count)]

    def pile_head(self, rng: SeededRng) -> list[str]:
        """Tiles drawn before the land pile (shuffled after it)."""
        return []

    def setup(self, state: CarcassonneState) -> None:
        """The figures it puts in the players' supplies."""

    # -- where a tile may go (for the tiles of its own set) -------------------------------------
    def legal_placements(self, board: Board, tile_id: str) -> list[tuple[int, int, int]] | None:
        """Every (x, y, rotation) for ``tile_id``, or None where the base rules decide."""
        return None

    def legal_rotations(self, board: Board, tile_id: str, x: int, y: int) -> tuple[int, ...] | None:
        return None

    def fits_somewhere(self, board: Board, tile_id: str) -> bool | None:
        return None

    def refuse_square(self, state: CarcassonneState, ot: OrientedTile, x: int, y: int) -> IllegalAction | None:
        """Why ``ot`` may not go to x,y at all, checked before the base rules."""
        return None

    def refuse_fit(self, state: CarcassonneState, ot: OrientedTile, x: int, y: int) -> IllegalAction | None:
        """Why ``ot`` may not go to x,y although its edges match."""
        return None

    # -- the turn --------------------------------------------------------------------------------
    def takes_drawn(self, state: CarcassonneState, tile_id: str, label: str, events: list[Event]) -> bool:
        """True if it takes the tile just drawn out of play for now (the next one is drawn)."""
        return False

    def start_turn(self, state: CarcassonneState, events: list[Event]) -> None:
        """At the start of a turn that has tiles to draw, before the draw."""

    def tile_placed(self, state: CarcassonneState, seat: int, ot: OrientedTile, x: int, y: int, number: int,
                    events: list[Event]) -> None:
        """After ``ot`` has joined the board at x,y (its number on the board is ``number``)."""

    def after_deploy(self, state: CarcassonneState, seat: int, events: list[Event]) -> bool:
        """After the deploy choice; True if the turn waits for a phase of its own."""
        return False

    def turn_log(self, state: CarcassonneState) -> str:
        """What it adds to the turn's log line before the scoring."""
        return ""

    # -- deploying ---------------------------------------------------------------------------------
    def forced_knights(self, sit: Situation) -> list[Figure]:
        """Knights one of which must be sent home instead of any other choice (the princess)."""
        return []

    def deploy_on_tile(self, deployer: Deployer, free: list[int]) -> list[str]:
        """Deploy codes for its figures on the placed tile (``free``: segments without followers)."""
        return []

    def deploy_elsewhere(self, deployer: Deployer) -> list[str]:
        """Deploy codes beyond the placed tile."""
        return []

    def apply_choice(self, state: CarcassonneState, seat: int, choice: Choice, events: list[Event]) -> bool:
        """Carry out a choice of a kind it brings that puts no figure on the board; True if done."""
        return False

    # -- scoring -----------------------------------------------------------------------------------
    def followers_scored(self, state: CarcassonneState, figs: list[Figure], events: list[Event],
                         final: dict[str, list[int]] | None) -> list[str]:
        """After a feature with these figures scored (``final`` during the final scoring); the log's parts."""
        return []

    def city_completed(self, state: CarcassonneState, seat: int, feature: Feature, events: list[Event]) -> list[str]:
        """After ``seat``'s tile completed a city and it scored; the log's parts."""
        return []

    def tile_scored(self, state: CarcassonneState, seat: int, largest: dict[str, int], events: list[Event]) -> list[str]:
        """After everything a tile completed scored (``largest``: sizes of the largest city and road
        it completed); the log's parts."""
        return []

    def score_farms(self, state: CarcassonneState, fields: list[tuple[int, list[Figure]]],
                    final: dict[str, list[int]], events: list[Event]) -> bool:
        """Score the farms its own way; True if it did (the base rule is then skipped)."""
        return False

    def final_scoring(self, state: CarcassonneState, final: dict[str, list[int]], events: list[Event]) -> None:
        """Its end-game categories, after the farms."""

    # -- what players see --------------------------------------------------------------------------
    def view_part(self, state: CarcassonneState) -> ViewPart | None:
        """Its part of the view (a frozen dataclass of its own), if it shows anything beyond the
        base game's fields."""
        return None

    def player_view(self, state: CarcassonneState, seat: int) -> dict[str, Any]:
        """Its fields of a player's view."""
        return {}

    def supply_text(self, player: PlayerView) -> list[str]:
        """What its figures in a player's supply add to the status line (``L:1``)."""
        return []

    def status_lines(self, view: CarcassonneView) -> list[Msg]:
        """Its lines of the status, after the players."""
        return []

    def phase_lines(self, view: CarcassonneView) -> list[Msg]:
        """The status's line for a phase of its own (the base game's are place, deploy and over)."""
        return []

    def prompt_lines(self, view: CarcassonneView) -> list[Msg]:
        """What the player to act is asked in a phase of its own."""
        return []


__all__ = ["Capability", "PORTAL"]
