"""Rules of the games, in pure Python: the card core and one module per game."""
