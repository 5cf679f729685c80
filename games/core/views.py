"""The words every game's view uses (see design.md, "games/").

A view is what one seat, or the public, may see of a game: renderers, messages and computer
players read views only, so hidden information cannot leak by accident. Each game's view is a
frozen dataclass with many game-specific fields, and these five, which mean the same in every
game:

``seat: int | None``
    The viewer: a seat number, or ``None`` for the public (the channel, spectators, logs).
``to_act: tuple[int, ...]``
    The seats that may act now, in seat order: one in a turn, several in a simultaneous phase
    (choosing winter tiles, placing a village), ``()`` once the game is over.
``phase: str``
    A word for the phase the game is in (``"place"``, ``"winter_select"``, ``"over"``, ...). A
    game whose rules number their phases keeps the number under another name (``phase_no``).
``players: tuple[<Game>PlayerView, ...]``
    One public part per seat, ``players[s].seat == s``; the number of players is
    ``len(view.players)``. A public part may carry a secret only where the rules or a table
    option make it public (Quetzal's open hands, Stone Age's cards without ``hidden_cards``).
``me: <Game>PrivateView | None``
    The viewing seat's private part (its hand, secret tiles, hidden keeples, ...), with
    ``me.seat == seat``; ``None`` in the public view. Private panels are drawn from ``me``.
"""
from __future__ import annotations

from typing import Protocol, runtime_checkable


@runtime_checkable
class PlayerPart(Protocol):
    """One seat's public part of a view."""

    @property
    def seat(self) -> int: ...


@runtime_checkable
class PrivatePart(Protocol):
    """The viewing seat's private part of a view."""

    @property
    def seat(self) -> int: ...


@runtime_checkable
class GameView(Protocol):
    """What every game's view has, whatever else it holds."""

    @property
    def seat(self) -> int | None: ...

    @property
    def to_act(self) -> tuple[int, ...]: ...

    @property
    def phase(self) -> str: ...

    @property
    def players(self) -> tuple[PlayerPart, ...]: ...

    @property
    def me(self) -> PrivatePart | None: ...
