"""The tool pages alone, for ``butterfly serve`` without ``--site``
(docs/serve.md, "The pages"): the analysis board, the position editor and
the card-game board with their scripts, and a front page linking them, so
that a newcomer who opens the server's address finds the tools rather than
a 404. The daily puzzles are not among them: they are a site ``butterfly
site build`` writes, served with ``--site``.
"""

from __future__ import annotations

import html
import shutil
from pathlib import Path

from butterfly.puzzles.daily import load_calendar
from butterfly.puzzles.site.build import COPIED, SERVICE_WORKER, TOOL_COPIED, TOOL_PAGES, service_worker
from butterfly.puzzles.site.frame import HERE, TOOL_NAMES, page, span_of

#: What each tool does, in the front page's words.
TOOL_WORDS = {
    "board.html": "opens any deal of Butterfly or its siblings by its number or a position by its line, "
    "plays it with undo and redo, and asks the engine what each move is worth",
    "editor.html": "sets up a Butterfly position card by card",
    "cards.html": "sets up Papillon, La Mouche and Le Pamphile, values each card, plays a hand through "
    "and reviews a game",
}


def tools_front_page(span) -> str:
    """The front page of the tools alone: each tool, linked, in a sentence, and where the daily puzzles are."""
    items = "".join(
        f'<li><a href="{name}">{html.escape(words[0].upper() + words[1:])}</a> {html.escape(TOOL_WORDS[name])}.</li>\n'
        for name, words in TOOL_NAMES.items()
    )
    body = (
        "<h1>Butterfly: the tools</h1>\n"
        f"<ul>\n{items}</ul>\n"
        "<p>The daily puzzles are not served here: <code>butterfly site build --out DIR</code> writes "
        "their site, and <code>butterfly serve --site DIR</code> serves it beside these tools.</p>"
    )
    return page("Butterfly: the tools", "", body, {"page": "tools"}, span)


def write_tool_pages(out: Path) -> None:
    """Write the tool pages, their scripts and style, their front page (as ``index.html`` and as
    ``archive.html``, where every page's header links) and the service worker the pages start (keeping
    these files) into the folder ``out``, which exists."""
    calendar = load_calendar()
    span = span_of(calendar)  # (the pages carry the calendar's dates, as in a site of every day)
    front = tools_front_page(span)
    pages = {
        "index.html": front,
        "archive.html": front,
        **{name: write(calendar) for name, write in TOOL_PAGES.items()},
    }
    for name, text in pages.items():
        (out / name).write_text(text, encoding="utf-8")
    assets = (*COPIED, *TOOL_COPIED)
    for asset in assets:
        (out / asset).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(HERE / asset, out / asset)
    (out / SERVICE_WORKER).write_text(service_worker((*pages, *assets)), encoding="utf-8")
