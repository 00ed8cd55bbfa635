"""``python -m solver.cli``: the ``butterfly`` command."""

from solver.cli import main

main()
