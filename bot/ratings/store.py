"""Ratings as the rating modules use them; the statements live in :mod:`bot.store.ratings`."""
from __future__ import annotations

from bot.store.ratings import Change, RatingRow, Ratings

RatingStore = Ratings

__all__ = ["Change", "RatingRow", "RatingStore"]
