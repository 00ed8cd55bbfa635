"""Only-card puzzles of La Mouche and Le Pamphile (butterfly.puzzles.mouche.puzzle)."""
