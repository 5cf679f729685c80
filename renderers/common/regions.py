"""Regions of a picture named by a player: ``/board Ann`` shows Ann's part of the board."""
from __future__ import annotations

from typing import Sequence


def seat_named(region: str | None, names: Sequence[str]) -> int | None:
    """The seat a region names: a player's name (any case; a unique beginning is enough) or the
    seat's number counted from 1. None when it names nobody."""
    if not region:
        return None
    wanted = " ".join(region.split()).casefold()
    if wanted.isascii() and wanted.isdigit():
        number = int(wanted)
        return number - 1 if 1 <= number <= len(names) else None
    exact = [seat for seat, name in enumerate(names) if name.casefold() == wanted]
    if exact:
        return exact[0]
    starts = [seat for seat, name in enumerate(names) if name.casefold().startswith(wanted)]
    return starts[0] if len(starts) == 1 else None
