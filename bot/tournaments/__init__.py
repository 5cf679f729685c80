"""Community tournaments: Swiss, round robin, single elimination."""
