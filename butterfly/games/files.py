"""Reading a user's file or standard input: strict UTF-8, bounded, one
:class:`InputError` naming what is wrong (the command line prints it as one
line; the library reads puzzle files with it too)."""

from __future__ import annotations

import codecs
import contextlib
import sys
from collections.abc import Iterator

from butterfly.games.errors import InputError

#: The largest input file (or standard input) a command reads whole: the
#: largest valid deal or position is a few kilobytes. A move list is streamed
#: instead (:func:`read_chunks`), bounded by its number of moves
#: (butterfly.games.patience.format.MAX_MOVES): a real solution may take megabytes.
MAX_INPUT_BYTES = 1 << 20
#: The bytes read at a time.
CHUNK_BYTES = 1 << 16


def read_chunks(source: str, limit: int | None = None) -> Iterator[str]:
    """The text of a file, or of standard input for ``-``, in pieces as it is
    read: strict UTF-8, newlines as ``\n``; with ``limit``, at most that many
    bytes. Anything else is one InputError, raised before more than that is read."""
    name = "standard input" if source == "-" else repr(source)
    decoder = codecs.getincrementaldecoder("utf-8")()
    done, held = 0, ""  # bytes read; a final \r, which may start a \r\n
    try:
        with contextlib.nullcontext(sys.stdin.buffer) if source == "-" else open(source, "rb") as handle:
            while True:
                size = CHUNK_BYTES if limit is None else min(CHUNK_BYTES, limit + 1 - done)
                data = handle.read(size)
                if limit is not None and done + len(data) > limit:
                    raise InputError(f"cannot read {name}: larger than {limit // 1024} KiB, the most an input may be")
                pending = len(decoder.getstate()[0])
                try:
                    text = held + decoder.decode(data, final=not data)
                except UnicodeDecodeError as error:
                    byte = done - pending + error.start
                    raise InputError(f"cannot read {name}: not UTF-8 text (byte {byte}: {error.reason})") from None
                done += len(data)
                held = "\r" if data and text.endswith("\r") else ""
                text = text[: len(text) - len(held)].replace("\r\n", "\n").replace("\r", "\n")
                if text:
                    yield text
                if not data:
                    return
    except FileNotFoundError:
        raise InputError(f"no such file {source!r}") from None
    except OSError as error:
        raise InputError(f"cannot read {name}: {error.strerror or error}") from None


def read_text(source: str) -> str:
    """The whole text of a file, or of standard input for ``-``
    (:func:`read_chunks`), at most :data:`MAX_INPUT_BYTES`."""
    return "".join(read_chunks(source, MAX_INPUT_BYTES))
