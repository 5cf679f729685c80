"""Carcassonne as the BSW site ran it."""
