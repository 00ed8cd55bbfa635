"""``butterfly solve``, ``deal``, ``show`` and ``verify``: one patience deal
at a time; and the options they share with ``butterfly survey``."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator
from typing import TypeVar

import click

from butterfly.cli.common import (
    Seconds,
    WholeNumber,
    line_format_option,
    picture_options,
    png_of,
    refuse_other_game,
    wanted_pictures,
    write_new_files,
    write_picture,
)
from butterfly.games.deals import parse_deal_number
from butterfly.games.errors import InputError
from butterfly.games.files import read_chunks, read_text
from butterfly.games.patience import pysol
from butterfly.games.patience.format import deal_to_json, format_deal_text, parse_deal, read_moves
from butterfly.games.patience.notation import is_line, parse_line, position_line
from butterfly.games.patience.render import draw
from butterfly.games.patience.rules import PRESETS, VARIANTS, Move, Position, Rules, make_rules, rules_header
from butterfly.games.patience.solvitaire import format_solvitaire
from butterfly.solver.engines import ENGINE_NAMES
from butterfly.solver.patience.pruning import no_last_row
from butterfly.solver.patience.relaxation import DEFAULT_EFFORT
from butterfly.solver.patience.relaxation import applies as relaxation_applies
from butterfly.solver.patience.result import (
    BOUNDED,
    DEFAULT_MAX_NODES,
    DEFAULT_MEMORY_MIB,
    MAX_MEMORY_MIB,
    MAX_NODES,
    MAX_RELAXATION,
    MAX_TIMEOUT,
    OPTIMAL,
    WON,
    Limits,
)
from butterfly.solver.patience.solve import (
    INTERLEAVED,
    NO_RESTARTS,
    SCHEDULES,
    solve,
    solve_short,
    solve_shortest,
)

Command = TypeVar("Command", bound=Callable)

#: The option that raises each limit a search can stop on.
#: The game of this command group, as butterfly.games.registry names it.
GAME = "patience"
LIMIT_OPTIONS = {"nodes": "--max-nodes", "time": "--timeout", "memory": "--memory"}


# ------------------------------------------------------------------ options
def game_options(command: Command) -> Command:
    """--game, --variant and --basement: the rules to play by."""
    command = click.option(
        "--basement",
        "cells",
        type=WholeNumber(0, 52),
        default=None,
        help="Number of basement (or free) cells; butterfly has 3.",
    )(command)
    command = click.option(
        "--variant", type=click.Choice(VARIANTS), default=None, help="Suit rule for building in the rows."
    )(command)
    return click.option(
        "--game",
        type=click.Choice(list(PRESETS)),
        default=None,
        help="Rules preset (default butterfly, or the deal file's).",
    )(command)


def pysol_option(command: Command) -> Command:
    """--pysol NUMBER: PySolFC's game number instead of a DEAL."""
    return click.option(
        "--pysol",
        "pysol_number",
        default=None,
        metavar="NUMBER",
        help="PySolFC's game NUMBER instead of a DEAL: the deal PySolFC shows for it "
        f"({', '.join(pysol.PYSOL_GAMES)}: give --game; docs/formats.md).",
    )(command)


def limit_options(command: Command) -> Command:
    """The search's limits and engine; :func:`limits_of` turns them into :class:`Limits`."""
    command = click.option(
        "--relax",
        "relax",
        type=WholeNumber(0, MAX_RELAXATION),
        default=0,
        show_default=True,
        help="If the search ends unresolved, let the chain relaxation (a SAT solver) try to "
        "prove the deal lost within this many conflicts (3,000-7,500 a second; 0: off; "
        f"{DEFAULT_EFFORT} is ample for the deals proved so far; docs/solver.md).",
    )(command)
    command = click.option(
        "--no-restarts",
        "schedule",
        flag_value=NO_RESTARTS,
        type=click.Choice(SCHEDULES),
        help="One search in the natural order, no short shuffled attempts (--schedule no-restarts).",
    )(command)
    command = click.option(
        "--schedule",
        "schedule",
        type=click.Choice(SCHEDULES),
        default=INTERLEAVED,
        show_default=True,
        help="How short attempts with shuffled row orders share the budget with the full search: "
        "between its slices, all before it (the early published surveys), or none (docs/solver.md).",
    )(command)
    command = click.option(
        "--engine",
        type=click.Choice(ENGINE_NAMES),
        default="kernel",
        show_default=True,
        help="Compiled kernel or the pure-Python reference.",
    )(command)
    command = click.option(
        "--memory",
        type=WholeNumber(0, MAX_MEMORY_MIB),
        default=DEFAULT_MEMORY_MIB,
        show_default=True,
        help="Cap on the transposition table, MiB (per worker).",
    )(command)
    command = click.option(
        "--timeout", type=Seconds(MAX_TIMEOUT), default=None, help="Give up after this many seconds (per deal)."
    )(command)
    return click.option(
        "--max-nodes",
        type=WholeNumber(1, MAX_NODES),
        default=DEFAULT_MAX_NODES,
        show_default=True,
        help="Give up after expanding this many positions (per deal).",
    )(command)


def limits_of(max_nodes: int, timeout: float | None, memory: int, relax: int) -> Limits:
    """The limits of the options of :func:`limit_options`.

    >>> limits_of(1000, None, 64, 0)
    Limits(max_nodes=1000, timeout=None, memory_mib=64, relaxation=None)
    """
    return Limits(max_nodes=max_nodes, timeout=timeout, memory_mib=memory, relaxation=relax or None)


def load_deal(
    source: str | None,
    game: str | None = None,
    variant: str | None = None,
    cells: int | None = None,
    pysol_number: str | None = None,
) -> tuple[Position, str]:
    """The position named by a DEAL argument (or PySolFC's game number), and
    a title for it.

    >>> load_deal("7", "fortress")[1]
    'fortress deal 7'
    >>> load_deal(None, "streets-and-alleys", pysol_number="#123456")[1]
    'PySolFC streets-and-alleys game #123456'
    """
    if pysol_number is not None:
        if source is not None:
            raise InputError(f"give a DEAL or --pysol, not both (DEAL {source!r}, --pysol {pysol_number!r})")
        if game is None:
            raise InputError(
                f"--pysol needs --game {', '.join(pysol.PYSOL_GAMES)}: the games PySolFC numbers "
                "(Butterfly is not in PySolFC)"
            )
        rules = make_rules(game, variant, cells)
        number = pysol.parse_game_number(pysol_number)
        return pysol.pysol_deal(number, rules), f"PySolFC {rules.name} game #{number}"
    if source is None or not source.strip():
        raise InputError("missing DEAL: a deal number, a deal file, - for standard input, or --pysol NUMBER")
    is_number = source.strip().isdigit() and not os.path.exists(source)
    if is_number:
        number = parse_deal_number(source)
        rules = make_rules(game or "butterfly", variant, cells)
        return Position.deal(number, rules), f"{rules.name} deal {number}"
    if source != "-" and not os.path.exists(source):
        refuse_other_game(source, GAME)
        if not is_line(source):
            raise InputError(
                f"{source!r} is neither a deal number nor an existing file, nor a position's line (docs/formats.md)"
            )
        position = parse_line(source)
        origin = "the line given"
    else:
        text = read_text(source)
        refuse_other_game(text, GAME)
        position = parse_line(text) if is_line(text) else parse_deal(text)
        origin = "stdin" if source == "-" else source
    if game or variant or cells is not None:
        header = rules_header(position.rules)
        rules = make_rules(
            game or header["game"], variant or header["variant"], cells if cells is not None else header["cells"]
        )
        position = Position(rules, position.rows, position.foundations, position.cells).validate()
    return position, f"{position.rules.name} deal from {origin}"


# ------------------------------------------------------------------ commands
@click.command(name="solve")
@click.argument("deal", required=False)
@pysol_option
@game_options
@limit_options
@click.option(
    "--raw-moves",
    is_flag=True,
    help="Give the depth-first search's own winning line (long), not the short line found from it.",
)
@click.option(
    "--shortest",
    is_flag=True,
    help="Find a shortest winning line: optimal (no shorter line exists, proved by A*) or, when a limit "
    "stops the proof, bounded (the shortest line found and a proved lower bound). --max-nodes and "
    "--memory then also limit the A* (docs/solver.md, 'Shortest lines').",
)
@click.option("--unicode", is_flag=True, help="Draw cards with suit symbols.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def solve_command(
    deal,
    pysol_number,
    game,
    variant,
    cells,
    max_nodes,
    timeout,
    memory,
    engine,
    schedule,
    relax,
    raw_moves,
    shortest,
    unicode,
    as_json,
):
    """Solve DEAL: won (with the moves), unwinnable (proved), or unresolved.

    With --shortest: optimal or bounded instead of won. With --pysol, the
    moves are also given in PySolFC's pile numbers."""
    if raw_moves and shortest:
        raise InputError("--raw-moves and --shortest cannot be used together (a shortest line is never raw)")
    position, title = load_deal(deal, game, variant, cells, pysol_number)
    limits = limits_of(max_nodes, timeout, memory, relax)
    if shortest:
        result = solve_shortest(position, limits, engine, schedule)
    elif raw_moves:
        result = solve(position, limits, engine, schedule=schedule)
    else:
        result = solve_short(position, limits, engine, schedule)
    moves = [str(m) for m in result.moves]
    if as_json:
        report = result.to_json(position, engine, schedule, shortest)
        if pysol_number is not None:
            report["pysol_moves"] = [pysol.pysol_move(move, position.rules) for move in result.moves]
        click.echo(json.dumps(report))
        return
    click.echo(f"{title}: {position.rules.describe()}")
    click.echo(draw(position, unicode))
    if pysol_number is not None:
        click.echo(pysol.legend(position.rules))
    click.echo()
    if result.result in (WON, OPTIMAL, BOUNDED):
        if result.result == OPTIMAL:
            click.echo(f"Result: optimal: won in {len(moves)} moves, and no line wins in fewer (proved)")
        elif result.result == BOUNDED:
            click.echo(
                f"Result: bounded: won in {len(moves)} moves; no line wins in fewer than {result.lower_bound} "
                f"(the {result.stopped_by} limit stopped the proof with a gap of "
                f"{len(moves) - (result.lower_bound or 0)} moves)"
            )
        else:
            short = "" if raw_moves else " (a short line; --shortest searches for the shortest and proves it)"
            click.echo(f"Result: won in {len(moves)} moves{short}")
        width = len(str(len(moves)))
        for number, move in enumerate(result.moves, 1):
            pysol_text = f"   PySolFC {pysol.pysol_move(move, position.rules)}" if pysol_number is not None else ""
            click.echo(f"{number:>{width}}. {str(move):<9}{pysol_text}".rstrip())
    elif result.stopped_by:
        # Unresolved says nothing either way: point to both ways out, a win and a proof of
        # loss (by the relaxation where it applies, else by a longer search alone).
        relaxing = not relax and relaxation_applies(position.rules)
        hint = (
            f"; a larger {LIMIT_OPTIONS[result.stopped_by]} may find a win{'' if relaxing else ' or prove it lost'}"
            if result.stopped_by in LIMIT_OPTIONS
            else ""
        )
        if relaxing:
            hint += f"{', or' if hint else ';'} --relax {DEFAULT_EFFORT} may prove it lost"
        click.echo(f"Result: unresolved (stopped by the {result.stopped_by} limit{hint})")
    elif result.proved_by == "relaxation":
        click.echo(
            "Result: unwinnable (the chain relaxation has no schedule: no order of the cards' moves "
            "keeps the built cards in chains; docs/solver.md)"
        )
    elif result.proved_by == "dead-end" and no_last_row(position):
        click.echo(
            "Result: unwinnable (no row can be the last one emptied: the innermost card of the last "
            f"row must have its higher suit-mates fit in the {position.rules.cells}-card basement; docs/solver.md)"
        )
    elif result.proved_by == "dead-end":
        click.echo(
            "Result: unwinnable (the dead-end test: cards that can only leave their row for the basement "
            f"would need more than its {position.rules.cells} cells at once; docs/solver.md)"
        )
    else:
        click.echo("Result: unwinnable (every reachable position was searched)")
    click.echo(f"Nodes: {result.nodes}  Seconds: {result.seconds:.3f}")


DEAL_FORMATS = ("text", "json", "solvitaire", "line")


@click.command()
@click.argument("number", required=False)
@pysol_option
@game_options
@click.option(
    "--format",
    "output_format",
    type=click.Choice(DEAL_FORMATS),
    default=None,
    help="text (the deal file, default), json (ours), solvitaire (Solvitaire's JSON: "
    "beleaguered-castle and streets-and-alleys) or line (one line a link can carry; docs/formats.md).",
)
@click.option("--json", "as_json", is_flag=True, help="The same as --format json.")
def deal(number, pysol_number, game, variant, cells, output_format, as_json):
    """Print deal NUMBER (or PySolFC's game --pysol NUMBER) as a deal file."""
    if as_json and output_format not in (None, "json"):
        raise InputError(f"--json and --format {output_format} ask for two formats: give one")
    if number is None and pysol_number is None:
        raise InputError("missing NUMBER: a deal number, or --pysol NUMBER for PySolFC's game number")
    if number is not None and pysol_number is None:  # a number, never a file of that name
        rules = make_rules(game or "butterfly", variant, cells)
        n = parse_deal_number(number)
        position, title = Position.deal(n, rules), f"{rules.name} deal {n}"
    else:
        position, title = load_deal(number, game, variant, cells, pysol_number)
    output_format = "json" if as_json else output_format or "text"
    if output_format == "solvitaire":
        click.echo(format_solvitaire(position), nl=False)
    elif output_format == "line":
        click.echo(position_line(position))
    elif output_format == "json":
        click.echo(json.dumps(deal_to_json(position), indent=2))
    else:
        click.echo(format_deal_text(position, title), nl=False)


def frame_names(path: str, moves: int, suffix: str = ".svg") -> list[str]:
    """``path`` for the first picture, then ``STEM-001.svg`` (or ``.png``) and
    on, one per move.

    >>> frame_names("docs/deal1.svg", 2)
    ['docs/deal1.svg', 'docs/deal1-001.svg', 'docs/deal1-002.svg']
    >>> frame_names("deal1.png", 1, ".png")
    ['deal1.png', 'deal1-001.png']
    """
    stem = path[: -len(suffix)] if path.lower().endswith(suffix) else path
    digits = max(3, len(str(moves)))
    return [path] + [f"{stem}-{number:0{digits}}{suffix}" for number in range(1, moves + 1)]


def moves_of(source: str, pysol_number: str | None, rules: Rules) -> Iterator[Move]:
    """The moves of the move list in a file, or on standard input for ``-``,
    as they are read: streamed, not held whole (a real solution may take
    megabytes), and bounded by butterfly.games.patience.format.MAX_MOVES. With a
    PySolFC game, a move may name PySolFC's pile numbers (``7H 3>6``), as
    ``solve --pysol`` prints them beside ours."""
    return read_moves(read_chunks(source), None if pysol_number is None else pysol.pile_rows(rules))


@click.command()
@click.argument("deal", required=False)
@pysol_option
@game_options
@click.option("--moves", "moves_file", default=None, help="A move list to play through (file or -).")
@click.option("--unicode", is_flag=True, help="Draw cards with suit symbols.")
@line_format_option("text: the layout drawn; line: each position's one line (docs/formats.md).")
@picture_options(
    "the layout instead of printing it (the body in the middle, the wings left and right, the basement below)",
    " With --moves, FILE (not -) is the first position and STEM-001.svg, STEM-002.svg... (STEM: FILE without "
    ".svg) the position after each move.",
)
def show(deal, pysol_number, game, variant, cells, moves_file, unicode, output_format, svg_file, png_file):
    """Draw DEAL; with --moves, every position along the way."""
    pictures_wanted = wanted_pictures(svg_file, png_file)
    if moves_file and "-" in (svg_file, png_file):
        raise InputError("--svg - and --png - draw one picture; with --moves, give a FILE (a picture a move)")
    position, title = load_deal(deal, game, variant, cells, pysol_number)
    moves, positions = [], [position]
    if moves_file:  # read and checked whole before anything is printed
        moves = list(moves_of(moves_file, pysol_number, position.rules))
        positions = position.replay(moves)
    if pictures_wanted:
        from butterfly.games.patience.picture import frames

        pictures = frames(position, moves, title)
        if not moves:
            write_picture(svg_file, png_file, pictures[0])
            return
        files: list[tuple[str, str | bytes]] = []
        if svg_file is not None:
            files += zip(frame_names(svg_file, len(moves)), pictures)
        if png_file is not None:
            files += zip(frame_names(png_file, len(moves), ".png"), map(png_of, pictures))
        write_new_files(files)
        return
    if output_format == "line":
        for each in positions:
            click.echo(position_line(each))
        return
    click.echo(f"{title}: {position.rules.describe()}")
    click.echo(draw(position, unicode))
    if pysol_number is not None:
        click.echo(pysol.legend(position.rules))
    if moves_file:
        for number, (move, after) in enumerate(zip(moves, positions[1:]), 1):
            click.echo(f"\n{number}. {move}")
            click.echo(draw(after, unicode))
        if positions[-1].is_won():
            click.echo("\nWon.")


@click.command()
@click.argument("deal_and_solution", nargs=-1, metavar="[DEAL] SOLUTION")
@pysol_option
@game_options
def verify(deal_and_solution, pysol_number, game, variant, cells):
    """Replay SOLUTION on DEAL (or PySolFC's game --pysol NUMBER) with the
    rules engine alone.

    Exit code 0 when the moves win, 1 naming the first illegal move (or
    saying the deal is not won at the end), 2 for unreadable input. SOLUTION
    is streamed: moves are played as they are read (docs/formats.md). With
    --pysol, a move may name PySolFC's pile numbers, as solve prints them
    (7H 4>2).
    """
    wanted = 1 if pysol_number is not None else 2
    if len(deal_and_solution) != wanted:
        given = "a SOLUTION" if pysol_number is not None else "a DEAL and a SOLUTION"
        raise click.UsageError(f"give {given}, not {len(deal_and_solution)} argument(s)")
    deal, solution = (None, *deal_and_solution) if pysol_number is not None else deal_and_solution
    if deal == solution == "-":
        raise InputError("DEAL and SOLUTION cannot both be standard input (-): give one of them as a file")
    position, _ = load_deal(deal, game, variant, cells, pysol_number)
    count, illegal = 0, None
    for count, move in enumerate(moves_of(solution, pysol_number, position.rules), 1):
        if illegal is None:  # after an illegal move the rest is only read: unreadable input is exit 2 wherever it is
            reason = position.check_move(move)
            if reason is None:
                position = position.play_unchecked(move)
            else:
                illegal = count, move, reason
    if illegal is not None:
        number, move, reason = illegal
        click.echo(f"illegal: move {number} ({move}): {reason}")
        sys.exit(1)
    if not position.is_won():
        click.echo(f"not won: all {count} moves are legal but {position.cards_in_play()} cards are still in play")
        sys.exit(1)
    click.echo(f"won: {count} moves, all legal")
