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


def shown(text: str, limit: int = 40) -> str:
    """``text`` quoted for an error message, cut short when long (an input
    may be a megabyte; a message stays one short line).

    >>> shown("7H"), shown("x" * 50, limit=8)
    ("'7H'", "'xxxxxxxx...' (50 characters)")
    """
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit] + '...'!r} ({len(text):,} characters)"
