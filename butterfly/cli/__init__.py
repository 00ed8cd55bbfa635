"""The ``butterfly`` command line: the main group and its error handling.

Each command group lives in its own module (:mod:`butterfly.cli.patience`,
:mod:`butterfly.cli.survey`, :mod:`butterfly.cli.papillon`,
:mod:`butterfly.cli.mouche`), imported only when one of its commands runs (``--help`` lists them
from :data:`COMMANDS`): ``butterfly solve`` never loads the card games,
the survey's process pools or the version metadata (bench/startup.py).
"""

from __future__ import annotations

import importlib
import sys

import click

from butterfly.games.errors import InputError

#: Each subcommand: the module that defines it, its name there, and its
#: short help as ``butterfly --help`` lists it (the first sentence of its
#: docstring: a test holds the two equal), so that the list loads no module.
COMMANDS = {
    "analyse": (
        "butterfly.cli.analysis",
        "analyse_command",
        "Every legal move of DEAL (a position in any form) with its value: wins in N, loses, or not decided.",
    ),
    "calendar": (
        "butterfly.cli.puzzle",
        "calendar",
        "The daily calendar: fill the pool of puzzles, extend the calendar from it, report how good its days are.",
    ),
    "daily": (
        "butterfly.cli.puzzle",
        "daily",
        "The daily puzzle of DATE (YYYY-MM-DD; today's, by your local date, by default).",
    ),
    "deal": (
        "butterfly.cli.patience",
        "deal",
        "Print deal NUMBER (or PySolFC's game --pysol NUMBER) as a deal file.",
    ),
    "mouche": (
        "butterfly.cli.mouche",
        "mouche_group",
        "La Mouche (1718) and Le Pamphile (1758): play with bots, analyse hands, review games.",
    ),
    "papillon": (
        "butterfly.cli.papillon",
        "papillon",
        "Papillon, the 1725 fishing game: play it with bots, analyse endings, review games.",
    ),
    "puzzle": (
        "butterfly.cli.puzzle",
        "puzzle",
        "Puzzles with proved answers: make one, show it, check an answer, prove it again.",
    ),
    "rate": (
        "butterfly.cli.rate",
        "rate",
        "Rate a deal's difficulty: a number, a file, a range A-B (with --db), or PySolFC's game --pysol NUMBER.",
    ),
    "review": (
        "butterfly.cli.analysis",
        "review_command",
        "Review a game as played: the move that lost a winnable deal, proved, and the moves a won game spent over par.",
    ),
    "serve": (
        "butterfly.cli.serve",
        "serve",
        "Serve the engine as a web API (with its docs at /docs), with the tool pages or a built site.",
    ),
    "show": ("butterfly.cli.patience", "show", "Draw DEAL; with --moves, every position along the way."),
    "site": ("butterfly.cli.site", "site", "The daily puzzle as a static web site: build it, serve it locally."),
    "solve": (
        "butterfly.cli.patience",
        "solve_command",
        "Solve DEAL: won (with the moves), unwinnable (proved), or unresolved.",
    ),
    "survey": (
        "butterfly.cli.survey",
        "survey",
        "Solve many deals, check published results, find shortest lines.",
    ),
    "verify": (
        "butterfly.cli.patience",
        "verify",
        "Replay SOLUTION on DEAL (or PySolFC's game --pysol NUMBER) with the rules engine alone.",
    ),
}


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("butterfly")
    except PackageNotFoundError:  # run from a source tree that is not installed
        return "unknown"


def _print_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    """What click's version option prints, with the version looked up only now."""
    if value and not ctx.resilient_parsing:
        click.echo(f"butterfly, version {_version()}")
        ctx.exit()


#: The longest error line: a message quoting a huge input is cut short.
MAX_ERROR_CHARS = 400


def one_line(message: str) -> str:
    """An error message as one line of at most :data:`MAX_ERROR_CHARS`
    characters, whatever text of the input it quotes.

    >>> one_line("bad\\nthing"), len(one_line("x" * 1000))
    ('bad thing', 400)
    """
    line = " ".join(message.splitlines())
    return line if len(line) <= MAX_ERROR_CHARS else line[: MAX_ERROR_CHARS - 3] + "..."


class BadInput(click.ClickException):
    """Bad user input: one line on stderr, exit code 2. Every
    :class:`InputError` becomes one (a malformed file or field,
    :class:`butterfly.games.errors.ParseError`, as well as a move against the rules,
    :class:`butterfly.games.errors.IllegalMoveError`)."""

    exit_code = 2


class Interrupted(click.ClickException):
    """Ctrl-C (SIGINT): one line, and exit code 130 as shells expect."""

    exit_code = 130

    def __init__(self) -> None:
        super().__init__("interrupted (SIGINT)")


def load_command(name: str) -> click.Command:
    """The subcommand ``name`` of :data:`COMMANDS`, its module imported."""
    module, attribute, _ = COMMANDS[name]
    command: click.Command = getattr(importlib.import_module(module), attribute)
    return command


class Group(click.Group):
    """The main group: subcommands loaded on demand (:data:`COMMANDS`), and
    every error one line on stderr: bad input (ours or click's) exits 2."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        return load_command(cmd_name) if cmd_name in COMMANDS else None

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The list of commands, from :data:`COMMANDS` alone (click's own loads every command)."""
        limit = formatter.width - 6 - max(map(len, COMMANDS))
        rows = [
            (name, click.Command(name, help=text).get_short_help_str(limit))  # shortened as click shortens
            for name, (_, _, text) in sorted(COMMANDS.items())
        ]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def resolve_command(self, ctx, args):
        try:
            return super().resolve_command(ctx, args)
        except click.exceptions.NoSuchCommand as error:  # suggest among all commands, not the loaded ones
            raise click.exceptions.NoSuchCommand(error.command_name, possibilities=COMMANDS, ctx=ctx) from None

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except InputError as error:
            raise BadInput(one_line(str(error))) from None
        except KeyboardInterrupt:
            raise Interrupted() from None

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        try:
            super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        except click.exceptions.NoArgsIsHelpError as error:
            click.echo(error.format_message(), err=True)
            sys.exit(error.exit_code)
        except click.UsageError as error:
            hint = f" (try '{error.ctx.command_path} --help')" if error.ctx else ""
            click.echo(f"Error: {one_line(error.format_message())}{hint}", err=True)
            sys.exit(error.exit_code)
        except click.ClickException as error:
            click.echo(f"Error: {one_line(error.format_message())}", err=True)
            sys.exit(error.exit_code)
        except click.Abort:  # Ctrl-C while the command line was being read
            click.echo(f"Error: {Interrupted().format_message()}", err=True)
            sys.exit(Interrupted.exit_code)
        sys.exit(0)


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version",
    is_flag=True,
    expose_value=False,
    is_eager=True,
    callback=_print_version,
    help="Show the version and exit.",
)
def main():
    """Solve and analyse Butterfly solitaire and its sibling patiences.

    DEAL arguments are a deal number (0 to 2^63-1), a deal file (text or
    JSON), a position's one line (butterfly deal 1 --format line prints
    one; docs/formats.md), or - for standard input.
    """
