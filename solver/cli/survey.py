"""``butterfly survey``: solve a range of deals, on local processes or a Dask
cluster, optionally recording each deal in a database as it finishes."""

from __future__ import annotations

import json
import os
import sys

import click

from games.patience.rules import make_rules
from solver.cli.patience import game_options, limit_options, limits_of
from solver.survey.run import parse_range, result_rows, run_survey, summarise


@click.command()
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
    limits = limits_of(max_nodes, timeout, memory, relax)
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
