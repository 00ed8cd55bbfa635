"""The one error type that user input can raise."""


class InputError(ValueError):
    """A deal, move or position given by the user is malformed.

    The message is one line naming what is wrong (the line, the card, the
    field); the CLI prints it and exits with code 2.
    """
