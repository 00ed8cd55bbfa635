"""Butterfly and its siblings: the puzzle kinds, a module each (:mod:`~puzzles.patience.deal`,
:mod:`~puzzles.patience.only_move`, :mod:`~puzzles.patience.only_moves`, :mod:`~puzzles.patience.win_in`,
:mod:`~puzzles.patience.resource`, :mod:`~puzzles.patience.goal`), what they share
(:mod:`~puzzles.patience.common`), and the exhaustive searches that prove endgames
(:mod:`~puzzles.patience.endgame`)."""
