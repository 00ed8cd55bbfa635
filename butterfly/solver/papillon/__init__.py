"""Papillon endgames: the kernel wrapper, the oracle, exact and hidden-hand analysis, bots."""
