"""Butterfly and its siblings: the puzzle kinds (:mod:`puzzles.patience.puzzle`)
and the exhaustive searches that prove them (:mod:`puzzles.patience.endgame`)."""
