"""The web API's endpoints, a router a room: the docs page, the server's
health, what the rules answer on the server (deals, the daily puzzle, a
card game's moves) and the searches the workers run."""
