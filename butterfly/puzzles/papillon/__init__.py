"""Only-card puzzles of Papillon (butterfly.puzzles.papillon.puzzle)."""
