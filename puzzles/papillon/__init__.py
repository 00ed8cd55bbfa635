"""Only-card puzzles of Papillon (puzzles.papillon.puzzle)."""
