"""butterfly: a solver and puzzle engine for Butterfly solitaire, with exact
endgame analysis of Papillon and La Mouche."""
