"""Inns & Cathedrals (rules §11): 18 tiles (inns and cathedrals are features of the tiles, scored
by the base rules) and each player's large follower, which counts as two followers (§11.4)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from games.carcassonne.addons.base import Capability
from games.carcassonne.rules.geometry import deploy_code
from games.carcassonne.state import LARGE, CarcassonneState
from games.core import OptionSpec

if TYPE_CHECKING:
    from games.carcassonne.rules.deploy import Deployer
    from games.carcassonne.view import PlayerView


class Erweiterung(Capability):
    option = OptionSpec("erweiterung", "Inns & Cathedrals: 18 tiles, inns, cathedrals and a large follower.")
    tile_set = "erweiterung"
    pieces = ("large",)
    deploy_kinds = (LARGE,)

    def setup(self, state: CarcassonneState) -> None:
        state.large = [1] * state.players

    def deploy_on_tile(self, deployer: Deployer, free: list[int]) -> list[str]:
        if deployer.state.large[deployer.seat] <= 0:
            return []
        return ["L" + deploy_code(deployer.sit.ot, local) for local in free]

    def supply_text(self, player: PlayerView) -> list[str]:
        return [f"L:{player.large}"]


__all__ = ["Erweiterung"]
