"""Tournaments as the tournament modules use them; the statements live in
:mod:`bot.store.tournaments`."""
from __future__ import annotations

from bot.store.tournaments import Player, Slot, Tournament, Tournaments

TournamentStore = Tournaments

__all__ = ["Player", "Slot", "Tournament", "TournamentStore"]
