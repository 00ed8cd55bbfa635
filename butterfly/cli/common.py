"""What the commands share: bot lists, the option
types for whole numbers and seconds (one parser of numbers for every
option), printing JSON. Each problem is an :class:`InputError` or a click
usage error, which the CLI prints as one line with exit code 2."""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from butterfly.games.errors import InputError, shown
from butterfly.games.files import read_text
from butterfly.games.records import WhenBroke

G = TypeVar("G")
F = TypeVar("F", bound=Callable[..., object])


def bot_names(text: str, players: int, bots: dict) -> list[str]:
    """``rules,random,...`` (one bot per player, or one for everybody) checked against ``bots``."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    for name in names:
        if name not in bots:
            raise InputError(f"unknown bot {name!r} (choose from {', '.join(bots)})")
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise InputError(f"give one bot, or one per player ({players}), not {len(names)}")
    return names


#: The most worlds, splits or deals an analysis may solve or sample
#: (``--worlds``, ``--limit``): each is solved, so this bounds time and memory.
MAX_SAMPLES = 100_000
#: The most seeds: any 63-bit number.
MAX_SEED = (1 << 63) - 1


#: ``--seed`` of the commands that play whole games.
class WholeNumber(click.ParamType):
    """A whole-number option, read by the one parser of whole numbers
    (:func:`butterfly.games.deals.parse_whole_number`: ASCII digits, no space, no sign, no ``_``)
    and bounded: nothing too large for the C code behind it gets through."""

    name = "integer"

    def __init__(self, minimum: int = 0, maximum: int = (1 << 63) - 1) -> None:
        self.minimum, self.maximum = minimum, maximum

    def convert(self, value, param, ctx):
        from butterfly.games.deals import parse_whole_number

        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        try:
            return parse_whole_number(str(value), "value", self.maximum, self.minimum)
        except InputError as error:
            self.fail(str(error), param, ctx)

    def get_metavar(self, param, ctx=None) -> str:
        return f"INTEGER {self.minimum}-{self.maximum}"


class Seconds(click.ParamType):
    """A number of seconds: ASCII digits with an optional fraction and
    exponent, finite, from 0 to ``maximum`` (no nan, no inf, no sign, no space)."""

    name = "seconds"
    _PATTERN = re.compile(r"(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]{1,3})?")

    def __init__(self, maximum: float) -> None:
        self.maximum = maximum

    def convert(self, value, param, ctx):
        if isinstance(value, float | int) and not isinstance(value, bool):
            number = float(value)
        else:
            text = str(value)
            if not (text.isascii() and self._PATTERN.fullmatch(text)):  # no spaces either, as whole numbers
                self.fail(f"{shown(text)} is not a number of seconds (e.g. 10 or 0.5)", param, ctx)
            number = float(text)
        if not (math.isfinite(number) and 0 <= number <= self.maximum):
            self.fail(f"{number:g} is out of range (0 to {self.maximum:g} seconds)", param, ctx)
        return number


def seed_option(purpose: str) -> Callable[[F], F]:
    """The ``--seed`` option of a command that draws at random, for ``purpose``."""
    return click.option(
        "--seed", type=WholeNumber(0, MAX_SEED), default=0, show_default=True, help=f"Seed for {purpose} (0 to 2^63-1)."
    )


game_seed_option = seed_option("the draw, the shuffles and the bots")


#: What ``--format line`` does in the commands that analyse a position.
LINE_INSTEAD = "line: print the position as its one line (docs/formats.md) instead of analysing it."


def line_format_option(help: str = LINE_INSTEAD) -> Callable[[F], F]:
    """``--format text|line`` (``output_format``): what the command prints, or the position's one line."""
    return click.option(
        "--format",
        "output_format",
        type=click.Choice(["text", "line"]),
        default="text",
        show_default=True,
        help=help,
    )


def position_text(argument: str, game: str) -> str:
    """The text a card game's POSITION argument gives: a line of ``game`` (its
    name in butterfly.games.registry) typed in its place (when no file has
    that name), or a file's (``-``: standard input), which holds the
    position's JSON object or its line. Nothing at all, or another game's
    line, is refused as what it is, not as a file that does not exist."""
    from butterfly.games.registry import game_named

    if not os.path.lexists(argument):
        if not argument.strip():
            raise InputError("missing POSITION: a line, a file, or - for standard input")
        refuse_other_game(argument, game)
        if game_named(game).is_line(argument):
            return argument
    text = read_text(argument)
    refuse_other_game(text, game)
    return text


def refuse_other_game(text: str, game: str) -> None:
    """Refuse ``text`` when it is a position of another game than ``game``
    (the command's): its line, or its JSON object (butterfly.games.registry's
    :meth:`~butterfly.games.registry.Game.is_json`), naming that game (and
    its line's first word, when it has several) and the command that reads
    it: ``show`` for ``show``, else ``analyse`` (every game has both)."""
    from butterfly.games.registry import games

    data = None
    if text.lstrip().startswith("{"):
        with contextlib.suppress(ValueError, RecursionError):  # not JSON: the command's reader says why
            data = json.loads(text)
    for other in games():
        if other.name == game:
            continue
        if other.is_line(text):
            first = text.strip().split("_", 1)[0].lower()
            what = f"{other.title} line" if len(other.line_prefixes()) == 1 else f"{other.title} ({first}) line"
        elif other.is_json(data):
            what = f"{other.title} position"
        else:
            continue
        context = click.get_current_context(silent=True)
        command = "show" if context is not None and context.info_name == "show" else "analyse"
        raise InputError(f"this is a {what}; use {other.command} {command}")


def record_text(argument: str) -> str:
    """The text of a game RECORD argument (a file, or - for standard input);
    nothing at all, or a position's line in its place, is refused as what it is."""
    from butterfly.games.registry import games

    if not os.path.lexists(argument):
        if not argument.strip():
            raise InputError("missing RECORD: a record file, or - for standard input")
        if any(game.is_line(argument) for game in games()):
            raise InputError("this is a position's line, not a game record: review reads a record's file")
    return read_text(argument)


def echo_json(data: object) -> None:
    """Print ``data`` as the commands print JSON (indented by one space)."""
    click.echo(json.dumps(data, indent=1))


def echo_game(
    game: G,
    names: list[str],
    as_json: bool,
    as_dict: Callable[[G, list[str]], dict],
    as_log: Callable[[G, list[str]], str],
) -> None:
    """Print a whole game played by the bots ``names``: as JSON, or as its log."""
    if as_json:
        echo_json(as_dict(game, names))
    else:
        click.echo(as_log(game, names))


def record_option(review: str) -> Callable[[F], F]:
    """``--record FILE`` of a card game's ``play``: the game as a record, for the command ``review``."""
    return click.option(
        "--record",
        "record_file",
        metavar="FILE",
        type=click.Path(dir_okay=False),
        help=f"Also write the game as a record (docs/formats.md) in this new file, for {review}.",
    )


when_broke_option = click.option(
    "--when-broke",
    type=click.Choice([rule.value for rule in WhenBroke]),
    default=WhenBroke.DEBT.value,
    show_default=True,
    help="A player who cannot pay what the next hand asks: play on in debt (the bank lends) or stop the game.",
)


def picture_options(what: str, more: str = "") -> Callable[[F], F]:
    """``--svg FILE`` and ``--png FILE``: draw ``what`` as an SVG picture, or
    the same picture as PNG, in a new file or on standard output
    (:func:`write_picture`)."""
    where = "in this new file (never over an existing one), or on standard output for - (nothing else goes there)"

    def option(kind: str, help: str) -> Callable[[F], F]:
        path = click.Path(dir_okay=False, allow_dash=True)
        return click.option(f"--{kind}", f"{kind}_file", metavar="FILE", type=path, help=help)

    svg = option("svg", f"Draw {what} as an SVG picture {where}.{more}")
    png = option(
        "png", f"The same picture as PNG (by CairoSVG, at twice the SVG's size), {where}.{more.replace('.svg', '.png')}"
    )
    return lambda command: svg(png(command))


#: PNG pictures are drawn at this many pixels per unit of the SVG (sharp on a phone or in a document).
PNG_SCALE = 2


def png_of(svg: str) -> bytes:
    """The SVG picture ``svg`` as PNG, by CairoSVG (which needs the cairo library)."""
    try:
        import cairosvg
    except OSError:  # cairocffi finds no libcairo
        raise click.ClickException(
            "PNG pictures need the cairo library, which is not installed (Debian: apt-get install libcairo2)"
        ) from None
    return cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=PNG_SCALE)


def wanted_pictures(svg_file: str | None, png_file: str | None, required: bool = False) -> bool:
    """Whether a picture was asked for (checked: at most one of them on
    standard output; one of them at least when ``required``)."""
    if svg_file == "-" and png_file == "-":
        raise InputError("--svg - and --png - cannot both be standard output: give one of them a FILE")
    if required and svg_file is None and png_file is None:
        raise InputError("give --svg FILE or --png FILE (- for standard output)")
    return svg_file is not None or png_file is not None


def write_picture(svg_file: str | None, png_file: str | None, svg: str) -> None:
    """Write the picture ``svg`` as asked: as SVG to ``svg_file``, as PNG to
    ``png_file`` (each a new file, or standard output for ``-``); all or nothing."""
    files: list[tuple[str, str | bytes]] = []
    if svg_file is not None:
        files.append((svg_file, svg))
    if png_file is not None:
        files.append((png_file, png_of(svg)))
    to_stdout = [data for path, data in files if path == "-"]
    write_new_files([(path, data) for path, data in files if path != "-"], err=bool(to_stdout))
    for data in to_stdout:
        write_output("-", data)


def write_output(path: str, data: str | bytes) -> None:
    """Write ``data`` to standard output for ``-`` (nothing else: the output is
    the data alone), else to the new file ``path`` (:func:`write_new_files`)."""
    if path != "-":
        write_new_files([(path, data)])
    elif isinstance(data, bytes):
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    else:
        click.echo(data, nl=False)


def check_new_files(paths: Sequence[str]) -> None:
    """Refuse, before any work is done, paths :func:`write_new_files` would
    refuse: ``-``, an existing file, or a folder that does not exist."""
    for path in paths:
        if path == "-":
            raise InputError("cannot write to '-' here: give a file name (for a file named -, give ./-)")
        if os.path.lexists(path):
            raise InputError(f"{path!r} exists: choose a new file name")
        folder = os.path.dirname(path) or "."
        if not os.path.isdir(folder):
            raise InputError(f"cannot write {path!r}: no folder {folder!r}")


def write_new_files(files: Sequence[tuple[str, str | bytes]], err: bool = False) -> None:
    """Write each ``(path, data)`` (text, or bytes for a PNG), all or nothing:
    never over an existing file, and none left behind when one cannot be
    written; each file written is said on standard output (on standard error
    with ``err``, when standard output carries a picture). ``-`` is refused,
    not made a file: elsewhere it means standard output (:func:`write_output`)."""
    check_new_files([path for path, _ in files])
    written: list[str] = []
    path = ""
    try:
        for path, data in files:
            if isinstance(data, bytes):
                with open(path, "xb") as binary:
                    written.append(path)
                    binary.write(data)
            else:
                with open(path, "x", encoding="utf-8") as text:
                    written.append(path)
                    text.write(data)
    except BaseException as error:  # a full disk, or Ctrl-C while writing: no file left half-written
        for made in written:
            with contextlib.suppress(OSError):
                os.remove(made)
        if isinstance(error, OSError):  # (a write's error, a full disk's, names no file: the path is ours to say)
            raise InputError(f"cannot write {path!r}: {error.strerror or error}") from None
        raise
    for path, _ in files:
        click.echo(f"wrote {path}", err=err)


# ---- a card game's answer from a seat, in words (both games) ----------------------------


def seat_how(result: Any, seat: str, deals: str) -> str:
    """How the values from ``seat`` were found, in a player's words: exact, or an estimate and why."""
    if result.exact:
        return (
            f"Exact: over every one of the {result.deals} {deals}, {seat}'s later cards chosen from what "
            f"{seat} will have seen (the others play as they would seeing every hand); 'sure of' is the most "
            f"{seat} can be sure of whatever the deal and however the others play; 'estimate' the average over "
            "the deals as if every later card were played seeing all hands."
        )
    how = "every one" if result.exhaustive else f"a random sample of {result.deals}"
    why = f" (not exact: {result.why_sampled})" if result.why_sampled else ""
    return (
        f"Estimate{why}: the average over {how} of the {deals} ({result.deals}), each played out as if "
        f"{seat} could see every hand from then on."
    )


def print_seat_notes(result: Any) -> None:
    """Where the ways of judging disagree on the best move, and why each worse move is worse (exact answers)."""
    for words in result.disagreements:
        click.echo(words)
    if result.why_worse:
        click.echo("Why the others are worse (one deal each; open it with every hand shown from its line):")
    for why in result.why_worse:
        click.echo(f"  {why.words}")
        click.echo(f"    {why.position}")
