"""View -> PNG bytes (Pillow). Knows games' views, never Discord or the store."""
