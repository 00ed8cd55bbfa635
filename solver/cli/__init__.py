"""The ``butterfly`` command line."""

from __future__ import annotations

import json
import os
import sys

import click

from games.deals import parse_deal_number
from games.errors import InputError
from games.patience.format import deal_to_json, format_deal_text, parse_deal, parse_moves, rules_header
from games.patience.render import draw
from games.patience.rules import PRESETS, VARIANTS, Position, make_rules
from solver.cli.common import read_text
from solver.patience.reference import no_last_row
from solver.patience.relaxation import DEFAULT_EFFORT
from solver.patience.relaxation import applies as relaxation_applies
from solver.patience.result import DEFAULT_MAX_NODES, DEFAULT_MEMORY_MIB, WON, Limits
from solver.patience.solve import ENGINES, solve
from solver.survey.run import parse_range, result_rows, run_survey, summarise


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("butterfly")
    except PackageNotFoundError:  # run from a source tree that is not installed
        return "unknown"


class BadInput(click.ClickException):
    """Bad user input: one line on stderr, exit code 2."""

    exit_code = 2


class Group(click.Group):
    """Every error is one line on stderr: bad input (ours or click's) exits 2."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except InputError as error:
            raise BadInput(str(error)) from None

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
            click.echo(f"Error: {error.format_message()}{hint}", err=True)
            sys.exit(error.exit_code)
        except click.ClickException as error:
            click.echo(f"Error: {error.format_message()}", err=True)
            sys.exit(error.exit_code)
        except click.Abort:
            click.echo("Aborted!", err=True)
            sys.exit(1)
        sys.exit(0)


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(version=_version(), prog_name="butterfly")
def main():
    """Solve and analyse Butterfly solitaire and its sibling patiences.

    DEAL arguments are a deal number (0 to 2^63-1), a deal file (text or
    JSON, see docs/formats.md), or - for standard input.
    """


# ------------------------------------------------------------------ options
def game_options(command):
    command = click.option(
        "--basement", "cells", type=int, default=None, help="Number of basement (or free) cells; butterfly has 3."
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


def limit_options(command):
    command = click.option(
        "--relax",
        "relax",
        type=click.IntRange(min=0),
        default=0,
        show_default=True,
        help="If the search ends unresolved, let the chain relaxation (a SAT solver) try to "
        "prove the deal lost within this many conflicts (3,000-7,500 a second; 0: off; "
        f"{DEFAULT_EFFORT} is ample for the deals proved so far; docs/solver.md).",
    )(command)
    command = click.option(
        "--no-restarts",
        "no_restarts",
        is_flag=True,
        help="One search in the natural order, no short shuffled attempts first.",
    )(command)
    command = click.option(
        "--engine",
        type=click.Choice(ENGINES),
        default="kernel",
        show_default=True,
        help="Compiled kernel or the pure-Python reference.",
    )(command)
    command = click.option(
        "--memory",
        type=click.IntRange(min=0),
        default=DEFAULT_MEMORY_MIB,
        show_default=True,
        help="Cap on the transposition table, MiB (per worker).",
    )(command)
    command = click.option(
        "--timeout", type=click.FloatRange(min=0), default=None, help="Give up after this many seconds (per deal)."
    )(command)
    return click.option(
        "--max-nodes",
        type=click.IntRange(min=1),
        default=DEFAULT_MAX_NODES,
        show_default=True,
        help="Give up after expanding this many positions (per deal).",
    )(command)


def _limits(max_nodes, timeout, memory, relax) -> Limits:
    """The limits of the options of :func:`limit_options`."""
    return Limits(max_nodes=max_nodes, timeout=timeout, memory_mib=memory, relaxation=relax or None)


def load_deal(source: str, game=None, variant=None, cells=None) -> tuple[Position, str]:
    """The position named by a DEAL argument, and a title for it."""
    is_number = source.strip().isdigit() and not os.path.exists(source)
    if is_number:
        number = parse_deal_number(source)
        rules = make_rules(game or "butterfly", variant, cells)
        return Position.deal(number, rules), f"{rules.name} deal {number}"
    if source != "-" and not os.path.exists(source):
        raise InputError(f"{source!r} is neither a deal number nor an existing file")
    position = parse_deal(read_text(source))
    if game or variant or cells is not None:
        header = rules_header(position.rules)
        rules = make_rules(
            game or header["game"], variant or header["variant"], cells if cells is not None else header["cells"]
        )
        position = Position(rules, position.rows, position.foundations, position.cells).validate()
    return position, f"{position.rules.name} deal from {'stdin' if source == '-' else source}"


# ------------------------------------------------------------------ commands
@main.command()
@click.argument("deal")
@game_options
@limit_options
@click.option("--raw-moves", is_flag=True, help="Give the search's own winning line, not the shortened one.")
@click.option("--unicode", is_flag=True, help="Draw cards with suit symbols.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def solve_cmd(
    deal, game, variant, cells, max_nodes, timeout, memory, engine, no_restarts, relax, raw_moves, unicode, as_json
):
    """Solve DEAL: won (with the moves), unwinnable (proved), or unresolved."""
    position, title = load_deal(deal, game, variant, cells)
    limits = _limits(max_nodes, timeout, memory, relax)
    result = solve(position, limits, engine, shorten=not raw_moves, restarts=not no_restarts)
    moves = [str(m) for m in result.moves]
    if as_json:
        click.echo(
            json.dumps(
                {
                    "game": position.rules.name,
                    "deal": format_deal_text(position),
                    "result": result.result,
                    "moves": moves,
                    "nodes": result.nodes,
                    "seconds": round(result.seconds, 6),
                    "stopped_by": result.stopped_by,
                    "proved_by": result.proved_by,
                    "engine": engine,
                }
            )
        )
        return
    click.echo(f"{title}: {position.rules.describe()}")
    click.echo(draw(position, unicode))
    click.echo()
    if result.result == WON:
        click.echo(f"Result: won in {len(moves)} moves")
        width = len(str(len(moves)))
        for number, move in enumerate(moves, 1):
            click.echo(f"{number:>{width}}. {move}")
    elif result.stopped_by:
        hint = (
            "" if relax or not relaxation_applies(position.rules) else f"; --relax {DEFAULT_EFFORT} may prove it lost"
        )
        click.echo(f"Result: unresolved (stopped by the {result.stopped_by} limit{hint})")
    elif result.proved_by == "relaxation":
        click.echo(
            "Result: unwinnable (the chain relaxation has no schedule: no order of the cards' moves "
            "keeps the built cards in chains; docs/solver.md)"
        )
    elif no_last_row(position):
        cells = position.rules.cells
        click.echo(
            "Result: unwinnable (no row can be the last one emptied: the innermost card of the last "
            f"row must have its higher suit-mates fit in the {cells}-card basement; docs/solver.md)"
        )
    else:
        click.echo("Result: unwinnable (every reachable position was searched)")
    click.echo(f"Nodes: {result.nodes}  Seconds: {result.seconds:.3f}")


solve_cmd.name = "solve"


@main.command()
@click.argument("number")
@game_options
@click.option("--json", "as_json", is_flag=True, help="Print the JSON form.")
def deal(number, game, variant, cells, as_json):
    """Print deal NUMBER in the deal file format."""
    rules = make_rules(game or "butterfly", variant, cells)
    n = parse_deal_number(number)
    position = Position.deal(n, rules)
    if as_json:
        click.echo(json.dumps(deal_to_json(position), indent=2))
    else:
        click.echo(format_deal_text(position, f"{rules.name} deal {n}"), nl=False)


@main.command()
@click.argument("deal")
@game_options
@click.option("--moves", "moves_file", default=None, help="A move list to play through (file or -).")
@click.option("--unicode", is_flag=True, help="Draw cards with suit symbols.")
def show(deal, game, variant, cells, moves_file, unicode):
    """Draw DEAL; with --moves, every position along the way."""
    position, title = load_deal(deal, game, variant, cells)
    click.echo(f"{title}: {position.rules.describe()}")
    click.echo(draw(position, unicode))
    if moves_file:
        moves = parse_moves(read_text(moves_file))
        positions = position.replay(moves)
        for number, (move, after) in enumerate(zip(moves, positions[1:]), 1):
            click.echo(f"\n{number}. {move}")
            click.echo(draw(after, unicode))
        if positions[-1].is_won():
            click.echo("\nWon.")


@main.command()
@click.argument("deal")
@click.argument("solution")
@game_options
def verify(deal, solution, game, variant, cells):
    """Replay SOLUTION on DEAL with the rules engine alone.

    Exit code 0 when the moves win, 1 naming the first illegal move (or
    saying the deal is not won at the end), 2 for unreadable input.
    """
    start, _ = load_deal(deal, game, variant, cells)
    moves = parse_moves(read_text(solution))
    positions, illegal = start.replay_until_illegal(moves)
    if illegal is not None:
        number, move, reason = illegal
        click.echo(f"illegal: move {number} ({move}): {reason}")
        sys.exit(1)
    position = positions[-1]
    if not position.is_won():
        click.echo(f"not won: all {len(moves)} moves are legal but {position.cards_in_play()} cards are still in play")
        sys.exit(1)
    click.echo(f"won: {len(moves)} moves, all legal")


@main.command()
@click.option("--deals", "deal_range", required=True, help="Deal numbers A-B (both included).")
@game_options
@limit_options
@click.option(
    "--workers", type=click.IntRange(min=1), default=os.cpu_count() or 1, show_default=True, help="Worker processes."
)
@click.option(
    "--db",
    "db_path",
    default=None,
    help="SQLite file recording each deal as it finishes; a rerun skips the deals already settled.",
)
@click.option(
    "--retry-unresolved",
    is_flag=True,
    help="With --db: search the deals recorded as unresolved again, whatever their budget "
    "(after the solver has improved).",
)
@click.option(
    "--scheduler",
    default=None,
    help="Address of a Dask scheduler (tcp://host:port) to run on instead of local processes.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the summary and per-deal results as JSON.")
def survey(
    deal_range,
    game,
    variant,
    cells,
    max_nodes,
    timeout,
    memory,
    engine,
    no_restarts,
    relax,
    workers,
    db_path,
    retry_unresolved,
    scheduler,
    as_json,
):
    """Solve a range of deals and report how many are won."""
    deals = parse_range(deal_range)
    rules = make_rules(game or "butterfly", variant, cells)
    limits = _limits(max_nodes, timeout, memory, relax)
    with click.progressbar(
        length=len(deals), file=sys.stderr, label=f"{rules.name} {deal_range}", show_pos=True
    ) as bar:
        results = run_survey(
            deals,
            rules,
            limits,
            engine,
            workers,
            on_result=lambda _: bar.update(1),
            scheduler=scheduler,
            db_path=db_path,
            restarts=not no_restarts,
            retry_unresolved=retry_unresolved,
        )
    summary = summarise(results)
    if as_json:
        click.echo(
            json.dumps(
                {
                    "game": rules.name,
                    "range": deal_range,
                    "max_nodes": max_nodes,
                    **summary,
                    "results": result_rows(results),
                }
            )
        )
        return
    click.echo(
        f"{rules.name}, deals {deals.start}-{deals.stop - 1} ({summary['deals']} deals), max {max_nodes} nodes per deal"
    )
    click.echo(f"won {summary['won']}, unwinnable {summary['unwinnable']}, unresolved {summary['unresolved']}")
    click.echo(
        f"winnability: {100 * summary['winnability_low']:.2f}% to {100 * summary['winnability_high']:.2f}% "
        "(Wilson 95 %, unresolved counted as lost / as won)"
    )
    click.echo(f"seconds per deal: median {summary['median_seconds']:.4f}, mean {summary['mean_seconds']:.4f}")
    click.echo(f"nodes per deal: median {summary['median_nodes']:.0f}, mean {summary['mean_nodes']:.0f}")


from solver.cli.mouche import mouche_group  # noqa: E402  (subcommand groups, registered last)
from solver.cli.papillon import papillon  # noqa: E402

main.add_command(papillon)
main.add_command(mouche_group)

if __name__ == "__main__":
    main()
