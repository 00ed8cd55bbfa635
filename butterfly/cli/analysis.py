"""``butterfly analyse`` and ``butterfly review``: every move of a patience
position valued, and a game as played reviewed (docs/analysis.md)."""

from __future__ import annotations

import click

from butterfly.cli.common import Seconds, WholeNumber, echo_json, line_format_option, record_text
from butterfly.cli.patience import game_options, limit_options, load_deal, pysol_option
from butterfly.games.errors import InputError
from butterfly.games.patience.notation import position_line
from butterfly.games.patience.record import PatienceRecord, read_game_text, started_at
from butterfly.games.patience.render import draw
from butterfly.solver.analysis import Budget, analyse, review
from butterfly.solver.patience.analysis import ALL_LINES, BEST_LINE, LENGTH_LIMITS, LOST, UNKNOWN, MoveValue
from butterfly.solver.patience.result import BOUNDED, MAX_NODES, MAX_TIMEOUT, OPTIMAL
from butterfly.solver.patience.review import BEST, LOSING, PAR_SHARE, REVIEW_LENGTH_SECONDS, WINNING, GameReview

#: What stopped a search, as a player reads it.
STOPPED = {"nodes": "the --max-nodes limit", "time": "the --timeout limit", "memory": "the --memory limit"}


def lengths_option(command):
    """--length-nodes and --length-seconds: how hard to look for each shortest line."""
    command = click.option(
        "--length-seconds",
        type=Seconds(MAX_TIMEOUT),
        default=LENGTH_LIMITS.timeout,
        show_default=True,
        help="Seconds each search for a shortest line may take.",
    )(command)
    return click.option(
        "--length-nodes",
        type=WholeNumber(0, MAX_NODES),
        default=LENGTH_LIMITS.max_nodes,
        show_default=True,
        help="Positions each search for a shortest line may expand (0: no lengths, only won or lost).",
    )(command)


def budget_of(max_nodes: int, timeout: float | None, memory: int) -> Budget:
    """What the analysis or the review may spend, from :func:`limit_options`'
    options: each search's positions and table, and the whole command's
    seconds (None: no limit)."""
    return Budget(nodes=max_nodes, seconds=timeout, memory_mib=memory)


def length_budget(length_nodes: int, length_seconds: float, memory: int) -> Budget | None:
    """What each search for a shortest line may spend (None: not asked)."""
    if not length_nodes:
        return None
    return Budget(nodes=length_nodes, seconds=length_seconds, memory_mib=min(memory, LENGTH_LIMITS.memory_mib))


def in_moves(count: int | None) -> str:
    """``count`` moves, as said."""
    return f"{count} move{'s' * (count != 1)}"


def value_words(value: MoveValue, counted: bool = True) -> str:
    """A move's value as a player says it (``counted``: a won line's length is worth saying)."""
    if value.value == OPTIMAL:
        return f"wins in {in_moves(value.length)}"
    if value.value == BOUNDED:
        return f"wins in {in_moves(value.length)} (no line wins in fewer than {value.lower_bound})"
    if value.value == LOST:
        return "loses the deal"
    if value.value == UNKNOWN:
        return f"not decided (stopped by {STOPPED.get(value.stopped_by or '', 'a limit')})"
    return f"wins (in {in_moves(value.length)}; fewer may do)" if counted else "wins"


@click.command(name="analyse")
@click.argument("deal", required=False)
@pysol_option
@game_options
@limit_options
@lengths_option
@click.option(
    "--lines",
    type=click.Choice([ALL_LINES, BEST_LINE]),
    default=ALL_LINES,
    show_default=True,
    help="Without lengths (--length-nodes 0): shorten every winning move's line, or the best one's alone "
    "(the others as the search found them; much quicker).",
)
@click.option("--unicode", is_flag=True, help="Draw cards with suit symbols.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
@line_format_option()
def analyse_command(
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
    length_nodes,
    length_seconds,
    lines,
    unicode,
    as_json,
    output_format,
):
    """Every legal move of DEAL (a position in any form) with its value: wins in N, loses, or not decided.

    Moves that lead to the same position are one. Each move's search may
    expand --max-nodes positions in a table of --memory; --timeout is the
    whole analysis's, shared among the moves; each winning move's search
    for its shortest line has --length-nodes and --length-seconds."""
    position, title = load_deal(deal, game, variant, cells, pysol_number)
    if output_format == "line":
        click.echo(position_line(position))
        return
    analysis = analyse(
        position,
        budget_of(max_nodes, timeout, memory),
        engine=engine,
        lengths=length_budget(length_nodes, length_seconds, memory),
        schedule=schedule,
        lines=lines,
        relaxation=relax or None,
    )
    if as_json:
        echo_json(analysis.to_json())
        return
    click.echo(f"{title}: {position.rules.describe()}")
    click.echo(draw(position, unicode))
    click.echo(f"Position: {position_line(position)}")
    click.echo()
    if position.is_won():
        click.echo("Every card is home: the deal is won.")
        return
    if not analysis.moves:
        click.echo("No move is left: the deal is lost.")
        return
    labels = [" = ".join(map(str, entry.moves)) for entry in analysis.moves]
    width = max(map(len, labels))
    for index, (label, entry) in enumerate(zip(labels, analysis.moves)):
        counted = analysis.lines == ALL_LINES or index == 0
        click.echo(f"  {label:<{width}}  {value_words(entry, counted)}")
    if analysis.line:
        click.echo(f"\nBest line ({in_moves(len(analysis.line))}): " + ", ".join(map(str, analysis.line)))
    click.echo(f"Searched {analysis.nodes:,} positions in {analysis.seconds:.2f} s.")


def read_game(
    deal_source: str | None, record_source: str, game, variant, cells, pysol_number
) -> tuple[PatienceRecord, int | None]:
    """The game of ``review [DEAL] RECORD`` played from its deal, every move
    checked, and the deal's number when one is given: the record may name
    its deal; a DEAL given beside it must be the same."""
    record = read_game_text(record_text(record_source))
    number = int(deal_source) if deal_source is not None and deal_source.isdigit() else None
    if record.tags.get("Deal", "").isdigit():
        number = int(record.tags["Deal"])
    if deal_source is None and pysol_number is None:
        if record.position is None:
            raise InputError("the record names no deal: give the DEAL before the RECORD")
        if game or variant or cells is not None:
            raise InputError("the record names its deal and rules: --game, --variant and --basement are for a DEAL")
        return started_at(record, None), number
    position, _ = load_deal(deal_source, game, variant, cells, pysol_number)
    if record.position is not None and record.position != position:
        raise InputError("the record is of another deal than DEAL")
    return started_at(record, position), number


@click.command(name="review")
@click.argument("deal_and_record", nargs=-1, metavar="[DEAL] RECORD")
@pysol_option
@game_options
@limit_options
@lengths_option
@click.option(
    "--par-seconds",
    type=Seconds(MAX_TIMEOUT),
    default=None,
    help="Seconds the searches for par and the moves over par may take together (a larger value places more; "
    f"default {REVIEW_LENGTH_SECONDS:g}, or {PAR_SHARE:.0%} of --timeout when given).",
)
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def review_command(
    deal_and_record,
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
    length_nodes,
    length_seconds,
    par_seconds,
    as_json,
):
    """Review a game as played: the move that lost a winnable deal, proved, and the moves a won game spent over par.

    RECORD is a game record (docs/formats.md, "Game records") or a move
    list; DEAL may be left out when the record names its deal. Every move
    is marked best (keeps the shortest win), winning (still wins; how many
    moves it added, when proved), losing (the move that lost the deal) or
    lost (after the loss). Each search for a win may expand --max-nodes
    positions in a table of --memory, and the whole review take --timeout
    seconds; each search for a shortest win has --length-nodes and
    --length-seconds, and all of them together --par-seconds. A published deal's proved par
    (butterfly/data/lengths_*.csv.gz) is not searched again."""
    if len(deal_and_record) not in (1, 2):
        raise click.UsageError(f"give a RECORD, or a DEAL and a RECORD, not {len(deal_and_record)} argument(s)")
    deal_source, record_source = deal_and_record if len(deal_and_record) == 2 else (None, *deal_and_record)
    record, number = read_game(deal_source, record_source, game, variant, cells, pysol_number)
    result = review(
        record,
        budget_of(max_nodes, timeout, memory),
        engine=engine,
        lengths=length_budget(length_nodes, length_seconds, memory),
        schedule=schedule,
        par_seconds=par_seconds,
        relaxation=relax or None,
        deal=number,
    )
    if as_json:
        echo_json(result.to_json())
        return
    _print_review(result)


def _print_review(result: GameReview) -> None:
    click.echo(f"Position: {position_line(result.position)}")
    played = in_moves(len(result.moves))
    if result.result == "won":
        par = f"par {result.par} (proved)" if result.par is not None else "par not proved within the limits"
        over = f": {in_moves(result.over_par)} over par" if result.over_par else ""
        click.echo(f"Won in {played}; {par}{over}.")
    elif result.result == "lost":
        losing = result.moves[result.losing_move - 1]  # type: ignore[operator]
        click.echo(
            f"Lost at move {losing.number}, {losing.move}: the deal still won before it, "
            "and no line wins after it (proved)."
        )
        if result.before_loss is not None:
            winners = [m for m in result.before_loss.moves if m.line is not None]
            click.echo("Moves that still won there: " + ", ".join(str(m.move) for m in winners))
        if result.winning_line:
            click.echo(
                f"A winning line from there ({in_moves(len(result.winning_line))}): "
                + ", ".join(map(str, result.winning_line))
            )
    elif result.result == "lost-from-start":
        click.echo("The deal was lost before the first move (proved): no move could have won it.")
    elif result.result == "unfinished":
        click.echo(f"The game stops after {played} with the deal still won: a line wins from there.")
    elif result.lost_between is not None:
        first, last = result.lost_between
        click.echo(
            f"Lost by move {last} (proved), at one of moves {first} to {last}: the limits did not decide which "
            "(a larger --max-nodes, or --relax, may)."
        )
    else:
        click.echo("Not decided: a search stopped at its limit before the review could tell whether the game was lost.")
    unplaced = (result.over_par or 0) - sum(m.over or 0 for m in result.moves)
    wasted = [m for m in result.moves if m.mark == WINNING and m.over]
    if wasted:
        click.echo("Moves over the shortest win: " + ", ".join(f"{m.number}. {m.move} (+{m.over})" for m in wasted))
    if unplaced > 0:
        click.echo(
            f"{unplaced} more moves over par lie where the shortest win was not proved within the limits "
            "(a larger --par-seconds may place them)."
        )
    click.echo()
    for move in result.moves:
        note = {BEST: "best", WINNING: "still winning", LOSING: "the losing move", LOST: "after the loss"}.get(
            move.mark, "not decided"
        )
        if move.mark == WINNING and move.over:
            note += f", {move.over} move{'s' * (move.over > 1)} longer"
        click.echo(f"{move.number:>4}. {str(move.move):<9} {note}")
    click.echo(f"\nSearched {result.nodes:,} positions in {result.seconds:.2f} s.")
