"""Ratings per game and player (OpenSkill), leaderboards."""
