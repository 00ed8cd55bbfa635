"""``python -m butterfly.cli``: the ``butterfly`` command."""

from butterfly.cli import main

main()
