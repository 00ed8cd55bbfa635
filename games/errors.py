"""The errors that user input can raise, all one line long.

:class:`InputError` is the base; the CLI prints any of them as one line and
exits with code 2. Its two kinds tell callers what went wrong:

- :class:`ParseError`: the text is malformed: an unreadable file, a field of
  the wrong type, an unknown card, a position that cannot exist.
- :class:`IllegalMoveError`: a well-formed move that the rules forbid here.

>>> issubclass(ParseError, InputError), issubclass(IllegalMoveError, InputError)
(True, True)
"""


class InputError(ValueError):
    """A deal, move, position or option given by the user is wrong.

    The message is one line naming what is wrong (the line, the card, the
    field); the CLI prints it and exits with code 2.
    """


class ParseError(InputError):
    """A file, field or notation that cannot be read as what it should be."""


class IllegalMoveError(InputError):
    """A well-formed move that the rules do not allow in the position."""
