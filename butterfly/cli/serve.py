"""``butterfly serve``: the web API, and the tool pages or a built site (docs/serve.md)."""

from __future__ import annotations

import ipaddress
import socket

import click

from butterfly.cli.common import Seconds, WholeNumber
from butterfly.games.errors import InputError
from butterfly.solver.patience.result import MAX_NODES


class MoreThanZeroSeconds(Seconds):
    """A number of seconds above 0 (:class:`Seconds`)."""

    def convert(self, value, param, ctx):
        number = super().convert(value, param, ctx)
        if number == 0:
            self.fail("must be more than 0 (0 would stop every request at once)", param, ctx)
        return number


@click.command(name="serve")
@click.option(
    "--host", default="127.0.0.1", show_default=True, help="The address to listen on (loopback only unless told)."
)
@click.option("--port", type=WholeNumber(0, 65535), default=8000, show_default=True, help="0: any free port.")
@click.option(
    "--workers", type=WholeNumber(1, 256), default=None, help="Worker processes for the searches (default: one a core)."
)
@click.option(
    "--queue",
    type=WholeNumber(0, 100_000),
    default=None,
    help="Requests that may wait for a worker; more are refused at once with 429 (default: 4 a worker).",
)
@click.option(
    "--max-nodes",
    type=WholeNumber(1, MAX_NODES),
    default=2_000_000,
    show_default=True,
    help="The most positions a request's search may expand.",
)
@click.option(
    "--max-seconds",
    type=MoreThanZeroSeconds(3600),
    default=10.0,
    show_default=True,
    help="The most seconds a request may take.",
)
@click.option(
    "--cache",
    "cache",
    default=None,
    metavar="FILE",
    help="Keep the answers in this SQLite file across restarts (made if missing).",
)
@click.option(
    "--site",
    "site",
    default=None,
    type=click.Path(exists=True, file_okay=False),
    help="A site butterfly site build wrote, served at / (default: the tool pages alone).",
)
# (for the tests: a receipt deadline they need not wait 10 s for)
@click.option("--receive-seconds", type=MoreThanZeroSeconds(3600), default=None, hidden=True)
def serve(host, port, workers, queue, max_nodes, max_seconds, cache, site, receive_seconds) -> None:
    """Serve the engine as a web API (with its docs at /docs), with the tool pages or a built site."""
    import uvicorn

    from butterfly.puzzles.site.server import site_folder
    from butterfly.server.app import Settings, make_app
    from butterfly.server.cache import AnswerCache
    from butterfly.server.http import RECEIVE_SECONDS, connection_limits, guarded_protocol
    from butterfly.server.pages import ToolPages
    from butterfly.server.pool import default_workers

    folder = None if site is None else site_folder(site)
    listener = _listen(host, port)  # (first: a refused start makes no cache file)
    if cache is not None:
        try:
            AnswerCache(cache).close()  # refused here, before anything starts, if it is not the server's
        except InputError:
            listener.close()
            raise
    settings = Settings(workers or default_workers(), queue, max_nodes, max_seconds, cache, folder)
    address = listener.getsockname()
    shown = f"[{address[0]}]" if ":" in address[0] else address[0]
    url = f"http://{shown}:{address[1]}"
    click.echo(f"serving at {url}/ (API docs at /docs; Ctrl-C stops)")
    if not ipaddress.ip_address(address[0]).is_loopback:
        click.echo(f"warning: listening on {host}, not the loopback: anyone who can reach this machine can use it")
    app = make_app(settings)
    pages = None
    if folder is None:
        pages = ToolPages()  # (written while the server starts: a page asked for meanwhile waits for them)
        app.mount("/", pages, name="tools")
        click.echo(f"the analysis board at {url}/board.html, the position editor and the card-game board beside it")
        click.echo(
            "no --site: the tools alone (butterfly site build --out DIR, then --site DIR, serves the daily site)"
        )
    cap, backlog = connection_limits()
    config = uvicorn.Config(
        app,
        http=guarded_protocol(receive_seconds or RECEIVE_SECONDS, cap),
        backlog=backlog,
        log_level="warning",
        timeout_graceful_shutdown=5,
    )
    try:
        uvicorn.Server(config).run(sockets=[listener])
    finally:
        if pages is not None:
            pages.close()


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host`` and ``port`` (one line naming the problem when it cannot be)."""
    try:
        family = socket.AF_INET6 if ipaddress.ip_address(host).version == 6 else socket.AF_INET
    except ValueError:
        raise InputError(f"--host {host!r} is not an IP address (127.0.0.1, 0.0.0.0, ::1, ...)") from None
    listener = socket.socket(family, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((host, port))
    except OSError as error:
        listener.close()
        raise InputError(f"cannot listen on {host} port {port}: {error.strerror or error}") from None
    listener.listen(128)
    return listener
