"""Only-card puzzles of La Mouche and Le Pamphile (puzzles.mouche.puzzle)."""
