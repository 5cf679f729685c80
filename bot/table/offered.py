"""The games a bot offers: those enabled in config (plus plugin games), found in the registry."""
from __future__ import annotations

from typing import Sequence

from bot.table.suggest import closest
from bot.table.outcomes import Refused, refused
from bot.table.typed import clean_text
from games import registry
from games.core.contract import Game


class OfferedGames:
    """The games ``/join`` opens, in the order config lists them."""

    def __init__(self, enabled: Sequence[str], extra_specs: Sequence[str]) -> None:
        self._enabled = list(enabled)
        self._extra = [registry.load(spec).name for spec in extra_specs]

    def all(self) -> list[Game]:
        found = [registry.get(name) for name in dict.fromkeys(self._enabled + self._extra)]
        return [game for game in found if game is not None]

    def named(self, name: str | None) -> Game | None:
        """The offered game called ``name`` (as typed), or None."""
        name = clean_text(name).lower()
        return next((game for game in self.all() if game.name == name), None)

    def listing(self) -> str:
        """The offered games' names, for a line that lists them."""
        return ", ".join(game.name for game in self.all()) or "-"

    def unknown(self, name: str) -> Refused:
        """The answer to a game name not offered: the closest one when it looks like a typo."""
        name = clean_text(name).lower()[:40]
        guess = closest(name, {g.name: (g.name, g.title) for g in self.all()})
        if guess:
            return refused("There is no game '{name}'. Did you mean {guess}? Games: {games}.", name=name, guess=guess,
                           games=self.listing())
        return refused("There is no game '{name}'. Games: {games}.", name=name, games=self.listing())

    def no_table(self) -> Refused:
        """The answer where a command needs a table and the channel has none."""
        return refused("No table is open here. Open one with /join <game>. Games: {games}.", games=self.listing())
