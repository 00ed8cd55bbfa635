"""The difficulty rating of deals (docs/rating.md): the ladder of players
(:mod:`.ladder`; their policies in plain Python, :mod:`.players`, and
compiled, :mod:`.players_kernel`), a deal rated from their games
(:mod:`.rate`) by the item-response model (:mod:`.irt`), the solver's and the
layout's features (:mod:`.features`), the quick rating (:mod:`.quick`), the
ladder on a range of deals (:mod:`.ladder_runs`), the calibration
(:mod:`.calibrate`) and the published ratings (:mod:`.publish`)."""
