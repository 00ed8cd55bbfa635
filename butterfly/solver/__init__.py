"""Search front-ends, analysis and the command-line tool."""
