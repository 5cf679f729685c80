"""Plain records that cross the store interface: the tables' own, a player's rating and a
player's result in a tournament round. The store reads and writes them; the modules above it
compute with them."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class SeatRecord:
    seat: int
    user_id: int | None          # None for a computer seat
    name: str
    is_bot: bool = False
    level: str | None = None     # computer level
    resigned: bool = False


@dataclass
class ActionRecord:
    n: int                       # 1-based position in the table's log (= version after it)
    seat: int
    text: str
    kind: str = "move"           # move | resign
    by_computer: bool = False
    at: float = 0.0


@dataclass
class TableRecord:
    id: int
    channel_id: int
    guild_id: int | None
    game: str
    host_id: int
    status: str                  # lobby | playing | finished | aborted
    options: list[str]
    seed: int
    version: int = 0
    snapshot_text: str = ""      # the state's JSON as stored; parsed only when the state is needed
    seats: list[SeatRecord] = field(default_factory=list)
    lobby_message_id: int | None = None
    created_at: float = 0.0
    updated_at: float = 0.0
    announced_version: int | None = -1   # the last version announced in the channel (None: not known)
    takebacks: int = 0           # moves taken back (/undo) in this game so far


@dataclass(frozen=True)
class Skill:
    """A player's rating: OpenSkill's mean ``mu`` and uncertainty ``sigma`` (bot/ratings/model.py)."""

    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """The conservative rating leaderboards sort by: ``mu - 3 sigma``."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class Entry:
    """One player's result in one tournament round (a bye has no opponents)."""

    round: int
    user_id: int
    rank: int
    score: int
    points: float
    opponents: tuple[int, ...] = ()
    bye: bool = False
