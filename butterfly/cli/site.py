"""``butterfly site``: the daily puzzle as a static web site (butterfly.puzzles.site.build)."""

from __future__ import annotations

import click

from butterfly.cli.common import WholeNumber
from butterfly.cli.progress import progress, quiet_option


@click.group(name="site")
def site() -> None:
    """The daily puzzle as a static web site: build it, serve it locally."""


@site.command(name="build")
@click.option("--out", "out", required=True, type=click.Path(file_okay=False), help="The directory to write.")
@click.option("--from", "start", default=None, help="The first date (YYYY-MM-DD; default: puzzle number 1).")
@click.option(
    "--days",
    type=WholeNumber(1, 400),
    default=None,  # 400: butterfly.puzzles.site.build.MAX_DAYS
    help="How many days (1-400; default: to the calendar's end).",
)
@click.option(
    "--url", default=None, help="The address the site is served at (https://...): share texts then link to their day."
)
@quiet_option()
def build(out: str, start: str | None, days: int | None, url: str | None, quiet: bool) -> None:
    """Write the site: index.html (today's puzzle, by the reader's local
    date), archive.html, and a playable page a day. A previous build in
    OUT is replaced; any other non-empty OUT is refused."""
    from butterfly.cli.survey import stopped_by_signals
    from butterfly.puzzles.daily import LAUNCH, in_range, parse_date
    from butterfly.puzzles.site.build import build_site, site_url

    first = in_range(parse_date(start)) if start is not None else LAUNCH
    with stopped_by_signals(None, "site build"), progress(None, "site pages", quiet, "pages") as bar:
        written = build_site(out, first, days, url and site_url(url), bar.at)
    click.echo(f"{len(written)} files written in {out}: open {out}/index.html")


@site.command(name="serve")
@click.option(
    "--dir",
    "directory",
    required=True,
    type=click.Path(exists=True, file_okay=False),
    help="A site butterfly site build wrote (any other directory is refused).",
)
@click.option("--port", type=WholeNumber(0, 65535), default=8000, show_default=True, help="0: any free port.")
def serve(directory: str, port: int) -> None:
    """Serve a built site on 127.0.0.1 only (the standard library's http.server):
    the files inside it alone, never one a link leads out of it to."""
    from butterfly.puzzles.site.server import site_server

    server = site_server(directory, port)
    click.echo(f"serving {directory} at http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)")
    with server:
        server.serve_forever()
