"""Butterfly and its siblings: the puzzle kinds, a module each (:mod:`~butterfly.puzzles.patience.deal`,
:mod:`~butterfly.puzzles.patience.only_move`, :mod:`~butterfly.puzzles.patience.only_moves`,
:mod:`~butterfly.puzzles.patience.win_in`,
:mod:`~butterfly.puzzles.patience.resource`, :mod:`~butterfly.puzzles.patience.goal`), what they share
(:mod:`~butterfly.puzzles.patience.common`), and the exhaustive searches that prove endgames
(:mod:`~butterfly.puzzles.patience.endgame`)."""
